#include "portaflow/core/error.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/cese/cese_boundaries.hpp"
#include "portaflow/schemes/cese/cese_config.hpp"
#include "portaflow/schemes/cese/cese_scheme.hpp"
#include "portaflow/schemes/cese/cese_solver.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"

namespace portaflow::cese {

namespace {

using E1 = physics::Euler<1>;
constexpr int kN = E1::kNumVars;

// Point values at the centres; gradients zero (the CE/SE GPU thesis' (u_mx)^0 = 0) unless the data
// are smooth, then central differences of the initial function over +-dx/2 (second order).
void initialise(const Field1D& q, const RunConfig& c, const UniformAxis& axis) {
  const physics::IdealGas gas{static_cast<Real>(c.physics.gamma)};
  auto host = Kokkos::create_mirror_view(q);
  auto conservative = [&](double x) {
    const auto w = is_smooth(c.problem)
                       ? exact_primitive(c.problem, c.mesh, c.physics.gamma, x, 0, 0)
                       : initial_primitive(c.problem, c.physics.gamma, x);
    E1::State prim;
    prim[E1::kRho] = static_cast<Real>(w[0]);
    prim[E1::kVel] = static_cast<Real>(w[1]);
    prim[E1::kPressure] = static_cast<Real>(w[3]);
    return E1::to_conservative(prim, gas);
  };
  const bool smooth = is_smooth(c.problem);
  for (int k = 0; k < axis.cells; ++k) {
    const double x = axis.center(k);
    const auto u = conservative(x);
    E1::State du;
    for (int v = 0; v < kN; ++v) du[v] = 0;
    if (smooth) {
      const auto up = conservative(x + 0.5 * axis.dx), down = conservative(x - 0.5 * axis.dx);
      for (int v = 0; v < kN; ++v) du[v] = static_cast<Real>((up[v] - down[v]) / axis.dx);
    }
    for (int v = 0; v < kN; ++v) {
      host(v, k + 1) = u[v];
      host(kN + v, k + 1) = du[v];
    }
  }
  Kokkos::deep_copy(q, host);
}

}  // namespace

Cese1DSolver::Cese1DSolver(const RunConfig& config)
    : GridSolver1D(config, 2 * kN, 1, "cese1d.centres"),
      variant_(kernel_variant(config.execution)),
      tile_(tile_1d(config.execution)),
      edges_("cese1d.edges", 2 * kN, config.mesh.cells[0] + 1) {
  initialise(state_, config_, axis_);
}

double Cese1DSolver::stable_time_step() {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto q = state_;
  // A non-physical point gives an infinite speed, so dt = 0 tells the driver to stop.
  const double max_speed = par_max<double>(
      "cese1d.max_wave_speed", interior(), KOKKOS_LAMBDA(Index i, double& acc) {
        E1::State u;
        for (int v = 0; v < kN; ++v) u[v] = q(v, i);
        const double speed = E1::is_physical(u, gas)
                                 ? static_cast<double>(E1::max_wave_speed(u, gas))
                                 : math::infinity();
        if (speed > acc) acc = speed;
      });
  // eq. 4.1 of the CE/SE GPU thesis (2016): (|u| + a) dt / dx <= CFL.
  return config_.time.cfl * axis_.dx / max_speed;
}

void Cese1DSolver::advance(double dt) {
  HalfStep<1> step;
  step.h = static_cast<Real>(0.5 * dt);
  step.spacing[0] = static_cast<Real>(axis_.dx);
  step.alpha = static_cast<Real>(config_.family<CeseConfig>().alpha);
  step.gas.gamma = static_cast<Real>(config_.physics.gamma);
  const Index n = axis_.cells;
  fill_ghosts_1d(state_, n, config_.boundary.side[0], config_.boundary.side[1]);
  // centres (ghosts included, n + 2 points) -> the n + 1 edges -> the n centres.
  half_step_1d(state_, edges_, n + 1, 0, step, variant_, tile_);
  half_step_1d(edges_, state_, n, 1, step, variant_, tile_);
  finish_step(dt);
}

std::unique_ptr<Solver> make_cese1d_solver(const RunConfig& config) {
  return std::make_unique<Cese1DSolver>(config);
}

}  // namespace portaflow::cese
