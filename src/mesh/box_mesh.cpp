#include "portaflow/mesh/box_mesh.hpp"

#include <cmath>
#include <functional>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

namespace {

void check_box(std::array<int, 2> nodes, std::array<double, 4> domain) {
  if (nodes[0] < 2 || nodes[1] < 2)
    throw InputError("box mesh: needs at least 2 nodes per direction, got [" +
                     std::to_string(nodes[0]) + ", " + std::to_string(nodes[1]) + "]");
  if (!(domain[1] > domain[0]) || !(domain[3] > domain[2]))
    throw InputError(
        "box mesh: the domain [x_min, x_max, y_min, y_max] must have x_max > x_min "
        "and y_max > y_min");
}

// sin(pi x), exactly 0 at integer x (std::sin(pi) is 1.2e-16), so the warping vanishes exactly on
// the boundary and periodic partners coincide.
double sin_pi(double x) {
  if (x == std::floor(x)) return 0.0;
  return std::sin(3.14159265358979323846 * x);
}

// Position of global node (I, J) of the warped box; the one formula both generators use, so the
// four-block nodes equal the box nodes bit for bit.
std::array<double, 2> box_node(std::array<int, 2> nodes, std::array<double, 4> domain, double warp,
                               int I, int J) {
  return warped_box_point(domain, warp, static_cast<double>(I) / (nodes[0] - 1),
                          static_cast<double>(J) / (nodes[1] - 1));
}

// A block of ni x nj nodes whose node (i, j) is global node to_global(i, j).
BlockGrid make_block(const std::string& name, int ni, int nj, std::array<int, 2> nodes,
                     std::array<double, 4> domain, double warp,
                     const std::function<std::array<int, 2>(int, int)>& to_global) {
  BlockGrid block;
  block.name = name;
  block.nodes = {ni, nj, 1};
  block.x.resize(block.node_count());
  block.y.resize(block.node_count());
  for (int j = 0; j < nj; ++j)
    for (int i = 0; i < ni; ++i) {
      const auto g = to_global(i, j);
      const auto p = box_node(nodes, domain, warp, g[0], g[1]);
      block.x[block.index(i, j)] = p[0];
      block.y[block.index(i, j)] = p[1];
    }
  return block;
}

}  // namespace

std::array<double, 2> warped_box_point(std::array<double, 4> domain, double warp, double s,
                                       double t) {
  const double lx = domain[1] - domain[0], ly = domain[3] - domain[2];
  return {domain[0] + lx * s + warp * lx * sin_pi(s) * sin_pi(2 * t),
          domain[2] + ly * t + warp * ly * sin_pi(2 * s) * sin_pi(t)};
}

MultiBlockMesh box_mesh(std::array<int, 2> nodes, std::array<double, 4> domain, double warp) {
  check_box(nodes, domain);
  MultiBlockMesh mesh;
  mesh.dimension = 2;
  mesh.blocks.push_back(
      make_block("box", nodes[0], nodes[1], nodes, domain, warp, [](int i, int j) {
        return std::array<int, 2>{i, j};
      }));
  for (Face f : {Face::kIMin, Face::kIMax, Face::kJMin, Face::kJMax})
    mesh.boundaries.push_back({whole_face(mesh, 0, f), BoundaryKind::kFarField});
  validate(mesh);
  return mesh;
}

MultiBlockMesh four_block_mesh(std::array<int, 2> nodes, std::array<double, 4> domain,
                               double warp) {
  check_box(nodes, domain);
  if (nodes[0] % 2 == 0 || nodes[1] % 2 == 0 || nodes[0] < 3 || nodes[1] < 3)
    throw InputError(
        "four_block mesh: the node counts must be odd (the cut is the middle "
        "node), got [" +
        std::to_string(nodes[0]) + ", " + std::to_string(nodes[1]) + "]");
  const int nx = nodes[0], ny = nodes[1];
  const int mx = (nx - 1) / 2, my = (ny - 1) / 2;
  MultiBlockMesh mesh;
  mesh.dimension = 2;
  using G = std::array<int, 2>;
  mesh.blocks.push_back(
      make_block("lower_left", mx + 1, my + 1, nodes, domain, warp, [](int i, int j) {
        return G{i, j};
      }));
  mesh.blocks.push_back(
      make_block("lower_right", my + 1, mx + 1, nodes, domain, warp, [nx](int i, int j) {
        return G{nx - 1 - j, i};
      }));
  mesh.blocks.push_back(
      make_block("upper_left", my + 1, mx + 1, nodes, domain, warp, [ny](int i, int j) {
        return G{j, ny - 1 - i};
      }));
  mesh.blocks.push_back(
      make_block("upper_right", mx + 1, my + 1, nodes, domain, warp, [nx, ny](int i, int j) {
        return G{nx - 1 - i, ny - 1 - j};
      }));
  for (int b = 0; b < 4; ++b)
    for (Face f : {Face::kIMin, Face::kJMin})
      mesh.boundaries.push_back({whole_face(mesh, b, f), BoundaryKind::kFarField});
  auto interface = [&](int a, Face fa, int b, Face fb) {
    InterfacePatch p;
    p.a = whole_face(mesh, a, fa);
    p.b = whole_face(mesh, b, fb);
    mesh.interfaces.push_back(p);
  };
  interface(0, Face::kIMax, 1, Face::kJMax);
  interface(0, Face::kJMax, 2, Face::kIMax);
  interface(1, Face::kIMax, 3, Face::kJMax);
  interface(2, Face::kJMax, 3, Face::kIMax);
  validate(mesh);
  return mesh;
}

}  // namespace portaflow::mesh
