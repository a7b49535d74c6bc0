// Mesh quality figures of a multi-block mesh, printed in the run log at start so that a user can
// check a generated or read mesh before a long run. Per block, over its cells (quadrilaterals in
// 2D, hexahedra in 3D):
// - cell volume (area in 2D), signed: the mean of the cell's corner Jacobians, the determinant of
//   the edges leaving each corner along increasing i, j (, k). Exact for a quadrilateral and a
//   parallelepiped. A folded cell or a left-handed block gives a volume <= 0, which no finite
//   volume or finite difference scheme survives;
// - aspect ratio: the longest edge of a cell over its shortest;
// - smallest angle between two edges that meet at a corner of a cell (90 deg on a Cartesian grid):
//   skewed cells cost accuracy and, near 0 deg, stability;
// - neighbour volume ratio: the largest ratio of the volumes of two cells adjacent along an index
//   direction (>= 1), the stretching of the grid: abrupt growth costs accuracy.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

struct BlockQuality {
  std::string name;
  std::array<int, 3> nodes{1, 1, 1};
  // Over the block's cells (the defaults: a block without cells).
  double smallest_volume = 0.0;
  double largest_volume = 0.0;
  double largest_aspect_ratio = 1.0;
  double smallest_angle_degrees = 90.0;
  double largest_neighbour_volume_ratio = 1.0;
};

// The figures of one block; its coordinate arrays must hold node_count() entries (as validate()
// checks). A block with one node along a used direction has no cells: it reports the defaults.
BlockQuality block_quality(const BlockGrid& block);

// block_quality() of every block, in block order.
std::vector<BlockQuality> mesh_quality(const MultiBlockMesh& mesh);

// One run-log line per block, e.g.
//   block 3 'cone': 60 x 21 x 36 = 45360 nodes; cell volume 1.2e-05 .. 0.034; aspect ratio
//   <= 8.1; angles >= 41.2 deg; neighbour volume ratio <= 1.31
// then one summary line over all blocks (none for an empty list).
std::vector<std::string> describe_quality(const std::vector<BlockQuality>& blocks);

}  // namespace portaflow::mesh
