// Generators of test meshes on a rectangle: one warped block, and the same nodes cut into four
// blocks of different orientations, so that the multi-block solver can be checked against the
// single-block answer on identical node positions (any difference is the interface treatment).
#pragma once

#include <array>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// One 2D block "box" of nodes[0] x nodes[1] nodes on domain {xmin, xmax, ymin, ymax}, every face
// a far-field patch. Uniform nodes (x0, y0) are moved by, with s = (x0 - xmin) / Lx and
// t = (y0 - ymin) / Ly,
//   dx = warp Lx sin(pi s) sin(2 pi t),   dy = warp Ly sin(2 pi s) sin(pi t),
// which vanishes on the whole boundary (both terms have a factor zero on each side), so the
// domain stays the rectangle while the interior cells are curved and skewed. The mesh stays
// right-handed for |warp| <= 0.1 (the Jacobian is at least (1 - 0.1 pi)^2 - 4 (0.1 pi)^2 > 0.07
// of the uniform one). Throws portaflow::InputError for fewer than 2 nodes or an empty domain.
MultiBlockMesh box_mesh(std::array<int, 2> nodes, std::array<double, 4> domain, double warp);

// The warped box's point at parameters (s, t) in [0, 1]^2: the formula above, with the sines
// exactly zero at s, t in {0, 1} (so the boundary is exactly the rectangle's). Element meshes
// place their geometry nodes with it.
std::array<double, 2> warped_box_point(std::array<double, 4> domain, double warp, double s,
                                       double t);

// The nodes of box_mesh(nodes, domain, warp), bit for bit, cut at the middle node of each
// direction into 2 x 2 blocks with duplicated nodes on the cuts (nodes[0] and nodes[1] must be
// odd). The blocks are oriented differently on purpose, so an interface treatment that assumes
// aligned indices fails:
//   0 "lower_left":  i along +x, j along +y;   1 "lower_right": i along +y, j along -x;
//   2 "upper_left":  i along -y, j along +x;   3 "upper_right": i along -x, j along -y.
// All four are right-handed, so in each block imin and jmin lie on the outer boundary (far
// field) and imax and jmax on the cuts. The four interfaces are
//   0 imax - 1 jmax,  0 jmax - 2 imax,  1 imax - 3 jmax,  2 jmax - 3 imax,
// none reversed: two right-handed blocks walk a shared edge in opposite directions when each
// goes round its own boundary counter-clockwise, and an imax face's index runs counter-clockwise
// while a jmax face's runs clockwise, so an imax-jmax pair runs the same way.
MultiBlockMesh four_block_mesh(std::array<int, 2> nodes, std::array<double, 4> domain, double warp);

}  // namespace portaflow::mesh
