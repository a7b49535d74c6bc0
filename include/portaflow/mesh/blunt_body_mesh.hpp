// Multi-block meshes around blunt bodies in a supersonic stream (flow along +x): the region
// between the body and an outer boundary shaped like the bow shock, so that the shock lies inside
// and the nodes are not spent on undisturbed free stream.
//
// 2D circular cylinder of radius 1 centred at the origin: the front half, from the bottom
// shoulder (0, -1) over the stagnation point (-1, 0) to the top shoulder (0, 1), cut into
// `blocks` blocks of equal angle. In each block i runs around the body (bottom to top) and j from
// the wall (jmin: slip wall) to the outer boundary (jmax: supersonic inflow); the first block's
// imin and the last block's imax lie in the plane x = 0 (supersonic outflow). The outer boundary
// is a hyperbola like Billig's shock for `fit_mach` (mesh/bow_shock_shape.hpp) with twice his
// stand-off distance and 1.5 times his vertex radius; nodes are spaced evenly in angle on the body
// and in arc length on the outer boundary, and evenly along the straight lines between them.
#pragma once

#include <array>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// 3D sphere of radius 1 centred at the origin: the front hemisphere (x <= 0) in a cubed-sphere
// layout of six blocks: the cube face x = -1 projected onto the sphere (the cap around the
// stagnation point, cut in two halves along y = 0) and the four half faces y = +-1, z = +-1 with
// -1 <= x <= 0 (from the cap's edge to the equator), with nodes at equal angles along each cube
// face (equiangular projection). Each block's k runs from the wall (kmin: slip wall) along rays
// from the centre to the outer boundary (kmax: supersonic inflow), a surface of revolution like
// Billig's sphere shock for `fit_mach` with the cylinder's margins; the side blocks' faces in the
// plane x = 0 are supersonic outflow. i and j are ordered so every block is right-handed.
// nodes: {across the cap (odd: the cap's two halves meet at its middle node), wall to outer
// boundary}; the side blocks have (nodes[0] + 1) / 2 nodes from the cap's edge to the equator.
MultiBlockMesh sphere_mesh(std::array<int, 2> nodes, double fit_mach);

// nodes: {around the whole body, wall to outer boundary}; (nodes[0] - 1) must be a multiple of
// blocks. Throws InputError when it is not, or when fit_mach <= 1.
MultiBlockMesh cylinder_mesh(std::array<int, 2> nodes, int blocks, double fit_mach);

// Where cylinder_mesh and sphere_mesh put their outer boundary: vertex distance upstream of the
// centre and vertex radius of its hyperbola.
std::array<double, 2> outer_boundary(bool sphere, double fit_mach);

}  // namespace portaflow::mesh
