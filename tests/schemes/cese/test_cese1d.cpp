// CE/SE 1D (scheme cese1d) against exact solutions and fine-grid references.
#include <gtest/gtest.h>

#include "portaflow/schemes/cese/cese_solver.hpp"
#include "schemes/scheme_test_support.hpp"

namespace portaflow {
namespace {

using test::deck_config;
using test::run_to;

std::string cells(int n) { return "mesh.cells=" + std::to_string(n); }

// Reference: the exact Riemann solution (Toro ch. 4). For discontinuous solutions the L1 error of
// a second-order scheme falls like N^-1 at shocks and N^-(2/3) at contacts (LeVeque, Finite
// Volume Methods for Hyperbolic Problems, 2002, sec. 8.7 and 9.11), so the observed order over
// N = 200 .. 1600 must be at least 0.6, and each doubling must reduce the error.
void expect_converges_to_exact(const std::string& deck, double min_order) {
  std::vector<double> errors;
  const std::vector<int> sizes{200, 400, 800, 1600};
  for (int n : sizes) {
    const RunConfig c = deck_config(deck, {cells(n)});
    cese::Cese1DSolver solver(c);
    run_to(solver, c.time.t_end);
    const SolutionSnapshot s = solver.snapshot();
    errors.push_back(test::l1_difference(test::field(s, "rho"), test::exact_riemann_density(c, s)));
  }
  for (std::size_t k = 1; k < errors.size(); ++k)
    EXPECT_LT(errors[k], errors[k - 1]) << deck << " N = " << sizes[k];
  const double order =
      test::observed_order(errors.front(), errors.back(), sizes.front(), sizes.back());
  EXPECT_GE(order, min_order) << deck << ": L1 errors " << errors.front() << " .. "
                              << errors.back();
  std::printf("[ cese1d ] %s: L1(rho) N=200 %.3e, N=1600 %.3e, observed order %.2f\n", deck.c_str(),
              errors.front(), errors.back(), order);
}

TEST(Cese1D, SodConvergesToExactSolution) { expect_converges_to_exact("cese/sod.yaml", 0.6); }
TEST(Cese1D, Toro1ConvergesToExactSolution) { expect_converges_to_exact("cese/toro1.yaml", 0.6); }
TEST(Cese1D, Toro3ConvergesToExactSolution) { expect_converges_to_exact("cese/toro3.yaml", 0.6); }
TEST(Cese1D, Toro4ConvergesToExactSolution) { expect_converges_to_exact("cese/toro4.yaml", 0.6); }
TEST(Cese1D, Toro5ConvergesToExactSolution) { expect_converges_to_exact("cese/toro5.yaml", 0.6); }
// Test 2's near-vacuum star region: smooth rarefactions, first-order-like at the vacuum point.
TEST(Cese1D, Toro2ConvergesToExactSolution) { expect_converges_to_exact("cese/toro2.yaml", 0.5); }

// The CE/SE GPU thesis (2016, sec. 5.1.1) runs the strong rarefaction at CFL 0.5 because density
// and pressure must stay positive; they must, at every step, at its resolution (N = 4000).
TEST(Cese1D, StrongRarefactionStaysPositiveAtCfl05) {
  const RunConfig c = deck_config("cese/strong_rarefaction_thesis.yaml");
  ASSERT_DOUBLE_EQ(c.time.cfl, 0.5);
  cese::Cese1DSolver solver(c);
  while (solver.time() < c.time.t_end * (1 - 1e-12)) {
    const double dt = std::min(solver.stable_time_step(), c.time.t_end - solver.time());
    ASSERT_GT(dt, 0) << "non-physical at t = " << solver.time();
    solver.advance(dt);
    ASSERT_FALSE(solver.find_nonphysical().has_value()) << "t = " << solver.time();
  }
  const auto s = solver.snapshot();
  EXPECT_GT(*std::min_element(test::field(s, "rho").begin(), test::field(s, "rho").end()), 0);
  EXPECT_GT(*std::min_element(test::field(s, "p").begin(), test::field(s, "p").end()), 0);
}

// With reflective walls at both ends nothing crosses the boundary: total mass and energy keep
// their initial values to round-off (each step adds and removes the same face fluxes).
// Round-off bound: ~1e-15 per step accumulated over ~10^3..10^4 steps -> 1e-12 relative.
TEST(Cese1D, BlastWaveConservesMassAndEnergyWithReflectiveWalls) {
  const RunConfig c = deck_config("cese/blast_wave.yaml", {cells(800)});
  cese::Cese1DSolver solver(c);
  const auto before = solver.monitors();
  const long long steps = run_to(solver, c.time.t_end);
  const auto after = solver.monitors();
  EXPECT_GT(steps, 100);
  EXPECT_NEAR(after.values[0], before.values[0], 1e-12 * before.values[0]);  // mass
  EXPECT_NEAR(after.values[2], before.values[2], 1e-12 * before.values[2]);  // energy
}

// Team (tile + halo in scratch) and flat kernels compute the same arithmetic per point; the
// compiler may contract a*b + c into FMAs differently in the two code paths, so they agree to
// round-off relative to each field's scale (1e-13: ~10^3 steps of 1e-16 errors).
TEST(Cese1D, TeamAndFlatKernelsAgree) {
  RunConfig team = deck_config("cese/blast_wave.yaml",
                               {cells(1000), "execution.kernel=team", "execution.tile=64"});
  RunConfig flat = deck_config("cese/blast_wave.yaml", {cells(1000), "execution.kernel=flat"});
  cese::Cese1DSolver a(team), b(flat);
  run_to(a, 0.01);
  run_to(b, 0.01);
  const auto sa = a.snapshot(), sb = b.snapshot();
  for (const char* f : {"rho", "u", "p"})
    EXPECT_LE(test::max_difference(test::field(sa, f), test::field(sb, f)),
              1e-13 * test::max_abs(test::field(sa, f)))
        << f;
}

// Position (midpoint of the two cells) of the largest density jump with both cells in [a, b].
double steepest_jump(const SolutionSnapshot& s, double a, double b) {
  const auto& rho = test::field(s, "rho");
  const auto& e = s.edges[0];
  double best = -1, where = 0;
  for (std::size_t k = 0; k + 1 < rho.size(); ++k) {
    const double x = e[k + 1];  // the edge between cells k and k + 1
    if (x < a || x > b) continue;
    const double jump = std::fabs(rho[k + 1] - rho[k]);
    if (jump > best) best = jump, where = x;
  }
  return where;
}

// The blast-wave interaction and the Shu-Osher problem have no exact solution: the reference is
// CE/SE itself on N = 16000. Compared: the positions of the discontinuities (steepest density
// jump within a window around each; windows from the reference solution's structure, e.g.
// Woodward & Colella 1984 Fig. 2c for the blast waves), which must lie within two cells of the
// coarse mesh, and the L1 difference of density, which must fall as the coarse mesh is refined.
struct Feature {
  const char* name;
  double a, b;
};

void expect_converges_to_fine_reference(const std::string& deck, int reference_cells,
                                        const std::vector<Feature>& features) {
  const RunConfig fine_config = deck_config(deck, {cells(reference_cells)});
  cese::Cese1DSolver fine(fine_config);
  run_to(fine, fine_config.time.t_end);
  const auto fine_s = fine.snapshot();
  const auto& fine_rho = test::field(fine_s, "rho");
  std::vector<double> errors;
  for (int n : {1000, 2000, 4000}) {
    const RunConfig c = deck_config(deck, {cells(n)});
    cese::Cese1DSolver coarse(c);
    run_to(coarse, c.time.t_end);
    const auto s = coarse.snapshot();
    const auto& rho = test::field(s, "rho");
    // Fine reference averaged onto the coarse cells (each coarse cell holds `ratio` fine points).
    const int ratio = reference_cells / n;
    std::vector<double> restricted(n, 0.0);
    for (int k = 0; k < n; ++k) {
      for (int m = 0; m < ratio; ++m) restricted[k] += fine_rho[k * ratio + m];
      restricted[k] /= ratio;
    }
    errors.push_back(test::l1_difference(rho, restricted));
    const double dx = s.edges[0][1] - s.edges[0][0];
    std::printf("[ cese1d ] %s N=%d: L1(rho - ref) %.3e;", deck.c_str(), n, errors.back());
    for (const auto& f : features) {
      const double x = steepest_jump(s, f.a, f.b), x_ref = steepest_jump(fine_s, f.a, f.b);
      EXPECT_LE(std::fabs(x - x_ref), 2 * dx) << deck << " N = " << n << ": " << f.name;
      std::printf(" %s at %.5f (ref %.5f, %.1f cells)", f.name, x, x_ref,
                  std::fabs(x - x_ref) / dx);
    }
    std::printf("\n");
  }
  for (std::size_t k = 1; k < errors.size(); ++k) EXPECT_LT(errors[k], errors[k - 1]) << deck;
}

TEST(Cese1D, BlastWaveConvergesToFineReference) {
  expect_converges_to_fine_reference(
      "cese/blast_wave.yaml", 16000,
      {{"left shock", 0.62, 0.70}, {"contact", 0.785, 0.82}, {"right shock", 0.84, 0.90}});
}

TEST(Cese1D, ShuOsherConvergesToFineReference) {
  expect_converges_to_fine_reference("cese/shu_osher.yaml", 16000, {{"shock", 2.0, 2.8}});
}

}  // namespace
}  // namespace portaflow
