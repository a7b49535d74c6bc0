#include "portaflow/schemes/cese/cese_boundaries.hpp"

#include "portaflow/core/parallel.hpp"

namespace portaflow::cese {

namespace {

// Sign of component c = v + nvar * k (k = 0: u, k = 1 + d: du/dx_d) in the mirror image across a
// wall normal to direction `normal`.
KOKKOS_INLINE_FUNCTION Real mirror_sign(int c, int nvar, int normal) {
  const int v = c % nvar, k = c / nvar;
  const Real var_sign = v == 1 + normal ? -1 : 1;  // the normal momentum is odd
  const Real derivative_sign = k == 1 + normal ? -1 : 1;  // d/dn flips parity
  return var_sign * derivative_sign;
}

// Source index of a ghost, and the sign to apply per component (reflective only).
KOKKOS_INLINE_FUNCTION Index ghost_source(BoundaryKind kind, bool low_side, Index n) {
  // Low side ghost 0, high side ghost n + 1; interior 1..n.
  switch (kind) {
    case BoundaryKind::kPeriodic:
      return low_side ? n : 1;
    case BoundaryKind::kReflective:
    case BoundaryKind::kNonReflective:
    default:
      return low_side ? 1 : n;
  }
}

}  // namespace

void fill_ghosts_1d(const Field1D& q, Index n, BoundaryKind left, BoundaryKind right) {
  const int ncomp = static_cast<int>(q.extent(0));
  const int nvar = ncomp / 2;
  par_for(
      "cese1d.fill_ghosts", IndexRange{0, 2}, KOKKOS_LAMBDA(Index side) {
        const bool low = side == 0;
        const BoundaryKind kind = low ? left : right;
        const Index ghost = low ? 0 : n + 1;
        const Index source = ghost_source(kind, low, n);
        for (int c = 0; c < ncomp; ++c) {
          const Real sign = kind == BoundaryKind::kReflective ? mirror_sign(c, nvar, 0) : Real(1);
          q(c, ghost) = sign * q(c, source);
        }
      });
}

void fill_ghosts_2d(const Field2D& q, Index nx, Index ny, const BoundaryConfig& boundary) {
  const int ncomp = static_cast<int>(q.extent(0));
  const int nvar = ncomp / 3;
  const BoundaryKind x_low = boundary.side[0], x_high = boundary.side[1];
  const BoundaryKind y_low = boundary.side[2], y_high = boundary.side[3];
  // x sides, interior rows.
  par_for(
      "cese2d.fill_ghosts_x", IndexBox2D{{1, ny + 1}, {0, 2}}, KOKKOS_LAMBDA(Index j, Index side) {
        const bool low = side == 0;
        const BoundaryKind kind = low ? x_low : x_high;
        const Index ghost = low ? 0 : nx + 1;
        const Index source = ghost_source(kind, low, nx);
        for (int c = 0; c < ncomp; ++c) {
          const Real sign = kind == BoundaryKind::kReflective ? mirror_sign(c, nvar, 0) : Real(1);
          q(c, j, ghost) = sign * q(c, j, source);
        }
      });
  // y sides, full width (ghost columns included, so corners compose both conditions).
  par_for(
      "cese2d.fill_ghosts_y", IndexBox2D{{0, 2}, {0, nx + 2}}, KOKKOS_LAMBDA(Index side, Index i) {
        const bool low = side == 0;
        const BoundaryKind kind = low ? y_low : y_high;
        const Index ghost = low ? 0 : ny + 1;
        const Index source = ghost_source(kind, low, ny);
        for (int c = 0; c < ncomp; ++c) {
          const Real sign = kind == BoundaryKind::kReflective ? mirror_sign(c, nvar, 1) : Real(1);
          q(c, ghost, i) = sign * q(c, source, i);
        }
      });
}

}  // namespace portaflow::cese
