// Ghost-cell fills of the finite-volume schemes (fv_ghosts.hpp), kGhosts layers.
#include "portaflow/schemes/fv/fv_ghosts.hpp"

#include "portaflow/core/parallel.hpp"

namespace portaflow::fv {

namespace {
constexpr Index kG = kGhosts;
constexpr int kN1 = 3, kN2 = 4;  // conservative variables in 1D and 2D
}  // namespace

// Ghost cells (fv_ghosts.hpp): cells 0, 1 and n + 2, n + 3 for interior 2 .. n + 1.
void fill_ghosts_1d(const Field1D& u, Index n, BoundaryKind left, BoundaryKind right) {
  par_for(
      "fv1d.fill_ghosts", IndexRange{0, 2 * kG}, KOKKOS_LAMBDA(Index k) {
        const bool low = k < kG;
        const Index layer = low ? k : k - kG;
        const BoundaryKind kind = low ? left : right;
        const Index ghost = ghost_index(low, layer, n, kG);
        const Index source = ghost_source(kind, low, layer, n, kG);
        for (int v = 0; v < kN1; ++v)
          u(v, ghost) = (kind == BoundaryKind::kReflective && v == 1 ? -1 : 1) * u(v, source);
      });
}

// Ghost cells (fv_ghosts.hpp), the normal momentum negated at a reflective side.
void fill_ghosts_2d(const Field2D& u, Index nx, Index ny, const BoundaryConfig& b) {
  const BoundaryKind xl = b.side[0], xh = b.side[1], yl = b.side[2], yh = b.side[3];
  // x sides over interior rows, then y sides over the full width (corners get both).
  par_for(
      "fv2d.fill_ghosts_x", IndexBox2D{{kG, kG + ny}, {0, 2 * kG}},
      KOKKOS_LAMBDA(Index j, Index k) {
        const bool low = k < kG;
        const Index layer = low ? k : k - kG;
        const BoundaryKind kind = low ? xl : xh;
        const Index ghost = ghost_index(low, layer, nx, kG);
        const Index source = ghost_source(kind, low, layer, nx, kG);
        for (int v = 0; v < kN2; ++v)
          u(v, j, ghost) = (kind == BoundaryKind::kReflective && v == 1 ? -1 : 1) * u(v, j, source);
      });
  par_for(
      "fv2d.fill_ghosts_y", IndexBox2D{{0, 2 * kG}, {0, nx + 2 * kG}},
      KOKKOS_LAMBDA(Index k, Index i) {
        const bool low = k < kG;
        const Index layer = low ? k : k - kG;
        const BoundaryKind kind = low ? yl : yh;
        const Index ghost = ghost_index(low, layer, ny, kG);
        const Index source = ghost_source(kind, low, layer, ny, kG);
        for (int v = 0; v < kN2; ++v)
          u(v, ghost, i) = (kind == BoundaryKind::kReflective && v == 2 ? -1 : 1) * u(v, source, i);
      });
}

}  // namespace portaflow::fv
