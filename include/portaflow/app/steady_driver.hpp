// Marches a steady-state solver (the multi-block scheme) until every equation's L2 residual has
// fallen by time.residual_drop from its value before the first cycle, or until time.max_cycles:
// history rows (residuals, lift, drag), VTK frames and progress lines on their cadence, a check
// for NaN residuals every cycle and for non-physical states at every history row and at the end.
// A non-physical solution stops the run with the cycle, block, node and values, keeping the last
// good output. Not converging is not an error: the summary says so and the run still succeeds.
#pragma once

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/schemes/multiblock/steady_solver.hpp"
#include "portaflow/schemes/run_config.hpp"

namespace portaflow {

struct SteadySummary {
  long long cycles = 0;
  bool converged = false;  // every equation's residual fell by time.residual_drop
  // Max over equations of the final residual over the reference (the residual before cycle 1).
  double residual_drop = 0;
  ForceCoefficients forces;
  double wall_seconds = 0;
  double node_stage_updates_per_second = 0;  // nodes * Runge-Kutta stages * cycles / second
};

// Writes to config.output.dir: history.csv (cycle, wall_seconds, res_<equation> for each
// equation, drop, lift, drag), the .pvd series of .vtm frames (output.every_cycles; .pvd "time" =
// cycle), final.vtm, surface_cp.csv and forces.csv (cycles, converged, residual_drop, lift,
// drag). Logs progress lines and a summary block. Throws Error (ExitCode::kNonPhysical) when the
// solution goes non-physical.
SteadySummary run_to_steady(const RunConfig& config, SteadySolver& solver, std::ostream& log);

// Cycles still to run, for the progress line's ETA: where the least-squares line through the
// recent (cycle, log10 residual drop) samples, those of the latter half of the run so far (at
// least the last two), reaches log10(target_drop); or up to max_cycles, whichever comes first.
// `samples` are in cycle order, the last one being now.
struct CyclesToGo {
  long long cycles = 0;
  bool from_residual_trend = false;  // false: limited by max_cycles
};
CyclesToGo estimate_cycles_to_go(const std::vector<std::pair<long long, double>>& samples,
                                 double target_drop, long long max_cycles);

}  // namespace portaflow
