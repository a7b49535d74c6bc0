// A multi-block run over ranks (docs/mpi.md) splits the mesh by whole blocks. The SBP
// differences, the artificial dissipation, the residual smoothing and the multigrid transfers
// never reach across a block face, and the SAT interface penalty reads one twin node of the other
// block (Elsen et al. 2008, Fig. 4). So a rank holds its own blocks and, where an interface is cut
// between two ranks, receives the twin nodes' states once per residual evaluation
// (core/point_exchange.hpp). Every node then sees the same operations in the same order as on one
// rank: the result is the same, bit for bit, on any rank count.
#pragma once

#include <string>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::multiblock {

// The rank of each block: the largest blocks first (ties: the lower index), each to the rank with
// the fewest nodes so far (ties: the lower rank); the same on every rank. Throws InputError when
// the mesh has fewer blocks than the run has ranks.
std::vector<int> assign_blocks(const mesh::MultiBlockMesh& mesh, int ranks);

// The blocks `owner` gives `rank` (in the whole mesh's order, renumbered from 0), their boundary
// patches, and the interfaces both of whose sides are among them. `owned` receives the whole
// mesh's index of each block kept. With every block on `rank`, the whole mesh itself.
mesh::MultiBlockMesh owned_part(const mesh::MultiBlockMesh& whole, const std::vector<int>& owner,
                                int rank, std::vector<int>& owned);

// Where each block's nodes start in the packed arrays of the rank that owns it (blocks packed in
// the whole mesh's order on each rank).
std::vector<int> packed_offsets(const mesh::MultiBlockMesh& whole, const std::vector<int>& owner);

// For the run log: "rank 0: blocks 0, 3 (35937 nodes); rank 1: ..." and the largest rank's share
// of the nodes over the mean.
std::vector<std::string> describe_block_ranks(const mesh::MultiBlockMesh& whole,
                                              const std::vector<int>& owner, int ranks);

}  // namespace portaflow::multiblock
