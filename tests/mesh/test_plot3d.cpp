// Plot3D grid files and the connectivity found from coincident face nodes (issue 4): files
// read back bit for bit in both encodings and dimensions, bad files give errors that name the
// file, and the interfaces found on the shipped meshes pair exactly the nodes the generators
// paired (so a mesh exported to Plot3D and read back is the same mesh).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/mesh/plot3d.hpp"

namespace portaflow::mesh {
namespace {

std::filesystem::path scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "portaflow_test_plot3d";
  std::filesystem::create_directories(dir);
  return dir / name;
}

void expect_same_blocks(const std::vector<BlockGrid>& a, const std::vector<BlockGrid>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].nodes, b[k].nodes);
    EXPECT_EQ(a[k].x, b[k].x);  // bitwise: %.17g and raw float64 both round-trip
    EXPECT_EQ(a[k].y, b[k].y);
    EXPECT_EQ(a[k].z.empty() ? std::vector<double>(a[k].node_count(), 0.0) : a[k].z,
              b[k].z.empty() ? std::vector<double>(b[k].node_count(), 0.0) : b[k].z);
  }
}

std::vector<BlockGrid> small_3d_blocks() {
  BlockGrid b;
  b.name = "cube";
  b.nodes = {3, 4, 5};
  for (int k = 0; k < 5; ++k)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 3; ++i) {
        b.x.push_back(0.1 * i + 1e-3 * j * k);
        b.y.push_back(0.3 * j - 1.0 / 3.0);
        b.z.push_back(std::exp(0.2 * k));
      }
  return {b, b};
}

TEST(Plot3d, RoundTripsBitForBitInBothEncodingsAndDimensions) {
  const auto two_d = four_block_mesh({17, 13}, {0, 1, 0, 1}, 0.08).blocks;
  const auto three_d = small_3d_blocks();
  for (auto encoding : {Plot3dEncoding::kAscii, Plot3dEncoding::kBinary}) {
    const auto file = scratch(encoding == Plot3dEncoding::kAscii ? "g.xyz" : "g.x");
    write_plot3d(file, two_d, encoding);
    expect_same_blocks(two_d, read_plot3d(file));
    write_plot3d(file, three_d, encoding);
    const auto back = read_plot3d(file);
    expect_same_blocks(three_d, back);
    EXPECT_EQ(back[0].dimension(), 3);
  }
}

TEST(Plot3d, BadFilesNameTheFileAndTheProblem) {
  auto expect_error = [](const std::filesystem::path& file, const std::string& words) {
    try {
      read_plot3d(file);
      ADD_FAILURE() << "no error for " << file;
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(file.string()), std::string::npos) << message;
      EXPECT_NE(message.find(words), std::string::npos) << message;
    }
  };
  expect_error(scratch("does_not_exist.xyz"), "cannot be opened");
  const auto blocks = box_mesh({9, 9}, {0, 1, 0, 1}, 0).blocks;
  const auto binary = scratch("bad.x");
  write_plot3d(binary, blocks, Plot3dEncoding::kBinary);
  std::filesystem::resize_file(binary, std::filesystem::file_size(binary) - 20);
  expect_error(binary, "truncated");
  const auto ascii = scratch("bad.xyz");
  { std::ofstream(ascii) << "1\n3 3\n0 1 2 0 1 two 0 1 2\n"; }
  expect_error(ascii, "not a number: 'two'");
  { std::ofstream(ascii) << "1\n2 2\n0 1 0 1 0 0 1 1 7\n"; }
  expect_error(ascii, "numbers left over");
  { std::ofstream(ascii) << "1\n0 3\n"; }
  expect_error(ascii, "fits neither");
}

// Interfaces as sets of coinciding (block, node) pairs, order-free.
std::set<std::pair<std::pair<int, int>, std::pair<int, int>>> node_pairs(
    const MultiBlockMesh& mesh, const std::vector<InterfacePatch>& interfaces) {
  std::set<std::pair<std::pair<int, int>, std::pair<int, int>>> pairs;
  auto node_of = [&](const FacePatch& p, int s) {
    const auto& b = mesh.blocks[p.block];
    const int d = face_direction(p.face);
    const int fixed = face_is_max(p.face) ? b.nodes[d] - 1 : 0;
    const int along = p.begin[0] + s;
    return std::make_pair(p.block, static_cast<int>(d == 0 ? b.index(fixed, along)
                                                           : b.index(along, fixed)));
  };
  for (const auto& i : interfaces)
    for (int s = 0; s < i.a.extent()[0]; ++s) {
      auto x = node_of(i.a, s), y = node_of(i.b, twin_offsets(i, s, 0)[0]);
      pairs.insert(x < y ? std::make_pair(x, y) : std::make_pair(y, x));
    }
  return pairs;
}

TEST(BlockConnectivity, FindsTheGeneratorsInterfacesOnTheShippedMeshes) {
  const auto four = four_block_mesh({17, 21}, {0, 1, 0, 1}, 0.08);
  const auto found = find_interfaces(four.blocks, 1e-8);
  EXPECT_EQ(found.size(), 4u);
  EXPECT_EQ(node_pairs(four, found), node_pairs(four, four.interfaces));
  const auto naca = naca0012_c_mesh(0, 20);
  const auto naca_found = find_interfaces(naca.blocks, 1e-8);
  EXPECT_EQ(naca_found.size(), 3u);
  EXPECT_EQ(node_pairs(naca, naca_found), node_pairs(naca, naca.interfaces));
  bool cut_reversed = false;
  for (const auto& i : naca_found) cut_reversed |= i.a.face == Face::kJMin && i.reversed[0];
  EXPECT_TRUE(cut_reversed) << "the wake cut meets itself in reverse";
  // The whole mesh rebuilt from its blocks: the wall named, the rest far field.
  BoundaryPatch wall;
  wall.patch.block = 1;
  wall.patch.face = Face::kJMin;
  wall.kind = BoundaryKind::kSlipWall;
  const auto rebuilt = mesh_from_blocks(naca.blocks, {wall}, BoundaryKind::kFarField, 1e-8);
  EXPECT_EQ(rebuilt.boundaries.size(), naca.boundaries.size());
}

TEST(BlockConnectivity, AFaceMeetingTwoBlocksGetsTwoSubFaces) {
  // Left: 9 x 9 nodes on [0, 1]^2; right: two 5 x 5 blocks on [1, 2] x [0, 0.5] and
  // [1, 2] x [0.5, 1]: the left block's imax face meets both, sharing node 4.
  auto block = [](const std::string& name, double x0, double y0, double h, int n) {
    BlockGrid b;
    b.name = name;
    b.nodes = {n, n, 1};
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        b.x.push_back(x0 + h * i);
        b.y.push_back(y0 + 0.125 * j);
      }
    return b;
  };
  const std::vector<BlockGrid> blocks{block("left", 0, 0, 0.125, 9),
                                      block("lower_right", 1, 0, 0.25, 5),
                                      block("upper_right", 1, 0.5, 0.25, 5)};
  const auto mesh = mesh_from_blocks(blocks, {}, BoundaryKind::kFarField, 1e-8);
  int on_left_imax = 0;
  for (const auto& i : mesh.interfaces)
    if (i.a.block == 0 && i.a.face == Face::kIMax) {
      ++on_left_imax;
      EXPECT_EQ(i.a.extent()[0], 5);
    }
  EXPECT_EQ(on_left_imax, 2);
}

}  // namespace
}  // namespace portaflow::mesh
