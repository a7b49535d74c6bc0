// The deck's sections, one reader per scheme family plus the sections the time-accurate schemes
// share. Private to src/io: read_run_config.cpp picks a family's reader from its table, and a
// family's reader calls the shared ones it needs.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "portaflow/io/deck_reader.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/run_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::io::deck {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr long long kMaxInt = std::numeric_limits<int>::max();
inline constexpr long long kMaxLong = std::numeric_limits<long long>::max();

// ---- shared sections (read_shared.cpp) ----

// mesh.cells (an integer in 1D, [nx, ny] in 2D) and mesh.domain.
MeshConfig read_mesh(DeckReader& deck, int dimension);
// problem.*: one of `names` (the problem types this scheme accepts) and its states. A vacuum
// state (rho = p = 0) only where vacuum_allowed.
ProblemConfig read_problem(DeckReader& deck, const MeshConfig& mesh,
                           const std::vector<std::string>& names, bool vacuum_allowed = false);
// The problem types of a time-accurate scheme on a grid of this dimension.
const std::vector<std::string>& problem_names(int dimension);
// boundary.{x,y}_{min,max}; periodic_required for problems whose exact solution is periodic.
BoundaryConfig read_boundary(DeckReader& deck, int dimension, bool periodic_required);
// execution.kernel (team | flat, default_kernel when absent), execution.tile, execution.segment.
ExecutionConfig read_execution(DeckReader& deck, int dimension, const char* default_kernel);
TimeConfig read_time(DeckReader& deck);
OutputConfig read_output(DeckReader& deck, const std::string& deck_path);
// output.overwrite, for every family's output section.
bool read_output_overwrite(DeckReader& deck);
// The whole deck of a time-accurate scheme on a grid: mesh, problem, boundary, then the family's
// own keys (`family()`), then time and output, in the order the resolved deck shows them.
template <class FamilyKeys>
void read_grid_run(DeckReader& deck, RunConfig& config, int dimension,
                   const std::vector<std::string>& problems, const FamilyKeys& family);
// A scheme for 1D and 2D (SchemeInfo::dimension 0) takes its dimension from mesh.cells: an
// integer or [nx, ny].
int grid_dimension(DeckReader& deck, int scheme_dimension);
// The SchemeInfo of config.scheme (its dimension and name).
const SchemeInfo& scheme_info(SchemeKind kind);

// ---- one reader per family: every key of the deck but scheme and physics.gamma ----

void read_exact_riemann_deck(DeckReader& deck, RunConfig& config);   // read_shared.cpp
void read_cese_deck(DeckReader& deck, RunConfig& config);            // read_cese.cpp
void read_muscl_hancock_deck(DeckReader& deck, RunConfig& config);   // read_fv.cpp
void read_muscl_deck(DeckReader& deck, RunConfig& config);           // read_fv.cpp
void read_multiblock_deck(DeckReader& deck, RunConfig& config);      // read_multiblock.cpp
void read_highorder_deck(DeckReader& deck, RunConfig& config);       // read_highorder.cpp
void read_incompressible_deck(DeckReader& deck, RunConfig& config);  // read_incompressible.cpp

// ---- template definitions ----

template <class FamilyKeys>
void read_grid_run(DeckReader& deck, RunConfig& config, int dimension,
                   const std::vector<std::string>& problems, const FamilyKeys& family) {
  config.mesh = read_mesh(deck, dimension);
  config.problem = read_problem(deck, config.mesh, problems);
  config.boundary = read_boundary(deck, config.mesh.dimension, is_smooth(config.problem));
  family();
  config.time = read_time(deck);
  config.output = read_output(deck, config.deck_path);
}

}  // namespace portaflow::io::deck
