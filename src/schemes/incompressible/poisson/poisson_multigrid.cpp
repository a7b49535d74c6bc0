#include "portaflow/schemes/incompressible/poisson/poisson_multigrid.hpp"

#include <KokkosBlas1_mult.hpp>
#include <KokkosSparse_spmv.hpp>
#include <algorithm>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow::incompressible {

namespace {

constexpr int kPreSweeps = 2, kPostSweeps = 2;

// Sweeps on the coarsest level: at most 50, fewer for a few unknowns. A square's 3 x 3 coarsest
// grid has one unknown, whose error damped Jacobi cuts to 0.2 a sweep: 6 sweeps leave 6e-5, where
// 50 made 150 of a V-cycle's ~250 kernel launches (a GPU step at 129^2 is launch-bound).
int coarsest_sweeps(int unknowns) { return std::min(50, 4 + 2 * unknowns); }
constexpr Real kJacobiWeight = Real(0.8);  // 4/5: the 2D five-point Laplacian's best smoother
// Alternating lines, undamped. NACA 0012 Re 5000, BiCGSTAB iterations a solve over the first
// steps from rest: 193 x 65, 8.5 with weight 1 and 9.5 with 0.8 (j lines alone: 18.3);
// 385 x 129, 9.2 (one sweep before and after instead of two: 15.9; i lines alone, or j lines
// alone with one sweep each side, both at weight 0.8: no convergence within 200 s). The grid is
// stretched along j at the wall and along i in the far field. Its coarsest level (25 x 9 on the 193
// x 65 grid): 4, 10 and 50 sweeps took 7.8, 8.4 and 9.2 iterations on the 385 x 129 grid.
constexpr Real kLineWeight = Real(1);
constexpr int kCoarsestLineSweeps = 6;

bool can_coarsen(const PoissonDomain& d) {
  const NodeGrid& g = d.grid;
  return (g.ni - 1) % 2 == 0 && (g.nj - 1) % 2 == 0 && (g.ni - 1) / 2 >= 2 && (g.nj - 1) / 2 >= 2 &&
         d.spec.can_coarsen();
}

NodeGrid every_other_node(const NodeGrid& fine) {
  NodeGrid coarse;
  coarse.ni = (fine.ni - 1) / 2 + 1;
  coarse.nj = (fine.nj - 1) / 2 + 1;
  coarse.seam = fine.seam / 2;
  coarse.x = NodeField("multigrid.x", coarse.nj, coarse.ni);
  coarse.y = NodeField("multigrid.y", coarse.nj, coarse.ni);
  const NodeField fx = fine.x, fy = fine.y, cx = coarse.x, cy = coarse.y;
  par_for(
      "incompressible.coarse_grid", IndexBox2D{{0, coarse.nj}, {0, coarse.ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        cx(j, i) = fx(2 * j, 2 * i);
        cy(j, i) = fy(2 * j, 2 * i);
      });
  compute_metrics(coarse);
  return coarse;
}

// Bilinear interpolation from the coarse rows' nodes to the fine rows' nodes: a fine node at an
// even index along a direction is a coarse node there, an odd one halfway between two; coarse
// nodes without a row (Dirichlet) carry no correction and are left out.
HostCsr prolongation(const PoissonMatrix& fine, const PoissonMatrix& coarse, int fine_ni) {
  HostCsr p;
  p.rows = fine.rows;
  p.columns = coarse.rows;
  const auto node_of = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), fine.node_of);
  const auto coarse_row = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), coarse.row_of);
  auto parents = [](int n, int* at, Real* weight) {
    if (n % 2 == 0) {
      at[0] = n / 2;
      weight[0] = 1;
      return 1;
    }
    at[0] = (n - 1) / 2;
    at[1] = (n + 1) / 2;
    weight[0] = weight[1] = Real(0.5);
    return 2;
  };
  for (int k = 0; k < fine.rows; ++k) {
    const int j = node_of(k) / fine_ni, i = node_of(k) % fine_ni;
    int ai[2], aj[2];
    Real wi[2], wj[2];
    const int ni = parents(i, ai, wi), nj = parents(j, aj, wj);
    for (int b = 0; b < nj; ++b)
      for (int a = 0; a < ni; ++a) {
        const int column = coarse_row(aj[b], ai[a]);
        if (column < 0) continue;
        p.entries.push_back(column);
        p.values.push_back(wi[a] * wj[b]);
      }
    p.row_map.push_back(p.entries.size());
  }
  return p;
}

}  // namespace

