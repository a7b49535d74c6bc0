#include "portaflow/mesh/block_connectivity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

namespace {

constexpr Face kFaces2D[] = {Face::kIMin, Face::kIMax, Face::kJMin, Face::kJMax};

// The nodes of a 2D face in order along it: (i, j) of each.
std::vector<std::array<int, 2>> face_nodes(const BlockGrid& b, Face f) {
  std::vector<std::array<int, 2>> nodes;
  const int d = face_direction(f);
  const int fixed = face_is_max(f) ? b.nodes[d] - 1 : 0;
  const int along = 1 - d;
  for (int s = 0; s < b.nodes[along]; ++s)
    nodes.push_back(d == 0 ? std::array<int, 2>{fixed, s} : std::array<int, 2>{s, fixed});
  return nodes;
}

double shortest_edge(const BlockGrid& b, std::array<int, 2> n) {
  double shortest = std::numeric_limits<double>::infinity();
  const std::size_t here = b.index(n[0], n[1]);
  for (int d = 0; d < 2; ++d)
    for (int step : {-1, 1}) {
      std::array<int, 2> m = n;
      m[d] += step;
      if (m[d] < 0 || m[d] >= b.nodes[d]) continue;
      const std::size_t there = b.index(m[0], m[1]);
      shortest = std::min(shortest, std::hypot(b.x[there] - b.x[here], b.y[there] - b.y[here]));
    }
  return shortest;
}

// For each node of face (a, fa), the index along face (b, fb) of the node it coincides with,
// or -1. The node itself (same block, same (i, j)) does not count.
std::vector<int> match_nodes(const std::vector<BlockGrid>& blocks, int a, Face fa, int b, Face fb,
                             double tolerance) {
  const auto na = face_nodes(blocks[a], fa), nb = face_nodes(blocks[b], fb);
  std::vector<int> match(na.size(), -1);
  for (std::size_t s = 0; s < na.size(); ++s) {
    const std::size_t ia = blocks[a].index(na[s][0], na[s][1]);
    const double limit = tolerance * shortest_edge(blocks[a], na[s]);
    for (std::size_t t = 0; t < nb.size(); ++t) {
      if (a == b && na[s] == nb[t]) continue;
      const std::size_t ib = blocks[b].index(nb[t][0], nb[t][1]);
      if (std::hypot(blocks[a].x[ia] - blocks[b].x[ib], blocks[a].y[ia] - blocks[b].y[ib]) <=
          limit) {
        match[s] = static_cast<int>(t);
        break;
      }
    }
  }
  return match;
}

}  // namespace

std::vector<InterfacePatch> find_interfaces(const std::vector<BlockGrid>& blocks,
                                            double tolerance) {
  if (!blocks.empty() && blocks.front().dimension() == 3)
    return find_interfaces_3d(blocks, tolerance);
  for (const auto& b : blocks)
    if (b.dimension() != 2)
      throw InputError("block '" + b.name + "' is 3D but block '" + blocks.front().name +
                       "' is 2D: all blocks of a mesh must have the same dimension");
  std::vector<InterfacePatch> interfaces;
  const int n = static_cast<int>(blocks.size());
  for (int a = 0; a < n; ++a)
    for (int fa = 0; fa < 4; ++fa)
      for (int b = a; b < n; ++b)
        for (int fb = (b == a ? fa : 0); fb < 4; ++fb) {
          const auto match = match_nodes(blocks, a, kFaces2D[fa], b, kFaces2D[fb], tolerance);
          // Maximal runs of consecutive matches that advance by +1 or -1 on the other face.
          std::size_t s = 0;
          while (s < match.size()) {
            if (match[s] < 0) {
              ++s;
              continue;
            }
            std::size_t e = s + 1;
            int step = 0;
            while (e < match.size() && match[e] >= 0) {
              const int next = match[e] - match[e - 1];
              if ((next != 1 && next != -1) || (step != 0 && next != step)) break;
              step = next;
              ++e;
            }
            if (e - s >= 2) {
              const int t0 = std::min(match[s], match[e - 1]);
              const int t1 = std::max(match[s], match[e - 1]);
              // A face meeting itself (a C-grid's cut) finds each run twice: keep one.
              const bool duplicate = a == b && fa == fb && static_cast<int>(s) > t0;
              if (!duplicate) {
                InterfacePatch p;
                p.a = {a, kFaces2D[fa], {static_cast<int>(s), 0}, {static_cast<int>(e), 1}};
                p.b = {b, kFaces2D[fb], {t0, 0}, {t1 + 1, 1}};
                p.reversed[0] = step < 0;
                interfaces.push_back(p);
              }
              s = e;  // the run's last node may start the next run only through a new match
            } else {
              ++s;
            }
          }
        }
  return interfaces;
}

MultiBlockMesh mesh_from_blocks(std::vector<BlockGrid> blocks,
                                const std::vector<BoundaryPatch>& named_faces,
                                BoundaryKind default_kind, double tolerance) {
  MultiBlockMesh mesh;
  mesh.dimension = blocks.empty() ? 2 : blocks.front().dimension();
  mesh.interfaces = find_interfaces(blocks, tolerance);
  mesh.blocks = std::move(blocks);
  if (mesh.dimension == 3) {
    mesh.boundaries = uncovered_face_patches_3d(mesh, named_faces, default_kind);
    validate(mesh, tolerance);
    reject_near_misses(mesh, tolerance);
    return mesh;
  }
  for (int b = 0; b < static_cast<int>(mesh.blocks.size()); ++b)
    for (Face f : kFaces2D) {
      const FacePatch whole = whole_face(mesh, b, f);
      std::vector<bool> covered(whole.end[0], false);
      for (const auto& i : mesh.interfaces)
        for (const FacePatch* p : {&i.a, &i.b})
          if (p->block == b && p->face == f)
            for (int s = p->begin[0]; s < p->end[0]; ++s) covered[s] = true;
      BoundaryKind kind = default_kind;
      for (const auto& named : named_faces)
        if (named.patch.block == b && named.patch.face == f) kind = named.kind;
      for (int s = 0; s < whole.end[0];) {
        if (covered[s]) {
          ++s;
          continue;
        }
        int e = s;
        while (e < whole.end[0] && !covered[e]) ++e;
        mesh.boundaries.push_back({FacePatch{b, f, {s, 0}, {e, 1}}, kind});
        s = e;
      }
    }
  validate(mesh, tolerance);
  return mesh;
}

}  // namespace portaflow::mesh
