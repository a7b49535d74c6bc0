// Cutting a multi-block mesh into more blocks (mesh/split_blocks.hpp): the parts are valid meshes
// (every face node covered, interfaces coincide: split_blocks validates, and so does the test),
// they hold the original nodes with one plane duplicated per cut, the walls keep every wall node,
// cuts fall on nodes every multigrid level keeps, and a block too small to cut is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/mesh/cube_mesh.hpp"
#include "portaflow/mesh/extrude_mesh.hpp"
#include "portaflow/mesh/split_blocks.hpp"

namespace portaflow::mesh {
namespace {

using Point = std::tuple<double, double, double>;

std::set<Point> node_positions(const MultiBlockMesh& mesh) {
  std::set<Point> out;
  for (const auto& block : mesh.blocks)
    for (std::size_t n = 0; n < block.node_count(); ++n) {
      const auto p = node_position(block, n);
      out.insert({p[0], p[1], p[2]});
    }
  return out;
}

// Wall nodes (positions) and how many wall patch entries there are.
std::set<Point> wall_positions(const MultiBlockMesh& mesh) {
  std::set<Point> out;
  for (const auto& boundary : mesh.boundaries) {
    if (boundary.kind != BoundaryKind::kSlipWall) continue;
    const auto& block = mesh.blocks[static_cast<std::size_t>(boundary.patch.block)];
    const auto extent = boundary.patch.extent();
    for (int t = 0; t < extent[1]; ++t)
      for (int s = 0; s < extent[0]; ++s) {
        const auto p = node_position(block, patch_node(block.nodes, boundary.patch, s, t));
        out.insert({p[0], p[1], p[2]});
      }
  }
  return out;
}

TEST(SplitBlocks, CubeIntoFourEqualColumnsWithThreeNewInterfaces) {
  const MultiBlockMesh cube = cube_mesh({17, 17, 17}, {0, 1, 0, 1, 0, 1}, 0.05);
  std::vector<std::string> cuts;
  const MultiBlockMesh split = split_blocks(cube, 4, 4, cuts);
  ASSERT_EQ(split.blocks.size(), 4u);
  EXPECT_EQ(cuts.size(), 3u);
  EXPECT_EQ(split.interfaces.size(), cube.interfaces.size() + 4u)  // the j cut crosses the i cut
      << "three cuts; the second and third meet the first's interface, which is cut in two";
  std::size_t nodes = 0;
  for (const auto& block : split.blocks) {
    nodes += block.node_count();
    EXPECT_EQ(block.nodes[2], 17);  // cut across i, then j: columns along k
    EXPECT_EQ(block.nodes[0], 9);
    EXPECT_EQ(block.nodes[1], 9);
  }
  EXPECT_EQ(nodes, 4u * 9 * 9 * 17);
  EXPECT_EQ(node_positions(split), node_positions(cube));
  EXPECT_NO_THROW(validate(split));
}

TEST(SplitBlocks, CMeshKeepsItsWallAndWakeCutAtMultigridNodes) {
  const MultiBlockMesh c_mesh = naca0012_c_mesh(0, 20);
  std::vector<std::string> cuts;
  const MultiBlockMesh split = split_blocks(c_mesh, 6, 4, cuts);
  ASSERT_EQ(split.blocks.size(), 6u);
  EXPECT_NO_THROW(validate(split));
  EXPECT_EQ(node_positions(split), node_positions(c_mesh));
  EXPECT_EQ(wall_positions(split), wall_positions(c_mesh));
  for (const std::string& cut : cuts) {
    const auto at = cut.find("at node ");
    ASSERT_NE(at, std::string::npos) << cut;
    EXPECT_EQ(std::stoi(cut.substr(at + 8)) % 4, 0) << cut;
  }
}

TEST(SplitBlocks, ExtrudedAndRotatedBlocksStayValid) {
  const MultiBlockMesh extruded = extrude(naca0012_c_mesh(0, 20), 9, 2.0);
  std::vector<std::string> cuts;
  EXPECT_NO_THROW(validate(split_blocks(extruded, 5, 2, cuts)));
  const MultiBlockMesh five = cube_blocks_mesh({17, 17, 17}, {0, 1, 0, 1, 0, 1}, 0.05);
  const MultiBlockMesh split = split_blocks(five, 8, 2, cuts);
  EXPECT_EQ(split.blocks.size(), 8u);
  EXPECT_EQ(node_positions(split), node_positions(five));
  const MultiBlockMesh four = four_block_mesh({17, 17}, {0, 1, 0, 1}, 0.05);
  EXPECT_EQ(split_blocks(four, 7, 1, cuts).blocks.size(), 7u);
}

TEST(SplitBlocks, ABlockTooSmallToCutIsRefused) {
  const MultiBlockMesh cube = cube_mesh({9, 9, 9}, {0, 1, 0, 1, 0, 1}, 0.0);
  std::vector<std::string> cuts;
  EXPECT_THROW(split_blocks(cube, 2, 8, cuts), InputError);  // 8 intervals: no multiple of 8 inside
  EXPECT_EQ(split_blocks(cube, 2, 4, cuts).blocks.size(), 2u);
}

}  // namespace
}  // namespace portaflow::mesh
