// Bad 3D multi-block input through the portaflow command: a Plot3D file with a left-handed block,
// one whose interface nodes do not coincide, and a block too small for the requested multigrid
// levels: each a message naming the file, block, face or node, exit code 2.
#include <gtest/gtest.h>

#include "app/portaflow_command.hpp"
#include "io/temporary_folder.hpp"
#include "portaflow/mesh/cube_mesh.hpp"
#include "portaflow/mesh/plot3d.hpp"

namespace portaflow {
namespace {

using io::test_support::TemporaryFolder;
using io::test_support::write_file;
using test_support::mentions;
using test_support::run_portaflow;

// The five-block cube (9^3 nodes) as a Plot3D file, after `edit`, and a deck that reads it.
template <class Edit>
std::string deck_with_blocks(const TemporaryFolder& folder, Edit edit, int levels = 1) {
  auto blocks = mesh::cube_blocks_mesh({9, 9, 9}, {0, 1, 0, 1, 0, 1}, 0.05).blocks;
  edit(blocks);
  mesh::write_plot3d(folder / "cube.xyz", blocks, mesh::Plot3dEncoding::kBinary);
  write_file(folder / "cube.yaml",
             "scheme: multiblock\n"
             "mesh:\n  generator: plot3d\n  file: cube.xyz\n  default_boundary: far_field\n"
             "problem:\n  type: freestream\n  mach: 0.5\n"
             "multiblock:\n  order: 2\n"
             "multigrid:\n  levels: " +
                 std::to_string(levels) +
                 "\n"
                 "time:\n  max_cycles: 2\n"
                 "output:\n  dir: " +
                 (folder / "out").string() + "\n");
  return (folder / "cube.yaml").string();
}

TEST(MultiBlock3DInput, GoodFileRuns) {
  TemporaryFolder folder;
  const auto r = run_portaflow("run " + deck_with_blocks(folder, [](auto&) {}), folder);
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(MultiBlock3DInput, LeftHandedBlockNamesFileAndBlock) {
  TemporaryFolder folder;
  // Reverse block 2's i direction: its index axes become left-handed (a Plot3D file's blocks are
  // named block<N>).
  const auto deck = deck_with_blocks(folder, [](std::vector<mesh::BlockGrid>& blocks) {
    auto& b = blocks[2];
    const auto copy = b;
    for (int k = 0; k < b.nodes[2]; ++k)
      for (int j = 0; j < b.nodes[1]; ++j)
        for (int i = 0; i < b.nodes[0]; ++i) {
          const auto to = b.index(i, j, k), from = copy.index(b.nodes[0] - 1 - i, j, k);
          b.x[to] = copy.x[from];
          b.y[to] = copy.y[from];
          b.z[to] = copy.z[from];
        }
  });
  const auto r = run_portaflow("run " + deck, folder);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(mentions(r.output, "cube.xyz")) << r.output;
  EXPECT_TRUE(mentions(r.output, "block 2 'block2' is not right-handed")) << r.output;
}

TEST(MultiBlock3DInput, InterfaceNodesThatDoNotCoincideAreNamed) {
  TemporaryFolder folder;
  // Move one node of the slab's top face (an interface node) by 1% of a cell along x.
  const auto deck = deck_with_blocks(folder, [](std::vector<mesh::BlockGrid>& blocks) {
    auto& slab = blocks[0];
    slab.x[slab.index(2, 3, slab.nodes[2] - 1)] += 0.01 / 8;
  });
  const auto r = run_portaflow("run " + deck, folder);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(mentions(r.output, "cube.xyz")) << r.output;
  EXPECT_TRUE(mentions(r.output, "their nodes do not coincide")) << r.output;
  EXPECT_TRUE(mentions(r.output, "node (2, 3, 4)")) << r.output;
}

TEST(MultiBlock3DInput, BlockTooSmallForTheMultigridLevelsIsNamed) {
  TemporaryFolder folder;
  // 5-node blocks: one coarse level would have 3 nodes per direction.
  const auto deck = deck_with_blocks(
      folder, [](auto&) {}, 2);
  const auto r = run_portaflow("run " + deck, folder);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(mentions(r.output, "cube.xyz")) << r.output;
  EXPECT_TRUE(mentions(r.output, "block 0 'block0' has 5 nodes")) << r.output;
}

}  // namespace
}  // namespace portaflow
