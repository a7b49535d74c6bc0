// The factory of steady solvers (see steady_solver.hpp): one scheme so far, in 2D or 3D as its
// mesh is.
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow {

std::unique_ptr<SteadySolver> make_steady_solver(const RunConfig& config) {
  if (config.scheme != SchemeKind::kMultiBlock)
    throw Error("internal error: scheme '" + config.scheme_name + "' has no steady solver");
  mesh::MultiBlockMesh mesh = multiblock::mesh_from_config(config);
  if (mesh.dimension == 3)
    return std::make_unique<multiblock::MultiBlockSolver3>(config, std::move(mesh));
  return std::make_unique<multiblock::MultiBlockSolver>(config, std::move(mesh));
}

}  // namespace portaflow
