// Pointwise kernels of the multistage Runge-Kutta cycle with local time steps (Elsen et al. 2008,
// Fig. 1: "compute time step, store solution state, update solution"), and the spectral radii
// they leave for the next residual's dissipation and time step.
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"

namespace portaflow::multiblock {

namespace {

// |grad(xi_d)/J . u| + a |grad(xi_d)/J| for each direction d.
template <int Dim, class Metric>
KOKKOS_INLINE_FUNCTION void spectral_radii_at(const typename physics::Euler<Dim>::State& u,
                                              const Metric& metric, int node,
                                              const physics::IdealGas& gas, Real (&radius)[Dim]) {
  using Eq = physics::Euler<Dim>;
  Real vel[Dim];
  for (int c = 0; c < Dim; ++c) vel[c] = u[Eq::kMom + c] / u[Eq::kRho];
  const Real a = Eq::sound_speed(u[Eq::kRho], Eq::pressure(u, gas), gas);
  for (int d = 0; d < Dim; ++d) {
    Real nu = 0, nn = 0;
    for (int c = 0; c < Dim; ++c) {
      const Real n = metric(Dim * d + c, node);
      nu += n * vel[c];
      nn += n * n;
    }
    radius[d] = math::fabs(nu) + a * math::sqrt(nn);
  }
}

// Local time step of state u at a node: cfl over J times the spectral radii, each weighted by
// the SBP norm's inverse (boundary rows and penalties are that much stiffer). Where shock
// capturing's low-order dissipation acts (sensor s, coefficient k), its eigenvalues reach about
// -4 k s lambda on the real axis, where the 5-stage scheme reaches about -2.6 against +-4i on
// the imaginary one; the factor 1 + 4 k s keeps them inside (without it k = 1 blew up at CFL
// 0.5; with 1 + 2 k s the Mach 5 cylinder still blew up at CFL 2 by cycle 50).
template <int Dim>
KOKKOS_INLINE_FUNCTION Real local_time_step(const typename physics::Euler<Dim>::State& u,
                                            const Fields<Dim>& f, int node, Real cfl,
                                            const physics::IdealGas& gas) {
  Real rad[Dim];
  spectral_radii_at<Dim>(u, f.metric, node, gas, rad);
  Real stiffness = 0;
  for (int d = 0; d < Dim; ++d) stiffness += rad[d] * f.inverse_norm(d, node);
  if (f.shock_coefficient > 0) stiffness *= 1 + 4 * f.shock_coefficient * f.sensor(node);
  return cfl / (f.jacobian(node) * stiffness);
}

}  // namespace

template <int Dim>
void compute_time_steps(const Fields<Dim>& fields, Real cfl, const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  const Fields<Dim> f = fields;
  par_for(
      "multiblock.time_steps", IndexRange{0, fields.table.total_nodes},
      KOKKOS_LAMBDA(const int node) {
        typename Eq::State s;
        for (int v = 0; v < kVars; ++v) s[v] = f.u(v, node);
        f.time_step(node) = local_time_step<Dim>(s, f, node, cfl, gas);
      });
}

template <int Dim>
void compute_spectral_radii(const Fields<Dim>& fields, const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  const auto u = fields.u;
  const auto metric = fields.metric;
  const auto radius = fields.spectral_radius;
  par_for(
      "multiblock.spectral_radii", IndexRange{0, fields.table.total_nodes},
      KOKKOS_LAMBDA(const int node) {
        typename Eq::State s;
        for (int v = 0; v < kVars; ++v) s[v] = u(v, node);
        Real r[Dim];
        spectral_radii_at<Dim>(s, metric, node, gas, r);
        for (int d = 0; d < Dim; ++d) radius(d, node) = r[d];
      });
}

template <int Dim>
std::array<double, Dim + 2> first_stage(const Fields<Dim>& fields, Real alpha, Real cfl,
                                        const physics::IdealGas& gas, bool sum_squares) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  using Squares = SumArray<double, kVars>;
  const auto u = fields.u;
  const auto u_start = fields.u_start;
  const auto residual = fields.residual;
  const auto metric = fields.metric;
  const auto radius = fields.spectral_radius;
  const auto time_step = fields.time_step;
  const Fields<Dim> f = fields;
  const auto update = KOKKOS_LAMBDA(const int node, Squares& acc) {
    typename Eq::State s;
    for (int v = 0; v < kVars; ++v) s[v] = u(v, node);
    // The cycle's local time step, from its starting state.
    const Real dt = local_time_step<Dim>(s, f, node, cfl, gas);
    time_step(node) = dt;
    for (int v = 0; v < kVars; ++v) {
      const Real r = residual(v, node);
      acc.value[v] += double(r) * double(r);
      u_start(v, node) = s[v];
      s[v] += alpha * dt * r;
      u(v, node) = s[v];
    }
    Real rad[Dim];
    spectral_radii_at<Dim>(s, metric, node, gas, rad);
    for (int d = 0; d < Dim; ++d) radius(d, node) = rad[d];
  };
  const IndexRange nodes{0, fields.table.total_nodes};
  std::array<double, kVars> out{};
  if (!sum_squares) {
    // No reduction, so no wait for the device: the multigrid's coarse levels and its later
    // smoothing cycles never read the norms.
    par_for(
        "multiblock.rk_first_stage", nodes, KOKKOS_LAMBDA(const int node) {
          Squares unused;
          update(node, unused);
        });
    return out;
  }
  Squares squares;
  par_reduce("multiblock.rk_first_stage", nodes, update, Kokkos::Sum<Squares>(squares));
  for (int v = 0; v < kVars; ++v) out[v] = squares.value[v];
  return out;
}

