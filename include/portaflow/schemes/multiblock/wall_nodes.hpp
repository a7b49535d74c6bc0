// The slip-wall nodes of a multi-block run's blocks on this rank, and their records gathered from
// every rank in the whole mesh's order: what surface_cp.csv and shock.csv are made of.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::multiblock {

// One node of a slip-wall patch: the patch's index among the whole mesh's boundaries, its block
// (whole-mesh index, and its index among this rank's blocks), the node, and its offsets along
// the patch's two tangential directions (the second -1 in 2D).
struct WallNode {
  std::size_t boundary = 0;
  int block = 0, local_block = 0;
  std::array<int, 3> ijk{0, 0, 0};
  int normal = 0;         // the index direction normal to the wall
  bool from_max = false;  // the wall is the block's maximum face in that direction
  int along = 0, span = -1;
};

// Calls visit(WallNode) for every node of every slip-wall patch (not symmetry planes) on the
// blocks `owned` (whole-mesh indices, in this rank's order), patch by patch in the whole mesh's
// order.
template <class Visit>
void for_each_wall_node(const mesh::MultiBlockMesh& whole, const std::vector<int>& owned,
                        const Visit& visit) {
  std::vector<int> local(whole.blocks.size(), -1);  // whole block -> this rank's index
  for (std::size_t b = 0; b < owned.size(); ++b)
    local[static_cast<std::size_t>(owned[b])] = static_cast<int>(b);
  for (std::size_t k = 0; k < whole.boundaries.size(); ++k) {
    const auto& boundary = whole.boundaries[k];
    if (boundary.kind != mesh::BoundaryKind::kSlipWall) continue;
    const auto& patch = boundary.patch;
    if (local[static_cast<std::size_t>(patch.block)] < 0) continue;  // another rank's block
    const auto& block = whole.blocks[static_cast<std::size_t>(patch.block)];
    WallNode node;
    node.boundary = k;
    node.block = patch.block;
    node.local_block = local[static_cast<std::size_t>(patch.block)];
    node.normal = mesh::face_direction(patch.face);
    node.from_max = mesh::face_is_max(patch.face);
    const auto tangential = mesh::tangential_directions(patch.face);
    const auto extent = patch.extent();
    node.ijk[node.normal] = node.from_max ? block.nodes[node.normal] - 1 : 0;
    for (int t = 0; t < extent[1]; ++t)
      for (int s = 0; s < extent[0]; ++s) {
        node.ijk[tangential[0]] = patch.begin[0] + s;
        node.ijk[tangential[1]] = patch.begin[1] + t;
        node.along = node.ijk[tangential[0]];
        node.span = whole.dimension == 3 ? node.ijk[tangential[1]] : -1;
        visit(node);
      }
  }
}

// Every rank's records of `width` values each, whose first value is the boundary index, in the
// whole mesh's boundary order (each patch lies on one rank and keeps its own order). Collective.
std::vector<double> gather_wall_records(const std::vector<double>& mine, std::size_t width);

}  // namespace portaflow::multiblock
