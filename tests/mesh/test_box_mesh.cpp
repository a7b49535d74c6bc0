// The warped box and its four-block split (box_mesh.hpp): the four-block mesh must hold the box's
// nodes bit for bit in the documented orientations, so that a multi-block run on it can be
// compared with a one-block run on the box and any difference blamed on the interfaces.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/box_mesh.hpp"

namespace portaflow::mesh {
namespace {

double smallest_cell_area(const BlockGrid& block) {
  double smallest = std::numeric_limits<double>::infinity();
  for (int j = 0; j + 1 < block.nodes[1]; ++j) {
    for (int i = 0; i + 1 < block.nodes[0]; ++i) {
      const std::size_t n00 = block.index(i, j), n10 = block.index(i + 1, j),
                        n11 = block.index(i + 1, j + 1), n01 = block.index(i, j + 1);
      const double area = 0.5 * ((block.x[n11] - block.x[n00]) * (block.y[n01] - block.y[n10]) -
                                 (block.y[n11] - block.y[n00]) * (block.x[n01] - block.x[n10]));
      smallest = std::min(smallest, area);
    }
  }
  return smallest;
}

// The continuous map's Jacobian is at least (1 - 0.1 pi)^2 - 4 (0.1 pi)^2 = 0.076 of the uniform
// one at warp 0.1 (box_mesh.hpp), so every cell keeps a positive area, from the coarsest mesh to
// a fine one, and for either sign of the warp (the map with -warp is the mirror image of the
// cell pattern, not a folding).
TEST(BoxMesh, StaysRightHandedUpToWarpOneTenth) {
  for (const std::array<int, 2> nodes :
       {std::array<int, 2>{3, 3}, std::array<int, 2>{9, 17}, std::array<int, 2>{65, 33}}) {
    for (double warp : {-0.1, 0.0, 0.05, 0.1}) {
      const MultiBlockMesh mesh = box_mesh(nodes, {-1.0, 3.0, 0.0, 2.0}, warp);
      const double uniform_area = (4.0 / (nodes[0] - 1)) * (2.0 / (nodes[1] - 1));
      EXPECT_GT(smallest_cell_area(mesh.blocks[0]), 0.05 * uniform_area)
          << nodes[0] << " x " << nodes[1] << " nodes, warp " << warp;
    }
  }
}

// Both warp terms carry sin(pi s) or sin(pi t) on every side, so the boundary nodes stay on the
// rectangle; a few ulps of the domain size are allowed because sin(pi) is 1.2e-16, not 0, in
// floating point.
TEST(BoxMesh, BoundaryNodesStayOnTheRectangle) {
  const std::array<double, 4> domain{-1.0, 3.0, 0.5, 2.5};
  const MultiBlockMesh mesh = box_mesh({17, 13}, domain, 0.1);
  const BlockGrid& box = mesh.blocks[0];
  const double slack = 1e-14 * 4.0;
  for (int j = 0; j < box.nodes[1]; ++j) {
    EXPECT_NEAR(box.x[box.index(0, j)], domain[0], slack);
    EXPECT_NEAR(box.x[box.index(box.nodes[0] - 1, j)], domain[1], slack);
  }
  for (int i = 0; i < box.nodes[0]; ++i) {
    EXPECT_NEAR(box.y[box.index(i, 0)], domain[2], slack);
    EXPECT_NEAR(box.y[box.index(i, box.nodes[1] - 1)], domain[3], slack);
  }
  // The warp does move interior nodes (else the test above would be empty).
  EXPECT_GT(std::abs(box.x[box.index(4, 3)] - (-1.0 + 4.0 * 4 / 16)), 1e-3);
}

// The box is one block, and each of its four faces is one far-field patch (what the deck's
// "box" problem imposes everywhere).
TEST(BoxMesh, EveryFaceIsOneFarFieldPatch) {
  const MultiBlockMesh mesh = box_mesh({5, 7}, {0.0, 1.0, 0.0, 1.0}, 0.0);
  ASSERT_EQ(mesh.blocks.size(), 1u);
  EXPECT_EQ(mesh.blocks[0].name, "box");
  EXPECT_TRUE(mesh.interfaces.empty());
  ASSERT_EQ(mesh.boundaries.size(), 4u);
  for (const BoundaryPatch& boundary : mesh.boundaries) {
    EXPECT_EQ(boundary.kind, BoundaryKind::kFarField);
    const FacePatch whole = whole_face(mesh, 0, boundary.patch.face);
    EXPECT_EQ(boundary.patch.begin, whole.begin);
    EXPECT_EQ(boundary.patch.end, whole.end);
  }
}

TEST(BoxMesh, RejectsTooFewNodesAndAnEmptyDomain) {
  EXPECT_THROW(box_mesh({1, 5}, {0.0, 1.0, 0.0, 1.0}, 0.0), InputError);
  EXPECT_THROW(box_mesh({5, 5}, {1.0, 1.0, 0.0, 1.0}, 0.0), InputError);
  EXPECT_THROW(box_mesh({5, 5}, {0.0, 1.0, 2.0, 1.0}, 0.0), InputError);
}

// Box node (I, J) that node (i, j) of each block came from: the orientations box_mesh.hpp
// documents (0: i +x, j +y; 1: i +y, j -x; 2: i -y, j +x; 3: i -x, j -y).
std::array<int, 2> box_node_of(int block, int i, int j, std::array<int, 2> nodes) {
  const int last_i = nodes[0] - 1, last_j = nodes[1] - 1;
  switch (block) {
    case 0:
      return {i, j};
    case 1:
      return {last_i - j, i};
    case 2:
      return {j, last_j - i};
    default:
      return {last_i - i, last_j - j};
  }
}

// The four-block mesh copies the box's coordinates: every node equals, bit for bit, the box node
// the documented orientation maps it to, and the blocks together reach every box node.
TEST(FourBlockMesh, EveryNodeIsTheBoxNodeItCameFromBitForBit) {
  const std::array<int, 2> nodes{17, 21};
  const std::array<double, 4> domain{0.0, 2.0, -1.0, 1.0};
  const BlockGrid box = box_mesh(nodes, domain, 0.1).blocks[0];
  const MultiBlockMesh four = four_block_mesh(nodes, domain, 0.1);
  ASSERT_EQ(four.blocks.size(), 4u);
  const char* const names[] = {"lower_left", "lower_right", "upper_left", "upper_right"};
  std::vector<int> reached(box.node_count(), 0);
  for (int b = 0; b < 4; ++b) {
    const BlockGrid& block = four.blocks[static_cast<std::size_t>(b)];
    EXPECT_EQ(block.name, names[b]);
    for (int j = 0; j < block.nodes[1]; ++j) {
      for (int i = 0; i < block.nodes[0]; ++i) {
        const std::array<int, 2> at = box_node_of(b, i, j, nodes);
        ASSERT_TRUE(at[0] >= 0 && at[0] < nodes[0] && at[1] >= 0 && at[1] < nodes[1]);
        const std::size_t from = box.index(at[0], at[1]);
        EXPECT_EQ(block.x[block.index(i, j)], box.x[from]) << block.name << " (" << i << ", " << j;
        EXPECT_EQ(block.y[block.index(i, j)], box.y[from]) << block.name << " (" << i << ", " << j;
        ++reached[from];
      }
    }
  }
  // Interior box nodes once, cut nodes twice, the centre four times.
  for (int J = 0; J < nodes[1]; ++J) {
    for (int I = 0; I < nodes[0]; ++I) {
      const int expected = (I == nodes[0] / 2 ? 2 : 1) * (J == nodes[1] / 2 ? 2 : 1);
      EXPECT_EQ(reached[box.index(I, J)], expected) << "box node (" << I << ", " << J << ")";
    }
  }
}

// Two right-handed blocks walk a shared edge in opposite directions round their own boundaries;
// an imax face's index runs counter-clockwise and a jmax face's clockwise, so the four
// imax-jmax cuts pair node s with node s (none reversed), and the outer faces (imin, jmin of
// every block) are far field.
TEST(FourBlockMesh, CutsAreWholeFaceInterfacesAndTheRestFarField) {
  const MultiBlockMesh four = four_block_mesh({9, 13}, {0.0, 1.0, 0.0, 1.0}, 0.05);
  EXPECT_NO_THROW(validate(four));
  struct Cut {
    int block_a;
    Face face_a;
    int block_b;
    Face face_b;
  };
  const Cut cuts[] = {{0, Face::kIMax, 1, Face::kJMax},
                      {0, Face::kJMax, 2, Face::kIMax},
                      {1, Face::kIMax, 3, Face::kJMax},
                      {2, Face::kJMax, 3, Face::kIMax}};
  ASSERT_EQ(four.interfaces.size(), 4u);
  for (std::size_t n = 0; n < 4; ++n) {
    const InterfacePatch& interface = four.interfaces[n];
    EXPECT_EQ(interface.a.block, cuts[n].block_a);
    EXPECT_EQ(interface.a.face, cuts[n].face_a);
    EXPECT_EQ(interface.b.block, cuts[n].block_b);
    EXPECT_EQ(interface.b.face, cuts[n].face_b);
    EXPECT_EQ(interface.a.end, whole_face(four, interface.a.block, interface.a.face).end);
    EXPECT_EQ(interface.b.end, whole_face(four, interface.b.block, interface.b.face).end);
    EXPECT_FALSE(interface.reversed[0]) << "interface " << n;
  }
  ASSERT_EQ(four.boundaries.size(), 8u);
  for (const BoundaryPatch& boundary : four.boundaries) {
    EXPECT_EQ(boundary.kind, BoundaryKind::kFarField);
    EXPECT_FALSE(face_is_max(boundary.patch.face));
  }
}

TEST(FourBlockMesh, RejectsEvenNodeCounts) {
  EXPECT_THROW(four_block_mesh({8, 9}, {0.0, 1.0, 0.0, 1.0}, 0.0), InputError);
  EXPECT_THROW(four_block_mesh({9, 10}, {0.0, 1.0, 0.0, 1.0}, 0.0), InputError);
  EXPECT_NO_THROW(four_block_mesh({3, 3}, {0.0, 1.0, 0.0, 1.0}, 0.1));
}

}  // namespace
}  // namespace portaflow::mesh
