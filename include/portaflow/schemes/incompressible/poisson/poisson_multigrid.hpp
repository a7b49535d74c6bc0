// A geometric multigrid V-cycle for the stream-function Poisson matrix, BiCGSTAB's preconditioner
// (incompressible.preconditioner: multigrid). Levels are every other node of the level above
// while its cells per direction are even, the boundary rules' indices (trailing edge, plate ends)
// are even, and the coarse grid keeps at least 3 x 3 nodes; each
// level's operator is its own grid's Laplacian (metrics of the coarse coordinates), the
// transfers are bilinear prolongation P and full weighting R = P^T / 4, and the smoother is
// two sweeps before and after of weighted point Jacobi (`multigrid`, w = 4/5) or of alternating
// line Jacobi, i lines then j lines (`line_multigrid`, poisson_line_smoother.hpp), for
// wall-stretched grids. The operators and transfers are KokkosSparse::CrsMatrix applied with
// spmv, the point smoother spmv and KokkosBlas::mult. One V-cycle costs about 8/3 of the fine
// operator's spmv per sweep.
#pragma once

#include <vector>

#include "portaflow/schemes/incompressible/poisson/poisson_line_smoother.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"

namespace portaflow::incompressible {

class MultigridPreconditioner {
 public:
  MultigridPreconditioner(const PoissonDomain& fine, const PoissonMatrix& fine_matrix,
                          bool line_smoother);
  // z = one V-cycle for A z = r from z = 0.
  void apply(const Vector& r, const Vector& z);
  int levels() const { return static_cast<int>(levels_.size()); }

 private:
  struct Level {
    PoissonDomain domain;  // its grid every other node of the level above, the same rules
    PoissonMatrix operator_;
    SparseMatrix prolongation;  // from the next coarser level to this one (empty on the coarsest)
    SparseMatrix restriction;   // from this level to the next coarser one
    Vector x, b, r;
    Vector half_sweep;              // x after the i lines, before the j lines (line smoother)
    LineSmoother i_lines, j_lines;  // empty (0 lines) with the point smoother
  };
  void smooth(Level& level, int sweeps);
  void v_cycle(std::size_t l);
  std::vector<Level> levels_;
};

}  // namespace portaflow::incompressible
