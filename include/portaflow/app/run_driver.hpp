// Marches a solver to the deck's end time: time steps from the solver's CFL limit, clipped to
// output times; VTK frames, history rows and progress lines on their cadence; a check for
// non-physical states every step (from the time-step reduction) that stops the run with the
// step, time and cell, keeping the last good output.
#pragma once

#include <iosfwd>

#include "portaflow/schemes/run_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct RunSummary {
  long long steps = 0;
  double time = 0;
  double wall_seconds = 0;
  double cell_updates_per_second = 0;
};

RunSummary run_to_end(const RunConfig& config, Solver& solver, std::ostream& log);

}  // namespace portaflow
