// The one run loop: marches any solver, time-accurate to time.t_end or steady until every
// residual has fallen by time.residual_drop (schemes/solver.hpp says which), with
//   - history.csv rows (the march's columns, then the solver's monitors) every
//     output.history_every steps,
//   - VTK frames on the march's cadence (output.every in simulated time, or output.every_cycles),
//     the final state and the solver's result tables at the end (io/solution_output.hpp),
//   - checkpoints every output.checkpoint_every steps and on SIGINT/SIGTERM (driver/interrupt.hpp),
//     and restart from one, continuing exactly as the uninterrupted run would have,
//   - a progress line every output.progress_seconds with the throughput and an ETA,
//   - a stop on a non-physical state that names the step, the cell and the last good output,
//   - an end summary: the change of the conserved totals over the run, the range of density and
//     pressure (or of the solver's fields), where the outputs are.
#pragma once

#include <iosfwd>
#include <optional>

#include "portaflow/config/run_config.hpp"
#include "portaflow/driver/time_split.hpp"
#include "portaflow/io/checkpoint.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct RunOutcome {
  long long steps = 0;  // steps (cycles) at the end
  double time = 0;      // simulated time at the end (0 for a steady march)
  bool converged = false;
  double residual_drop = 0;
  double loop_seconds = 0;        // the step loop's wall time, outputs in it included
  double updates_per_second = 0;  // solver.update_name() per second over the loop
};

// Marches `solver` as config says, writing into config.output.dir (which must be prepared:
// io/output_folder.hpp). With `restart`, continues from that checkpoint. Adds the loop's and
// the outputs' times to `split`. Throws Error (ExitCode::kNonPhysical) when the solution goes
// non-physical, Interrupted after a signal, Error when an output cannot be written.
// `resolved_deck` (DeckReader::resolved_text) goes into the checkpoints.
RunOutcome run_solver(const RunConfig& config, Solver& solver, std::ostream& log,
                      const std::optional<io::Checkpoint>& restart, TimeSplit& split,
                      const std::string& resolved_deck = {});

}  // namespace portaflow
