// The mesh topology checks (issue 4): the box and four-block generators give identical nodes
// and valid topologies, and validate() rejects each kind of broken mesh with a message that
// names the block and face where it went wrong.
#include <gtest/gtest.h>

#include <map>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/box_mesh.hpp"

namespace portaflow::mesh {
namespace {

// Every node of the four blocks is a node of the one-block box, bit for bit, and the four
// blocks together hold every box node (interface nodes twice, the centre four times).
TEST(BoxMesh, FourBlocksHoldTheBoxNodesBitForBit) {
  const auto box = box_mesh({17, 21}, {0, 2, -1, 1}, 0.1);
  const auto four = four_block_mesh({17, 21}, {0, 2, -1, 1}, 0.1);
  std::map<std::pair<double, double>, int> seen;
  for (std::size_t k = 0; k < box.blocks[0].node_count(); ++k)
    seen[{box.blocks[0].x[k], box.blocks[0].y[k]}] = 0;
  std::size_t total = 0;
  for (const auto& b : four.blocks)
    for (std::size_t k = 0; k < b.node_count(); ++k) {
      const auto it = seen.find({b.x[k], b.y[k]});
      ASSERT_NE(it, seen.end()) << b.name << " node " << k << " is not a box node";
      ++it->second;
      ++total;
    }
  for (const auto& [position, count] : seen) EXPECT_GE(count, 1);
  EXPECT_EQ(total, box.blocks[0].node_count() + 17 + 21 - 1 + 2);  // cuts doubled, centre 4x
}

MultiBlockMesh valid_mesh() { return four_block_mesh({9, 9}, {0, 1, 0, 1}, 0.05); }

void expect_invalid(const MultiBlockMesh& mesh, const std::string& words) {
  try {
    validate(mesh);
    ADD_FAILURE() << "validate accepted a mesh that should fail with '" << words << "'";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(MultiBlockMesh, ValidateNamesWhatIsWrongAndWhere) {
  EXPECT_NO_THROW(validate(valid_mesh()));
  {
    auto m = valid_mesh();  // a face node no patch covers
    m.boundaries.erase(m.boundaries.begin());
    expect_invalid(m, "block 0 'lower_left'");
  }
  {
    auto m = valid_mesh();  // an interface whose nodes do not coincide
    m.blocks[1].x[0] += 0.01;
    expect_invalid(m, "interface");
  }
  {
    auto m = valid_mesh();  // a patch beyond its face
    m.boundaries[0].patch.end[0] += 3;
    expect_invalid(m, "covers nodes");
  }
  {
    auto m = valid_mesh();  // a left-handed block
    auto& b = m.blocks[2];
    for (int j = 0; j < b.nodes[1]; ++j)
      for (int i = 0; i < b.nodes[0] / 2; ++i)
        std::swap(b.x[b.index(i, j)], b.x[b.index(b.nodes[0] - 1 - i, j)]);
    expect_invalid(m, "right-handed");
  }
}

TEST(MultiBlockMesh, TwinOffsetsFollowTheOrientation) {
  InterfacePatch p;
  p.a = {0, Face::kJMin, {0, 0}, {5, 1}};
  p.b = {1, Face::kJMin, {2, 0}, {7, 1}};
  EXPECT_EQ(twin_offsets(p, 1, 0), (std::array<int, 2>{1, 0}));
  p.reversed[0] = true;
  EXPECT_EQ(twin_offsets(p, 1, 0), (std::array<int, 2>{3, 0}));
}

}  // namespace
}  // namespace portaflow::mesh
