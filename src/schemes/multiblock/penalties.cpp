// SAT penalties on the face points (Elsen et al. 2008, sec. 6.4 and Figs. 4-6): far field, slip
// wall, supersonic inflow and outflow, and block interfaces, each F_n(u_b) - F*(u_b, u_e; n) with
// Roe's flux through the outward metric normal, weighted by the SBP boundary norm. With Roe's flux
// this is the characteristic penalty A^-(u_b - u_e) (see physics/riemann_roe.hpp). Interfaces read
// the twin node of the other block (duplicated interface nodes, the paper's neighbour stream);
// walls penalise against the mirror state (normal velocity reversed), which drives u . n to zero.
// Also the source term and the wall force.
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/riemann_roe.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"

namespace portaflow::multiblock {

namespace {

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
  typename Eq::State out;
  if (kind == kOutflowPoint) {  // every characteristic leaves: nothing to impose
    for (int v = 0; v < kVars; ++v) out[v] = 0;
    return out;
  }
  if (kind == kFarFieldPoint || kind == kInflowPoint) {
    for (int v = 0; v < kVars; ++v) ue[v] = fp.external(v, p);
  } else if (kind == kWallPoint) {
    ue = mirror_state<Dim>(ub, normal);
  } else {
    const int twin = fp.twin(p);
    if (twin >= 0) {
      for (int v = 0; v < kVars; ++v) ue[v] = fields.u(v, twin);
    } else {  // on another rank: its state as received this residual evaluation
      for (int v = 0; v < kVars; ++v) ue[v] = fp.remote(v, -2 - twin);
    }
  }
  const typename Eq::State fb = physics::normal_flux<Dim>(ub, normal, gas);
  // Supersonic inflow: every characteristic enters, so A^-(u_b - u_e) = A (u_b - u_e), taken as
  // F_n(u_b) - F_n(u_e); no Roe average of two far-apart states (one behind a strong shock at
  // start-up) is formed.
  const typename Eq::State fs = kind == kInflowPoint ? physics::normal_flux<Dim>(ue, normal, gas)
                                                     : physics::roe_flux<Dim>(ub, ue, normal, gas);
  const Real scale = fields.jacobian(node) * fp.inverse_norm(p);
  for (int v = 0; v < kVars; ++v) out[v] = scale * (fb[v] - fs[v]);
  return out;
}

}  // namespace

// One thread per node with face points: a corner node is on two faces (and a sub-face end on two
// patches), and its thread adds their penalties in a fixed order, where atomics over the points
// made GPU runs differ from run to run in the last bits.
template <int Dim>
void add_penalties(const Fields<Dim>& fields, const FacePoints& points,
                   const physics::IdealGas& gas) {
  constexpr int kVars = Dim + 2;
  const Fields<Dim> f = fields;
  const auto residual = fields.residual;
  const FacePoints fp = points;
  par_for(
      "multiblock.penalties", IndexRange{0, fp.node_count}, KOKKOS_LAMBDA(const int q) {
        const int node = fp.nodes(q);
        Real sum[kVars] = {};
        for (int k = fp.first_point(q); k < fp.first_point(q + 1); ++k) {
          const auto penalty = point_penalty<Dim>(fp.points_of_node(k), f, fp, gas);
          for (int v = 0; v < kVars; ++v) sum[v] += penalty[v];
        }
        for (int v = 0; v < kVars; ++v) residual(v, node) += sum[v];
      });
}

template <int Dim>
void add_source(const Fields<Dim>& fields) {
  constexpr int kVars = Dim + 2;
  const auto source = fields.source;
  const auto residual = fields.residual;
  par_for(
      "multiblock.source", IndexRange{0, fields.table.total_nodes}, KOKKOS_LAMBDA(const int node) {
        for (int v = 0; v < kVars; ++v) residual(v, node) += source(v, node);
      });
}

template <int Dim>
DeviceView<Real**> wall_force_terms(const Fields<Dim>& fields, const FacePoints& points,
                                    const physics::IdealGas& gas, Real reference_pressure) {
  using Eq = physics::Euler<Dim>;
  const auto u = fields.u;
  const auto metric = fields.metric;
  const FacePoints fp = points;
  DeviceView<Real**> terms("multiblock.wall_force", fp.count, Dim);
  par_for(
      "multiblock.wall_force", IndexRange{0, fp.count}, KOKKOS_LAMBDA(const int p) {
        if (fp.kind(p) != kWallPoint) return;
        const int node = fp.node(p);
        const int d = fp.direction(p);
        typename Eq::State ub;
        for (int v = 0; v < Eq::kNumVars; ++v) ub[v] = u(v, node);
        const Real pressure = Eq::pressure(ub, gas);
        // The outward normal of the fluid points into the body: p n_out is the force on it.
        const Real weight = fp.surface_weight(p) * fp.side(p) * (pressure - reference_pressure);
        for (int c = 0; c < Dim; ++c) terms(p, c) = weight * metric(Dim * d + c, node);
      });
  return terms;
}

#define PORTAFLOW_MULTIBLOCK_PENALTIES(D)                                                        \
  template void add_penalties<D>(const Fields<D>&, const FacePoints&, const physics::IdealGas&); \
  template void add_source<D>(const Fields<D>&);                                                 \
  template DeviceView<Real**> wall_force_terms<D>(const Fields<D>&, const FacePoints&,           \
                                                  const physics::IdealGas&, Real);
PORTAFLOW_MULTIBLOCK_PENALTIES(2)
PORTAFLOW_MULTIBLOCK_PENALTIES(3)
#undef PORTAFLOW_MULTIBLOCK_PENALTIES

}  // namespace portaflow::multiblock
