// MUSCL-Hancock 2D kernels for portaflow-bench: one split step (x-y or y-x sweeps alternating),
// team (the fused one-kernel step with its wave-rate maximum) and flat (ghost fill, face-flux
// and update kernels per sweep), with the HLLC and the exact Riemann solver, van Leer limiter,
// on seed 003's benchmark data (eq. 5.1 four-quadrant problem, n x n = cells), at the fixed dt
// of CFL 0.5 from the initial state (CFL 0.95 there let the faster waves that develop exceed 1
// within a 1000^2 run's few hundred timed steps, measured on the H100).
//
// Compulsory bytes per cell update: the state read once and written once, 2 x 4 Reals (the fused
// step's halo re-reads and the flat variant's flux arrays and second pass are not compulsory).
// Flops per cell update, counted from muscl_hancock_point.hpp, slope_limiters.hpp, euler.hpp
// and riemann_hllc.hpp (add/sub/mul/div/sqrt = 1; fmin, fabs and comparisons not counted), per
// sweep: evolved boundary values 116 (van Leer slopes 4 x 14, two physical fluxes 2 x 14,
// half-step change 16, two physicality checks 16); HLLC face flux 112 (two primitive
// conversions 20, HLLC on its subsonic path 92); update 12: 240 per sweep, 480 per step, plus
// the wave-rate maximum 28: 508. The exact solver's cost depends on its Newton iterations: not
// counted (0), so its bound is the bandwidth one alone.
#include "perf/kernels/bench_problems.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"

namespace portaflow::bench {

namespace {

RunConfig muscl_hancock_config(long long cells, KernelChoice kernel, FluxKind flux) {
  RunConfig c = riemann_2d_config(cells);
  c.scheme = SchemeKind::kMusclHancock;
  c.time.cfl = 0.5;
  c.execution.kernel = kernel;
  c.fv.limiter = LimiterKind::kVanLeer;
  c.fv.flux = flux;
  return c;
}

BenchKernel muscl_hancock_kernel(KernelChoice kernel, FluxKind flux, double flops) {
  const std::string variant = std::string(kernel == KernelChoice::kTeam ? "team" : "flat") +
                              (flux == FluxKind::kHllc ? ".hllc" : ".exact");
  const std::string how = kernel == KernelChoice::kTeam
                              ? "fused x-y step per tile in team scratch, wave-rate max fused"
                              : "ghost fill, face-flux and update kernels per sweep";
  return {"muscl_hancock2d." + variant, "muscl_hancock2d", variant,
          "one split MUSCL-Hancock step (van Leer, " +
              std::string(flux == FluxKind::kHllc ? "HLLC" : "exact Riemann solver") + "), " +
              how + "; n x n = cells (eq. 5.1 data)",
          8.0 * sizeof(Real), flops, [kernel, flux](long long cells) {
            return std::make_unique<SolverStepCase<fv::MusclHancock2DSolver>>(
                muscl_hancock_config(cells, kernel, flux));
          }};
}

[[maybe_unused]] const KernelRegistration kTeamHllc{
    muscl_hancock_kernel(KernelChoice::kTeam, FluxKind::kHllc, 508)};
[[maybe_unused]] const KernelRegistration kFlatHllc{
    muscl_hancock_kernel(KernelChoice::kFlat, FluxKind::kHllc, 508)};
[[maybe_unused]] const KernelRegistration kTeamExact{
    muscl_hancock_kernel(KernelChoice::kTeam, FluxKind::kExact, 0)};
[[maybe_unused]] const KernelRegistration kFlatExact{
    muscl_hancock_kernel(KernelChoice::kFlat, FluxKind::kExact, 0)};

}  // namespace

}  // namespace portaflow::bench
