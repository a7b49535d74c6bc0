// Interfaces of 3D blocks found from coincident face nodes (Elsen et al. 2008, Figs. 4-6, in 3D),
// and the boundary patches of the face nodes left over. See block_connectivity.hpp.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>
#include <vector>

#include "mesh_messages.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"

namespace portaflow::mesh {

namespace {

constexpr Face kFaces3D[] = {Face::kIMin, Face::kIMax, Face::kJMin,
                             Face::kJMax, Face::kKMin, Face::kKMax};

// A face's nodes as an (s, t) grid over its two tangential directions.
struct FaceGrid {
  int block;
  Face face;
  std::array<int, 2> extent;
  std::array<int, 3> node(const std::array<int, 3>& nodes, int s, int t) const {
    return patch_node(nodes, FacePatch{block, face, {0, 0}, extent}, s, t);
  }
};

FaceGrid face_grid(const std::vector<BlockGrid>& blocks, int b, Face f) {
  return {b, f, face_extent(blocks[b].nodes, f)};
}

// For every node of face a, the (s, t) on face b of the node it coincides with, or {-1, -1}.
// Face b's nodes are sorted by x, so each lookup scans only those within reach in x. A node
// never matches itself (a face against itself: the C-grid's cut).
std::vector<std::array<int, 2>> match_nodes(const std::vector<BlockGrid>& blocks, const FaceGrid& a,
                                            const FaceGrid& b, double tolerance) {
  const BlockGrid& ga = blocks[a.block];
  const BlockGrid& gb = blocks[b.block];
  std::vector<std::tuple<double, int, int>> sorted;  // (x, s, t) of face b
  for (int t = 0; t < b.extent[1]; ++t)
    for (int s = 0; s < b.extent[0]; ++s)
      sorted.emplace_back(node_position(gb, b.node(gb.nodes, s, t))[0], s, t);
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::array<int, 2>> match(static_cast<std::size_t>(a.extent[0]) * a.extent[1],
                                        {-1, -1});
  for (int t = 0; t < a.extent[1]; ++t)
    for (int s = 0; s < a.extent[0]; ++s) {
      const auto na = a.node(ga.nodes, s, t);
      const double x = node_position(ga, na)[0];
      const double reach = tolerance * smallest_edge_next_to(ga, na);
      auto it = std::lower_bound(sorted.begin(), sorted.end(), std::make_tuple(x - reach, -1, -1));
      for (; it != sorted.end() && std::get<0>(*it) <= x + reach; ++it) {
        const auto nb = b.node(gb.nodes, std::get<1>(*it), std::get<2>(*it));
        if (a.block == b.block && na == nb) continue;
        if (nodes_coincide(ga, na, gb, nb, tolerance)) {
          match[static_cast<std::size_t>(t) * a.extent[0] + s] = {std::get<1>(*it),
                                                                  std::get<2>(*it)};
          break;
        }
      }
    }
  return match;
}

// A unit step along one axis of face b: the axis (0 or 1) and its sign, or axis -1.
struct Step {
  int axis = -1;
  int sign = 0;
};

Step unit_step(const std::array<int, 2>& from, const std::array<int, 2>& to) {
  if (from[0] < 0 || to[0] < 0) return {};
  const int d0 = to[0] - from[0], d1 = to[1] - from[1];
  if (d1 == 0 && (d0 == 1 || d0 == -1)) return {0, d0};
  if (d0 == 0 && (d1 == 1 || d1 == -1)) return {1, d1};
  return {};
}

// The largest rectangle [s0, s1) x [t0, t1) of an ns x nt grid from corner (s0, t0) on which
// `fits(s, t)` holds: first along s, then whole rows along t. Returns {s1, t1}; (s0, t0) itself
// must fit.
template <class Fits>
std::array<int, 2> grow_rectangle(int ns, int nt, int s0, int t0, const Fits& fits) {
  int s1 = s0 + 1;
  while (s1 < ns && fits(s1, t0)) ++s1;
  int t1 = t0 + 1;
  while (t1 < nt) {
    bool row = true;
    for (int s = s0; s < s1 && row; ++s) row = fits(s, t1);
    if (!row) break;
    ++t1;
  }
  return {s1, t1};
}

// Interfaces between faces a and b: grown from each matched, unclaimed node of a in row order
// as the largest rectangle (first along s, then whole rows along t) on which the match follows
// the map that the node's first steps along s and t define.
void rectangles(const FaceGrid& a, const FaceGrid& b, const std::vector<std::array<int, 2>>& match,
                std::vector<InterfacePatch>& interfaces) {
  const int ns = a.extent[0], nt = a.extent[1];
  auto at = [&](int s, int t) { return match[static_cast<std::size_t>(t) * ns + s]; };
  std::vector<bool> claimed(match.size(), false);
  for (int t0 = 0; t0 + 1 < nt; ++t0)
    for (int s0 = 0; s0 + 1 < ns; ++s0) {
      if (claimed[static_cast<std::size_t>(t0) * ns + s0] || at(s0, t0)[0] < 0) continue;
      const std::array<int, 2> origin = at(s0, t0);
      const Step along_s = unit_step(origin, at(s0 + 1, t0));
      const Step along_t = unit_step(origin, at(s0, t0 + 1));
      if (along_s.axis < 0 || along_t.axis < 0 || along_s.axis == along_t.axis) continue;
      auto expected = [&](int s, int t) {
        std::array<int, 2> q = origin;
        q[along_s.axis] += along_s.sign * (s - s0);
        q[along_t.axis] += along_t.sign * (t - t0);
        return q;
      };
      auto fits = [&](int s, int t) {
        return !claimed[static_cast<std::size_t>(t) * ns + s] && at(s, t) == expected(s, t);
      };
      const auto [s1, t1] = grow_rectangle(ns, nt, s0, t0, fits);
      if (s1 - s0 < 2 || t1 - t0 < 2) continue;
      for (int t = t0; t < t1; ++t)
        for (int s = s0; s < s1; ++s) claimed[static_cast<std::size_t>(t) * ns + s] = true;
      const auto first = expected(s0, t0), last = expected(s1 - 1, t1 - 1);
      InterfacePatch p;
      p.a = {a.block, a.face, {s0, t0}, {s1, t1}};
      p.b = {b.block,
             b.face,
             {std::min(first[0], last[0]), std::min(first[1], last[1])},
             {std::max(first[0], last[0]) + 1, std::max(first[1], last[1]) + 1}};
      p.axis_map = {along_s.axis, along_t.axis};
      p.reversed = {along_s.sign < 0, along_t.sign < 0};
      // A face meeting itself finds each pair of rectangles twice: keep the one found first.
      const bool duplicate = a.block == b.block && a.face == b.face &&
                             std::make_pair(p.b.begin[1], p.b.begin[0]) < std::make_pair(t0, s0);
      if (!duplicate) interfaces.push_back(p);
    }
}

// The corners of a face's bounding box, widened by `margin` of its largest extent.
std::array<double, 6> face_box(const BlockGrid& grid, const FaceGrid& face, double margin) {
  std::array<double, 6> box{1e300, -1e300, 1e300, -1e300, 1e300, -1e300};
  for (int t = 0; t < face.extent[1]; ++t)
    for (int s = 0; s < face.extent[0]; ++s) {
      const auto p = node_position(grid, face.node(grid.nodes, s, t));
      for (int c = 0; c < 3; ++c) {
        box[2 * c] = std::min(box[2 * c], p[c]);
        box[2 * c + 1] = std::max(box[2 * c + 1], p[c]);
      }
    }
  double size = 0;
  for (int c = 0; c < 3; ++c) size = std::max(size, box[2 * c + 1] - box[2 * c]);
  for (int c = 0; c < 3; ++c) {
    box[2 * c] -= margin * size;
    box[2 * c + 1] += margin * size;
  }
  return box;
}

bool boxes_overlap(const std::array<double, 6>& a, const std::array<double, 6>& b) {
  for (int c = 0; c < 3; ++c)
    if (a[2 * c + 1] < b[2 * c] || b[2 * c + 1] < a[2 * c]) return false;
  return true;
}

}  // namespace

std::vector<InterfacePatch> find_interfaces_3d(const std::vector<BlockGrid>& blocks,
                                               double tolerance) {
  for (const auto& b : blocks)
    if (b.dimension() != 3)
      throw InputError("block '" + b.name + "' is 2D but block '" + blocks.front().name +
                       "' is 3D: all blocks of a mesh must have the same dimension");
  std::vector<InterfacePatch> interfaces;
  const int n = static_cast<int>(blocks.size());
  // Faces whose boxes (widened by far more than any match tolerance) do not touch cannot share
  // nodes: skipped without comparing nodes.
  std::vector<std::array<double, 6>> boxes;
  for (int b = 0; b < n; ++b)
    for (int f = 0; f < 6; ++f)
      boxes.push_back(face_box(blocks[b], face_grid(blocks, b, kFaces3D[f]), 1e-6));
  for (int a = 0; a < n; ++a)
    for (int fa = 0; fa < 6; ++fa)
      for (int b = a; b < n; ++b)
        for (int fb = (b == a ? fa : 0); fb < 6; ++fb) {
          if (!boxes_overlap(boxes[6 * a + fa], boxes[6 * b + fb])) continue;
          const FaceGrid face_a = face_grid(blocks, a, kFaces3D[fa]);
          const FaceGrid face_b = face_grid(blocks, b, kFaces3D[fb]);
          rectangles(face_a, face_b, match_nodes(blocks, face_a, face_b, tolerance), interfaces);
        }
  return interfaces;
}

std::vector<BoundaryPatch> uncovered_face_patches_3d(const MultiBlockMesh& mesh,
                                                     const std::vector<BoundaryPatch>& named_faces,
                                                     BoundaryKind default_kind) {
  std::vector<BoundaryPatch> patches;
  for (int b = 0; b < static_cast<int>(mesh.blocks.size()); ++b)
    for (Face f : kFaces3D) {
      const auto extent = face_extent(mesh.blocks[b].nodes, f);
      const int ns = extent[0], nt = extent[1];
      std::vector<bool> taken(static_cast<std::size_t>(ns) * nt, false);
      auto cell = [&](int s, int t) { return taken[static_cast<std::size_t>(t) * ns + s]; };
      for (const auto& i : mesh.interfaces)
        for (const FacePatch* p : {&i.a, &i.b})
          if (p->block == b && p->face == f)
            for (int t = p->begin[1]; t < p->end[1]; ++t)
              for (int s = p->begin[0]; s < p->end[0]; ++s)
                taken[static_cast<std::size_t>(t) * ns + s] = true;
      BoundaryKind kind = default_kind;
      for (const auto& named : named_faces)
        if (named.patch.block == b && named.patch.face == f) kind = named.kind;
      for (int t0 = 0; t0 < nt; ++t0)
        for (int s0 = 0; s0 < ns; ++s0) {
          if (cell(s0, t0)) continue;
          const auto [s1, t1] =
              grow_rectangle(ns, nt, s0, t0, [&](int s, int t) { return !cell(s, t); });
          for (int t = t0; t < t1; ++t)
            for (int s = s0; s < s1; ++s) taken[static_cast<std::size_t>(t) * ns + s] = true;
          patches.push_back({FacePatch{b, f, {s0, t0}, {s1, t1}}, kind});
        }
    }
  return patches;
}

void reject_near_misses(const MultiBlockMesh& mesh, double tolerance) {
  constexpr double kNear = 0.1;  // of the shortest edge: surely meant to coincide
  // Every face node, sorted along an oblique direction (no face of a box-like block is normal
  // to it), so a range query in that projection returns about one line of a face.
  const double direction[3] = {1.0, 0.6180339887, 0.4142135624};
  const double stretch = std::sqrt(1.0 + 0.6180339887 * 0.6180339887 + 0.4142135624 * 0.4142135624);
  auto project = [&](const std::array<double, 3>& p) {
    return direction[0] * p[0] + direction[1] * p[1] + direction[2] * p[2];
  };
  struct FaceNode {
    double along;
    int block;
    Face face;
    std::array<int, 3> node;
  };
  std::vector<FaceNode> nodes;
  for (int b = 0; b < static_cast<int>(mesh.blocks.size()); ++b)
    for (Face f : kFaces3D) {
      const FaceGrid g = face_grid(mesh.blocks, b, f);
      for (int t = 0; t < g.extent[1]; ++t)
        for (int s = 0; s < g.extent[0]; ++s) {
          const auto node = g.node(mesh.blocks[b].nodes, s, t);
          nodes.push_back({project(node_position(mesh.blocks[b], node)), b, f, node});
        }
    }
  std::sort(nodes.begin(), nodes.end(),
            [](const FaceNode& a, const FaceNode& b) { return a.along < b.along; });
  for (const BoundaryPatch& boundary : mesh.boundaries) {
    const FacePatch& p = boundary.patch;
    const BlockGrid& grid = mesh.blocks[p.block];
    for (int t = 0; t < p.extent()[1]; ++t)
      for (int s = 0; s < p.extent()[0]; ++s) {
        const auto node = patch_node(grid.nodes, p, s, t);
        const auto here = node_position(grid, node);
        const double reach = kNear * smallest_edge_next_to(grid, node);
        const double along = project(here);
        auto it = std::lower_bound(nodes.begin(), nodes.end(), along - reach * stretch,
                                   [](const FaceNode& n, double value) { return n.along < value; });
        for (; it != nodes.end() && it->along <= along + reach * stretch; ++it) {
          if (it->block == p.block && it->node == node) continue;
          const BlockGrid& other = mesh.blocks[it->block];
          const auto there = node_position(other, it->node);
          const double gap = std::sqrt((here[0] - there[0]) * (here[0] - there[0]) +
                                       (here[1] - there[1]) * (here[1] - there[1]) +
                                       (here[2] - there[2]) * (here[2] - there[2]));
          if (gap > reach || nodes_coincide(grid, node, other, it->node, tolerance)) continue;
          std::ostringstream text;
          text << detail::block_label(grid, p.block) << " " << face_name(p.face) << " node "
               << detail::node_label(node) << " is " << gap << " from "
               << detail::block_label(other, it->block) << " " << face_name(it->face) << " node "
               << detail::node_label(it->node) << ", under a tenth of the shortest edge there ("
               << reach / kNear << ") but not within the interface tolerance (" << tolerance
               << " of it): the faces look meant to meet, but their nodes do not coincide";
          throw InputError(text.str());
        }
      }
  }
}

}  // namespace portaflow::mesh
