#include "portaflow/mesh/coarsen_mesh.hpp"

#include <algorithm>
#include <string>

#include "mesh_messages.hpp"
#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

using detail::block_label;
using detail::face_label;

std::vector<int> kept_indices(int n) {
  std::vector<int> kept;
  for (int i = 0; i < n; i += 2) kept.push_back(i);
  if (kept.back() != n - 1) kept.push_back(n - 1);
  return kept;
}

namespace {

// Position of fine index `fine` in `kept`, or -1.
int coarse_index(const std::vector<int>& kept, int fine) {
  const auto at = std::lower_bound(kept.begin(), kept.end(), fine);
  return (at != kept.end() && *at == fine) ? static_cast<int>(at - kept.begin()) : -1;
}

std::string level_text(int level) { return "multigrid level " + std::to_string(level); }

// The patch in coarse indices; its first and last node along each tangential direction must be
// kept nodes (the end is half-open: its last node is end - 1).
FacePatch coarsen_patch(const MultiBlockMesh& fine, const std::vector<BlockCoarsening>& plan,
                        const FacePatch& patch, int level) {
  FacePatch out = patch;
  const auto tangential = tangential_directions(patch.face);
  for (int a = 0; a < 2; ++a) {
    const auto& kept = plan[static_cast<std::size_t>(patch.block)].kept[tangential[a]];
    const int first = coarse_index(kept, patch.begin[a]);
    const int last = coarse_index(kept, patch.end[a] - 1);
    if (first < 0 || last < 0)
      throw InputError(
          face_label(fine, patch.block, patch.face) + ": a boundary patch or interface there " +
          "runs over " + detail::direction_name(tangential[a]) + " nodes " +
          std::to_string(patch.begin[a]) + " to " + std::to_string(patch.end[a] - 1) + ", but " +
          level_text(level) + " keeps only every other node (and the last), and node " +
          std::to_string(first < 0 ? patch.begin[a] : patch.end[a] - 1) +
          " is not kept; use fewer multigrid.levels or a mesh whose patch ends fall on even nodes");
    out.begin[a] = first;
    out.end[a] = last + 1;
  }
  return out;
}

}  // namespace

CoarseMesh coarsen(const MultiBlockMesh& fine, int minimum_nodes, int level) {
  CoarseMesh out;
  out.mesh.dimension = fine.dimension;
  for (std::size_t b = 0; b < fine.blocks.size(); ++b) {
    const BlockGrid& f = fine.blocks[b];
    BlockCoarsening plan;
    BlockGrid c;
    c.name = f.name;
    for (int d = 0; d < 3; ++d) {
      plan.kept[d] = kept_indices(f.nodes[d]);
      c.nodes[d] = static_cast<int>(plan.kept[d].size());
      if (f.nodes[d] > 1 && c.nodes[d] < minimum_nodes)
        throw InputError(
            block_label(f, static_cast<int>(b)) + " has " + std::to_string(f.nodes[d]) +
            " nodes in direction " + detail::direction_name(d) + "; on " + level_text(level) +
            " it would have " + std::to_string(c.nodes[d]) + ", fewer than the " +
            std::to_string(minimum_nodes) + " a coarse level needs: use fewer multigrid.levels");
    }
    for (const int k : plan.kept[2])
      for (const int j : plan.kept[1])
        for (const int i : plan.kept[0]) {
          const std::size_t at = f.index(i, j, k);
          c.x.push_back(f.x[at]);
          c.y.push_back(f.y[at]);
          if (!f.z.empty()) c.z.push_back(f.z[at]);
        }
    out.mesh.blocks.push_back(std::move(c));
    out.blocks.push_back(std::move(plan));
  }
  for (const BoundaryPatch& boundary : fine.boundaries)
    out.mesh.boundaries.push_back(
        {coarsen_patch(fine, out.blocks, boundary.patch, level), boundary.kind});
  for (const InterfacePatch& interface : fine.interfaces) {
    InterfacePatch c = interface;
    c.a = coarsen_patch(fine, out.blocks, interface.a, level);
    c.b = coarsen_patch(fine, out.blocks, interface.b, level);
    out.mesh.interfaces.push_back(c);
  }
  try {
    validate(out.mesh);
  } catch (const Error& e) {
    // An interface between blocks coarsened irregularly from opposite ends: the kept nodes of the
    // two sides no longer coincide.
    throw InputError("on " + level_text(level) +
                     " (every other node of the level above): " + e.what() +
                     "; use fewer multigrid.levels or blocks with an even number of "
                     "intervals along their interfaces");
  }
  return out;
}

std::vector<std::string> describe_coarsening(const MultiBlockMesh& fine, const CoarseMesh& coarse) {
  std::vector<std::string> lines;
  for (std::size_t b = 0; b < fine.blocks.size(); ++b) {
    const BlockGrid& f = fine.blocks[b];
    const BlockGrid& c = coarse.mesh.blocks[b];
    std::string text = block_label(f, static_cast<int>(b)) + ": ";
    std::string irregular;
    for (int d = 0; d < f.dimension(); ++d) {
      text += (d ? " x " : "") + std::to_string(f.nodes[d]);
      if ((f.nodes[d] - 1) % 2 != 0) irregular += detail::direction_name(d);
    }
    text += " -> ";
    for (int d = 0; d < f.dimension(); ++d) text += (d ? " x " : "") + std::to_string(c.nodes[d]);
    text += irregular.empty() ? " (every other node)"
                              : " (every other node; odd interval count along " + irregular +
                                    ": the last coarse interval is one fine interval)";
    lines.push_back(text);
  }
  return lines;
}

}  // namespace portaflow::mesh
