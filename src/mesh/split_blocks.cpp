// Cutting a multi-block mesh into more blocks (mesh/split_blocks.hpp).
#include "portaflow/mesh/split_blocks.hpp"

#include <algorithm>
#include <cstdlib>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

namespace {

// Block `block` cut across direction d at node m into parts `first` (nodes 0..m) and `second`
// (nodes m..n-1, renumbered from 0).
struct Cut {
  int block = 0, d = 0, m = 0, first = 0, second = 0;
};

// The slot (0 or 1) of direction d among a face's tangential directions; -1 across the face.
int slot_of(Face face, int d) {
  const auto t = tangential_directions(face);
  return t[0] == d ? 0 : t[1] == d ? 1 : -1;
}

// A patch on the cut block given to a part: the part's index, and on the second part offsets
// along d from the cut.
FacePatch on_part(FacePatch patch, const Cut& cut, bool second) {
  patch.block = second ? cut.second : cut.first;
  const int s = slot_of(patch.face, cut.d);
  if (s < 0) return patch;
  if (second) {
    patch.begin[s] = std::max(patch.begin[s], cut.m) - cut.m;
    patch.end[s] -= cut.m;
  } else {
    patch.end[s] = std::min(patch.end[s], cut.m + 1);
  }
  return patch;
}

// Which parts a patch on the cut block touches: across d, by its face; along d, by its range
// (one that ends at node m is the first part's alone, one that starts there the second's).
bool in_first(const FacePatch& p, const Cut& cut) {
  const int s = slot_of(p.face, cut.d);
  return s < 0 ? !face_is_max(p.face) : p.begin[s] < cut.m;
}
bool in_second(const FacePatch& p, const Cut& cut) {
  const int s = slot_of(p.face, cut.d);
  return s < 0 ? face_is_max(p.face) : p.end[s] > cut.m + 1;
}

// The interface with its a side cut where the cut block's part ends, the b side cut to match.
std::vector<InterfacePatch> cut_a_side(const InterfacePatch& in, const Cut& cut) {
  if (in.a.block != cut.block) return {in};
  std::vector<InterfacePatch> out;
  const int s = slot_of(in.a.face, cut.d);
  for (const bool second : {false, true}) {
    if (second ? !in_second(in.a, cut) : !in_first(in.a, cut)) continue;
    InterfacePatch piece = in;
    if (s >= 0) {
      // a's offsets [lo, hi) along slot s; b's along its axis axis_map[s], reversed or not.
      const int extent = in.a.end[s] - in.a.begin[s];
      const int lo = second ? std::max(in.a.begin[s], cut.m) - in.a.begin[s] : 0;
      const int hi = second ? extent : std::min(in.a.end[s], cut.m + 1) - in.a.begin[s];
      const int bs = in.axis_map[static_cast<std::size_t>(s)];
      const int b0 = in.b.begin[bs];
      const bool reversed = in.reversed[static_cast<std::size_t>(s)];
      piece.b.begin[bs] = b0 + (reversed ? extent - hi : lo);
      piece.b.end[bs] = b0 + (reversed ? extent - lo : hi);
    }
    piece.a = on_part(in.a, cut, second);
    out.push_back(piece);
  }
  return out;
}

// Whether cutting block b across d at m gives every patch on its other faces to a part: each
// patch that reaches past m goes to the second part, each that starts before m to the first
// (both, cut, if it does both), so only a patch that is just the line of nodes at m has none.
bool cut_allowed(const MultiBlockMesh& mesh, int b, int d, int m) {
  auto bad = [&](const FacePatch& p) {
    if (p.block != b) return false;
    const int s = slot_of(p.face, d);
    return s >= 0 && p.begin[s] == m && p.end[s] == m + 1;
  };
  for (const auto& boundary : mesh.boundaries)
    if (bad(boundary.patch)) return false;
  for (const auto& interface : mesh.interfaces)
    if (bad(interface.a) || bad(interface.b)) return false;
  return true;
}

// The cut of the largest block: its longest direction with an allowed node, nearest the middle.
Cut choose_cut(const MultiBlockMesh& mesh, int multiple) {
  int b = 0;
  for (int k = 1; k < static_cast<int>(mesh.blocks.size()); ++k)
    if (mesh.blocks[k].node_count() > mesh.blocks[b].node_count()) b = k;
  const auto& nodes = mesh.blocks[b].nodes;
  std::vector<int> directions;
  for (int d = 0; d < mesh.dimension; ++d) directions.push_back(d);
  std::stable_sort(directions.begin(), directions.end(),
                   [&](int x, int y) { return nodes[x] > nodes[y]; });
  for (const int d : directions) {
    const int n = nodes[d];
    int best = -1;
    for (int m = multiple; m <= n - 1 - multiple; m += multiple)
      if (cut_allowed(mesh, b, d, m) &&
          (best < 0 || std::abs(2 * m - (n - 1)) < std::abs(2 * best - (n - 1))))
        best = m;
    if (best > 0) return {b, d, best, b, b + 1};
  }
  throw InputError(
      "decomposition.blocks: block " + std::to_string(b) + " ('" + mesh.blocks[b].name +
      "'), the largest, has no node to cut it at: too few nodes " + "for a cut at a multiple of " +
      std::to_string(multiple) + " nodes (what every multigrid level keeps); ask for fewer blocks");
}

BlockGrid part_of(const BlockGrid& block, const Cut& cut, bool second) {
  BlockGrid part;
  part.name = (block.name.empty() ? "block" : block.name) + (second ? "_1" : "_0");
  part.nodes = block.nodes;
  const int first_node = second ? cut.m : 0;
  part.nodes[cut.d] = second ? block.nodes[cut.d] - cut.m : cut.m + 1;
  for (int k = 0; k < part.nodes[2]; ++k)
    for (int j = 0; j < part.nodes[1]; ++j)
      for (int i = 0; i < part.nodes[0]; ++i) {
        std::array<int, 3> at{i, j, k};
        at[cut.d] += first_node;
        const std::size_t from = block.index(at[0], at[1], at[2]);
        part.x.push_back(block.x[from]);
        part.y.push_back(block.y[from]);
        if (!block.z.empty()) part.z.push_back(block.z[from]);
      }
  return part;
}

MultiBlockMesh cut_once(const MultiBlockMesh& mesh, const Cut& cut) {
  MultiBlockMesh out;
  out.dimension = mesh.dimension;
  const auto renumber = [&](int b) { return b > cut.block ? b + 1 : b; };
  for (int b = 0; b < static_cast<int>(mesh.blocks.size()); ++b) {
    if (b != cut.block) {
      out.blocks.push_back(mesh.blocks[b]);
      continue;
    }
    out.blocks.push_back(part_of(mesh.blocks[b], cut, false));
    out.blocks.push_back(part_of(mesh.blocks[b], cut, true));
  }
  for (const auto& boundary : mesh.boundaries) {
    if (boundary.patch.block != cut.block) {
      BoundaryPatch moved = boundary;
      moved.patch.block = renumber(boundary.patch.block);
      out.boundaries.push_back(moved);
      continue;
    }
    for (const bool second : {false, true})
      if (second ? in_second(boundary.patch, cut) : in_first(boundary.patch, cut))
        out.boundaries.push_back({on_part(boundary.patch, cut, second), boundary.kind});
  }
  // Interfaces: the a side cut, then (seen from b) the b side. The parts carry ids no block has
  // until both sides are done, so a side already given to the first part is not cut again.
  Cut marked = cut;
  marked.first = -2;
  marked.second = -3;
  for (const auto& interface : mesh.interfaces) {
    InterfacePatch renumbered = interface;
    for (FacePatch* side : {&renumbered.a, &renumbered.b})
      if (side->block != cut.block) side->block = renumber(side->block);
    for (const auto& piece : cut_a_side(renumbered, marked))
      for (const auto& other : cut_a_side(seen_from_b(piece), marked)) {
        InterfacePatch done = seen_from_b(other);
        for (FacePatch* side : {&done.a, &done.b})
          if (side->block < 0) side->block = side->block == marked.first ? cut.first : cut.second;
        out.interfaces.push_back(done);
      }
  }
  // The new interface: the first part's maximum face across d on the second's minimum.
  InterfacePatch joint;
  joint.a = whole_face(out, cut.first, static_cast<Face>(2 * cut.d + 1));
  joint.b = whole_face(out, cut.second, static_cast<Face>(2 * cut.d));
  out.interfaces.push_back(joint);
  return out;
}

}  // namespace

MultiBlockMesh split_blocks(const MultiBlockMesh& mesh, int blocks, int multiple,
                            std::vector<std::string>& cuts) {
  MultiBlockMesh out = mesh;
  while (static_cast<int>(out.blocks.size()) < blocks) {
    const Cut cut = choose_cut(out, multiple);
    const BlockGrid& block = out.blocks[static_cast<std::size_t>(cut.block)];
    cuts.push_back("block '" + block.name + "' (" + std::to_string(block.nodes[0]) + " x " +
                   std::to_string(block.nodes[1]) +
                   (out.dimension == 3 ? " x " + std::to_string(block.nodes[2]) : "") +
                   " nodes) cut across " + "ijk"[cut.d] + " at node " + std::to_string(cut.m));
    out = cut_once(out, cut);
  }
  validate(out);
  return out;
}

}  // namespace portaflow::mesh
