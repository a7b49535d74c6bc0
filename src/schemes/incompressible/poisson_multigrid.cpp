#include "portaflow/schemes/incompressible/poisson_multigrid.hpp"

#include <KokkosBlas1_mult.hpp>
#include <KokkosSparse_spmv.hpp>

#include "portaflow/core/parallel.hpp"

namespace portaflow::incompressible {

namespace {

constexpr int kPreSweeps = 2, kPostSweeps = 2, kCoarsestSweeps = 50;
constexpr Real kJacobiWeight = Real(0.8);  // 4/5: the 2D five-point Laplacian's best smoother

bool can_coarsen(const NodeGrid& g) {
  return (g.ni - 1) % 2 == 0 && (g.nj - 1) % 2 == 0 && (g.ni - 1) / 2 >= 2 && (g.nj - 1) / 2 >= 2;
}

NodeGrid every_other_node(const NodeGrid& fine) {
  NodeGrid coarse;
  coarse.ni = (fine.ni - 1) / 2 + 1;
  coarse.nj = (fine.nj - 1) / 2 + 1;
  coarse.x = NodeField("multigrid.x", coarse.nj, coarse.ni);
  coarse.y = NodeField("multigrid.y", coarse.nj, coarse.ni);
  const NodeField fx = fine.x, fy = fine.y, cx = coarse.x, cy = coarse.y;
  par_for("incompressible.coarse_grid", IndexBox2D{{0, coarse.nj}, {0, coarse.ni}},
          KOKKOS_LAMBDA(const int j, const int i) {
            cx(j, i) = fx(2 * j, 2 * i);
            cy(j, i) = fy(2 * j, 2 * i);
          });
  compute_metrics(coarse);
  return coarse;
}

// A host CSR matrix, then on the device.
struct HostCsr {
  int rows = 0, columns = 0;
  std::vector<SparseOffset> row_map{0};
  std::vector<int> entries;
  std::vector<Real> values;
};

SparseMatrix to_device(const HostCsr& h, const char* label) {
  DeviceView<SparseOffset*> row_map("multigrid.row_map", h.row_map.size());
  DeviceView<int*> entries("multigrid.entries", h.entries.size());
  Vector values("multigrid.values", h.values.size());
  Kokkos::deep_copy(row_map, Kokkos::View<const SparseOffset*, Kokkos::HostSpace>(h.row_map.data(),
                                                                                h.row_map.size()));
  Kokkos::deep_copy(entries, Kokkos::View<const int*, Kokkos::HostSpace>(h.entries.data(), h.entries.size()));
  Kokkos::deep_copy(values, Kokkos::View<const Real*, Kokkos::HostSpace>(h.values.data(), h.values.size()));
  return SparseMatrix(label, h.rows, h.columns, h.values.size(), values, row_map, entries);
}

// Bilinear interpolation from the coarse interior unknowns to the fine ones: a fine node at an
// even index along a direction is a coarse node there, an odd one halfway between two; coarse
// boundary nodes carry no correction (Dirichlet) and are left out.
HostCsr prolongation(const NodeGrid& fine, const NodeGrid& coarse) {
  HostCsr p;
  const int fi = fine.ni - 2, fj = fine.nj - 2, ci = coarse.ni - 2, cj = coarse.nj - 2;
  p.rows = fi * fj;
  p.columns = ci * cj;
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
  for (int j = 1; j <= fj; ++j)
    for (int i = 1; i <= fi; ++i) {
      int ai[2], aj[2];
      Real wi[2], wj[2];
      const int ni = parents(i, ai, wi), nj = parents(j, aj, wj);
      for (int b = 0; b < nj; ++b)
        for (int a = 0; a < ni; ++a) {
          if (ai[a] < 1 || ai[a] > ci || aj[b] < 1 || aj[b] > cj) continue;
          p.entries.push_back((aj[b] - 1) * ci + (ai[a] - 1));
          p.values.push_back(wi[a] * wj[b]);
        }
      p.row_map.push_back(p.entries.size());
    }
  return p;
}

// R = P^T / 4 (full weighting).
HostCsr restriction_of(const HostCsr& p) {
  HostCsr r;
  r.rows = p.columns;
  r.columns = p.rows;
  r.row_map.assign(r.rows + 1, 0);
  for (const int c : p.entries) ++r.row_map[c + 1];
  for (int k = 0; k < r.rows; ++k) r.row_map[k + 1] += r.row_map[k];
  r.entries.resize(p.entries.size());
  r.values.resize(p.values.size());
  std::vector<SparseOffset> next(r.row_map.begin(), r.row_map.end() - 1);
  for (int row = 0; row < p.rows; ++row)
    for (SparseOffset at = p.row_map[row]; at < p.row_map[row + 1]; ++at) {
      const SparseOffset slot = next[p.entries[at]]++;
      r.entries[slot] = row;
      r.values[slot] = Real(0.25) * p.values[at];
    }
  return r;
}

}  // namespace

MultigridPreconditioner::MultigridPreconditioner(const NodeGrid& fine, const PoissonMatrix& fine_matrix) {
  Level top;
  top.grid = fine;
  top.operator_ = fine_matrix;
  levels_.push_back(top);
  while (can_coarsen(levels_.back().grid)) {
    Level coarse;
    coarse.grid = every_other_node(levels_.back().grid);
    coarse.operator_ = assemble_poisson_matrix(coarse.grid);
    const HostCsr p = prolongation(levels_.back().grid, coarse.grid);
    levels_.back().restriction = to_device(restriction_of(p), "multigrid.restriction");
    coarse.prolongation = to_device(p, "multigrid.prolongation");
    levels_.push_back(coarse);
  }
  for (Level& level : levels_) {
    const int n = level.operator_.rows;
    level.x = Vector("multigrid.x", n);
    level.b = Vector("multigrid.b", n);
    level.r = Vector("multigrid.r", n);
  }
}

void MultigridPreconditioner::apply(const Vector& r, const Vector& z) {
  Kokkos::deep_copy(levels_[0].b, r);
  v_cycle(0);
  Kokkos::deep_copy(z, levels_[0].x);
}

// x += w D^-1 (b - A x), `sweeps` times.
void MultigridPreconditioner::smooth(Level& level, int sweeps) {
  for (int s = 0; s < sweeps; ++s) {
    Kokkos::deep_copy(level.r, level.b);
    KokkosSparse::spmv("N", Real(-1), level.operator_.matrix, level.x, Real(1), level.r);
    KokkosBlas::mult(Real(1), level.x, kJacobiWeight, level.operator_.diagonal_inverse, level.r);
  }
}

void MultigridPreconditioner::v_cycle(std::size_t l) {
  Level& level = levels_[l];
  Kokkos::deep_copy(level.x, Real(0));
  if (l + 1 == levels_.size()) {
    smooth(level, kCoarsestSweeps);  // a handful of unknowns
    return;
  }
  smooth(level, kPreSweeps);
  Kokkos::deep_copy(level.r, level.b);
  KokkosSparse::spmv("N", Real(-1), level.operator_.matrix, level.x, Real(1), level.r);
  Level& coarse = levels_[l + 1];
  KokkosSparse::spmv("N", Real(1), level.restriction, level.r, Real(0), coarse.b);
  v_cycle(l + 1);
  KokkosSparse::spmv("N", Real(1), coarse.prolongation, coarse.x, Real(1), level.x);
  smooth(level, kPostSweeps);
}

}  // namespace portaflow::incompressible
