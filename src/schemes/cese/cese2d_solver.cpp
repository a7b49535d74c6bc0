#include <algorithm>

#include "portaflow/core/error.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/cese/cese_boundaries.hpp"
#include "portaflow/schemes/cese/cese_solver.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/common/state_arrays.hpp"

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
      const double x = g.x_min + (i + 0.5) * g.dx, y = g.y_min + (j + 0.5) * g.dy;
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
    : config_(config),
      variant_(kernel_variant(config.execution)),
      tile_(tile_2d(config.execution)),
      centres_("cese2d.centres", 3 * kN, config.mesh.cells[1] + 2, config.mesh.cells[0] + 2),
      corners_("cese2d.corners", 3 * kN, config.mesh.cells[1] + 1, config.mesh.cells[0] + 1) {
  grid_.nx = config.mesh.cells[0];
  grid_.ny = config.mesh.cells[1];
  grid_.x_min = config.mesh.domain_min[0];
  grid_.y_min = config.mesh.domain_min[1];
  grid_.dx = (config.mesh.domain_max[0] - config.mesh.domain_min[0]) / grid_.nx;
  grid_.dy = (config.mesh.domain_max[1] - config.mesh.domain_min[1]) / grid_.ny;
  initialise(centres_, config_, grid_);
}

double Cese2DSolver::stable_time_step() {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto q = centres_;
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
  // eq. 4.2 of seed 000: dt <= CFL min(dx, dy) / (|u| + a).
  return config_.time.cfl * std::min(grid_.dx, grid_.dy) / max_speed;
}

void Cese2DSolver::advance(double dt) {
  HalfStep<2> step;
  step.h = static_cast<Real>(0.5 * dt);
  step.spacing[0] = static_cast<Real>(grid_.dx);
  step.spacing[1] = static_cast<Real>(grid_.dy);
  step.alpha = static_cast<Real>(config_.cese.alpha);
  step.gas.gamma = static_cast<Real>(config_.physics.gamma);
  fill_ghosts_2d(centres_, grid_.nx, grid_.ny, config_.boundary);
  half_step_2d(centres_, corners_, grid_.ny + 1, grid_.nx + 1, 0, step, variant_, tile_);
  half_step_2d(corners_, centres_, grid_.ny, grid_.nx, 1, step, variant_, tile_);
  time_ += dt;
  ++steps_;
}

SolutionSnapshot Cese2DSolver::snapshot() const {
  return snapshot_2d(centres_, interior(), grid_, config_.physics.gamma, time_, steps_);
}

ConservedTotals Cese2DSolver::conserved_totals() const {
  return conserved_totals_2d(centres_, interior(), grid_);
}

std::optional<NonPhysicalCell> Cese2DSolver::find_nonphysical() const {
  return find_nonphysical_2d(centres_, interior(), grid_, config_.physics.gamma);
}

SolverState Cese2DSolver::save_state() const {
  // The integer level is the whole state between steps (the half level is rebuilt each step).
  return {time_, steps_, {save_array("centres", centres_)}};
}

void Cese2DSolver::restore_state(const SolverState& state) {
  restore_array(state, "centres", centres_);
  time_ = state.time;
  steps_ = state.steps;
}

}  // namespace portaflow::cese
