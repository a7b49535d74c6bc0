// Cutting a multi-block mesh into more blocks, so that a run over ranks, which gives each rank
// whole blocks (schemes/multiblock/block_ranks.hpp), can give every rank a fair share. A cut
// duplicates one plane of nodes and joins the two parts with a new interface; the SAT interface
// penalty couples them (Elsen et al. 2008, sec. 6.4), so the discretisation changes at the cut,
// as it would in a mesh generated with that block there. The cut is made whatever the rank
// count: a run on any number of ranks then gives the same result.
#pragma once

#include <string>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// Cuts the largest block (the first of equals) across its longest index direction (the first of
// equals), at the node nearest its middle that is a multiple of `multiple` (2^(levels - 1): a
// node every multigrid level keeps, so the coarse levels' interfaces still coincide); again,
// until the mesh has `blocks` blocks. The parts are named "<name>_0" and "<name>_1". Boundary
// patches and interfaces are cut with their blocks. Throws InputError when a block cannot be cut
// (too few nodes). `cuts` receives a line per cut for the run log.
MultiBlockMesh split_blocks(const MultiBlockMesh& mesh, int blocks, int multiple,
                            std::vector<std::string>& cuts);

}  // namespace portaflow::mesh
