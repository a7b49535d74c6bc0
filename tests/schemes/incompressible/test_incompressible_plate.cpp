// The flat plate against Blasius (Gohari et al. 2012, Fig. 10), on a coarse grid at Re 1e4 so it
// runs in seconds (the shipped Re 1e5 decks and their figures: perf/results/SUMMARY.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "portaflow/schemes/solver.hpp"
#include "schemes/scheme_test_support.hpp"

namespace portaflow::incompressible {
namespace {

// Cf at the first node off the wall from the written velocity, 2 nu u / (U^2 d) at the wall
// distance d, against Cf from psi there, 2 nu (2 psi / d^2) (next to a wall without pressure
// gradient psi = tau y^2 / (2 mu) and u = tau y / mu, the next terms O(y^4)), and against Cf from
// the wall vorticity, 2 nu |omega_wall| / U^2: the largest relative differences over 0.1 <= x <=
// 0.9. Before the first node's velocity was taken by arc length (boundary_layout.hpp) u read 4-7 %
// high on the stretched wall cells.
struct NearWallCf {
  double from_psi = 0, from_vorticity = 0;
};
NearWallCf near_wall_cf_differences(const Solver& solver, double reynolds) {
  const SolutionSnapshot snapshot = solver.snapshot();
  const BlockSnapshot& nodes = snapshot.blocks.at(0);
  const int ni = nodes.nodes[0];
  const auto field = [&](const std::string& name) -> const std::vector<double>& {
    for (const auto& f : nodes.fields)
      if (f.name == name) return f.values;
    ADD_FAILURE() << "no field " << name;
    static const std::vector<double> none(ni * 2, 0.0);
    return none;
  };
  const std::vector<double>&u = field("u"), &omega = field("omega"), &psi = field("psi");
  const auto& xyz = nodes.coordinates;
  const double nu = 1 / reynolds;  // U = 1, plate length 1
  NearWallCf worst;
  int compared = 0;
  for (int i = 0; i < ni; ++i) {
    const double x = xyz[3 * i], d = xyz[3 * (ni + i) + 1] - xyz[3 * i + 1];
    if (x < 0.1 || x > 0.9) continue;
    const double from_u = 2 * nu * u[ni + i] / d;
    const double from_psi = 2 * nu * 2 * (psi[ni + i] - psi[i]) / (d * d);
    const double from_omega = 2 * nu * std::fabs(omega[i]);
    worst.from_psi = std::fmax(worst.from_psi, std::fabs(from_u / from_psi - 1));
    worst.from_vorticity = std::fmax(worst.from_vorticity, std::fabs(from_u / from_omega - 1));
    ++compared;
  }
  EXPECT_GT(compared, 10);
  return worst;
}

// max |Cf sqrt(Re_x) / 0.664 - 1| over 0.1 <= x <= 0.9 at t = 3, with or without the edge.
double blasius_deviation(bool trailing_edge) {
  const std::vector<std::string> coarse = {
      "problem.reynolds=1e4", "mesh.cells=[64,32]", "mesh.wall_spacing=1e-3",
      std::string("mesh.trailing_edge=") + (trailing_edge ? "true" : "false")};
  auto solver = make_solver(test::deck_config("incompressible/flat_plate_re1e5.yaml", coarse));
  test::run_to(*solver, 3.0);
  const auto errors = solver->exact_errors();
  EXPECT_EQ(errors.at(0).first.rfind("max |Cf sqrt(Re_x) / 0.664 - 1|", 0), 0u);
  std::printf("[ plate ] Re 1e4, 65 x 33 nodes, %s: max |Cf sqrt(Re_x) / 0.664 - 1| = %.4f\n",
              trailing_edge ? "trailing edge at x = 1" : "no trailing edge", errors.at(0).second);
  const NearWallCf cf = near_wall_cf_differences(*solver, 1e4);
  std::printf(
      "[ plate ] Cf from the first node's u against Cf from psi there: %.4f, from the "
      "wall vorticity: %.4f\n",
      cf.from_psi, cf.from_vorticity);
  // 0.25 % without the edge, 0.52 % with it (psi's cubic term, the pressure gradient before the
  // edge, enters 2 psi / d^2 at O(d)); the index-space difference was 4-7 % off.
  EXPECT_LT(cf.from_psi, 0.01);
  // The wall vorticity has its own error on these stretched wall cells (Jensen's formula in index
  // space): 1.1-1.2 % below the other two on this grid, 0.1 % apart themselves.
  EXPECT_LT(cf.from_vorticity, 0.02);
  return errors.at(0).second;
}

// Blasius' semi-infinite plate (the wall runs on to the outflow) follows 0.664 to within the
// domain's outflow pull and the coarse grid's error; a plate that ends at x = 1 does not: the
// outer flow accelerates where the displacement thickness falls behind the edge, and Cf rises
// over the plate's last part (the rise Gohari et al. credit to triple-deck theory). The shipped
// decks at Re 1e5: 1.7 % and 7.7 %.
TEST(IncompressiblePlate, BlasiusWithoutATrailingEdgeAndTheRiseBeforeOne) {
  const double semi_infinite = blasius_deviation(false);
  const double finite = blasius_deviation(true);
  // The bounds: on this grid both largest deviations are at x = 0.9, 5.3 % without the edge and
  // 15.4 % with it. Without the edge that is mostly the outflow's pull at 0.35 beyond it, felt
  // more at Re 1e4's thicker layer: on a grid twice as fine it is still 4.5 % (4.3 % with the
  // advective convection, whose 4.1 % here came from a -2 % error of its own at mid-plate). 6 %
  // and 10 % lie between, so a wall that stops at x = 1 regardless of the key, or a Cf that
  // loses the edge's rise, fails one of them.
  EXPECT_LT(semi_infinite, 0.06);
  EXPECT_GT(finite, 0.10);
}

}  // namespace
}  // namespace portaflow::incompressible
