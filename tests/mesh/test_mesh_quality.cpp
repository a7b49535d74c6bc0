// Mesh quality figures against blocks whose geometry fixes them exactly: a Cartesian box, a
// geometrically stretched block, a sheared block and a left-handed block; and the run-log lines.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "portaflow/mesh/mesh_quality.hpp"

namespace portaflow::mesh {
namespace {

using Position = std::array<double, 3>;

// A block with node (i, j, k) at position(i, j, k); 2D when nodes[2] == 1 (z left empty).
BlockGrid make_block(const std::string& name, const std::array<int, 3>& nodes,
                     const std::function<Position(int, int, int)>& position) {
  BlockGrid block;
  block.name = name;
  block.nodes = nodes;
  for (int k = 0; k < nodes[2]; ++k)
    for (int j = 0; j < nodes[1]; ++j)
      for (int i = 0; i < nodes[0]; ++i) {
        const Position p = position(i, j, k);
        block.x.push_back(p[0]);
        block.y.push_back(p[1]);
        if (nodes[2] > 1) block.z.push_back(p[2]);
      }
  return block;
}

// Spacing (0.1, 0.2, 0.4): every cell is a 0.1 x 0.2 x 0.4 box.
BlockGrid cartesian_box(bool reverse_i = false) {
  const std::array<int, 3> nodes{6, 5, 4};
  return make_block("box", nodes, [&](int i, int j, int k) {
    return Position{0.1 * (reverse_i ? nodes[0] - 1 - i : i), 0.2 * j, 0.4 * k};
  });
}

TEST(MeshQuality, CartesianBoxHasExactFigures) {
  const BlockQuality q = block_quality(cartesian_box());
  EXPECT_EQ(q.name, "box");
  EXPECT_EQ(q.nodes, (std::array<int, 3>{6, 5, 4}));
  // Volume 0.1 * 0.2 * 0.4; the coordinates carry only rounding of a few ulps.
  EXPECT_NEAR(q.smallest_volume, 0.008, 1e-14 * 0.008);
  EXPECT_NEAR(q.largest_volume, 0.008, 1e-14 * 0.008);
  EXPECT_NEAR(q.largest_aspect_ratio, 0.4 / 0.1, 1e-12);
  EXPECT_NEAR(q.smallest_angle_degrees, 90.0, 1e-12);
  EXPECT_NEAR(q.largest_neighbour_volume_ratio, 1.0, 1e-12);
}

// Interval i has width 1.2^i (and height 0.5): each cell is 1.2 times its i neighbour, and equal
// to its j neighbour.
TEST(MeshQuality, GeometricStretchingGivesItsRatio) {
  std::vector<double> x{0.0};
  for (int i = 0; i < 9; ++i) x.push_back(x.back() + std::pow(1.2, i));
  const BlockGrid block = make_block("stretched", {10, 4, 1}, [&](int i, int j, int) {
    return Position{x[static_cast<std::size_t>(i)], 0.5 * j, 0.0};
  });
  const BlockQuality q = block_quality(block);
  EXPECT_NEAR(q.largest_neighbour_volume_ratio, 1.2, 1e-12);
  EXPECT_NEAR(q.smallest_volume, 0.5, 1e-12);
  EXPECT_NEAR(q.largest_volume, 0.5 * std::pow(1.2, 8), 1e-12);
  EXPECT_NEAR(q.smallest_angle_degrees, 90.0, 1e-12);
}

// x = i + j tan(30 deg), y = j: unit-area parallelograms whose i and j edges meet at 60 and 120
// degrees; the j edge has length 1 / cos(30 deg), the i edge 1.
TEST(MeshQuality, ShearedBlockGivesItsSmallestAngle) {
  const double shear = std::tan(M_PI / 6);
  const BlockGrid block = make_block("sheared", {5, 5, 1}, [&](int i, int j, int) {
    return Position{i + j * shear, static_cast<double>(j), 0.0};
  });
  const BlockQuality q = block_quality(block);
  EXPECT_NEAR(q.smallest_angle_degrees, 60.0, 1e-12);
  EXPECT_NEAR(q.largest_aspect_ratio, 1.0 / std::cos(M_PI / 6), 1e-12);
  EXPECT_NEAR(q.smallest_volume, 1.0, 1e-12);
  EXPECT_NEAR(q.largest_volume, 1.0, 1e-12);
}

// Reversing i mirrors every cell: the same size with the opposite sign, in 3D and in 2D.
TEST(MeshQuality, LeftHandedBlockHasNegativeVolume) {
  const BlockQuality box = block_quality(cartesian_box(/*reverse_i=*/true));
  EXPECT_NEAR(box.smallest_volume, -0.008, 1e-14 * 0.008);
  EXPECT_NEAR(box.largest_volume, -0.008, 1e-14 * 0.008);
  EXPECT_NEAR(box.smallest_angle_degrees, 90.0, 1e-12);

  const BlockGrid square = make_block("mirrored", {4, 3, 1}, [](int i, int j, int) {
    return Position{0.5 * (3 - i), 0.25 * j, 0.0};
  });
  EXPECT_NEAR(block_quality(square).smallest_volume, -0.125, 1e-15);
}

// Block 1 has the smaller cells (0.25 x 0.25 against 0.5 x 0.5): the summary names it.
TEST(MeshQuality, DescribeNamesEachBlockAndSummarises) {
  MultiBlockMesh mesh;
  mesh.blocks.push_back(make_block("left", {3, 3, 1}, [](int i, int j, int) {
    return Position{0.5 * i, 0.5 * j, 0.0};
  }));
  mesh.blocks.push_back(make_block("right", {5, 4, 1}, [](int i, int j, int) {
    return Position{1.0 + 0.25 * i, 0.25 * j, 0.0};
  }));
  const std::vector<std::string> lines = describe_quality(mesh_quality(mesh));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].rfind("block 0 'left': 3 x 3 = 9 nodes; cell area 0.25 .. 0.25", 0), 0u)
      << lines[0];
  EXPECT_EQ(lines[1].rfind("block 1 'right': 5 x 4 = 20 nodes; cell area 0.0625 .. 0.0625", 0), 0u)
      << lines[1];
  EXPECT_NE(lines[2].find("29 nodes"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("smallest cell area 0.0625 in block 1 'right'"), std::string::npos)
      << lines[2];
  EXPECT_TRUE(describe_quality({}).empty());
}

}  // namespace
}  // namespace portaflow::mesh
