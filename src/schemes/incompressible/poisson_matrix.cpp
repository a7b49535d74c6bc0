#include "portaflow/schemes/incompressible/poisson_matrix.hpp"

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/laplacian_stencil.hpp"

namespace portaflow::incompressible {

namespace {

using Offsets = DeviceView<SparseOffset*>;

// The stencil's nine places in column order (row j - 1, then j, then j + 1; i increasing).
KOKKOS_INLINE_FUNCTION Real coefficient(const Stencil& s, int dj, int di) {
  const Real row_below[3] = {s.south_west, s.south, s.south_east};
  const Real row_here[3] = {s.west, s.centre, s.east};
  const Real row_above[3] = {s.north_west, s.north, s.north_east};
  const Real* row = dj < 0 ? row_below : dj == 0 ? row_here : row_above;
  return row[di + 1];
}

KOKKOS_INLINE_FUNCTION bool is_interior(const NodeGrid& g, int j, int i) {
  return i > 0 && i < g.ni - 1 && j > 0 && j < g.nj - 1;
}

}  // namespace

PoissonMatrix assemble_poisson_matrix(const NodeGrid& grid) {
  PoissonMatrix m;
  m.rows = (grid.ni - 2) * (grid.nj - 2);
  const NodeGrid g = grid;
  const int inner_i = g.ni - 2, rows = m.rows;
  const NodeField b = grid.b;
  const bool cross = par_max<Real>("incompressible.max_cross_metric", interior(grid),
                                   KOKKOS_LAMBDA(const int j, const int i, Real& x) {
                                     x = math::fmax(x, math::fabs(b(j, i)));
                                   }) > 0;
  // Row lengths, their prefix sums (row_map), then columns and values in column order.
  Offsets row_map("poisson.row_map", rows + 1);
  par_for("incompressible.matrix_row_lengths", IndexRange{0, rows}, KOKKOS_LAMBDA(const int k) {
    const int j = k / inner_i + 1, i = k % inner_i + 1;
    int length = 0;
    for (int dj = -1; dj <= 1; ++dj)
      for (int di = -1; di <= 1; ++di)
        if ((cross || dj == 0 || di == 0) && is_interior(g, j + dj, i + di)) ++length;
    row_map(k + 1) = length;
  });
  SparseOffset entries = 0;
  Kokkos::parallel_scan(
      "incompressible.matrix_row_map", Kokkos::RangePolicy<ExecSpace>(0, rows + 1),
      KOKKOS_LAMBDA(const int k, SparseOffset& sum, const bool final) {
        sum += row_map(k);
        if (final) row_map(k) = sum;
      },
      entries);
  DeviceView<int*> columns("poisson.columns", entries);
  Vector values("poisson.values", entries);
  m.diagonal_inverse = Vector("poisson.diagonal_inverse", rows);
  const Vector diagonal_inverse = m.diagonal_inverse;
  par_for("incompressible.matrix_fill", IndexRange{0, rows}, KOKKOS_LAMBDA(const int k) {
    const int j = k / inner_i + 1, i = k % inner_i + 1;
    const Stencil s = laplacian_stencil(g, j, i);
    SparseOffset at = row_map(k);
    for (int dj = -1; dj <= 1; ++dj)
      for (int di = -1; di <= 1; ++di)
        if ((cross || dj == 0 || di == 0) && is_interior(g, j + dj, i + di)) {
          columns(at) = (j + dj - 1) * inner_i + (i + di - 1);
          values(at) = coefficient(s, dj, di);
          ++at;
        }
    diagonal_inverse(k) = 1 / s.centre;
  });
  m.matrix = SparseMatrix("poisson.matrix", rows, rows, entries, values, row_map, columns);
  return m;
}

void gather_poisson_system(const NodeGrid& grid, const NodeField& psi, const NodeField& omega,
                           const Vector& x, const Vector& b) {
  const NodeGrid g = grid;
  const int inner_i = g.ni - 2;
  par_for("incompressible.poisson_gather", IndexRange{0, (g.ni - 2) * (g.nj - 2)},
          KOKKOS_LAMBDA(const int k) {
            const int j = k / inner_i + 1, i = k % inner_i + 1;
            const Stencil s = laplacian_stencil(g, j, i);
            Real known = 0;
            for (int dj = -1; dj <= 1; ++dj)
              for (int di = -1; di <= 1; ++di)
                if (!is_interior(g, j + dj, i + di))
                  known += coefficient(s, dj, di) * psi(j + dj, i + di);
            x(k) = psi(j, i);
            b(k) = -omega(j, i) - known;
          });
}

void scatter_solution(const NodeGrid& grid, const Vector& x, const NodeField& psi) {
  const int inner_i = grid.ni - 2;
  par_for("incompressible.poisson_scatter", IndexRange{0, (grid.ni - 2) * (grid.nj - 2)},
          KOKKOS_LAMBDA(const int k) { psi(k / inner_i + 1, k % inner_i + 1) = x(k); });
}

}  // namespace portaflow::incompressible
