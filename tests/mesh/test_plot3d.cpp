// Plot3D grid files and the connectivity found from coincident face nodes: files
// read back bit for bit in both encodings and dimensions, bad files give errors that name the
// file, and the interfaces found on the shipped meshes pair exactly the nodes the generators
// paired (so a mesh exported to Plot3D and read back is the same mesh).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <tuple>

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
    } catch (const InputError& e) {  // a bad file is bad input: exit code 2
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
  expect_error(ascii, "number 2 (line 2) is not positive: '0' (expected dimension ni of block 0");
  // Found by the fuzzer (fuzz/plot3d_fuzz.cpp): counts far beyond what the file holds were
  // allocated before the data were read (3 GB for this 8-byte file). Now: truncated, at once.
  { std::ofstream(ascii) << "27016877"; }
  expect_error(ascii, "truncated");
  { std::ofstream(ascii) << "1\n40000 40000\n0 1\n"; }
  expect_error(ascii, "truncated");
  std::string huge_count("\x04\0\0\0\xff\xff\xff\x0f\x04\0\0\0\xf8\xff\xff\x7f", 16);
  { std::ofstream(binary, std::ios::binary) << huge_count; }
  expect_error(binary, "truncated");
}

// Each kind of damage a grid file arrives with, in both encodings: the message names the file
// and says where (byte offset, or number and line) and what was expected there, so the user can
// fix the file or the tool that wrote it.
TEST(Plot3d, EachKindOfDamageIsReportedWithItsPlace) {
  auto expect_error = [](const std::string& name, const std::string& bytes,
                         const std::string& words) {
    const auto file = scratch(name);
    { std::ofstream(file, std::ios::binary) << bytes; }
    try {
      read_plot3d(file);
      ADD_FAILURE() << "no error for " << name;
    } catch (const InputError& e) {  // a bad file is bad input: exit code 2
      const std::string message = e.what();
      EXPECT_NE(message.find("'" + file.string() + "'"), std::string::npos) << message;
      EXPECT_NE(message.find(words), std::string::npos) << message;
    }
  };
  const auto good = scratch("good.x");
  write_plot3d(good, box_mesh({3, 3}, {0, 1, 0, 1}, 0).blocks, Plot3dEncoding::kBinary);
  std::string bytes;
  {
    std::ifstream in(good, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  // Layout: [4][1][4] [8][3][3][8] [144][9 x, 9 y][144]: bytes 0, 8, 12, 24, 28 are markers.
  auto patched = [&](std::size_t at, unsigned char value) {
    std::string copy = bytes;
    copy[at] = static_cast<char>(value);
    return copy;
  };
  expect_error("marker0.x", patched(0, 8), "byte 0: the first record marker is 8, expected 4");
  std::string big_endian = bytes;
  std::swap(big_endian[0], big_endian[3]);
  expect_error("big_endian.x", big_endian, "looks big-endian");
  expect_error("marker8.x", patched(8, 5), "byte 8: the record marker after the block count is 5");
  expect_error("dims_length.x", patched(12, 7), "byte 12: the dimensions record is 7 bytes long");
  expect_error("zero_dim.x", patched(16, 0), "byte 16: dimension ni of block 0 is 0");
  expect_error("negative_dim.x", patched(23, 0xff), "byte 20: dimension nj of block 0 is -");
  expect_error("marker28.x", patched(28, 0x80),
               "byte 28: the record marker before the "
               "coordinates of block 0 is 128, expected 144");
  expect_error("truncated.x", bytes.substr(0, bytes.size() - 10), "is truncated");
  expect_error("trailing.x", bytes + std::string(8, '\0'), "8 bytes of trailing data");
  // ASCII: "number N (line L)" counts from 1 and includes the block count and dimensions.
  expect_error("word.xyz", "1\n2 2\n0 1 0 1\n0 0 one 1\n",
               "number 10 (line 4) is not a number: 'one' (expected a y coordinate of block 0)");
  expect_error("nan.xyz", "1\n2 2\n0 nan 0 1 0 0 1 1\n", "is not a number: 'nan'");
  expect_error("negative.xyz", "2\n2 2\n-2 2\n",
               "is not positive: '-2' (expected dimension ni "
               "of block 1");
  expect_error("left_over.xyz", "1\n2 2\n0 1 0 1 0 0 1 1 7\n",
               "numbers left over: 1 after the last block's coordinates, from number 12");
  expect_error("short.xyz", "1\n2 2\n0 1 0 1 0 0 1\n", "is truncated");
  expect_error("empty.xyz", "", "is empty");
  expect_error("wavy.xyz", "1\n2 2 1\n0 1 0 1 0 0 1 1 0 0 0.5 0\n", "must lie in one plane");
}

// Other tools' spellings of valid files: Fortran D exponents, and a 2D grid stored as 3D with
// nk = 1 in one plane (read as the 2D blocks it is).
TEST(Plot3d, ReadsFortranExponentsAndPlanarThreeDimensionalFiles) {
  const auto file = scratch("planar.xyz");
  { std::ofstream(file) << "1\n2 2 1\n0 1.0D+00 0 1d0\n0 0 1 1\n5 5 5 5\n"; }
  const auto blocks = read_plot3d(file);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].nodes, (std::array<int, 3>{2, 2, 1}));
  EXPECT_EQ(blocks[0].x, (std::vector<double>{0, 1, 0, 1}));
  EXPECT_EQ(blocks[0].y, (std::vector<double>{0, 0, 1, 1}));
  EXPECT_TRUE(blocks[0].z.empty());
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
    return std::make_pair(p.block,
                          static_cast<int>(d == 0 ? b.index(fixed, along) : b.index(along, fixed)));
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

// Beyond pairing the same nodes: find_interfaces lists each four-block cut once, on the lower
// block, as whole faces with the orientation the generator documents (imax against jmax, not
// reversed; box_mesh.hpp says why).
TEST(BlockConnectivity, RecoversTheFourBlockCutsExactly) {
  const auto four = four_block_mesh({9, 13}, {0, 1, 0, 1}, 0.1);
  auto found = find_interfaces(four.blocks, 1e-8);
  ASSERT_EQ(found.size(), four.interfaces.size());
  auto key = [](const InterfacePatch& i) {
    return std::make_tuple(i.a.block, static_cast<int>(i.a.face), i.b.block,
                           static_cast<int>(i.b.face));
  };
  std::sort(found.begin(), found.end(), [&](auto& l, auto& r) { return key(l) < key(r); });
  for (std::size_t n = 0; n < found.size(); ++n) {
    const InterfacePatch& want = four.interfaces[n];
    const InterfacePatch& got = found[n];
    EXPECT_EQ(key(got), key(want)) << "interface " << n;
    EXPECT_EQ(got.a.begin, want.a.begin) << "interface " << n;
    EXPECT_EQ(got.a.end, want.a.end) << "interface " << n;
    EXPECT_EQ(got.b.begin, want.b.begin) << "interface " << n;
    EXPECT_EQ(got.b.end, want.b.end) << "interface " << n;
    EXPECT_EQ(got.reversed[0], want.reversed[0]) << "interface " << n;
  }
}

// One C-grid block: its jmin face runs along the lower side of a wake cut, round a circular
// "airfoil" and back along the upper side, so nodes i and ni-1-i of jmin coincide for i <= wake
// (the trailing edge included) and the face meets itself, reversed. Every node also "meets"
// itself, which must not count.
BlockGrid one_block_c_grid(int wake, int round, int normal) {
  const double pi = 3.14159265358979323846;
  BlockGrid g;
  g.name = "c_grid";
  g.nodes = {2 * wake + round + 1, normal + 1, 1};
  const int ni = g.nodes[0];
  // Inner curve (the cut, then a circle of radius 0.5 through the trailing edge (1, 0),
  // clockwise) and outer curve (y = -2, a semicircle of radius 2 round (1, 0), y = 2).
  auto inner = [&](int i) -> std::array<double, 2> {
    if (i <= wake) return {3.0 - 2.0 * i / wake, 0.0};
    if (i >= ni - 1 - wake) return {3.0 - 2.0 * (ni - 1 - i) / wake, 0.0};
    const double angle = -2.0 * pi * (i - wake) / round;
    return {0.5 + 0.5 * std::cos(angle), 0.5 * std::sin(angle)};
  };
  auto outer = [&](int i) -> std::array<double, 2> {
    if (i <= wake) return {3.0 - 2.0 * i / wake, -2.0};
    if (i >= ni - 1 - wake) return {3.0 - 2.0 * (ni - 1 - i) / wake, 2.0};
    const double angle = -0.5 * pi - pi * (i - wake) / round;
    return {1.0 + 2.0 * std::cos(angle), 2.0 * std::sin(angle)};
  };
  for (int j = 0; j <= normal; ++j)
    for (int i = 0; i < ni; ++i) {
      const double v = static_cast<double>(j) / normal;
      g.x.push_back((1 - v) * inner(i)[0] + v * outer(i)[0]);
      g.y.push_back((1 - v) * inner(i)[1] + v * outer(i)[1]);
    }
  return g;
}

TEST(BlockConnectivity, ASingleCGridMeetsItselfAcrossTheWakeCut) {
  const int wake = 6, round = 24, normal = 8;
  const BlockGrid c_grid = one_block_c_grid(wake, round, normal);
  const int ni = c_grid.nodes[0];
  const auto found = find_interfaces({c_grid}, 1e-8);
  ASSERT_EQ(found.size(), 1u);
  const InterfacePatch& cut = found[0];
  EXPECT_EQ(cut.a.face, Face::kJMin);
  EXPECT_EQ(cut.b.face, Face::kJMin);
  EXPECT_EQ(cut.a.begin[0], 0);
  EXPECT_EQ(cut.a.end[0], wake + 1);  // the lower side, trailing edge included
  EXPECT_EQ(cut.b.begin[0], ni - 1 - wake);
  EXPECT_EQ(cut.b.end[0], ni);
  EXPECT_TRUE(cut.reversed[0]);
  // The airfoil named a wall; the rest of the mesh far field. The wall patch must hold every
  // airfoil node strictly between the two trailing-edge nodes.
  BoundaryPatch wall;
  wall.patch.block = 0;
  wall.patch.face = Face::kJMin;
  wall.kind = BoundaryKind::kSlipWall;
  const auto mesh = mesh_from_blocks({c_grid}, {wall}, BoundaryKind::kFarField, 1e-8);
  int walls = 0;
  for (const auto& b : mesh.boundaries) {
    if (b.kind != BoundaryKind::kSlipWall) continue;
    ++walls;
    EXPECT_EQ(b.patch.face, Face::kJMin);
    EXPECT_LE(b.patch.begin[0], wake + 1);
    EXPECT_GE(b.patch.end[0], ni - 1 - wake);
  }
  EXPECT_EQ(walls, 1);
}

}  // namespace
}  // namespace portaflow::mesh
