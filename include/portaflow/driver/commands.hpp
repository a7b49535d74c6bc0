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
  std::string program = "portaflow";   // the command as the user typed it (argv[0])
};

// A word as a shell reads it back: quoted when it holds anything but plain characters.
std::string shell_word(const std::string& word);

// The command that runs the request again as the user typed it, without --restart and
// --overwrite: "build/openmp/bin/portaflow run deck.yaml --set mesh.cells=100"; without its
// output.dir override when `keep_output_dir` is false.
std::string rerun_command(const DeckRequest& request, bool keep_output_dir = true);

// The number of cells of the deck's grid (elements for the high-order schemes; 0 when the deck
// does not read or its mesh is not such a grid) and its scheme's one_thread_cells. Never throws:
// the run itself reports a bad deck.
struct ProblemSize {
  long long cells = 0;
  long long one_thread_cells = 0;
};
ProblemSize problem_size(const DeckRequest& request) noexcept;

// `portaflow check`: reads and checks the deck (and the files it names), prints it resolved.
// Needs no Kokkos. Throws InputError on the first problem.
void check_deck(const DeckRequest& request, std::ostream& out);

// `portaflow run`, Kokkos initialised: the deck read and checked, the output folder prepared,
// resolved.yaml written, the solver built and marched (driver/run_loop.hpp); ends with the time
// split, its start-up taken from `split`.
void run_deck(const DeckRequest& request, std::ostream& log, TimeSplit split);

// `portaflow list`: every scheme, what it is, and the named values its keys accept. With
// `--keys DECK...`: the reference of every key those decks lead the readers to ask for, scheme by
// scheme, as Markdown (docs/deck-reference.md is made by it).
void list_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace portaflow
