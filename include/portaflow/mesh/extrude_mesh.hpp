// A 2D multi-block mesh extruded along z into a 3D one (the extruded NACA 0012,
// inputs/multiblock/naca0012_extruded.yaml: the 3D solver on it must give the 2D forces).
#pragma once

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// Every block gets span_nodes equally spaced layers z = 0 ... span; each 2D boundary patch and
// interface runs through all layers (same orientation along the span); the new kmin and kmax
// faces of every block are `span_kind` patches (symmetry planes by default: a 2D flow is then an
// exact 3D solution). Throws InputError for span_nodes < 2 or span <= 0.
MultiBlockMesh extrude(const MultiBlockMesh& planar, int span_nodes, double span,
                       BoundaryKind span_kind = BoundaryKind::kSymmetry);

}  // namespace portaflow::mesh