MultigridPreconditioner::MultigridPreconditioner(const PoissonDomain& fine,
                                                 const PoissonMatrix& fine_matrix,
                                                 bool line_smoother) {
  Level top;
  top.domain = fine;
  top.operator_ = fine_matrix;
  levels_.push_back(top);
  while (can_coarsen(levels_.back().domain)) {
    Level coarse;
    const PoissonDomain& above = levels_.back().domain;
    NodeGrid coarse_grid;
    try {
      coarse_grid = every_other_node(above.grid);
    } catch (const Error&) {
      break;  // every other node of a strongly stretched grid can fold: no coarser level
    }
    coarse.domain = make_poisson_domain(coarse_grid, above.spec.coarsen(), above.stream);
    coarse.operator_ = assemble_poisson_matrix(coarse.domain);
    const HostCsr p = prolongation(levels_.back().operator_, coarse.operator_, above.grid.ni);
    levels_.back().restriction =
        to_device(scaled_transpose(p, Real(0.25)), "multigrid.restriction");
    coarse.prolongation = to_device(p, "multigrid.prolongation");
    levels_.push_back(coarse);
  }
  for (Level& level : levels_) {
    const int n = level.operator_.rows;
    level.x = Vector("multigrid.x", n);
    level.b = Vector("multigrid.b", n);
    level.r = Vector("multigrid.r", n);
    if (line_smoother) {
      level.half_sweep = Vector("multigrid.half_sweep", n);
      level.i_lines = build_line_smoother(level.operator_, level.domain.grid.ni, LineDirection::kI);
      level.j_lines = build_line_smoother(level.operator_, level.domain.grid.ni, LineDirection::kJ);
    }
  }
}

// The copies go on the execution space's queue (no fence each: a V-cycle makes about 20).
void MultigridPreconditioner::apply(const Vector& r, const Vector& z) {
  Kokkos::deep_copy(ExecSpace(), levels_[0].b, r);
  v_cycle(0);
  Kokkos::deep_copy(ExecSpace(), z, levels_[0].x);
}

// x += w D^-1 (b - A x), `sweeps` times; D the diagonal. With lines, each sweep solves the i lines
// and then, from the updated x, the j lines: x += T_i^-1 (b - A x), then x += T_j^-1 (b - A x),
// each one kernel (LineSmoother::relax), the i lines' result in half_sweep.
void MultigridPreconditioner::smooth(Level& level, int sweeps) {
  const SparseMatrix& a = level.operator_.matrix;
  for (int s = 0; s < sweeps; ++s) {
    if (level.j_lines.lines == 0) {
      Kokkos::deep_copy(ExecSpace(), level.r, level.b);
      KokkosSparse::spmv("N", Real(-1), a, level.x, Real(1), level.r);
      KokkosBlas::mult(Real(1), level.x, kJacobiWeight, level.operator_.diagonal_inverse, level.r);
      continue;
    }
    level.i_lines.relax(a, level.b, level.x, level.half_sweep, kLineWeight);
    level.j_lines.relax(a, level.b, level.half_sweep, level.x, kLineWeight);
  }
}

void MultigridPreconditioner::v_cycle(std::size_t l) {
  Level& level = levels_[l];
  Kokkos::deep_copy(ExecSpace(), level.x, Real(0));
  if (l + 1 == levels_.size()) {
    // A handful of unknowns (alternating lines solve its few short lines almost exactly).
    smooth(level,
           level.j_lines.lines > 0 ? kCoarsestLineSweeps : coarsest_sweeps(level.operator_.rows));
    return;
  }
  smooth(level, kPreSweeps);
  Kokkos::deep_copy(ExecSpace(), level.r, level.b);
  KokkosSparse::spmv("N", Real(-1), level.operator_.matrix, level.x, Real(1), level.r);
  Level& coarse = levels_[l + 1];
  KokkosSparse::spmv("N", Real(1), level.restriction, level.r, Real(0), coarse.b);
  v_cycle(l + 1);
  KokkosSparse::spmv("N", Real(1), coarse.prolongation, coarse.x, Real(1), level.x);
  smooth(level, kPostSweeps);
}

}  // namespace portaflow::incompressible
