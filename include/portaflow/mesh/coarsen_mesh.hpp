// The next coarser multi-block mesh for geometric multigrid (Elsen et al. 2008, sec. 6.4: "support
// for irregular coarsening"). Each block keeps every other node along each used direction; where a
// direction has an odd number of intervals it also keeps its last node, so the last coarse
// interval spans one fine interval instead of two (the irregular case: the transfer operators
// use injection and one-sided interpolation there). Boundary patches, sub-faces and interfaces
// keep their nodes when their ends are kept nodes; otherwise coarsening stops with a message
// naming the block, face and node.
#pragma once

#include <array>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// The fine indices a block keeps, per direction (a direction with one node keeps {0}).
struct BlockCoarsening {
  std::array<std::vector<int>, 3> kept;
};

struct CoarseMesh {
  MultiBlockMesh mesh;
  std::vector<BlockCoarsening> blocks;  // per block of the fine mesh
};

// Every other node of `n` (n >= 1), and the last one.
std::vector<int> kept_indices(int n);

// The coarse mesh (validated: its interfaces' nodes still coincide). `minimum_nodes`: the least
// node count per used direction a coarse block may have; `level` (the coarse level's number, the
// finest being 0) only for messages. Throws InputError naming the block, face or node when a
// block becomes too small or a patch ends on a node that is not kept.
CoarseMesh coarsen(const MultiBlockMesh& fine, int minimum_nodes, int level);

// "block 0 'airfoil': 97 x 33 -> 49 x 17 (regular)" for each block, for the run log.
std::vector<std::string> describe_coarsening(const MultiBlockMesh& fine, const CoarseMesh& coarse);

}  // namespace portaflow::mesh
