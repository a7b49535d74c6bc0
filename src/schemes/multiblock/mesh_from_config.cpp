// The mesh a deck asks for: one of the shipped generators or a Plot3D file.
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"
#include "portaflow/mesh/blunt_body_mesh.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/mesh/cone_flare_mesh.hpp"
#include "portaflow/mesh/cube_mesh.hpp"
#include "portaflow/mesh/extrude_mesh.hpp"
#include "portaflow/mesh/plot3d.hpp"
#include "portaflow/mesh/split_blocks.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {

namespace {

mesh::MultiBlockMesh generated_mesh(const RunConfig& config) {
  const MultiBlockMeshConfig& m = config.family<MultiBlockOptions>().mesh;
  switch (m.kind) {
    case MultiBlockMeshKind::kBox:
      return mesh::box_mesh({m.nodes[0], m.nodes[1]}, m.domain, m.warp);
    case MultiBlockMeshKind::kFourBlock:
      return mesh::four_block_mesh({m.nodes[0], m.nodes[1]}, m.domain, m.warp);
    case MultiBlockMeshKind::kNaca0012:
      return mesh::naca0012_c_mesh(m.level, m.far_field_chords);
    case MultiBlockMeshKind::kCube:
    case MultiBlockMeshKind::kCubeBlocks: {
      const std::array<double, 6> domain{m.domain[0], m.domain[1],   m.domain[2],
                                         m.domain[3], m.domain_z[0], m.domain_z[1]};
      return m.kind == MultiBlockMeshKind::kCube ? mesh::cube_mesh(m.nodes, domain, m.warp)
                                                 : mesh::cube_blocks_mesh(m.nodes, domain, m.warp);
    }
    case MultiBlockMeshKind::kCylinder:
      return mesh::cylinder_mesh(
          {m.nodes[0], m.nodes[1]}, m.blocks_around,
          m.fit_mach > 0 ? m.fit_mach : config.family<MultiBlockOptions>().freestream.mach);
    case MultiBlockMeshKind::kSphere:
      return mesh::sphere_mesh(
          {m.nodes[0], m.nodes[1]},
          m.fit_mach > 0 ? m.fit_mach : config.family<MultiBlockOptions>().freestream.mach);
    case MultiBlockMeshKind::kConeFlare:
      return mesh::cone_flare_mesh(
          {m.nodes[0], m.nodes[1]},
          m.fit_mach > 0 ? m.fit_mach : config.family<MultiBlockOptions>().freestream.mach);
    case MultiBlockMeshKind::kNaca0012Extruded:
      return mesh::extrude(mesh::naca0012_c_mesh(m.level, m.far_field_chords), m.span_nodes,
                           m.span);
    case MultiBlockMeshKind::kPlot3d: {
      std::vector<mesh::BoundaryPatch> named;
      auto blocks = mesh::read_plot3d(m.plot3d_file);
      for (const auto& spec : m.boundaries) {
        if (spec.block < 0 || spec.block >= static_cast<int>(blocks.size()))
          throw InputError("mesh.boundaries names block " + std::to_string(spec.block) + " but '" +
                           m.plot3d_file + "' has " + std::to_string(blocks.size()) +
                           " blocks (numbered from 0)");
        if (spec.face >= 4 && blocks[spec.block].dimension() == 2)
          throw InputError("mesh.boundaries names face " +
                           std::string(mesh::face_name(static_cast<mesh::Face>(spec.face))) +
                           " of block " + std::to_string(spec.block) + " but '" + m.plot3d_file +
                           "' is 2D (its blocks have imin, imax, jmin and jmax only)");
        mesh::BoundaryPatch patch;
        patch.patch.block = spec.block;
        patch.patch.face = static_cast<mesh::Face>(spec.face);
        patch.kind = static_cast<mesh::BoundaryKind>(spec.kind);
        named.push_back(patch);
      }
      try {
        return mesh::mesh_from_blocks(std::move(blocks), named,
                                      static_cast<mesh::BoundaryKind>(m.default_boundary), 1e-8);
      } catch (const Error& e) {  // the file's blocks are the input: a bad-input error (exit 2)
        throw InputError("mesh file '" + m.plot3d_file + "': " + e.what());
      }
    }
  }
  throw Error("internal error: unknown multiblock mesh kind");
}

}  // namespace

mesh::MultiBlockMesh mesh_from_config(const RunConfig& config, std::vector<std::string>* cuts) {
  mesh::MultiBlockMesh mesh = generated_mesh(config);
  const MultiBlockOptions& options = config.family<MultiBlockOptions>();
  if (options.mesh.split_into <= static_cast<int>(mesh.blocks.size())) return mesh;
  // Cut at nodes every multigrid level keeps.
  const int multiple = 1 << (options.multiblock.multigrid.levels - 1);
  std::vector<std::string> lines;
  mesh = mesh::split_blocks(mesh, options.mesh.split_into, multiple, lines);
  if (cuts) *cuts = std::move(lines);
  return mesh;
}

std::vector<std::string> check_mesh_file(const RunConfig& config) {
  const MultiBlockMeshConfig& m = config.family<MultiBlockOptions>().mesh;
  if (m.kind != MultiBlockMeshKind::kPlot3d) return {};
  const mesh::MultiBlockMesh mesh = mesh_from_config(config);
  return {"mesh.file " + m.plot3d_file + ": " + std::to_string(mesh.blocks.size()) + " blocks, " +
          std::to_string(mesh.node_count()) + " nodes, " + std::to_string(mesh.interfaces.size()) +
          " block interfaces, read and joined"};
}

std::string describe_mesh(const MultiBlockMeshConfig& m) {
  const std::string nodes = std::to_string(m.nodes[0]) + " x " + std::to_string(m.nodes[1]);
  switch (m.kind) {
    case MultiBlockMeshKind::kBox:
      return "box mesh of " + nodes + " nodes";
    case MultiBlockMeshKind::kFourBlock:
      return "four-block box mesh of " + nodes + " nodes";
    case MultiBlockMeshKind::kNaca0012:
      return "NACA 0012 C-mesh level " + std::to_string(m.level);
    case MultiBlockMeshKind::kPlot3d:
      return "Plot3D mesh " + m.plot3d_file;
    case MultiBlockMeshKind::kSphere:
      return "3D sphere mesh of " + std::to_string(m.nodes[0]) + " nodes across the cap, " +
             std::to_string(m.nodes[1]) + " wall-normal, in 6 blocks";
    case MultiBlockMeshKind::kConeFlare:
      return "3D sphere-cone-cylinder-flare mesh (half body) of " + std::to_string(m.nodes[0]) +
             " nodes across the nose cap, " + std::to_string(m.nodes[1]) +
             " wall-normal, in 15 blocks";
    case MultiBlockMeshKind::kCylinder:
      return "cylinder mesh of " + nodes + " nodes (around x wall-normal) in " +
             std::to_string(m.blocks_around) + " blocks";
    case MultiBlockMeshKind::kCube:
      return "3D cube mesh of " + nodes + " x " + std::to_string(m.nodes[2]) + " nodes";
    case MultiBlockMeshKind::kCubeBlocks:
      return "3D five-block cube mesh of " + nodes + " x " + std::to_string(m.nodes[2]) + " nodes";
    case MultiBlockMeshKind::kNaca0012Extruded:
      return "NACA 0012 C-mesh level " + std::to_string(m.level) + " extruded over " +
             std::to_string(m.span_nodes) + " span nodes";
  }
  return "mesh";
}

}  // namespace portaflow::multiblock
