// The mesh topology checks: the box and four-block generators give identical nodes
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
    // An interface whose nodes do not coincide: node (2, nj - 1) of lower_right lies on its jmax
    // face, the cut shared with lower_left (its node (0, 0) would be an outer corner, on no
    // interface). Moved by 0.01 of a 0.125 cell, its cells stay right-handed.
    auto m = valid_mesh();
    auto& b = m.blocks[1];
    b.y[b.index(2, b.nodes[1] - 1)] += 0.01;
    expect_invalid(m, "interface 0: node (4, 2, 0) of block 0 'lower_left', face imax");
  }
  {
    auto m = valid_mesh();  // a patch beyond its face
    m.boundaries[0].patch.end[0] += 3;
    expect_invalid(m, "covers nodes");
  }
  {
    // A left-handed block: upper_left with the order of its i lines reversed (whole nodes, x and
    // y; swapping x alone barely moves them, since upper_left's i runs along -y).
    auto m = valid_mesh();
    auto& b = m.blocks[2];
    for (int j = 0; j < b.nodes[1]; ++j)
      for (int i = 0; i < b.nodes[0] / 2; ++i) {
        std::swap(b.x[b.index(i, j)], b.x[b.index(b.nodes[0] - 1 - i, j)]);
        std::swap(b.y[b.index(i, j)], b.y[b.index(b.nodes[0] - 1 - i, j)]);
      }
    expect_invalid(m, "block 2 'upper_left' is not right-handed at cell (0, 0, 0)");
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

// The remaining checks of validate(), one broken mesh each; every message must name the block
// (index and name) and, where there is one, the face and node, because that is what a user
// needs to find the mistake in a generator or a Plot3D file.
TEST(MultiBlockMesh, ValidateRejectsEachRemainingKindOfError) {
  {
    auto m = valid_mesh();                         // the uncovered node is named, not just the face
    m.boundaries.erase(m.boundaries.begin() + 1);  // lower_left's jmin
    expect_invalid(m, "block 0 'lower_left', face jmin, node (0, 0, 0) is covered by no");
  }
  {
    auto m = valid_mesh();  // a block of one node along j
    auto& b = m.blocks[3];
    b.nodes[1] = 1;
    b.x.resize(b.node_count());
    b.y.resize(b.node_count());
    expect_invalid(m, "block 3 'upper_right' has 1 node(s) along j");
  }
  {
    auto m = valid_mesh();  // coordinate arrays of the wrong size
    m.blocks[1].y.pop_back();
    expect_invalid(m, "block 1 'lower_right' has 24 y coordinates");
  }
  {
    auto m = valid_mesh();  // a 2D block with z coordinates
    m.blocks[0].z.assign(m.blocks[0].node_count(), 0.0);
    expect_invalid(m, "block 0 'lower_left' has 25 z coordinates");
  }
  {
    auto m = valid_mesh();  // the two sides of an interface of different sizes
    m.interfaces[2].b.end[0] -= 1;
    expect_invalid(m, "interface 2: patch a on block 1 'lower_right', face imax has 5 x 1");
  }
  {
    auto m = valid_mesh();  // a patch on a face a 2D block does not have
    m.boundaries[0].patch.face = Face::kKMax;
    expect_invalid(m, "boundary patch 0 (far_field) is on block 0 'lower_left', face kmax");
  }
  {
    auto m = valid_mesh();  // a patch on a block the mesh does not have
    m.interfaces[0].b.block = 7;
    expect_invalid(m, "interface 0 patch b names block 7");
  }
}

// A 3D block: the cell volume replaces the area in the right-handedness check, and the six
// faces need patches.
TEST(MultiBlockMesh, ValidateChecks3DBlocks) {
  MultiBlockMesh m;
  m.dimension = 3;
  BlockGrid b;
  b.name = "cube";
  b.nodes = {3, 4, 2};
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 3; ++i) {
        b.x.push_back(0.5 * i + 0.05 * j);
        b.y.push_back(0.25 * j);
        b.z.push_back(0.3 * k);
      }
  m.blocks.push_back(b);
  for (int f = 0; f < 6; ++f)
    m.boundaries.push_back({whole_face(m, 0, static_cast<Face>(f)), BoundaryKind::kSlipWall});
  EXPECT_NO_THROW(validate(m));
  auto mirrored = m;  // z -> -z reverses the k direction
  for (double& z : mirrored.blocks[0].z) z = -z;
  expect_invalid(mirrored,
                 "block 0 'cube' is not right-handed at cell (0, 0, 0): its signed volume");
  auto uncovered = m;
  uncovered.boundaries.pop_back();
  expect_invalid(uncovered, "block 0 'cube', face kmax, node (0, 0, 1)");
}

}  // namespace
}  // namespace portaflow::mesh
