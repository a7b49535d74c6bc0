#include "portaflow/mesh/cube_mesh.hpp"

#include <cmath>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"

namespace portaflow::mesh {

namespace {

void check_cube(std::array<int, 3> nodes, std::array<double, 6> domain, double warp) {
  for (int d = 0; d < 3; ++d) {
    if (nodes[d] < 2)
      throw InputError("cube mesh: needs at least 2 nodes per direction, got " +
                       std::to_string(nodes[d]) + " along " + "xyz"[d]);
    if (!(domain[2 * d + 1] > domain[2 * d]))
      throw InputError(std::string("cube mesh: the domain's ") + "xyz"[d] +
                       " maximum must exceed its minimum");
  }
  if (!(std::fabs(warp) <= 0.1))
    throw InputError("cube mesh: |warp| must be at most 0.1 (larger folds cells); got " +
                     std::to_string(warp));
}

// sin(pi x), exactly 0 at integer x, so the warping vanishes exactly on the faces.
double sin_pi(double x) {
  if (x == std::floor(x)) return 0.0;
  return std::sin(3.14159265358979323846 * x);
}

std::array<double, 3> cube_node(std::array<int, 3> nodes, std::array<double, 6> domain, double warp,
                                std::array<int, 3> global) {
  double f[3], length[3];
  for (int d = 0; d < 3; ++d) {
    f[d] = static_cast<double>(global[d]) / (nodes[d] - 1);
    length[d] = domain[2 * d + 1] - domain[2 * d];
  }
  std::array<double, 3> p;
  for (int d = 0; d < 3; ++d) {
    // The own direction with sin(pi .), the other two with sin(2 pi .).
    double shift = warp * length[d];
    for (int e = 0; e < 3; ++e) shift *= sin_pi(e == d ? f[e] : 2 * f[e]);
    p[d] = domain[2 * d] + f[d] * length[d] + shift;
  }
  return p;
}

// The block covering global nodes [low, high] (inclusive) per axis, with its index axes rotated.
BlockGrid rotated_block(const std::string& name, std::array<int, 3> low, std::array<int, 3> high,
                        const Rotation& rotation, std::array<int, 3> nodes,
                        std::array<double, 6> domain, double warp) {
  BlockGrid block;
  block.name = name;
  for (int a = 0; a < 3; ++a) {
    const int g = rotation[a].axis;
    block.nodes[a] = high[g] - low[g] + 1;
  }
  block.x.resize(block.node_count());
  block.y.resize(block.node_count());
  block.z.resize(block.node_count());
  for (int k = 0; k < block.nodes[2]; ++k)
    for (int j = 0; j < block.nodes[1]; ++j)
      for (int i = 0; i < block.nodes[0]; ++i) {
        const int local[3] = {i, j, k};
        std::array<int, 3> global{};
        for (int a = 0; a < 3; ++a) {
          const int g = rotation[a].axis;
          global[g] = rotation[a].sign > 0 ? low[g] + local[a] : high[g] - local[a];
        }
        const auto p = cube_node(nodes, domain, warp, global);
        const std::size_t at = block.index(i, j, k);
        block.x[at] = p[0];
        block.y[at] = p[1];
        block.z[at] = p[2];
      }
  return block;
}

}  // namespace

const std::array<Rotation, 24>& cube_rotations() {
  static const std::array<Rotation, 24> rotations = [] {
    std::array<Rotation, 24> out{};
    int count = 0;
    const int permutations[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                    {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    for (int p = 0; p < 6; ++p)
      for (int signs = 0; signs < 8; ++signs) {
        Rotation r;
        int sign_product = 1;
        for (int a = 0; a < 3; ++a) {
          r[a] = {permutations[p][a], (signs >> a) & 1 ? -1 : 1};
          sign_product *= r[a].sign;
        }
        const int parity = p < 3 ? 1 : -1;  // the last three permutations are odd
        if (parity * sign_product == 1) out[count++] = r;
      }
    return out;
  }();
  return rotations;
}

MultiBlockMesh cube_mesh(std::array<int, 3> nodes, std::array<double, 6> domain, double warp) {
  check_cube(nodes, domain, warp);
  MultiBlockMesh mesh;
  mesh.dimension = 3;
  mesh.blocks.push_back(rotated_block("cube", {0, 0, 0}, {nodes[0] - 1, nodes[1] - 1, nodes[2] - 1},
                                      cube_rotations()[0], nodes, domain, warp));
  for (int f = 0; f < 6; ++f)
    mesh.boundaries.push_back({whole_face(mesh, 0, static_cast<Face>(f)), BoundaryKind::kFarField});
  validate(mesh);
  return mesh;
}

MultiBlockMesh cube_blocks_mesh(std::array<int, 3> nodes, std::array<double, 6> domain,
                                double warp) {
  check_cube(nodes, domain, warp);
  for (int d = 0; d < 3; ++d)
    if (nodes[d] % 2 == 0)
      throw InputError(
          "cube_blocks mesh: cuts the cube at its middle nodes, so every node count "
          "must be odd; found " +
          std::to_string(nodes[d]) + " along " + "xyz"[d]);
  const int mi = nodes[0] / 2, mj = nodes[1] / 2, mk = nodes[2] / 2;
  const int ni = nodes[0] - 1, nj = nodes[1] - 1, nk = nodes[2] - 1;
  const auto& rotations = cube_rotations();
  std::vector<BlockGrid> blocks;
  blocks.push_back(
      rotated_block("slab", {0, 0, 0}, {ni, nj, mk}, rotations[0], nodes, domain, warp));
  const char* names[4] = {"upper_11", "upper_21", "upper_12", "upper_22"};
  const int chosen[4] = {5, 10, 15, 22};  // four more rotations, each a different permutation
  for (int q = 0; q < 4; ++q) {
    const int qi = q % 2, qj = q / 2;
    const std::array<int, 3> low{qi ? mi : 0, qj ? mj : 0, mk};
    const std::array<int, 3> high{qi ? ni : mi, qj ? nj : mj, nk};
    blocks.push_back(rotated_block(names[q], low, high, rotations[chosen[q]], nodes, domain, warp));
  }
  return mesh_from_blocks(std::move(blocks), {}, BoundaryKind::kFarField, 1e-8);
}

MultiBlockMesh cube_array_mesh(std::array<int, 3> blocks, int block_nodes,
                               std::array<double, 6> domain, double warp) {
  std::array<int, 3> nodes{};
  for (int d = 0; d < 3; ++d) nodes[d] = blocks[d] * (block_nodes - 1) + 1;
  check_cube(nodes, domain, warp);
  std::vector<BlockGrid> grids;
  for (int bk = 0; bk < blocks[2]; ++bk)
    for (int bj = 0; bj < blocks[1]; ++bj)
      for (int bi = 0; bi < blocks[0]; ++bi) {
        const std::array<int, 3> low{bi * (block_nodes - 1), bj * (block_nodes - 1),
                                     bk * (block_nodes - 1)};
        const std::array<int, 3> high{low[0] + block_nodes - 1, low[1] + block_nodes - 1,
                                      low[2] + block_nodes - 1};
        grids.push_back(rotated_block("block_" + std::to_string(grids.size()), low, high,
                                      cube_rotations()[0], nodes, domain, warp));
      }
  return mesh_from_blocks(std::move(grids), {}, BoundaryKind::kFarField, 1e-8);
}

}  // namespace portaflow::mesh
