// Where a run's wall time went, printed at the end of every run: the device runtime's start-up,
// reading the deck, the solver's set-up (its named parts, such as the mesh, and the rest), the
// step loop, and the outputs (frames, history, checkpoints and the final files, as far as the
// run waited for them).
#pragma once

#include <string>
#include <vector>

#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct TimeSplit {
  double startup = 0;              // Kokkos::initialize: the device runtime's own start-up
  double deck = 0;                 // reading and checking the deck, the output folder
  std::vector<SetupPhase> phases;  // the solver's named set-up parts (its mesh, ...)
  double setup = 0;                // the rest of building the solver
  double steps = 0;                // the step loop, less the outputs written in it
  double output = 0;               // writing outputs, wherever in the run
  double total() const;
  // "time: start-up 0.52 s, deck 0.01 s, mesh 0.10 s, set-up 0.20 s, steps 1.21 s, output
  // 0.05 s; total 2.09 s".
  std::string text() const;
};

}  // namespace portaflow
