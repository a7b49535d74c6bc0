// The factory of steady solvers (see steady_solver.hpp): one scheme so far.
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow {

std::unique_ptr<SteadySolver> make_steady_solver(const RunConfig& config) {
  if (config.scheme != SchemeKind::kMultiBlock)
    throw Error("internal error: scheme '" + config.scheme_name + "' has no steady solver");
  return std::make_unique<multiblock::MultiBlockSolver>(config);
}

}  // namespace portaflow
