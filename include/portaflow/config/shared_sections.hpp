// The deck sections several scheme families share: the uniform grid (mesh), the Euler
// initial-value problems (problem), the grid's sides (boundary), kernel choices (execution),
// time and output. A family's deck reader (in its own folder) calls the ones it needs.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "portaflow/config/deck_choices.hpp"
#include "portaflow/config/deck_reader.hpp"
#include "portaflow/config/run_config.hpp"

namespace portaflow::deck {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr long long kMaxInt = std::numeric_limits<int>::max();
inline constexpr long long kMaxLong = std::numeric_limits<long long>::max();

// problem.type of the Euler schemes on a uniform grid of this dimension (1 or 2), and the sides
// of the grid (boundary.*): the named values of the shared sections.
const ChoiceTable& grid_choices(int dimension);
const std::vector<std::string>& grid_problem_names(int dimension);

// mesh.cells (an integer in 1D, [nx, ny] in 2D) and mesh.domain.
MeshConfig read_mesh(DeckReader& deck, int dimension);
// problem.*: one of `names` (the problem types this scheme accepts) and its states. A vacuum
// state (rho = p = 0) only where vacuum_allowed.
ProblemConfig read_problem(DeckReader& deck, const MeshConfig& mesh,
                           const std::vector<std::string>& names, bool vacuum_allowed = false);
// boundary.{x,y}_{min,max}; periodic_required for problems whose exact solution is periodic.
BoundaryConfig read_boundary(DeckReader& deck, int dimension, bool periodic_required);
// execution.kernel (one of `kernels`, default_kernel when absent), execution.tile and
// execution.segment.
ExecutionConfig read_execution(DeckReader& deck, int dimension,
                               const std::vector<std::string>& kernels, const char* default_kernel);
// time.t_end, time.cfl, time.max_steps: a time-accurate march.
TimeConfig read_time(DeckReader& deck);
// output.*: the folder, the VTK series and its cadence (simulated time between frames, or for a
// steady march cycles), history, progress and checkpoints.
OutputConfig read_output(DeckReader& deck, const std::string& deck_path,
                         MarchKind march = MarchKind::kTimeAccurate);
// output.overwrite, for every family's output section.
bool read_output_overwrite(DeckReader& deck);
// output.dir's default: output/<the deck's file name without extension>.
std::string default_output_dir(const std::string& deck_path);

// A scheme for 1D and 2D takes its dimension from mesh.cells: an integer or [nx, ny].
int grid_dimension(DeckReader& deck);

// The whole deck of a time-accurate scheme on a uniform grid: mesh, problem, boundary, then the
// family's own keys (`family()`), then time and output, in the order the resolved deck shows them.
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

}  // namespace portaflow::deck
