// SAT penalties on the face points (seed 001, sec. 6.4 and Figs. 4-6): far field, slip wall and
// block interfaces, each F_n(u_b) - F*(u_b, u_e; n) with Roe's flux through the outward metric
// normal, weighted by the SBP boundary norm. With Roe's flux this is the characteristic penalty
// A^-(u_b - u_e) (see physics/riemann_roe.hpp). Interfaces read the twin node of the other
// block (duplicated interface nodes, the seed's neighbour stream); walls penalise against the
// mirror state (normal velocity reversed), which drives u . n to zero.
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/riemann_roe.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"

namespace portaflow::multiblock {

namespace {

using Eq = physics::Euler<2>;

KOKKOS_INLINE_FUNCTION Eq::State mirror_state(const Eq::State& ub, const Real (&n)[2]) {
  const Real un = (ub[Eq::kMom] * n[0] + ub[Eq::kMom + 1] * n[1]) / (n[0] * n[0] + n[1] * n[1]);
  Eq::State ue = ub;
  ue[Eq::kMom] -= 2 * un * n[0];
  ue[Eq::kMom + 1] -= 2 * un * n[1];
  return ue;
}

}  // namespace

void add_penalties(const Fields<2>& fields, const FacePoints& points,
                   const physics::IdealGas& gas) {
  constexpr int kVars = Eq::kNumVars;
  const auto u = fields.u;
  const auto metric = fields.metric;
  const auto jacobian = fields.jacobian;
  const auto residual = fields.residual;
  const FacePoints fp = points;
  par_for("multiblock.penalties", IndexRange{0, fp.count}, KOKKOS_LAMBDA(const int p) {
    const int node = fp.node(p);
    const int d = fp.direction(p);
    const Real side = fp.side(p);
    Eq::State ub, ue;
    for (int v = 0; v < kVars; ++v) ub[v] = u(v, node);
    const Real normal[2] = {side * metric(2 * d, node), side * metric(2 * d + 1, node)};
    const int kind = fp.kind(p);
    if (kind == kFarFieldPoint) {
      for (int v = 0; v < kVars; ++v) ue[v] = fp.external(v, p);
    } else if (kind == kWallPoint) {
      ue = mirror_state(ub, normal);
    } else {
      const int twin = fp.twin(p);
      for (int v = 0; v < kVars; ++v) ue[v] = u(v, twin);
    }
    const Eq::State fb = physics::normal_flux<2>(ub, normal, gas);
    const Eq::State fs = physics::roe_flux<2>(ub, ue, normal, gas);
    const Real scale = jacobian(node) * fp.inverse_norm(p);
    // A corner node is on two faces (and a sub-face end on two patches): atomics.
    for (int v = 0; v < kVars; ++v) Kokkos::atomic_add(&residual(v, node), scale * (fb[v] - fs[v]));
  });
}

void add_source(const Fields<2>& fields) {
  const auto source = fields.source;
  const auto residual = fields.residual;
  par_for("multiblock.source", IndexRange{0, fields.table.total_nodes},
          KOKKOS_LAMBDA(const int node) {
            for (int v = 0; v < Eq::kNumVars; ++v) residual(v, node) += source(v, node);
          });
}

std::array<double, 2> wall_force(const Fields<2>& fields, const FacePoints& points,
                                 const physics::IdealGas& gas) {
  const auto u = fields.u;
  const auto metric = fields.metric;
  const FacePoints fp = points;
  SumArray<double, 2> force;
  par_reduce(
      "multiblock.wall_force", IndexRange{0, fp.count},
      KOKKOS_LAMBDA(const int p, SumArray<double, 2>& acc) {
        if (fp.kind(p) != kWallPoint) return;
        const int node = fp.node(p);
        const int d = fp.direction(p);
        Eq::State ub;
        for (int v = 0; v < Eq::kNumVars; ++v) ub[v] = u(v, node);
        const Real pressure = Eq::pressure(ub, gas);
        // The outward normal of the fluid points into the body: p n_out is the force on it.
        const Real weight = fp.surface_weight(p) * fp.side(p) * pressure;
        acc.value[0] += weight * metric(2 * d, node);
        acc.value[1] += weight * metric(2 * d + 1, node);
      },
      Kokkos::Sum<SumArray<double, 2>>(force));
  return {force.value[0], force.value[1]};
}

}  // namespace portaflow::multiblock
