// The multi-block solver in 2D or 3D, as the deck's mesh is.
#include "portaflow/core/timer.hpp"
#include "portaflow/schemes/multiblock/multiblock_scheme.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {

namespace {

template <int Dim>
std::unique_ptr<Solver> make(const RunConfig& config, mesh::MultiBlockMesh mesh, double seconds,
                             const std::vector<std::string>& cuts) {
  auto solver = std::make_unique<MultiBlockSolverOf<Dim>>(config, std::move(mesh));
  solver->add_setup_phase("mesh", seconds);
  for (const auto& cut : cuts) solver->add_mesh_note("decomposition.blocks: " + cut);
  return solver;
}

}  // namespace

std::unique_ptr<Solver> make_solver(const RunConfig& config) {
  const Timer mesh_timer;
  std::vector<std::string> cuts;
  mesh::MultiBlockMesh mesh = mesh_from_config(config, &cuts);
  const double seconds = mesh_timer.elapsed_seconds();
  if (mesh.dimension == 3) return make<3>(config, std::move(mesh), seconds, cuts);
  return make<2>(config, std::move(mesh), seconds, cuts);
}

}  // namespace portaflow::multiblock
