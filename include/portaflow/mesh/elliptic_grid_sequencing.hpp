// Grid sequencing for the elliptic generator (elliptic_grid.hpp): line SOR removes the smooth
// part of the error of a transfinite start only slowly on large grids (its last factor of 10
// took ~1800 iterations on the 769 x 257 NACA 0012 C-grid), while every other node of the same
// grid converges at a quarter of the cost per iteration. So the grid is generated first on its
// every-other-node subgrid (recursively, while that keeps at least `coarsest_intervals`
// intervals along j), interpolated back, and finished on its own nodes: 8678 iterations to 1e-6
// became 5607 (+ 4120 on the three coarser grids) at 769 x 257, 2368 became 1412 (+ 613) at
// 385 x 129. At 193 x 65 the coarse level cost more than it saved, hence 64 intervals at least.
// The finest level keeps the controls of its own transfinite start (control_start of it), so the
// grid it converges to is the one the unsequenced generator converges to; only the start moves
// (TWM ch. 6 on the grid equations). Multigrid on the grid equations themselves would also take
// the fine level's slow tail away; this does not.
#pragma once

#include "portaflow/mesh/elliptic_grid.hpp"

namespace portaflow::mesh {

// solve_elliptic_grid or solve_elliptic_grid_device with given control starts.
using EllipticSolver = EllipticGridReport (*)(StructuredGrid2D&, const EllipticGridOptions&,
                                              const ControlStart&);

// Every other node of `grid` (its (ni + 1) / 2 x (nj + 1) / 2 even nodes); both counts odd.
StructuredGrid2D every_other_node(const StructuredGrid2D& grid);

// The interior nodes of `fine` from `coarse` (its every-other-node grid) by bilinear
// interpolation in index space; fine's boundary nodes kept.
void interpolate_interior(const StructuredGrid2D& coarse, StructuredGrid2D& fine);

// `grid` holds the boundaries and the transfinite start, as for solve_elliptic_grid. On each
// coarser level the wall spacing asked is the start's distance from the wall to its second node
// off it (every other node of the fine start), and the controls decay twice as fast per index.
// The report is the finest level's, with coarse_levels and coarse_iterations filled in.
EllipticGridReport solve_elliptic_grid_sequenced(StructuredGrid2D& grid,
                                                 const EllipticGridOptions& options,
                                                 EllipticSolver solve, int coarsest_intervals = 64);

}  // namespace portaflow::mesh
