// The multi-block mesh's vocabulary (faces, patch offsets, twins) and validate(): the checks
// every mesh passes before a solver sees it, so that a generator bug or a bad Plot3D file fails
// at setup with a sentence that names the block, face and node instead of as a wrong solution.
#include "portaflow/mesh/multiblock_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "mesh_messages.hpp"
#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

using detail::block_label;
using detail::direction_name;
using detail::face_label;
using detail::node_label;

const char* face_name(Face f) {
  switch (f) {
    case Face::kIMin:
      return "imin";
    case Face::kIMax:
      return "imax";
    case Face::kJMin:
      return "jmin";
    case Face::kJMax:
      return "jmax";
    case Face::kKMin:
      return "kmin";
    case Face::kKMax:
      return "kmax";
  }
  return "unknown face";
}

std::array<int, 2> tangential_directions(Face f) {
  switch (face_direction(f)) {
    case 0:
      return {1, 2};
    case 1:
      return {0, 2};
    default:
      return {0, 1};
  }
}

const char* boundary_kind_name(BoundaryKind kind) {
  switch (kind) {
    case BoundaryKind::kFarField:
      return "far_field";
    case BoundaryKind::kSlipWall:
      return "slip_wall";
    case BoundaryKind::kSymmetry:
      return "symmetry";
    case BoundaryKind::kSupersonicInflow:
      return "supersonic_inflow";
    case BoundaryKind::kSupersonicOutflow:
      return "supersonic_outflow";
  }
  return "unknown boundary kind";
}

InterfacePatch seen_from_b(const InterfacePatch& in) {
  InterfacePatch out;
  out.a = in.b;
  out.b = in.a;
  // a's axis k runs along b's axis axis_map[k]; so b's axis axis_map[k] runs along a's axis k.
  for (int k = 0; k < 2; ++k) {
    out.axis_map[static_cast<std::size_t>(in.axis_map[k])] = k;
    out.reversed[static_cast<std::size_t>(in.axis_map[k])] = in.reversed[k];
  }
  return out;
}

std::array<int, 2> twin_offsets(const InterfacePatch& interface, int s, int t) {
  const std::array<int, 2> extent_b = interface.b.extent();
  const std::array<int, 2> along_a = {s, t};
  std::array<int, 2> offsets{0, 0};
  for (int axis = 0; axis < 2; ++axis) {
    const int axis_b = interface.axis_map[axis];
    offsets[axis_b] =
        interface.reversed[axis] ? extent_b[axis_b] - 1 - along_a[axis] : along_a[axis];
  }
  return offsets;
}

std::size_t MultiBlockMesh::node_count() const {
  std::size_t count = 0;
  for (const BlockGrid& block : blocks) count += block.node_count();
  return count;
}

std::array<int, 2> face_extent(const std::array<int, 3>& nodes, Face face) {
  const std::array<int, 2> directions = tangential_directions(face);
  return {nodes[directions[0]], nodes[directions[1]]};
}

std::array<int, 3> patch_node(const std::array<int, 3>& nodes, const FacePatch& patch, int s,
                              int t) {
  const int normal = face_direction(patch.face);
  const std::array<int, 2> directions = tangential_directions(patch.face);
  std::array<int, 3> node{0, 0, 0};
  node[normal] = face_is_max(patch.face) ? nodes[normal] - 1 : 0;
  node[directions[0]] = patch.begin[0] + s;
  node[directions[1]] = patch.begin[1] + t;
  return node;
}

std::array<double, 3> node_position(const BlockGrid& block, const std::array<int, 3>& node) {
  return node_position(block, block.index(node[0], node[1], node[2]));
}

std::array<double, 3> node_position(const BlockGrid& block, std::size_t at) {
  return {block.x[at], block.y[at], block.z.empty() ? 0.0 : block.z[at]};
}

BlockGrid sized_block(const std::string& name, const std::array<int, 3>& nodes) {
  BlockGrid g;
  g.name = name;
  g.nodes = nodes;
  g.x.resize(g.node_count());
  g.y.resize(g.node_count());
  if (nodes[2] > 1) g.z.resize(g.node_count());
  return g;
}

