// Where each block's nodes live in the packed arrays of the multi-block solver. All blocks share
// one allocation per field, u(var, node) with node = offset[b] + i + ni * (j + nj * k): one
// kernel launch covers every block, which keeps small blocks (wake blocks, coarse levels) from
// idling a GPU (the conclusion of Elsen et al. 2008 suggests exactly this: "grouping all the blocks
// into a single large texture"). The table is small and captured by value in kernels.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"

namespace portaflow::multiblock {

struct BlockExtent {
  int nodes[3] = {1, 1, 1};
  int offset = 0;  // packed index of node (0, 0, 0)
  KOKKOS_INLINE_FUNCTION int stride(int d) const {
    return d == 0 ? 1 : (d == 1 ? nodes[0] : nodes[0] * nodes[1]);
  }
};

// A node's block and (i, j, k) in it.
struct NodeIndex {
  int block = 0;
  int ijk[3] = {0, 0, 0};
};

struct BlockTable {
  int count = 0;
  int total_nodes = 0;
  Kokkos::Array<BlockExtent, kMaxBlocks> blocks;

  // A linear scan: a handful of blocks, and neighbouring threads take the same path.
  KOKKOS_INLINE_FUNCTION NodeIndex locate(int node) const {
    NodeIndex at;
    int b = 0;
    while (b + 1 < count && node >= blocks[b + 1].offset) ++b;
    at.block = b;
    int local = node - blocks[b].offset;
    at.ijk[0] = local % blocks[b].nodes[0];
    local /= blocks[b].nodes[0];
    at.ijk[1] = local % blocks[b].nodes[1];
    at.ijk[2] = local / blocks[b].nodes[1];
    return at;
  }
  KOKKOS_INLINE_FUNCTION int node(int block, int i, int j, int k) const {
    const BlockExtent& e = blocks[block];
    return e.offset + i + e.nodes[0] * (j + e.nodes[1] * k);
  }
};

}  // namespace portaflow::multiblock
