// The mesh a deck asks for: one of the shipped generators or a Plot3D file.
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/c_mesh.hpp"

#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {

mesh::MultiBlockMesh mesh_from_config(const RunConfig& config) {
  const MultiBlockMeshConfig& m = config.multiblock_mesh;
  switch (m.kind) {
    case MultiBlockMeshKind::kBox:
      return mesh::box_mesh({m.nodes[0], m.nodes[1]}, m.domain, m.warp);
    case MultiBlockMeshKind::kFourBlock:
      return mesh::four_block_mesh({m.nodes[0], m.nodes[1]}, m.domain, m.warp);
    case MultiBlockMeshKind::kNaca0012:
      return mesh::naca0012_c_mesh(m.level, m.far_field_chords);
    case MultiBlockMeshKind::kPlot3d:
      throw Error("plot3d pending");
  }
  throw Error("internal error: unknown multiblock mesh kind");
}

}  // namespace portaflow::multiblock
