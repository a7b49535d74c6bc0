// The topology of a mesh that comes without one (a Plot3D file): interfaces found where block
// faces share nodes, and boundary patches for the rest.
#pragma once

#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// Point-matched interfaces: along each pair of block faces (a face with itself too: the wake cut
// of a one-block C-grid), nodes that coincide within `tolerance` times the shortest edge next to
// them become InterfacePatches. A face may meet several blocks (sub-faces). Each interface is
// listed once.
// 2D: every maximal run of at least 2 consecutive nodes matching consecutive nodes of the other
// face (in the same or the reverse order).
// 3D: every maximal rectangle of at least 2 x 2 matched nodes on which the match is one of the
// 8 axis maps of a face onto a face (with the choice of faces, the 24 relative orientations of
// two blocks); faces that touch along a line or at a point (edges and corners shared by several
// blocks) make no interface. (block_connectivity_3d.cpp)
std::vector<InterfacePatch> find_interfaces(const std::vector<BlockGrid>& blocks, double tolerance);
std::vector<InterfacePatch> find_interfaces_3d(const std::vector<BlockGrid>& blocks,
                                               double tolerance);

// The face nodes of a 3D mesh that no interface covers, as boundary rectangles: each face's
// uncovered nodes cut greedily into rectangles (row by row, widest first), each of the kind
// `named_faces` gives for its (block, face), else `default_kind`.
// Throws InputError naming both nodes when a boundary node of a 3D mesh lies within a tenth of
// its shortest edge of another block's face node without coinciding (a Plot3D file whose
// interface nodes do not match: otherwise a silent far-field hole in the interface).
void reject_near_misses(const MultiBlockMesh& mesh, double tolerance);

std::vector<BoundaryPatch> uncovered_face_patches_3d(const MultiBlockMesh& mesh,
                                                     const std::vector<BoundaryPatch>& named_faces,
                                                     BoundaryKind default_kind);

// A validated mesh from blocks: the interfaces above, then each run of face nodes no interface
// covers becomes a boundary patch of the kind `named_faces` gives for its (block, face) (the
// patch ranges of named_faces are ignored: a name applies to the whole face), or of
// `default_kind`.
MultiBlockMesh mesh_from_blocks(std::vector<BlockGrid> blocks,
                                const std::vector<BoundaryPatch>& named_faces,
                                BoundaryKind default_kind, double tolerance);

}  // namespace portaflow::mesh
