// What the portaflow command does, behind its command line (src/app/main.cpp): check a deck,
// run it, list the schemes. app/ knows no scheme; these find them through the scheme list.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "portaflow/driver/time_split.hpp"

namespace portaflow {

struct DeckRequest {
  std::string deck;
  std::vector<std::string> overrides;  // "key.path=value"
  std::string restart;                 // a checkpoint to continue from; empty: a new run
};

// `portaflow check`: reads and checks the deck (and the files it names), prints it resolved.
// Needs no Kokkos. Throws InputError on the first problem.
void check_deck(const DeckRequest& request, std::ostream& out);

// `portaflow run`, Kokkos initialised: the deck read and checked, the output folder prepared,
// resolved.yaml written, the solver built and marched (driver/run_loop.hpp); ends with the time
// split, its start-up taken from `split`.
void run_deck(const DeckRequest& request, std::ostream& log, TimeSplit split);

// `portaflow list`: every scheme, what it is, and the named values its keys accept.
void list_schemes(std::ostream& out);

}  // namespace portaflow
