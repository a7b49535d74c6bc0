#include <algorithm>

#include "portaflow/core/error.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/cese/cese_boundaries.hpp"
#include "portaflow/schemes/cese/cese_config.hpp"
#include "portaflow/schemes/cese/cese_scheme.hpp"
#include "portaflow/schemes/cese/cese_solver.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"

namespace portaflow::cese {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;

// As in 1D: point values at the centres; zero gradients for piecewise data, central differences
// of the initial function over +-dx/2 for smooth data.
void initialise(const Field2D& q, const RunConfig& c, const UniformGrid2D& g) {
  const physics::IdealGas gas{static_cast<Real>(c.physics.gamma)};
  auto host = Kokkos::create_mirror_view(q);
  const bool smooth = is_smooth(c.problem);
  auto conservative = [&](double x, double y) {
    const auto w = smooth ? exact_primitive(c.problem, c.mesh, c.physics.gamma, x, y, 0)
                          : initial_primitive(c.problem, c.physics.gamma, x, y);
    E2::State prim;
    for (int v = 0; v < kN; ++v) prim[v] = static_cast<Real>(w[v]);
    return E2::to_conservative(prim, gas);
  };
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const double x = g.x_centre(i), y = g.y_centre(j);
      const auto u = conservative(x, y);
      E2::State du_dx, du_dy;
      for (int v = 0; v < kN; ++v) du_dx[v] = du_dy[v] = 0;
      if (smooth) {
        const auto e = conservative(x + 0.5 * g.dx, y), w = conservative(x - 0.5 * g.dx, y);
        const auto n = conservative(x, y + 0.5 * g.dy), s = conservative(x, y - 0.5 * g.dy);
        for (int v = 0; v < kN; ++v) {
          du_dx[v] = static_cast<Real>((e[v] - w[v]) / g.dx);
          du_dy[v] = static_cast<Real>((n[v] - s[v]) / g.dy);
        }
      }
      for (int v = 0; v < kN; ++v) {
        host(v, j + 1, i + 1) = u[v];
        host(kN + v, j + 1, i + 1) = du_dx[v];
        host(2 * kN + v, j + 1, i + 1) = du_dy[v];
      }
    }
  Kokkos::deep_copy(q, host);
}

}  // namespace

Cese2DSolver::Cese2DSolver(const RunConfig& config)
    : GridSolver2D(config, 3 * kN, 1, "cese2d.centres", Ranks::kBoxes),
      variant_(kernel_variant(config.execution)),
      tile_(tile_2d(config.execution)),
      corners_("cese2d.corners", 3 * kN, grid_.ny + 1, grid_.nx + 1) {
  initialise(state_, config_, grid_);
}

double Cese2DSolver::stable_time_step() {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto q = state_;
  const double max_speed = par_max<double>(
      "cese2d.max_wave_speed", interior(), KOKKOS_LAMBDA(Index j, Index i, double& acc) {
        E2::State u;
        for (int v = 0; v < kN; ++v) u[v] = q(v, j, i);
        double speed = math::infinity();  // non-physical: dt = 0 stops the run
        if (E2::is_physical(u, gas)) {
          const Real vx = u[E2::kMom] / u[E2::kRho], vy = u[E2::kMom + 1] / u[E2::kRho];
          speed = math::sqrt(vx * vx + vy * vy) +
                  E2::sound_speed(u[E2::kRho], E2::pressure(u, gas), gas);
        }
        if (speed > acc) acc = speed;
      });
  // eq. 4.2 of the CE/SE GPU thesis (2016): dt <= CFL min(dx, dy) / (|u| + a).
  return config_.time.cfl * std::min(grid_.dx, grid_.dy) / ranks::max(max_speed);
}

void Cese2DSolver::advance(double dt) {
  HalfStep<2> step;
  step.h = static_cast<Real>(0.5 * dt);
  step.spacing[0] = static_cast<Real>(grid_.dx);
  step.spacing[1] = static_cast<Real>(grid_.dy);
  step.alpha = static_cast<Real>(config_.family<CeseConfig>().alpha);
  step.gas.gamma = static_cast<Real>(config_.physics.gamma);
  // A corner's update reads the four centres around it, diagonal ghosts included: the x halo,
  // the boundary conditions, then whole ghost rows from the y neighbours (halo_exchange.hpp).
  exchange_halo(state_, 0);
  fill_ghosts_2d(state_, grid_.nx, grid_.ny, config_.boundary);
  exchange_halo(state_, 1, HaloExchange2D::Corners::kFilled);
  half_step_2d(state_, corners_, grid_.ny + 1, grid_.nx + 1, 0, step, variant_, tile_);
  half_step_2d(corners_, state_, grid_.ny, grid_.nx, 1, step, variant_, tile_);
  finish_step(dt);
}

std::unique_ptr<Solver> make_cese2d_solver(const RunConfig& config) {
  return std::make_unique<Cese2DSolver>(config);
}

}  // namespace portaflow::cese
