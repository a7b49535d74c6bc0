// The flat plate against Blasius (Gohari et al. 2012, Fig. 10), on a coarse grid at Re 1e4 so it
// runs in seconds (the shipped Re 1e5 decks and their figures: perf/results/SUMMARY.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "portaflow/schemes/solver.hpp"
#include "schemes/scheme_test_support.hpp"

namespace portaflow::incompressible {
namespace {

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
  return errors.at(0).second;
}

// Blasius' semi-infinite plate (the wall runs on to the outflow) follows 0.664 to within the
// coarse grid's error; a plate that ends at x = 1 does not: the outer flow accelerates where the
// displacement thickness falls behind the edge, and Cf rises over the plate's last part (the
// rise Gohari et al. credit to triple-deck theory). The shipped decks at Re 1e5: 1.3 % and 7.7 %.
TEST(IncompressiblePlate, BlasiusWithoutATrailingEdgeAndTheRiseBeforeOne) {
  const double semi_infinite = blasius_deviation(false);
  const double finite = blasius_deviation(true);
  // The bounds: on this grid both largest deviations are at x = 0.9, 4.1 % without the edge
  // (the outflow's pull at 0.35 beyond it, felt more at Re 1e4's thicker layer) and 14.5 % with
  // it; 5 % and 10 % lie between, so a wall that stops at x = 1 regardless of the key, or a Cf
  // that loses the edge's rise, fails one of them.
  EXPECT_LT(semi_infinite, 0.05);
  EXPECT_GT(finite, 0.10);
}

}  // namespace
}  // namespace portaflow::incompressible
