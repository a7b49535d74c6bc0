#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"

#include <vector>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/poisson/laplacian_stencil.hpp"

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

// The node (j + dj, i + di) seen from (j, i), across the wake cut when j + dj < 0.
KOKKOS_INLINE_FUNCTION void neighbour(int ni, int j, int i, int dj, int di, int& nj_, int& ni_) {
  nj_ = j + dj;
  ni_ = i + di;
  if (nj_ < 0) {
    nj_ = -nj_;
    ni_ = ni - 1 - ni_;
  }
}

// A Neumann row psi - psi(link) = psi_inf - psi_inf(link) is multiplied by the magnitude of the
// Laplacian's diagonal at its link node. The solution is the same; but the multigrid
// preconditioner's full weighting adds a Neumann row's residual to its Laplacian neighbours'
// (and theirs to it), and unscaled it is ~1/h^2 smaller than theirs: the coarse levels then
// corrected the outflow and the plate's top wrongly. Scaled, BiCGSTAB with line multigrid took
// 2.4 iterations a solve on a 65 x 33 plate grid where it took 50, and 4.3 on the 193 x 65 NACA
// 0012 grid where it took 8.2.
KOKKOS_INLINE_FUNCTION Real neumann_scale(const NodeGrid& g, int link_j, int link_i) {
  return -laplacian_stencil(g, link_j, link_i).centre;
}

// Rows in node order for kPsiSolve and kPsiNeumann nodes; twins take their owner's (host: once
// per matrix, a pass over the rules).
void number_rows(const PoissonDomain& d, PoissonMatrix& m) {
  const int ni = d.grid.ni, nj = d.grid.nj;
  auto rule = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d.layout.psi_rule);
  auto link = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d.layout.link);
  auto row_of = Kokkos::View<int**, Kokkos::LayoutRight, Kokkos::HostSpace>("row_of", nj, ni);
  std::vector<int> node_of;
  for (int j = 0; j < nj; ++j)
    for (int i = 0; i < ni; ++i) {
      row_of(j, i) = -1;
      if (rule(j, i) == kPsiSolve || rule(j, i) == kPsiNeumann) {
        row_of(j, i) = static_cast<int>(node_of.size());
        node_of.push_back(j * ni + i);
      }
    }
  for (int j = 0; j < nj; ++j)
    for (int i = 0; i < ni; ++i)
      if (rule(j, i) == kPsiTwin) row_of(j, i) = row_of(link(j, i) / ni, link(j, i) % ni);
  m.rows = static_cast<int>(node_of.size());
  m.row_of = DeviceView<int**>("poisson.row_of", nj, ni);
  Kokkos::deep_copy(m.row_of, row_of);
  m.node_of = DeviceView<int*>("poisson.node_of", m.rows);
  Kokkos::deep_copy(m.node_of, Kokkos::View<const int*, Kokkos::HostSpace>(node_of.data(), m.rows));
}

// A row's entries: its Laplacian's places whose node has a row, in place order (j - 1 row
// first), or the Neumann pair (the node, its link); one function for counting and for filling.
// Returns the diagonal.
struct RowVisitor {
  NodeGrid g;
  BoundaryLayout l;
  DeviceView<int**> row_of;
  DeviceView<int*> node_of;
  int ni;
  bool cross;

  template <class Emit>
  KOKKOS_INLINE_FUNCTION Real operator()(int k, const Emit& emit) const {
    const int j = node_of(k) / ni, i = node_of(k) % ni;
    if (l.psi_rule(j, i) == kPsiNeumann) {
      const int link = l.link(j, i);
      const Real scale = neumann_scale(g, link / ni, link % ni);
      emit(k, scale);
      emit(row_of(link / ni, link % ni), -scale);
      return scale;
    }
    const Stencil s = laplacian_stencil(g, j, i);
    for (int dj = -1; dj <= 1; ++dj)
      for (int di = -1; di <= 1; ++di) {
        if (!(cross || dj == 0 || di == 0)) continue;
        int j2, i2;
        neighbour(ni, j, i, dj, di, j2, i2);
        const int column = row_of(j2, i2);
        if (column >= 0) emit(column, coefficient(s, dj, di));
      }
    return s.centre;
  }
};

}  // namespace

PoissonMatrix assemble_poisson_matrix(const PoissonDomain& domain) {
  PoissonMatrix m;
  number_rows(domain, m);
  const NodeGrid g = domain.grid;
  const BoundaryLayout l = domain.layout;
  const int ni = g.ni, rows = m.rows;
  const NodeField b = g.b;
  const bool cross = par_max<Real>(
                         "incompressible.max_cross_metric", interior(g),
                         KOKKOS_LAMBDA(const int j, const int i, Real& x) {
                           x = math::fmax(x, math::fabs(b(j, i)));
                         }) > 0;
  const auto row_of = m.row_of;
  const auto node_of = m.node_of;
  const RowVisitor visit{g, l, row_of, node_of, ni, cross};
  Offsets row_map("poisson.row_map", rows + 1);
  par_for(
      "incompressible.matrix_row_lengths", IndexRange{0, rows}, KOKKOS_LAMBDA(const int k) {
        int length = 0;
        visit(k, [&](int, Real) { ++length; });
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
  par_for(
      "incompressible.matrix_fill", IndexRange{0, rows}, KOKKOS_LAMBDA(const int k) {
        SparseOffset at = row_map(k);
        const Real centre = visit(k, [&](int column, Real value) {
          columns(at) = column;
          values(at) = value;
          ++at;
        });
        diagonal_inverse(k) = 1 / centre;
      });
  m.matrix = SparseMatrix("poisson.matrix", rows, rows, entries, values, row_map, columns);
  return m;
}

void gather_poisson_system(const PoissonDomain& domain, const PoissonMatrix& m,
                           const NodeField& psi, const NodeField& omega, const Vector& x,
                           const Vector& b) {
  const NodeGrid g = domain.grid;
  const BoundaryLayout l = domain.layout;
  const FreeStream stream = domain.stream;
  const auto row_of = m.row_of;
  const auto node_of = m.node_of;
  const int ni = g.ni;
  par_for(
      "incompressible.poisson_gather", IndexRange{0, m.rows}, KOKKOS_LAMBDA(const int k) {
        const int j = node_of(k) / ni, i = node_of(k) % ni;
        x(k) = psi(j, i);
        if (l.psi_rule(j, i) == kPsiNeumann) {
          const int lj = l.link(j, i) / ni, li = l.link(j, i) % ni;
          b(k) = neumann_scale(g, lj, li) *
                 (stream.psi(g.x(j, i), g.y(j, i)) - stream.psi(g.x(lj, li), g.y(lj, li)));
          return;
        }
        const Stencil s = laplacian_stencil(g, j, i);
        Real known = 0;
        for (int dj = -1; dj <= 1; ++dj)
          for (int di = -1; di <= 1; ++di) {
            int j2, i2;
            neighbour(ni, j, i, dj, di, j2, i2);
            if ((dj != 0 || di != 0) && row_of(j2, i2) < 0)
              known += coefficient(s, dj, di) * psi(j2, i2);
          }
        b(k) = -omega(j, i) - known;
      });
}

void scatter_solution(const PoissonMatrix& m, const Vector& x, const NodeField& psi) {
  const auto row_of = m.row_of;
  par_for(
      "incompressible.poisson_scatter", IndexBox2D{{0, psi.extent_int(0)}, {0, psi.extent_int(1)}},
      KOKKOS_LAMBDA(const int j, const int i) {
        if (row_of(j, i) >= 0) psi(j, i) = x(row_of(j, i));
      });
}

}  // namespace portaflow::incompressible