bool right_handed(const std::array<double, 3>& p0, const std::array<double, 3>& pi,
                  const std::array<double, 3>& pj, const std::array<double, 3>& pk) {
  const double a[3] = {pi[0] - p0[0], pi[1] - p0[1], pi[2] - p0[2]};
  const double b[3] = {pj[0] - p0[0], pj[1] - p0[1], pj[2] - p0[2]};
  const double c[3] = {pk[0] - p0[0], pk[1] - p0[1], pk[2] - p0[2]};
  return (a[1] * b[2] - a[2] * b[1]) * c[0] + (a[2] * b[0] - a[0] * b[2]) * c[1] +
             (a[0] * b[1] - a[1] * b[0]) * c[2] >
         0;
}

namespace {

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                   (a[2] - b[2]) * (a[2] - b[2]));
}

}  // namespace

double smallest_edge_next_to(const BlockGrid& block, const std::array<int, 3>& node) {
  const std::array<double, 3> here = node_position(block, node);
  double shortest = std::numeric_limits<double>::infinity();
  for (int d = 0; d < 3; ++d) {
    for (int step : {-1, 1}) {
      std::array<int, 3> neighbour = node;
      neighbour[d] += step;
      if (neighbour[d] < 0 || neighbour[d] >= block.nodes[d]) continue;
      shortest = std::min(shortest, distance(here, node_position(block, neighbour)));
    }
  }
  // A block of one node has no edge: only an exact coincidence counts then.
  return std::isinf(shortest) ? 0.0 : shortest;
}

bool nodes_coincide(const BlockGrid& block_a, const std::array<int, 3>& node_a,
                    const BlockGrid& block_b, const std::array<int, 3>& node_b, double tolerance) {
  const double scale =
      std::min(smallest_edge_next_to(block_a, node_a), smallest_edge_next_to(block_b, node_b));
  return distance(node_position(block_a, node_a), node_position(block_b, node_b)) <=
         tolerance * scale;
}

FacePatch whole_face(const MultiBlockMesh& mesh, int block, Face face) {
  require(block >= 0 && block < static_cast<int>(mesh.blocks.size()),
          "whole_face: block " + std::to_string(block) + " does not exist; the mesh has " +
              std::to_string(mesh.blocks.size()) + " blocks");
  FacePatch patch;
  patch.block = block;
  patch.face = face;
  patch.begin = {0, 0};
  patch.end = face_extent(mesh.blocks[static_cast<std::size_t>(block)].nodes, face);
  return patch;
}

