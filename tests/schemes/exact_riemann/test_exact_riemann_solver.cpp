// scheme exact_riemann: the sampled exact solution on a mesh. References: Toro's Table 4.2 star
// states (checked pointwise in tests/physics) and the exact conservation of mass, momentum and
// energy while no wave has reached the domain ends.
#include <gtest/gtest.h>

#include <cmath>

#include "portaflow/schemes/exact_riemann/exact_riemann_solver.hpp"

namespace portaflow {
namespace {

RunConfig sod_config(int cells) {
  RunConfig c;
  c.scheme_name = "exact_riemann";
  c.mesh.cells[0] = cells;
  c.mesh.domain_min[0] = 0;
  c.mesh.domain_max[0] = 1;
  c.problem.riemann = {{1.0, 0.0, 1.0}, {0.125, 0.0, 0.1}, 0.5};
  c.time.t_end = 0.2;
  return c;
}

TEST(ExactRiemannSolver, InitialStateIsTheTwoStates) {
  ExactRiemannSolver solver(sod_config(10));
  const SolutionSnapshot s = solver.snapshot();
  ASSERT_EQ(s.fields.size(), 3u);
  EXPECT_EQ(s.fields[0].name, "rho");
  EXPECT_DOUBLE_EQ(s.fields[0].values[4], 1.0);
  EXPECT_DOUBLE_EQ(s.fields[0].values[5], 0.125);
  EXPECT_DOUBLE_EQ(s.fields[2].values[9], 0.1);
  EXPECT_EQ(s.edges[0].size(), 11u);
}

// At t = 0.2 Sod's waves span [0.263, 0.850], inside [0, 1]: the exact integrals keep their
// initial values (mass 0.5625, energy 1.375) and gain momentum p_L - p_R = 0.9 per unit time.
// Midpoint sampling integrates a jump of size J with an error of at most J dx / 2, depending on
// where the jump falls in its cell (so the error is bounded by O(dx) but does not fall
// monotonically); the smooth fan adds O(dx^2). The jumps summed over the three totals are below
// 2.5 (contact and shock in rho, rho u, E), hence the bound 1.25 dx + a small O(dx^2) margin.
TEST(ExactRiemannSolver, SampledIntegralsWithinMidpointBoundOfExactTotals) {
  for (int cells : {100, 400, 1600, 6400}) {
    ExactRiemannSolver solver(sod_config(cells));
    solver.advance(0.2);
    const Monitors totals = solver.monitors();
    const double error = std::fabs(totals.values[0] - 0.5625) +
                         std::fabs(totals.values[1] - 0.9 * 0.2) +
                         std::fabs(totals.values[2] - 1.375);
    const double dx = 1.0 / cells;
    EXPECT_LT(error, 1.25 * dx + 10 * dx * dx) << "N = " << cells;
  }
}

TEST(ExactRiemannSolver, VacuumGenerationIsAllowedAndWrittenAsZeroDensity) {
  RunConfig c = sod_config(100);
  c.problem.riemann = {{1.0, -20.0, 0.4}, {1.0, 20.0, 0.4}, 0.5};  // Toro sec. 4.6: vacuum forms
  ExactRiemannSolver solver(c);
  solver.advance(0.01);
  EXPECT_FALSE(solver.find_nonphysical().has_value());
  const SolutionSnapshot s = solver.snapshot();
  EXPECT_EQ(s.fields[0].values[49], 0.0);  // the cell next to x = 0.5 is in the vacuum
  EXPECT_EQ(s.fields[1].values[49], 0.0);  // no velocity is written for it
}

TEST(ExactRiemannSolver, StableStepIsUnlimited) {
  ExactRiemannSolver solver(sod_config(10));
  EXPECT_TRUE(std::isinf(solver.stable_time_step()));
}

}  // namespace
}  // namespace portaflow
