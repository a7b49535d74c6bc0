// Whole blocks over ranks (schemes/multiblock/block_ranks.hpp).
#include "portaflow/schemes/multiblock/block_ranks.hpp"

#include <algorithm>
#include <numeric>

#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"

namespace portaflow::multiblock {

std::vector<int> assign_blocks(const mesh::MultiBlockMesh& mesh, int ranks) {
  const int blocks = static_cast<int>(mesh.blocks.size());
  if (blocks < ranks)
    throw InputError(
        "multiblock: a run over ranks gives each rank whole blocks, and the mesh has " +
        std::to_string(blocks) + " block(s) for " + std::to_string(ranks) +
        " ranks; run on at most " + std::to_string(blocks) +
        " ranks, or set decomposition.blocks to " + std::to_string(ranks) +
        " or more to cut the mesh into that many blocks");
  std::vector<int> order(static_cast<std::size_t>(blocks));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return mesh.blocks[a].node_count() > mesh.blocks[b].node_count();
  });
  std::vector<long long> load(static_cast<std::size_t>(ranks), 0);
  std::vector<int> owner(static_cast<std::size_t>(blocks), 0);
  for (const int b : order) {
    const auto least = std::min_element(load.begin(), load.end());  // the first of equals
    owner[static_cast<std::size_t>(b)] = static_cast<int>(least - load.begin());
    *least += static_cast<long long>(mesh.blocks[b].node_count());
  }
  return owner;
}

mesh::MultiBlockMesh owned_part(const mesh::MultiBlockMesh& whole, const std::vector<int>& owner,
                                int rank, std::vector<int>& owned) {
  owned.clear();
  std::vector<int> renumbered(whole.blocks.size(), -1);
  mesh::MultiBlockMesh part;
  part.dimension = whole.dimension;
  for (std::size_t b = 0; b < whole.blocks.size(); ++b) {
    if (owner[b] != rank) continue;
    renumbered[b] = static_cast<int>(owned.size());
    owned.push_back(static_cast<int>(b));
    part.blocks.push_back(whole.blocks[b]);
  }
  for (mesh::BoundaryPatch boundary : whole.boundaries) {
    const int b = renumbered[static_cast<std::size_t>(boundary.patch.block)];
    if (b < 0) continue;
    boundary.patch.block = b;
    part.boundaries.push_back(boundary);
  }
  for (mesh::InterfacePatch interface : whole.interfaces) {
    const int a = renumbered[static_cast<std::size_t>(interface.a.block)];
    const int b = renumbered[static_cast<std::size_t>(interface.b.block)];
    if (a < 0 || b < 0) continue;
    interface.a.block = a;
    interface.b.block = b;
    part.interfaces.push_back(interface);
  }
  return part;
}

std::vector<int> packed_offsets(const mesh::MultiBlockMesh& whole, const std::vector<int>& owner) {
  const int ranks = owner.empty() ? 1 : *std::max_element(owner.begin(), owner.end()) + 1;
  std::vector<long long> next(static_cast<std::size_t>(ranks), 0);
  std::vector<int> offsets(whole.blocks.size());
  for (std::size_t b = 0; b < whole.blocks.size(); ++b) {
    long long& at = next[static_cast<std::size_t>(owner[b])];
    offsets[b] = static_cast<int>(at);
    at += static_cast<long long>(whole.blocks[b].node_count());
  }
  return offsets;
}

std::vector<std::string> describe_block_ranks(const mesh::MultiBlockMesh& whole,
                                              const std::vector<int>& owner, int ranks) {
  std::vector<std::string> lines;
  long long largest = 0, total = 0;
  for (int r = 0; r < ranks; ++r) {
    std::string blocks;
    long long nodes = 0;
    for (std::size_t b = 0; b < whole.blocks.size(); ++b) {
      if (owner[b] != r) continue;
      blocks += (blocks.empty() ? "" : ", ") + std::to_string(b);
      nodes += static_cast<long long>(whole.blocks[b].node_count());
    }
    largest = std::max(largest, nodes);
    total += nodes;
    lines.push_back("rank " + std::to_string(r) + ": block(s) " + blocks + ", " +
                    std::to_string(nodes) + " nodes");
  }
  lines.push_back(format("the largest rank holds %.3g times the mean nodes per rank",
                         double(largest) * ranks / double(total)));
  return lines;
}

}  // namespace portaflow::multiblock
