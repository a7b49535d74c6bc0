// Damped line Jacobi along the grid's j lines (wall-normal on the C-grid and the plate grid), the
// smoother of the multigrid preconditioner `line_multigrid`. Near a wall the cells are ~100 times
// longer than thick, so the Laplacian couples a node to its j neighbours ~10^4 times more
// strongly than to its i neighbours; a point smoother then damps nothing across the thin cells
// (BiCGSTAB with point-Jacobi multigrid stalled on the NACA 0012 grid). Solving each j line's
// tridiagonal part exactly and the rest explicitly smooths those errors (Brandt 1977; Trottenberg,
// Oosterlee & Schüller, Multigrid, sec. 5.1). One line is one team, its rows in team scratch,
// solved by numerics/tridiagonal.hpp (Thomas on a CPU's one-thread team, parallel cyclic
// reduction over the team's threads on a GPU).
#pragma once

#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"

namespace portaflow::incompressible {

struct LineSmoother {
  int lines = 0;
  DeviceView<int*> line_start;  // lines + 1 offsets into line_rows
  DeviceView<int*> line_rows;   // each line's rows in order along it
  // The tridiagonal part at each position of line_rows: the coefficients of the previous and the
  // next row of the line (0 where that row is not the j - 1 or j + 1 node) and the diagonal.
  Vector lower, diagonal, upper;
  int longest = 1;  // rows of the longest line

  // One half-sweep of line Jacobi: x_out = x_in + weight T^-1 (b - A x_in), T the tridiagonal
  // part of each line of A. The residual is formed row by row inside the line's team, so a
  // half-sweep is one kernel (not a copy, an spmv and the solve); x_out must not alias x_in
  // (other lines still read x_in). Zebra ordering (odd lines after even ones, reading their
  // result) took 7.4 BiCGSTAB iterations a solve against 8.3 on the 193 x 65 NACA 0012 grid (with
  // the unscaled Neumann rows of an earlier version), for
  // twice the kernels: not worth it.
  void relax(const SparseMatrix& a, const Vector& b, const Vector& x_in, const Vector& x_out,
             Real weight) const;
};

enum class LineDirection { kI, kJ };

// The lines of a matrix's rows along i or j (host setup from a copy of the matrix; once a level).
LineSmoother build_line_smoother(const PoissonMatrix& m, int ni, LineDirection direction);

}  // namespace portaflow::incompressible
