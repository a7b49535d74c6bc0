// Marches a solver to the deck's end time: time steps from the solver's CFL limit, clipped to
// output times; VTK frames, history rows and progress lines on their cadence; a check for
// non-physical states every step (from the time-step reduction) that stops the run with the
// step, time and cell, keeping the last good output.
#pragma once

#include <iosfwd>
#include <optional>

#include "portaflow/io/checkpoint.hpp"
#include "portaflow/schemes/run_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct RunSummary {
  long long steps = 0;
  double time = 0;
  double wall_seconds = 0;
  double cell_updates_per_second = 0;
};

// Runs to config.time.t_end. With `restart`, continues from that checkpoint: the solver state,
// the VTK series and the history rows up to its step; output times stay k * output.every, so the
// continued run takes exactly the steps the uninterrupted one would have.
RunSummary run_to_end(const RunConfig& config, Solver& solver, std::ostream& log,
                      const std::optional<io::Checkpoint>& restart = std::nullopt);

}  // namespace portaflow