namespace {

int face_count(int dimension) { return 2 * dimension; }

void check_block_shape(const MultiBlockMesh& mesh, int b) {
  const BlockGrid& block = mesh.blocks[static_cast<std::size_t>(b)];
  for (int d = 0; d < mesh.dimension; ++d) {
    require(block.nodes[d] >= 2, block_label(block, b) + " has " + std::to_string(block.nodes[d]) +
                                     " node(s) along " + direction_name(d) +
                                     "; a block needs at least 2 (one cell) in each direction");
  }
  if (mesh.dimension == 2) {
    require(block.nodes[2] == 1, block_label(block, b) + " has " + std::to_string(block.nodes[2]) +
                                     " nodes along k, but the mesh is 2D (nodes[2] must be 1)");
  }
  const std::size_t count = block.node_count();
  const auto check_size = [&](const std::vector<double>& values, const char* axis,
                              std::size_t expected) {
    require(values.size() == expected,
            block_label(block, b) + " has " + std::to_string(values.size()) + " " + axis +
                " coordinates; its " + std::to_string(block.nodes[0]) + " x " +
                std::to_string(block.nodes[1]) + " x " + std::to_string(block.nodes[2]) +
                " nodes need " + std::to_string(expected));
  };
  check_size(block.x, "x", count);
  check_size(block.y, "y", count);
  check_size(block.z, "z", mesh.dimension == 3 ? count : 0);
}

// Signed area of cell (i, j) by the cross product of its diagonals (the exact area of the
// quadrilateral): positive when i, j and the out-of-plane normal form a right-handed system.
double signed_cell_area(const BlockGrid& block, int i, int j) {
  const std::size_t n00 = block.index(i, j), n10 = block.index(i + 1, j),
                    n11 = block.index(i + 1, j + 1), n01 = block.index(i, j + 1);
  return 0.5 * ((block.x[n11] - block.x[n00]) * (block.y[n01] - block.y[n10]) -
                (block.y[n11] - block.y[n00]) * (block.x[n01] - block.x[n10]));
}

// det(e_i, e_j, e_k) of the cell's mean edge vectors: positive for a right-handed cell. Cheap,
// and it catches the usual mistake (a block with one index direction reversed).
double signed_cell_volume(const BlockGrid& block, int i, int j, int k) {
  std::array<std::array<double, 3>, 3> edge{};
  for (int d = 0; d < 3; ++d) {
    const std::array<int, 2> across = {(d + 1) % 3, (d + 2) % 3};
    for (int a = 0; a < 2; ++a) {
      for (int c = 0; c < 2; ++c) {
        std::array<int, 3> from = {i, j, k};
        from[across[0]] += a;
        from[across[1]] += c;
        std::array<int, 3> to = from;
        to[d] += 1;
        const std::array<double, 3> p0 = node_position(block, from), p1 = node_position(block, to);
        for (int axis = 0; axis < 3; ++axis) edge[d][axis] += 0.25 * (p1[axis] - p0[axis]);
      }
    }
  }
  const auto& [ei, ej, ek] = edge;
  return ei[0] * (ej[1] * ek[2] - ej[2] * ek[1]) - ei[1] * (ej[0] * ek[2] - ej[2] * ek[0]) +
         ei[2] * (ej[0] * ek[1] - ej[1] * ek[0]);
}

void check_right_handed(const MultiBlockMesh& mesh, int b) {
  const BlockGrid& block = mesh.blocks[static_cast<std::size_t>(b)];
  const int nk_cells = mesh.dimension == 3 ? block.nodes[2] - 1 : 1;
  for (int k = 0; k < nk_cells; ++k) {
    for (int j = 0; j + 1 < block.nodes[1]; ++j) {
      for (int i = 0; i + 1 < block.nodes[0]; ++i) {
        const double size = mesh.dimension == 3 ? signed_cell_volume(block, i, j, k)
                                                : signed_cell_area(block, i, j);
        if (size > 0.0) continue;  // also rejects NaN coordinates
        std::ostringstream text;
        text << block_label(block, b) << " is not right-handed at cell " << node_label({i, j, k})
             << ": its signed " << (mesh.dimension == 3 ? "volume" : "area") << " is " << size
             << ", it must be > 0. Reverse one index direction of the block (or fix the "
                "folded cell) so that i, j"
             << (mesh.dimension == 3 ? ", k" : " and the out-of-plane normal")
             << " form a right-handed system";
        throw Error(text.str());
      }
    }
  }
}

// A patch must name an existing block and face and stay within that face's nodes.
void check_patch_on_face(const MultiBlockMesh& mesh, const FacePatch& patch,
                         const std::string& what) {
  require(patch.block >= 0 && patch.block < static_cast<int>(mesh.blocks.size()),
          what + " names block " + std::to_string(patch.block) + ", but the mesh has " +
              std::to_string(mesh.blocks.size()) + " blocks");
  const int face_value = static_cast<int>(patch.face);
  require(face_value >= 0 && face_value < face_count(mesh.dimension),
          what + " is on " + face_label(mesh, patch.block, patch.face) + ", but a " +
              std::to_string(mesh.dimension) + "D block has no such face");
  const BlockGrid& block = mesh.blocks[static_cast<std::size_t>(patch.block)];
  const std::array<int, 2> extent = face_extent(block.nodes, patch.face);
  const std::array<int, 2> directions = tangential_directions(patch.face);
  for (int axis = 0; axis < 2; ++axis) {
    if (patch.begin[axis] >= 0 && patch.begin[axis] < patch.end[axis] &&
        patch.end[axis] <= extent[axis]) {
      continue;
    }
    // Name the first node of the patch that is not on the face (or its first node when the
    // range is empty).
    std::array<int, 2> offset{0, 0};
    if (patch.begin[axis] >= 0 && patch.begin[axis] < patch.end[axis]) {
      offset[axis] = extent[axis] - patch.begin[axis];
    }
    std::ostringstream text;
    text << what << " on " << face_label(mesh, patch.block, patch.face) << " covers nodes ["
         << patch.begin[axis] << ", " << patch.end[axis] << ") along "
         << direction_name(directions[axis]) << ", but the face has nodes [0, " << extent[axis]
         << ") there: node " << node_label(patch_node(block.nodes, patch, offset[0], offset[1]))
         << " is not on the face (a patch needs a non-empty half-open range within the face)";
    throw Error(text.str());
  }
}

std::string interface_label(std::size_t n) { return "interface " + std::to_string(n); }

void check_interface_shape(const MultiBlockMesh& mesh, const InterfacePatch& interface,
                           std::size_t n) {
  check_patch_on_face(mesh, interface.a, interface_label(n) + " patch a");
  check_patch_on_face(mesh, interface.b, interface_label(n) + " patch b");
  const std::array<int, 2>& map = interface.axis_map;
  const bool permutation = (map[0] == 0 && map[1] == 1) || (map[0] == 1 && map[1] == 0);
  require(permutation && (mesh.dimension == 3 || map[0] == 0),
          interface_label(n) + " between " + face_label(mesh, interface.a.block, interface.a.face) +
              " and " + face_label(mesh, interface.b.block, interface.b.face) + " has axis_map {" +
              std::to_string(map[0]) + ", " + std::to_string(map[1]) +
              "}; it must be {0, 1} or (3D only) {1, 0}");
  const std::array<int, 2> extent_a = interface.a.extent(), extent_b = interface.b.extent();
  if (extent_a[0] == extent_b[map[0]] && extent_a[1] == extent_b[map[1]]) return;
  std::ostringstream text;
  text << interface_label(n) << ": patch a on "
       << face_label(mesh, interface.a.block, interface.a.face) << " has " << extent_a[0] << " x "
       << extent_a[1] << " nodes starting at node "
       << node_label(patch_node(mesh.blocks[static_cast<std::size_t>(interface.a.block)].nodes,
                                interface.a, 0, 0))
       << ", but patch b on " << face_label(mesh, interface.b.block, interface.b.face) << " has "
       << extent_b[map[0]] << " x " << extent_b[map[1]]
       << " along the matching axes; the two sides of an interface must have the same nodes";
  throw Error(text.str());
}

void check_interface_nodes(const MultiBlockMesh& mesh, const InterfacePatch& interface,
                           std::size_t n, double tolerance) {
  const BlockGrid& block_a = mesh.blocks[static_cast<std::size_t>(interface.a.block)];
  const BlockGrid& block_b = mesh.blocks[static_cast<std::size_t>(interface.b.block)];
  const std::array<int, 2> extent = interface.a.extent();
  for (int t = 0; t < extent[1]; ++t) {
    for (int s = 0; s < extent[0]; ++s) {
      const std::array<int, 3> node_a = patch_node(block_a.nodes, interface.a, s, t);
      const std::array<int, 2> twin = twin_offsets(interface, s, t);
      const std::array<int, 3> node_b = patch_node(block_b.nodes, interface.b, twin[0], twin[1]);
      if (nodes_coincide(block_a, node_a, block_b, node_b, tolerance)) continue;
      const std::array<double, 3> pa = node_position(block_a, node_a);
      const std::array<double, 3> pb = node_position(block_b, node_b);
      std::ostringstream text;
      text.precision(17);
      text << interface_label(n) << ": node " << node_label(node_a) << " of "
           << face_label(mesh, interface.a.block, interface.a.face) << " at (" << pa[0] << ", "
           << pa[1] << ", " << pa[2] << ") and its twin " << node_label(node_b) << " of "
           << face_label(mesh, interface.b.block, interface.b.face) << " at (" << pb[0] << ", "
           << pb[1] << ", " << pb[2] << ") do not coincide within " << tolerance
           << " times the shortest edge next to them; check the patch ranges, axis_map and "
              "reversed";
      throw Error(text.str());
    }
  }
}

// Marks the nodes of `patch` in the per-face coverage flags.
void mark_covered(const MultiBlockMesh& mesh, const FacePatch& patch,
                  std::vector<std::vector<std::vector<char>>>& covered) {
  const std::array<int, 2> extent =
      face_extent(mesh.blocks[static_cast<std::size_t>(patch.block)].nodes, patch.face);
  std::vector<char>& flags =
      covered[static_cast<std::size_t>(patch.block)][static_cast<std::size_t>(patch.face)];
  for (int t = patch.begin[1]; t < patch.end[1]; ++t) {
    for (int s = patch.begin[0]; s < patch.end[0]; ++s) {
      flags[static_cast<std::size_t>(s) + static_cast<std::size_t>(extent[0]) * t] = 1;
    }
  }
}

void check_coverage(const MultiBlockMesh& mesh) {
  std::vector<std::vector<std::vector<char>>> covered(mesh.blocks.size());
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    covered[b].resize(static_cast<std::size_t>(face_count(mesh.dimension)));
    for (int f = 0; f < face_count(mesh.dimension); ++f) {
      const std::array<int, 2> extent = face_extent(mesh.blocks[b].nodes, static_cast<Face>(f));
      covered[b][static_cast<std::size_t>(f)].assign(
          static_cast<std::size_t>(extent[0]) * static_cast<std::size_t>(extent[1]), 0);
    }
  }
  for (const BoundaryPatch& boundary : mesh.boundaries) mark_covered(mesh, boundary.patch, covered);
  for (const InterfacePatch& interface : mesh.interfaces) {
    mark_covered(mesh, interface.a, covered);
    mark_covered(mesh, interface.b, covered);
  }
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    for (int f = 0; f < face_count(mesh.dimension); ++f) {
      const Face face = static_cast<Face>(f);
      const std::array<int, 2> extent = face_extent(mesh.blocks[b].nodes, face);
      const std::vector<char>& flags = covered[b][static_cast<std::size_t>(f)];
      for (std::size_t n = 0; n < flags.size(); ++n) {
        if (flags[n]) continue;
        FacePatch at;
        at.block = static_cast<int>(b);
        at.face = face;
        const int s = static_cast<int>(n % static_cast<std::size_t>(extent[0]));
        const int t = static_cast<int>(n / static_cast<std::size_t>(extent[0]));
        throw Error(face_label(mesh, static_cast<int>(b), face) + ", node " +
                    node_label(patch_node(mesh.blocks[b].nodes, at, s, t)) +
                    " is covered by no boundary or interface patch; every face node needs one");
      }
    }
  }
}

}  // namespace

void validate(const MultiBlockMesh& mesh, double tolerance) {
  require(mesh.dimension == 2 || mesh.dimension == 3,
          "the mesh has dimension " + std::to_string(mesh.dimension) + "; it must be 2 or 3");
  require(!mesh.blocks.empty(), "the mesh has no blocks");
  const int block_count = static_cast<int>(mesh.blocks.size());
  for (int b = 0; b < block_count; ++b) check_block_shape(mesh, b);
  for (int b = 0; b < block_count; ++b) check_right_handed(mesh, b);
  for (std::size_t n = 0; n < mesh.boundaries.size(); ++n) {
    check_patch_on_face(mesh, mesh.boundaries[n].patch,
                        std::string("boundary patch ") + std::to_string(n) + " (" +
                            boundary_kind_name(mesh.boundaries[n].kind) + ")");
  }
  for (std::size_t n = 0; n < mesh.interfaces.size(); ++n) {
    check_interface_shape(mesh, mesh.interfaces[n], n);
  }
  for (std::size_t n = 0; n < mesh.interfaces.size(); ++n) {
    check_interface_nodes(mesh, mesh.interfaces[n], n, tolerance);
  }
  check_coverage(mesh);
}

}  // namespace portaflow::mesh
