// 3D test meshes of the multi-block solver: a warped cube as one block (the scaling test of Elsen
// et al. 2008, Fig. 7), and the same nodes cut into five blocks of different orientations with
// sub-faces, so that the 3D interface treatment can be checked against the one-block answer on
// identical node positions.
#pragma once

#include <array>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// One block "cube" of nodes[0] x nodes[1] x nodes[2] nodes on domain {x_min, x_max, y_min, y_max,
// z_min, z_max}, every face far field. Uniform nodes are moved by (s, t, r the node's fractions
// of the domain along x, y, z)
//   dx = warp Lx sin(pi s) sin(2 pi t) sin(2 pi r),
//   dy = warp Ly sin(2 pi s) sin(pi t) sin(2 pi r),
//   dz = warp Lz sin(2 pi s) sin(2 pi t) sin(pi r),
// which vanish on every face (each has a factor zero on each side), so the domain stays the box
// while the interior cells are curved and skewed. Throws InputError for fewer than 2 nodes, an
// empty domain, or |warp| > 0.1.
MultiBlockMesh cube_mesh(std::array<int, 3> nodes, std::array<double, 6> domain, double warp);

// The nodes of cube_mesh(nodes, domain, warp), bit for bit, cut at the middle node of each
// direction (all three counts odd) into five blocks with duplicated nodes on the cuts: the lower
// half in z as one block "slab", and the upper half as 2 x 2 blocks. The slab's top face meets
// the four upper blocks (four sub-faces; its middle node is shared by five blocks), and every
// block's index axes are a different rotation of (x, y, z) (right-handed, 5 of the 24), so the
// interfaces take several of the 24 relative orientations. Interfaces are found from
// coincident nodes (find_interfaces); the outer faces are far field.
MultiBlockMesh cube_blocks_mesh(std::array<int, 3> nodes, std::array<double, 6> domain,
                                double warp);

// The nodes of cube_mesh(total, domain, warp) with total[d] = blocks[d] (block_nodes - 1) + 1,
// cut into blocks[0] x blocks[1] x blocks[2] aligned blocks of block_nodes^3 nodes each (the
// many-small-blocks question of Elsen et al. 2008: the same nodes, packed into one launch as many
// blocks). Interfaces are found from coincident nodes; outer faces are far field.
MultiBlockMesh cube_array_mesh(std::array<int, 3> blocks, int block_nodes,
                               std::array<double, 6> domain, double warp);

// The 24 rotations of index space, as (axis, sign) per block axis: block axis a runs along
// global axis rotation[a].axis, in the direction of rotation[a].sign. Right-handed only.
struct AxisMap {
  int axis = 0;
  int sign = 1;
};
using Rotation = std::array<AxisMap, 3>;
const std::array<Rotation, 24>& cube_rotations();

}  // namespace portaflow::mesh
