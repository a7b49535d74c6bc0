// What a scheme family tells the rest of the code about each of its schemes: the name a deck
// gives, the dimensions it runs in, what it is, the reader of its deck section and the named
// values it accepts, how its solution is written, and the factory of its solver. A family defines
// its descriptors in its own folder (<family>/<family>_scheme.cpp) and registers them with one
// line in src/schemes/scheme_list.cpp; nothing else outside the folder names the scheme.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "portaflow/config/deck_choices.hpp"
#include "portaflow/config/deck_reader.hpp"
#include "portaflow/config/run_config.hpp"

namespace portaflow {

class Solver;

// How a scheme's solution goes to disk; io/solution_output.hpp picks the VTK dataset from it.
enum class OutputKind {
  kCells,     // cell values on a uniform grid: .vtr frames, final.csv in 1D, final.vtr in 2D
  kElements,  // high-order elements as VTK Lagrange quadrilaterals: .vtu
  kNodes,     // node values on one curvilinear grid: .vts
  kBlocks,    // node values on a multi-block grid: .vtm with one .vts piece per block
};

// The mesh dimensions a scheme runs in (for 1D/2D schemes, mesh.cells says which).
enum class Dimensions { k1D, k2D, k1Dor2D, k2Dor3D };

using DeckSectionReader = void (*)(DeckReader& deck, RunConfig& config);
using SolverFactory = std::unique_ptr<Solver> (*)(const RunConfig& config);

struct SchemeDescriptor {
  const char* name;  // the deck's `scheme:` value
  Dimensions dimensions;
  const char* summary;      // one line for `portaflow list`
  const char* description;  // a paragraph: what it solves and how, after which papers
  // Reads every key of the deck but `scheme` and `physics.gamma` into config (its shared
  // sections and the family's options) and checks them.
  DeckSectionReader read_deck;
  // The named values the scheme's keys accept (the lists its reader checks against).
  const ChoiceTable& (*choices)();
  OutputKind output;
  SolverFactory make_solver;  // null in deck-only builds (the fuzz targets)
  // Files the solver writes into output.dir besides the data sets, history.csv, checkpoint.pfc
  // and resolved.yaml (its result tables, a generated grid), so that a later run into the same
  // folder knows them for an earlier run's (io/output_folder.hpp).
  std::vector<std::string> result_files = {};
  // Reads and checks the files the deck names (a Plot3D mesh), for `portaflow check`, without
  // Kokkos; returns what it found, a line each; throws InputError naming the file. Null when the
  // scheme's decks name no file to read.
  std::vector<std::string> (*check_files)(const RunConfig& config) = nullptr;
  // Problems of at most this many cells run on one OpenMP thread unless the user asks for more:
  // below it, waking a second thread at every kernel costs more than the thread gains (measured
  // per family, docs/troubleshooting.md, "Threads").
  long long one_thread_cells = 4096;
};

// The fuzz targets build the deck readers alone, without Kokkos or any solver: there a
// descriptor holds no factory.
#ifdef PORTAFLOW_DECK_ONLY
#define PORTAFLOW_SOLVER_FACTORY(factory) nullptr
#else
#define PORTAFLOW_SOLVER_FACTORY(factory) (&factory)
#endif

// "1D", "2D", "1D/2D" or "2D/3D".
const char* dimensions_text(Dimensions dimensions);

}  // namespace portaflow
