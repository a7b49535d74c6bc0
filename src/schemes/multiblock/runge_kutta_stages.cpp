// Pointwise kernels of the multistage Runge-Kutta cycle with local time steps (seed 001, Fig. 1:
// "compute time step, store solution state, update solution"), and the spectral radii they
// leave for the next residual's dissipation and time step.
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"

namespace portaflow::multiblock {

namespace {

using Eq = physics::Euler<2>;
constexpr int kVars = Eq::kNumVars;

// |grad(xi_d)/J . u| + a |grad(xi_d)/J| for each direction d.
template <class Metric>
KOKKOS_INLINE_FUNCTION void spectral_radii_at(const Eq::State& u, const Metric& metric, int node,
                                              const physics::IdealGas& gas, Real (&radius)[2]) {
  const Real vx = u[Eq::kMom] / u[Eq::kRho];
  const Real vy = u[Eq::kMom + 1] / u[Eq::kRho];
  const Real a = Eq::sound_speed(u[Eq::kRho], Eq::pressure(u, gas), gas);
  for (int d = 0; d < 2; ++d) {
    const Real nx = metric(2 * d, node), ny = metric(2 * d + 1, node);
    radius[d] = math::fabs(nx * vx + ny * vy) + a * math::sqrt(nx * nx + ny * ny);
  }
}

}  // namespace

void compute_spectral_radii(const Fields<2>& fields, const physics::IdealGas& gas) {
  const auto u = fields.u;
  const auto metric = fields.metric;
  const auto radius = fields.spectral_radius;
  par_for("multiblock.spectral_radii", IndexRange{0, fields.table.total_nodes},
          KOKKOS_LAMBDA(const int node) {
            Eq::State s;
            for (int v = 0; v < kVars; ++v) s[v] = u(v, node);
            Real r[2];
            spectral_radii_at(s, metric, node, gas, r);
            for (int d = 0; d < 2; ++d) radius(d, node) = r[d];
          });
}

std::array<double, 4> first_stage(const Fields<2>& fields, Real alpha, Real cfl,
                                  const physics::IdealGas& gas) {
  const auto u = fields.u;
  const auto u_start = fields.u_start;
  const auto residual = fields.residual;
  const auto metric = fields.metric;
  const auto jacobian = fields.jacobian;
  const auto radius = fields.spectral_radius;
  const auto time_step = fields.time_step;
  const auto inverse_norm = fields.inverse_norm;
  SumArray<double, kVars> squares;
  par_reduce(
      "multiblock.rk_first_stage", IndexRange{0, fields.table.total_nodes},
      KOKKOS_LAMBDA(const int node, SumArray<double, kVars>& acc) {
        // Local time step from the spectral radii of the cycle's starting state, each weighted
        // by the SBP norm's inverse (boundary rows and penalties are that much stiffer).
        const Real dt = cfl / (jacobian(node) * (radius(0, node) * inverse_norm(0, node) +
                                                 radius(1, node) * inverse_norm(1, node)));
        time_step(node) = dt;
        Eq::State s;
        for (int v = 0; v < kVars; ++v) {
          const Real r = residual(v, node);
          acc.value[v] += double(r) * double(r);
          u_start(v, node) = u(v, node);
          s[v] = u(v, node) + alpha * dt * r;
          u(v, node) = s[v];
        }
        Real rad[2];
        spectral_radii_at(s, metric, node, gas, rad);
        for (int d = 0; d < 2; ++d) radius(d, node) = rad[d];
      },
      Kokkos::Sum<SumArray<double, kVars>>(squares));
  return {squares.value[0], squares.value[1], squares.value[2], squares.value[3]};
}

void later_stage(const Fields<2>& fields, Real alpha, const physics::IdealGas& gas) {
  const auto u = fields.u;
  const auto u_start = fields.u_start;
  const auto residual = fields.residual;
  const auto metric = fields.metric;
  const auto radius = fields.spectral_radius;
  const auto time_step = fields.time_step;
  par_for("multiblock.rk_stage", IndexRange{0, fields.table.total_nodes},
          KOKKOS_LAMBDA(const int node) {
            const Real dt = time_step(node);
            Eq::State s;
            for (int v = 0; v < kVars; ++v) {
              s[v] = u_start(v, node) + alpha * dt * residual(v, node);
              u(v, node) = s[v];
            }
            Real rad[2];
            spectral_radii_at(s, metric, node, gas, rad);
            for (int d = 0; d < 2; ++d) radius(d, node) = rad[d];
          });
}

int first_nonphysical_node(const Fields<2>& fields, const physics::IdealGas& gas) {
  const auto u = fields.u;
  const int total = fields.table.total_nodes;
  int first = total;
  par_reduce(
      "multiblock.find_nonphysical", IndexRange{0, total},
      KOKKOS_LAMBDA(const int node, int& lowest) {
        Eq::State s;
        bool finite = true;
        for (int v = 0; v < kVars; ++v) {
          s[v] = u(v, node);
          finite = finite && math::isfinite(s[v]);
        }
        const bool bad = !finite || !(s[Eq::kRho] > 0) || !(Eq::pressure(s, gas) > 0);
        if (bad && node < lowest) lowest = node;
      },
      Kokkos::Min<int>(first));
  return first < total ? first : -1;
}

}  // namespace portaflow::multiblock
