// CE/SE kernels for portaflow-bench: one full time step (ghost fill + two half steps) of cese1d
// and cese2d, team and flat variants, at a fixed dt (the CFL step of the initial state at
// CFL 0.4), so no host read-back per step. `cells` is N in 1D and n x n in 2D.
//
// Compulsory bytes per cell update (one full step = two half steps): each half step reads u and
// its gradient(s) at every point of one level and writes them at every point of the other:
//   1D: 2 x (6 + 6) Reals = 24 x sizeof(Real)   (u: 3 variables, u_x: 3)
//   2D: 2 x (12 + 12) Reals = 48 x sizeof(Real) (u: 4, u_x: 4, u_y: 4)
// Flops per cell update, counted from cese_point.hpp and euler.hpp (add/sub/mul/div = 1, FMA
// written as a*b + c = 2; fabs and comparisons not counted):
//   linearize: 8 + 3 Dim; jacobian_times(linearization): 13 + 5 Dim; flux(linearization): 3 + Dim;
//   point_terms: 1D 80, 2D 248; combine: 1D 46, 2D 154 (W0 = 7 each);
//   team (terms once per point): 1D 2 x (80 + 46) = 252;  2D 2 x (248 + 154) = 804;
//   flat (terms per neighbour):  1D 2 x (2 x 80 + 46) = 412; 2D 2 x (4 x 248 + 154) = 2292.
// Both variants declare the team count: the roofline bound is set by the flops the step MUST do,
// so the flat variant's recomputation counts against it instead of inflating its fraction.
#include <cmath>

#include "perf/bench_registry.hpp"
#include "perf/kernels/bench_problems.hpp"
#include "portaflow/schemes/cese/cese_solver.hpp"

namespace portaflow::bench {

namespace {

RunConfig cese_config(int dimension, long long cells, KernelChoice kernel) {
  RunConfig c;
  c.physics.gamma = 1.4;
  c.time.cfl = 0.4;
  c.execution.kernel = kernel;
  c.mesh.dimension = dimension;
  if (dimension == 1) {
    c.mesh.cells = {static_cast<int>(cells), 1, 1};
    c.mesh.domain_min = {0, 0, 0};
    c.mesh.domain_max = {1, 1, 1};
    c.problem.kind = ProblemKind::kRiemann;  // Sod
    c.problem.riemann = {{1.0, 0.0, 1.0}, {0.125, 0.0, 0.1}, 0.5};
  } else {
    c = riemann_2d_config(cells);
    c.time.cfl = 0.4;
    c.execution.kernel = kernel;
  }
  return c;
}

template <class SolverType>
BenchKernel cese_kernel(int dimension, KernelChoice kernel, double bytes, double flops) {
  const std::string scheme = dimension == 1 ? "cese1d" : "cese2d";
  const std::string variant = kernel == KernelChoice::kTeam ? "team" : "flat";
  const std::string how = kernel == KernelChoice::kTeam
                              ? "tiles with point terms in team scratch"
                              : "one work item per point, neighbour terms recomputed";
  const std::string grid = dimension == 1 ? "N = cells (Sod)" : "n x n = cells (eq. 5.1 data)";
  return {
      scheme + "." + variant,
      scheme,
      variant,
      "one CE/SE " + std::to_string(dimension) + "D step (ghosts + two half steps), " + how + "; " +
          grid,
      bytes,
      flops,
      [dimension, kernel](long long cells) {
        return std::make_unique<SolverStepCase<SolverType>>(cese_config(dimension, cells, kernel));
      }};
}

constexpr double kReal = sizeof(Real);
[[maybe_unused]] const KernelRegistration kCese1DTeam{
    cese_kernel<cese::Cese1DSolver>(1, KernelChoice::kTeam, 24 * kReal, 252)};
[[maybe_unused]] const KernelRegistration kCese1DFlat{
    cese_kernel<cese::Cese1DSolver>(1, KernelChoice::kFlat, 24 * kReal, 252)};
[[maybe_unused]] const KernelRegistration kCese2DTeam{
    cese_kernel<cese::Cese2DSolver>(2, KernelChoice::kTeam, 48 * kReal, 804)};
[[maybe_unused]] const KernelRegistration kCese2DFlat{
    cese_kernel<cese::Cese2DSolver>(2, KernelChoice::kFlat, 48 * kReal, 804)};

}  // namespace

}  // namespace portaflow::bench
