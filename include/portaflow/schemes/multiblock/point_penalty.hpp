// The SAT penalty of one face point (seed 001, sec. 6.4 and Figs. 4-6): far field, slip wall or
// block interface, F_n(u_b) - F*(u_b, u_e; n) with Roe's flux through the outward metric
// normal, weighted by J H_d^-1 at its node. With Roe's flux this is the characteristic penalty
// A^-(u_b - u_e) (see physics/riemann_roe.hpp). Interfaces read the twin node of the other
// block (duplicated interface nodes, the seed's neighbour stream); walls penalise against the
// mirror state (normal velocity reversed), which drives u . n to zero. Shared by the kernel over
// the points (penalties.cpp) and the flat residual kernel over nodes (residual_flat.cpp).
#pragma once

#include "portaflow/physics/riemann_roe.hpp"
#include "portaflow/schemes/multiblock/multiblock_fields.hpp"

namespace portaflow::multiblock {

template <int Dim>
KOKKOS_INLINE_FUNCTION typename physics::Euler<Dim>::State mirror_state(
    const typename physics::Euler<Dim>::State& ub, const Real (&n)[Dim]) {
  using Eq = physics::Euler<Dim>;
  Real mn = 0, nn = 0;
  for (int c = 0; c < Dim; ++c) {
    mn += ub[Eq::kMom + c] * n[c];
    nn += n[c] * n[c];
  }
  const Real un = mn / nn;
  typename Eq::State ue = ub;
  for (int c = 0; c < Dim; ++c) ue[Eq::kMom + c] -= 2 * un * n[c];
  return ue;
}

// What face point p adds to dU/dt at its node.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename physics::Euler<Dim>::State point_penalty(
    int p, const Fields<Dim>& fields, const FacePoints& fp, const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  const int node = fp.node(p);
  const int d = fp.direction(p);
  const Real side = fp.side(p);
  typename Eq::State ub, ue;
  for (int v = 0; v < kVars; ++v) ub[v] = fields.u(v, node);
  Real normal[Dim];
  for (int c = 0; c < Dim; ++c) normal[c] = side * fields.metric(Dim * d + c, node);
  const int kind = fp.kind(p);
  if (kind == kFarFieldPoint) {
    for (int v = 0; v < kVars; ++v) ue[v] = fp.external(v, p);
  } else if (kind == kWallPoint) {
    ue = mirror_state<Dim>(ub, normal);
  } else {
    const int twin = fp.twin(p);
    for (int v = 0; v < kVars; ++v) ue[v] = fields.u(v, twin);
  }
  const typename Eq::State fb = physics::normal_flux<Dim>(ub, normal, gas);
  const typename Eq::State fs = physics::roe_flux<Dim>(ub, ue, normal, gas);
  const Real scale = fields.jacobian(node) * fp.inverse_norm(p);
  typename Eq::State out;
  for (int v = 0; v < kVars; ++v) out[v] = scale * (fb[v] - fs[v]);
  return out;
}

}  // namespace portaflow::multiblock
