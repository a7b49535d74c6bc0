// The shock sensor and the low-order dissipation it switches on (see
// schemes/multiblock/shock_capturing.hpp for the operator and its properties).
#include "portaflow/schemes/multiblock/shock_capturing.hpp"

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

// Pressure, and whether the flow is supersonic (|u|^2 >= a^2), at a node.
template <int Dim>
KOKKOS_INLINE_FUNCTION Real pressure_and_sonic(const DeviceView<Real**>& u, int node,
                                               const physics::IdealGas& gas, bool& supersonic) {
  using Eq = physics::Euler<Dim>;
  typename Eq::State s;
  for (int v = 0; v < Dim + 2; ++v) s[v] = u(v, node);
  const Real p = Eq::pressure(s, gas);
  supersonic = supersonic || 2 * Eq::kinetic_energy_density(s) >= gas.gamma * p;  // rho |u|^2
  return p;
}

}  // namespace

template <int Dim>
void compute_shock_sensor(const Fields<Dim>& fields, const ShockCapturingConfig& settings,
                          Real floor, bool rising_only, const physics::IdealGas& gas) {
  const auto u = fields.u;
  const auto raw = fields.pressure_switch;
  const auto sensor = fields.sensor;
  const BlockTable table = fields.table;
  const IndexRange nodes{0, table.total_nodes};
  par_for(
      "multiblock.pressure_switch", nodes, KOKKOS_LAMBDA(const int node) {
        const NodeIndex at = table.locate(node);
        const BlockExtent& e = table.blocks[at.block];
        Real largest = 0;
        bool supersonic = false;
        for (int d = 0; d < Dim; ++d) {
          const int n = e.nodes[d];
          const int r = at.ijk[d];
          // The three nodes r - 1, r, r + 1, shifted inside the line at its ends.
          const int centre = r < 1 ? 1 : (r > n - 2 ? n - 2 : r);
          const int stride = e.stride(d);
          const int middle = node + (centre - r) * stride;
          const Real pm = pressure_and_sonic<Dim>(u, middle - stride, gas, supersonic);
          const Real p0 = pressure_and_sonic<Dim>(u, middle, gas, supersonic);
          const Real pp = pressure_and_sonic<Dim>(u, middle + stride, gas, supersonic);
          const Real nu = math::fabs(pp - 2 * p0 + pm) / (pp + 2 * p0 + pm);
          largest = nu > largest ? nu : largest;
        }
        // nu in [0, 1), plus 2 where a stencil node is supersonic.
        raw(node) = largest + (supersonic ? 2 : 0);
      });
  const Real low = static_cast<Real>(settings.threshold);
  const Real span = static_cast<Real>(settings.saturation - settings.threshold);
  par_for(
      "multiblock.shock_sensor", nodes, KOKKOS_LAMBDA(const int node) {
        const NodeIndex at = table.locate(node);
        const BlockExtent& e = table.blocks[at.block];
        Real nu = 0;
        bool supersonic = false;
        const auto take = [&](int q) {
          const Real r = raw(q);
          supersonic = supersonic || r >= 2;
          nu = math::fmax(nu, r >= 2 ? r - 2 : r);
        };
        take(node);
        for (int d = 0; d < Dim; ++d) {
          const int stride = e.stride(d);
          if (at.ijk[d] > 0) take(node - stride);
          if (at.ijk[d] < e.nodes[d] - 1) take(node + stride);
        }
        // A shock has supersonic flow on its upstream side: where no node within two of this
        // one is supersonic (a stagnation region, a subsonic leading or trailing edge) the
        // sensor is 0.
        const Real s = math::fmax(supersonic ? (nu - low) / span : Real(0), floor);
        const Real fresh = s <= 0 ? Real(0) : (s >= 1 ? Real(1) : s);
        sensor(node) = rising_only ? math::fmax(fresh, sensor(node)) : fresh;
      });
}

template <int Dim>
void add_shock_dissipation(const Fields<Dim>& fields, Real coefficient, int order,
                           const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  const auto u = fields.u;
  const auto sensor = fields.sensor;
  const auto radius = fields.spectral_radius;
  const auto jacobian = fields.jacobian;
  const auto residual = fields.residual;
  const BlockTable table = fields.table;
  // w = u with rho H = E + p in the energy's place.
  const auto w = KOKKOS_LAMBDA(int v, int node) {
    return v == Eq::kEnergy ? total_enthalpy_density<Dim>(u, node, gas) : u(v, node);
  };
  const auto norm = KOKKOS_LAMBDA(int r, int n) {
    return order == 2 ? sbp_norm<2>(r, n) : sbp_norm<4>(r, n);
  };
  par_for(
      "multiblock.shock_dissipation", IndexRange{0, table.total_nodes},
      KOKKOS_LAMBDA(const int node) {
        const NodeIndex at = table.locate(node);
        const BlockExtent& e = table.blocks[at.block];
        const Real s0 = sensor(node);
        Real sum[kVars] = {};
        bool any = false;
        for (int d = 0; d < Dim; ++d) {
          const int n = e.nodes[d];
          const int r = at.ijk[d];
          const int stride = e.stride(d);
          // The rows between r - 1 and r (sign +1) and between r and r + 1 (sign -1) of
          // D_1^T B D_1 w.
          Real row_weight[2] = {0, 0};
          if (r > 0) {
            const int q = node - stride;
            row_weight[0] =
                math::fmax(s0, sensor(q)) * Real(0.5) * (radius(d, node) + radius(d, q));
          }
          if (r < n - 1) {
            const int q = node + stride;
            row_weight[1] =
                math::fmax(s0, sensor(q)) * Real(0.5) * (radius(d, node) + radius(d, q));
          }
          if (row_weight[0] == 0 && row_weight[1] == 0) continue;
          any = true;
          const Real scale = coefficient / norm(r, n);
          for (int v = 0; v < kVars; ++v) {
            const Real here = w(v, node);
            Real term = 0;
            if (row_weight[0] != 0) term += row_weight[0] * (here - w(v, node - stride));
            if (row_weight[1] != 0) term -= row_weight[1] * (w(v, node + stride) - here);
            sum[v] -= scale * term;
          }
        }
        if (!any) return;  // smooth flow: the residual is left exactly as it was
        const Real jac = jacobian(node);
        for (int v = 0; v < kVars; ++v) residual(v, node) += jac * sum[v];
      });
}

#define PORTAFLOW_SHOCK_CAPTURING(D)                                                               \
  template void compute_shock_sensor<D>(const Fields<D>&, const ShockCapturingConfig&, Real, bool, \
                                        const physics::IdealGas&);                                 \
  template void add_shock_dissipation<D>(const Fields<D>&, Real, int, const physics::IdealGas&);
PORTAFLOW_SHOCK_CAPTURING(2)
PORTAFLOW_SHOCK_CAPTURING(3)
#undef PORTAFLOW_SHOCK_CAPTURING

}  // namespace portaflow::multiblock
