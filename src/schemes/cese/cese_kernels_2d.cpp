#include "portaflow/schemes/cese/cese_kernels.hpp"

namespace portaflow::cese {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
constexpr int kStoredTerms = 5 * kN;  // base, along x, along y, cross, predicted

template <class View>
KOKKOS_INLINE_FUNCTION PointTerms<2> terms_at(const View& q, Index j, Index i,
                                              const HalfStep<2>& step) {
  E2::State u, grad[2];
  for (int v = 0; v < kN; ++v) {
    u[v] = q(v, j, i);
    grad[0][v] = q(kN + v, j, i);
    grad[1][v] = q(2 * kN + v, j, i);
  }
  return point_terms<2>(u, grad, step);
}

KOKKOS_INLINE_FUNCTION void store(const ScratchView2D& s, Index p, const PointTerms<2>& t) {
  for (int v = 0; v < kN; ++v) {
    s(v, p) = t.base[v];
    s(kN + v, p) = t.along[0][v];
    s(2 * kN + v, p) = t.along[1][v];
    s(3 * kN + v, p) = t.cross[0][v];
    s(4 * kN + v, p) = t.predicted[v];
  }
}

// A point's terms read from team scratch, variable by variable (see RegisterTerms).
struct ScratchTerms {
  ScratchView2D s;
  Index p;
  KOKKOS_INLINE_FUNCTION Real base(int v) const { return s(v, p); }
  KOKKOS_INLINE_FUNCTION Real along(int d, int v) const { return s((1 + d) * kN + v, p); }
  KOKKOS_INLINE_FUNCTION Real cross(int v) const { return s(3 * kN + v, p); }
  KOKKOS_INLINE_FUNCTION Real predicted(int v) const { return s(4 * kN + v, p); }
};

// Writes variable v of a new point.
struct Writer {
  Field2D out;
  Index j, i;
  KOKKOS_INLINE_FUNCTION void operator()(int v, Real u, Real u_x, Real u_y) const {
    out(v, j, i) = u;
    out(kN + v, j, i) = u_x;
    out(2 * kN + v, j, i) = u_y;
  }
};

}  // namespace

void half_step_2d(const Field2D& in, const Field2D& out, Index ny_out, Index nx_out,
                  Index out_offset, const HalfStep<2>& step, KernelVariant variant,
                  TileShape2D tile) {
  const IndexBox2D outputs{{0, ny_out}, {0, nx_out}};
  if (variant == KernelVariant::kFlat) {
    par_for(
        "cese2d.half_step.flat", outputs, KOKKOS_LAMBDA(Index j, Index i) {
          const auto ld = terms_at(in, j, i, step), rd = terms_at(in, j, i + 1, step);
          const auto lu = terms_at(in, j + 1, i, step), ru = terms_at(in, j + 1, i + 1, step);
          combine_2d(RegisterTerms<2>{ld}, RegisterTerms<2>{rd}, RegisterTerms<2>{lu},
                     RegisterTerms<2>{ru}, step, Writer{out, j + out_offset, i + out_offset});
        });
    return;
  }
  const Index stride = tile.i + 1;  // scratch points per tile row, halo included
  const std::size_t bytes = scratch_bytes_2d(kStoredTerms, (tile.j + 1) * stride);
  par_for_tiles(
      "cese2d.half_step.team", outputs, tile, bytes,
      KOKKOS_LAMBDA(const TeamMember& member, const IndexBox2D& mine) {
        ScratchView2D terms(member.team_scratch(0), kStoredTerms, (tile.j + 1) * stride);
        const Index rows = mine.j.size() + 1, cols = mine.i.size() + 1;
        team_for(member, rows * cols, [&](Index p) {
          const Index r = p / cols, c = p % cols;
          store(terms, r * stride + c, terms_at(in, mine.j.begin + r, mine.i.begin + c, step));
        });
        team_barrier(member);
        const Index out_cols = mine.i.size();
        team_for(member, mine.j.size() * out_cols, [&](Index k) {
          const Index r = k / out_cols, c = k % out_cols;
          const Index p = r * stride + c;
          combine_2d(ScratchTerms{terms, p}, ScratchTerms{terms, p + 1},
                     ScratchTerms{terms, p + stride}, ScratchTerms{terms, p + stride + 1}, step,
                     Writer{out, mine.j.begin + r + out_offset, mine.i.begin + c + out_offset});
        });
      });
}

}  // namespace portaflow::cese
