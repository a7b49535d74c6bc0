#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"

#include <utility>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow::fv {

namespace {
using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
}  // namespace

MusclHancock2DSolver::MusclHancock2DSolver(const RunConfig& config)
    : GridSolver2D(config, kN, kGhosts, "muscl_hancock2d.state"),
      tile_(muscl_hancock_tile(config.execution)),
      rate_("muscl_hancock2d.max_wave_rate") {
  const bool team = config.execution.kernel == KernelChoice::kTeam;
  const bool averaged = config.fv.splitting == SplittingKind::kAveraged;
  const auto extents = [&](const char* label) {
    return Field2D(std::string(label), state_.extent(0), state_.extent(1), state_.extent(2));
  };
  if (team || averaged) other_ = extents("muscl_hancock2d.other");
  if (team && averaged) third_ = extents("muscl_hancock2d.third");
  if (!team) fluxes_ = Field2D("muscl_hancock2d.fluxes", kN, grid_.ny + 1, grid_.nx + 1);
  sample_cell_centres();
}

SplitStep2D MusclHancock2DSolver::split_step(double dt) const {
  SplitStep2D step;
  step.dt_over_dx = static_cast<Real>(dt / grid_.dx);
  step.dt_over_dy = static_cast<Real>(dt / grid_.dy);
  step.inv_dx = static_cast<Real>(1 / grid_.dx);
  step.inv_dy = static_cast<Real>(1 / grid_.dy);
  step.gas = physics::IdealGas{static_cast<Real>(config_.physics.gamma)};
  step.nx = grid_.nx;
  step.ny = grid_.ny;
  return step;
}

double MusclHancock2DSolver::stable_time_step() {
  // The fused step leaves the new state's maximum in rate_; otherwise reduce it now.
  if (!rate_current_) max_wave_rate_2d(state_, split_step(0), rate_);
  double rate = 0;
  Kokkos::deep_copy(rate, rate_);
  return config_.time.cfl / rate;
}

void MusclHancock2DSolver::restore_state(const SolverState& state) {
  GridSolver2D::restore_state(state);
  rate_current_ = false;
}

void MusclHancock2DSolver::advance_team(const SplitStep2D& step) {
  fill_ghosts_2d(state_, step.nx, step.ny, config_.boundary);
  if (config_.fv.splitting == SplittingKind::kAveraged) {
    // x-y and y-x from the same state, then their mean (each is conservative, so is the mean).
    step_fused_team_2d(state_, other_, 0, step, config_.fv, tile_, rate_);
    step_fused_team_2d(state_, third_, 1, step, config_.fv, tile_, rate_);
    average_2d(state_, other_, third_, interior());
    rate_current_ = false;
    return;
  }
  // x-y on even steps, y-x on odd ones, into the other buffer, which becomes the state.
  step_fused_team_2d(state_, other_, steps_ % 2 == 0 ? 0 : 1, step, config_.fv, tile_, rate_);
  std::swap(state_, other_);
  rate_current_ = true;
}

void MusclHancock2DSolver::advance_flat(const SplitStep2D& step) {
  const auto sweep = [&](const Field2D& u, int dir) {
    fill_ghosts_2d(u, step.nx, step.ny, config_.boundary);
    sweep_flat_2d(u, fluxes_, dir, step, config_.fv);
  };
  if (config_.fv.splitting == SplittingKind::kAveraged) {
    Kokkos::deep_copy(other_, state_);
    sweep(state_, 0);
    sweep(state_, 1);
    sweep(other_, 1);
    sweep(other_, 0);
    average_2d(state_, state_, other_, interior());
  } else {
    const int first = steps_ % 2 == 0 ? 0 : 1;
    sweep(state_, first);
    sweep(state_, 1 - first);
  }
  rate_current_ = false;
}

void MusclHancock2DSolver::advance(double dt) {
  const SplitStep2D step = split_step(dt);
  if (config_.execution.kernel == KernelChoice::kTeam)
    advance_team(step);
  else
    advance_flat(step);
  finish_step(dt);
}

}  // namespace portaflow::fv
