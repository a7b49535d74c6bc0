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

KOKKOS_INLINE_FUNCTION PointTerms<1> load(const ScratchView2D& s, Index p) {
  PointTerms<1> t;
  for (int v = 0; v < kN; ++v) {
    t.base[v] = s(v, p);
    t.along[0][v] = s(kN + v, p);
    t.predicted[v] = s(2 * kN + v, p);
  }
  return t;
}

KOKKOS_INLINE_FUNCTION void write(const Field1D& out, Index i, const E1::State& u,
                                  const E1::State& u_x) {
  for (int v = 0; v < kN; ++v) {
    out(v, i) = u[v];
    out(kN + v, i) = u_x[v];
  }
}

}  // namespace

const char* kernel_variant_name(KernelVariant variant) {
  return variant == KernelVariant::kTeam ? "team" : "flat";
}

void half_step_1d(const Field1D& in, const Field1D& out, Index n_out, Index out_offset,
                  const HalfStep<1>& step, KernelVariant variant, TileShape1D tile) {
  if (variant == KernelVariant::kFlat) {
    par_for(
        "cese1d.half_step.flat", IndexRange{0, n_out}, KOKKOS_LAMBDA(Index i) {
          const auto left = terms_at(in, i, step);
          const auto right = terms_at(in, i + 1, step);
          E1::State u, u_x;
          combine_1d(left, right, step, u, u_x);
          write(out, i + out_offset, u, u_x);
        });
    return;
  }
  const std::size_t bytes = scratch_bytes_2d(kStoredTerms, tile.i + 1);
  par_for_tiles(
      "cese1d.half_step.team", IndexRange{0, n_out}, tile, bytes,
      KOKKOS_LAMBDA(const TeamMember& member, const IndexRange& mine) {
        ScratchView2D terms(member.team_scratch(0), kStoredTerms, tile.i + 1);
        const Index points = mine.size() + 1;  // the tile's outputs need one more input
        team_for(member, points, [&](Index p) { store(terms, p, terms_at(in, mine.begin + p, step)); });
        team_barrier(member);
        team_for(member, mine.size(), [&](Index k) {
          E1::State u, u_x;
          combine_1d(load(terms, k), load(terms, k + 1), step, u, u_x);
          write(out, mine.begin + k + out_offset, u, u_x);
        });
      });
}

}  // namespace portaflow::cese
