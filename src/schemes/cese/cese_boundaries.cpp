#include "portaflow/schemes/cese/cese_boundaries.hpp"

#include "portaflow/core/parallel.hpp"

namespace portaflow::cese {

namespace {

// Sign of component c = v + nvar * k (k = 0: u, k = 1 + d: du/dx_d) in the mirror image across a
// wall normal to direction `normal`.
KOKKOS_INLINE_FUNCTION Real mirror_sign(int c, int nvar, int normal) {
  const int v = c % nvar, k = c / nvar;
  const Real var_sign = v == 1 + normal ? -1 : 1;         // the normal momentum is odd
  const Real derivative_sign = k == 1 + normal ? -1 : 1;  // d/dn flips parity
  return var_sign * derivative_sign;
}

// Where a ghost takes its values from, and whether it is the mirror image.
struct GhostRule {
  Index ghost;
  Index source;
  bool mirror;
};

// Along one direction with interior 1..n: the low ghost is 0, the high one n + 1.
KOKKOS_INLINE_FUNCTION GhostRule ghost_rule(BoundaryKind kind, bool low_side, Index n) {
  const Index ghost = low_side ? 0 : n + 1;
  if (kind == BoundaryKind::kPeriodic) return {ghost, low_side ? n : 1, false};
  if (kind == BoundaryKind::kNeighbour) return {ghost, ghost, false};  // the halo exchange's
  return {ghost, low_side ? 1 : n, kind == BoundaryKind::kReflective};
}

// q(c, ghost) = sign * q(c, source) for every component, through the caller's indexing.
template <class Access>
KOKKOS_INLINE_FUNCTION void fill_ghost(int ncomp, int nvar, int normal, const GhostRule& rule,
                                       const Access& at) {
  for (int c = 0; c < ncomp; ++c) {
    const Real sign = rule.mirror ? mirror_sign(c, nvar, normal) : Real(1);
    at(c, rule.ghost) = sign * at(c, rule.source);
  }
}

}  // namespace

void fill_ghosts_1d(const Field1D& q, Index n, BoundaryKind left, BoundaryKind right) {
  const int ncomp = static_cast<int>(q.extent(0));
  par_for(
      "cese1d.fill_ghosts", IndexRange{0, 2}, KOKKOS_LAMBDA(Index side) {
        const GhostRule rule = ghost_rule(side == 0 ? left : right, side == 0, n);
        fill_ghost(ncomp, ncomp / 2, 0, rule, [&](int c, Index i) -> Real& { return q(c, i); });
      });
}

void fill_ghosts_2d(const Field2D& q, Index nx, Index ny, const BoundaryConfig& boundary) {
  const int ncomp = static_cast<int>(q.extent(0));
  const BoundaryKind x_low = boundary.side[0], x_high = boundary.side[1];
  const BoundaryKind y_low = boundary.side[2], y_high = boundary.side[3];
  // x sides, interior rows.
  par_for(
      "cese2d.fill_ghosts_x", IndexBox2D{{1, ny + 1}, {0, 2}}, KOKKOS_LAMBDA(Index j, Index side) {
        const GhostRule rule = ghost_rule(side == 0 ? x_low : x_high, side == 0, nx);
        fill_ghost(ncomp, ncomp / 3, 0, rule, [&](int c, Index i) -> Real& { return q(c, j, i); });
      });
  // y sides, full width (ghost columns included, so corners compose both conditions).
  par_for(
      "cese2d.fill_ghosts_y", IndexBox2D{{0, 2}, {0, nx + 2}}, KOKKOS_LAMBDA(Index side, Index i) {
        const GhostRule rule = ghost_rule(side == 0 ? y_low : y_high, side == 0, ny);
        fill_ghost(ncomp, ncomp / 3, 1, rule, [&](int c, Index j) -> Real& { return q(c, j, i); });
      });
}

}  // namespace portaflow::cese
