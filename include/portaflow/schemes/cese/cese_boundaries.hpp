// CE/SE boundary conditions by one ring of ghost points around the integer level, filled before
// each step; the half step then treats boundary points like interior ones.
//   non-reflective: ghost = its neighbour (u and gradient copied): Chang's simple
//     non-reflecting condition, as used for the Table 5.1 cases of the CE/SE GPU thesis (2016);
//   reflective: the mirror image: normal momentum negated, and derivatives normal to the wall
//     negated for even quantities and kept for the normal momentum (exact symmetry of the
//     Euler equations, so mass and energy fluxes through the wall vanish);
//   periodic: the point one period away.
#pragma once

#include "portaflow/config/run_config.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::cese {

// q(component, i) with interior i in [1, n]; ghosts at 0 and n + 1.
void fill_ghosts_1d(const Field1D& q, Index n, BoundaryKind left, BoundaryKind right);

// q(component, j, i) with interior [1, ny] x [1, nx]; corners filled too (x sides first, then
// y sides over the full width).
void fill_ghosts_2d(const Field2D& q, Index nx, Index ny, const BoundaryConfig& boundary);

}  // namespace portaflow::cese
