// The volume residual, one thread per node (the flat variant the team kernel is measured
// against, and the only one in 3D): SBP flux differences along each index direction and the SBP
// artificial dissipation, plus the source where there is one.
#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/riemann_roe.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

void compute_volume_residual_team(int order, const Fields<2>& fields, Real dissipation,
                                  const physics::IdealGas& gas);

namespace {

template <int Dim, int Order>
void volume_residual_flat(const Fields<Dim>& fields, Real epsilon, const physics::IdealGas gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  constexpr int P = Sbp<Order>::kDissipationP;
  using Rows = DifferenceRows<P>;
  const auto u = fields.u;
  const auto metric = fields.metric;
  const auto jacobian = fields.jacobian;
  const auto radius = fields.spectral_radius;
  const auto residual = fields.residual;
  // A source or a coarse level's forcing is added here rather than by a kernel of its own:
  // on the GPU each launch of a coarse level costs more than its work.
  const auto source = fields.source;
  const bool has_source = source.extent(0) > 0;
  // Shock capturing: the high-order dissipation is weighted by 1 - sensor (shock_capturing.hpp).
  const auto sensor = fields.sensor;
  const bool shock = sensor.extent(0) > 0;
  const bool enthalpy = fields.dissipate_total_enthalpy;
  const BlockTable table = fields.table;
  par_for(
      "multiblock.residual.flat", IndexRange{0, table.total_nodes}, KOKKOS_LAMBDA(const int node) {
        const NodeIndex at = table.locate(node);
        const BlockExtent& e = table.blocks[at.block];
        Real rhs[kVars] = {};
        for (int d = 0; d < Dim; ++d) {
          const int r = at.ijk[d];
          const int n = e.nodes[d];
          const int stride = e.stride(d);
          const int base = node - r * stride;
          // D_d applied to the contravariant flux F_d = (grad(xi_d)/J) . (F, G) (Elsen et al. 2008,
          // eq. 3).
          sbp_row<Order>(r, n, [&](int q, Real a) {
            const int p = base + q * stride;
            typename Eq::State uq;
            for (int v = 0; v < kVars; ++v) uq[v] = u(v, p);
            Real normal[Dim];
            for (int c = 0; c < Dim; ++c) normal[c] = metric(Dim * d + c, p);
            const typename Eq::State f = physics::normal_flux<Dim>(uq, normal, gas);
            for (int v = 0; v < kVars; ++v) rhs[v] -= a * f[v];
          });
          // -epsilon H^-1 4^-p D_p^T B D_p u with B the spectral radius in direction d.
          const Real scale = epsilon * dissipation_scale<P>() / sbp_norm<Order>(r, n);
          dissipation_rows<P>(r, n, [&](int row, int c0, Real coefficient) {
            const Real weight = dissipation_weight<P>(
                [&](int q) {
                  const int at_q = base + q * stride;
                  return radius(d, at_q) * (shock ? 1 - sensor(at_q) : Real(1));
                },
                row);
            const Real factor = scale * coefficient * weight;
            for (int v = 0; v < kVars; ++v) {
              Real diff = 0;
              for (int m = 0; m < Rows::kWidth; ++m) {
                const int q = base + (c0 + m) * stride;
                diff += Rows::coefficient(m) * (enthalpy && v == Eq::kEnergy
                                                    ? total_enthalpy_density<Dim>(u, q, gas)
                                                    : u(v, q));
              }
              rhs[v] -= factor * diff;
            }
          });
        }
        const Real jac = jacobian(node);
        for (int v = 0; v < kVars; ++v)
          residual(v, node) = jac * rhs[v] + (has_source ? source(v, node) : Real(0));
      });
}

}  // namespace

template <int Dim>
void compute_volume_residual(int order, KernelChoice kernel, const Fields<Dim>& fields,
                             Real dissipation, const physics::IdealGas& gas) {
  if constexpr (Dim == 2) {
    if (kernel == KernelChoice::kTeam)
      return compute_volume_residual_team(order, fields, dissipation, gas);
  }
  if (order == 2) return volume_residual_flat<Dim, 2>(fields, dissipation, gas);
  if (order == 4) return volume_residual_flat<Dim, 4>(fields, dissipation, gas);
  throw Error("multiblock: SBP order " + std::to_string(order) + " is not available (2 or 4)");
}

template void compute_volume_residual<2>(int, KernelChoice, const Fields<2>&, Real,
                                         const physics::IdealGas&);
template void compute_volume_residual<3>(int, KernelChoice, const Fields<3>&, Real,
                                         const physics::IdealGas&);

}  // namespace portaflow::multiblock