template <int Dim>
void later_stage(const Fields<Dim>& fields, Real alpha, const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  const auto u = fields.u;
  const auto u_start = fields.u_start;
  const auto residual = fields.residual;
  const auto metric = fields.metric;
  const auto radius = fields.spectral_radius;
  const auto time_step = fields.time_step;
  par_for(
      "multiblock.rk_stage", IndexRange{0, fields.table.total_nodes},
      KOKKOS_LAMBDA(const int node) {
        const Real dt = time_step(node);
        typename Eq::State s;
        for (int v = 0; v < kVars; ++v) {
          s[v] = u_start(v, node) + alpha * dt * residual(v, node);
          u(v, node) = s[v];
        }
        Real rad[Dim];
        spectral_radii_at<Dim>(s, metric, node, gas, rad);
        for (int d = 0; d < Dim; ++d) radius(d, node) = rad[d];
      });
}

template <int Dim>
int first_nonphysical_node(const Fields<Dim>& fields, const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  constexpr int kVars = Eq::kNumVars;
  const auto u = fields.u;
  const int total = fields.table.total_nodes;
  int first = total;
  par_reduce(
      "multiblock.find_nonphysical", IndexRange{0, total},
      KOKKOS_LAMBDA(const int node, int& lowest) {
        typename Eq::State s;
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

#define PORTAFLOW_MULTIBLOCK_STAGES(D)                                                   \
  template void compute_spectral_radii<D>(const Fields<D>&, const physics::IdealGas&);   \
  template std::array<double, D + 2> first_stage<D>(const Fields<D>&, Real, Real,        \
                                                    const physics::IdealGas&, bool);     \
  template void compute_time_steps<D>(const Fields<D>&, Real, const physics::IdealGas&); \
  template void later_stage<D>(const Fields<D>&, Real, const physics::IdealGas&);        \
  template int first_nonphysical_node<D>(const Fields<D>&, const physics::IdealGas&);
PORTAFLOW_MULTIBLOCK_STAGES(2)
PORTAFLOW_MULTIBLOCK_STAGES(3)
#undef PORTAFLOW_MULTIBLOCK_STAGES

}  // namespace portaflow::multiblock
