// The topology of a mesh that comes without one (a Plot3D file): interfaces found where block
// faces share nodes, and boundary patches for the rest.
#pragma once

#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// Point-matched interfaces of 2D blocks: along each pair of block faces (a face with itself
// too: the wake cut of a one-block C-grid), every maximal run of at least 2 consecutive nodes
// that coincide, within `tolerance` times the shortest edge next to them, with consecutive nodes
// of the other face (in the same or the reverse order) becomes one InterfacePatch. A face may
// meet several blocks (sub-faces). Each interface is listed once. Throws portaflow::Error for
// 3D blocks (not supported yet).
std::vector<InterfacePatch> find_interfaces(const std::vector<BlockGrid>& blocks,
                                            double tolerance);

// A validated mesh from blocks: the interfaces above, then each run of face nodes no interface
// covers becomes a boundary patch of the kind `named_faces` gives for its (block, face) (the
// patch ranges of named_faces are ignored: a name applies to the whole face), or of
// `default_kind`.
MultiBlockMesh mesh_from_blocks(std::vector<BlockGrid> blocks,
                                const std::vector<BoundaryPatch>& named_faces,
                                BoundaryKind default_kind, double tolerance);

}  // namespace portaflow::mesh
