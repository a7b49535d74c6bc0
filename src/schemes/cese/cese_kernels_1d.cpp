#include "portaflow/schemes/cese/cese_kernels.hpp"

namespace portaflow::cese {

namespace {

using E1 = physics::Euler<1>;
constexpr int kN = E1::kNumVars;
constexpr int kStoredTerms = 3 * kN;  // base, along, predicted

template <class View>
KOKKOS_INLINE_FUNCTION PointTerms<1> terms_at(const View& q, Index i, const HalfStep<1>& step) {
  E1::State u, grad[1];
  for (int v = 0; v < kN; ++v) {
    u[v] = q(v, i);
    grad[0][v] = q(kN + v, i);
  }
  return point_terms<1>(u, grad, step);
}

KOKKOS_INLINE_FUNCTION void store(const ScratchView2D& s, Index p, const PointTerms<1>& t) {
  for (int v = 0; v < kN; ++v) {
    s(v, p) = t.base[v];
    s(kN + v, p) = t.along[0][v];
    s(2 * kN + v, p) = t.predicted[v];
  }
}

// A point's terms read from team scratch, variable by variable (see RegisterTerms).
struct ScratchTerms {
  ScratchView2D s;
  Index p;
  KOKKOS_INLINE_FUNCTION Real base(int v) const { return s(v, p); }
  KOKKOS_INLINE_FUNCTION Real along(int, int v) const { return s(kN + v, p); }
  KOKKOS_INLINE_FUNCTION Real predicted(int v) const { return s(2 * kN + v, p); }
};

// Writes variable v of a new point.
struct Writer {
  Field1D out;
  Index i;
  KOKKOS_INLINE_FUNCTION void operator()(int v, Real u, Real u_x) const {
    out(v, i) = u;
    out(kN + v, i) = u_x;
  }
};

}  // namespace

void half_step_1d(const Field1D& in, const Field1D& out, Index n_out, Index out_offset,
                  const HalfStep<1>& step, KernelVariant variant, TileShape1D tile) {
  if (variant == KernelVariant::kFlat) {
    par_for(
        "cese1d.half_step.flat", IndexRange{0, n_out}, KOKKOS_LAMBDA(Index i) {
          const auto left = terms_at(in, i, step);
          const auto right = terms_at(in, i + 1, step);
          combine_1d(RegisterTerms<1>{left}, RegisterTerms<1>{right}, step,
                     Writer{out, i + out_offset});
        });
    return;
  }
  const std::size_t bytes = scratch_bytes_2d(kStoredTerms, tile.i + 1);
  par_for_tiles(
      "cese1d.half_step.team", IndexRange{0, n_out}, tile, bytes,
      KOKKOS_LAMBDA(const TeamMember& member, const IndexRange& mine) {
        ScratchView2D terms(member.team_scratch(0), kStoredTerms, tile.i + 1);
        const Index points = mine.size() + 1;  // the tile's outputs need one more input
        team_for(member, points,
                 [&](Index p) { store(terms, p, terms_at(in, mine.begin + p, step)); });
        team_barrier(member);
        team_for(member, mine.size(), [&](Index k) {
          combine_1d(ScratchTerms{terms, k}, ScratchTerms{terms, k + 1}, step,
                     Writer{out, mine.begin + k + out_offset});
        });
      });
}

}  // namespace portaflow::cese
