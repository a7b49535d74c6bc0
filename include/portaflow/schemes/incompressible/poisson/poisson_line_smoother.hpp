// Damped line Jacobi along the grid's j lines (wall-normal on the C-grid and the plate grid), the
// smoother of the multigrid preconditioner `line_multigrid`. Near a wall the cells are ~100 times
// longer than thick, so the Laplacian couples a node to its j neighbours ~10^4 times more
// strongly than to its i neighbours; a point smoother then damps nothing across the thin cells
// (BiCGSTAB with point-Jacobi multigrid stalled on the NACA 0012 grid). Solving each j line's
// tridiagonal part exactly and the rest explicitly smooths those errors (Brandt 1977; Trottenberg,
// Oosterlee & Schüller, Multigrid, sec. 5.1). One line is one team, its rows in team scratch,
// solved by numerics/tridiagonal.hpp (Thomas on a CPU's one-thread team, cyclic reduction on a
// GPU).
#pragma once

#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"

namespace portaflow::incompressible {

struct LineSmoother {
  int lines = 0;
  DeviceView<int*> line_start;  // lines + 1 offsets into line_rows
  DeviceView<int*> line_rows;   // each line's rows in increasing j
  // The tridiagonal part at each position of line_rows: the coefficients of the previous and the
  // next row of the line (0 where that row is not the j - 1 or j + 1 node) and the diagonal.
  Vector lower, diagonal, upper;
  int longest = 1;  // rows of the longest line

  // x += weight T^-1 r, T the tridiagonal part of each line.
  void correct(const Vector& r, const Vector& x, Real weight) const;
};

enum class LineDirection { kI, kJ };

// The lines of a matrix's rows along i or j (host setup from a copy of the matrix; once a level).
LineSmoother build_line_smoother(const PoissonMatrix& m, int ni, LineDirection direction);

}  // namespace portaflow::incompressible
