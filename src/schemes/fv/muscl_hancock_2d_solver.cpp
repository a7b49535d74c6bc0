#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"

#include <utility>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_scheme.hpp"
#include "portaflow/schemes/fv/muscl_hancock_1d_solver.hpp"

namespace portaflow::fv {

namespace {
using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
}  // namespace

MusclHancock2DSolver::MusclHancock2DSolver(const RunConfig& config)
    : GridSolver2D(config, kN, kGhosts, "muscl_hancock2d.state", Ranks::kBoxes),
      rate_("muscl_hancock2d.max_wave_rate") {
  const bool averaged = config.family<FvConfig>().splitting == SplittingKind::kAveraged;
  const auto extents = [&](const char* label) {
    return Field2D(std::string(label), state_.extent(0), state_.extent(1), state_.extent(2));
  };
  other_ = extents("muscl_hancock2d.other");
  if (averaged) third_ = extents("muscl_hancock2d.third");
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
  // The step's second sweep leaves the new state's maximum in rate_; otherwise reduce it now.
  if (!rate_current_) max_wave_rate_2d(state_, split_step(0), rate_.max);
  ExecSpace().fence();  // the reduction has written rate_.max, host-readable memory
  return config_.time.cfl / ranks::max(rate_.max());
}

void MusclHancock2DSolver::restore_state(const SolverState& state) {
  GridSolver2D::restore_state(state);
  rate_current_ = false;
}

void MusclHancock2DSolver::advance(double dt) {
  const SplitStep2D step = split_step(dt);
  SweepLaunch launch;
  launch.segment = config_.execution.segment;
  // A deck that sets the walkers' length asks for walkers in both directions.
  if (launch.segment > 0) launch.form = SweepLaunch::Form::kWalkers;
  const auto sweep = [&](const Field2D& in, const Field2D& out, int dir, SweepRate* rate) {
    exchange_halo(in, dir);  // a sweep reads two cells past each end of its lines
    sweep_lines_2d(in, out, dir, step, config_.family<FvConfig>(), config_.boundary, launch, rate);
  };
  if (config_.family<FvConfig>().splitting == SplittingKind::kAveraged) {
    sweep(state_, other_, 0, nullptr);  // x-y into third_
    sweep(other_, third_, 1, nullptr);
    sweep(state_, other_, 1, nullptr);  // y-x back into state_
    sweep(other_, state_, 0, nullptr);
    average_2d(state_, state_, third_, interior());
    rate_current_ = false;
    finish_step(dt);
    return;
  }
  // x-y on even steps, y-x on odd ones, through the other buffer and back; the second sweep
  // leaves the new state's wave-rate maximum in rate_.max.
  const int first = steps_ % 2 == 0 ? 0 : 1;
  sweep(state_, other_, first, nullptr);
  sweep(other_, state_, 1 - first, &rate_);
  rate_current_ = true;
  finish_step(dt);
}

std::unique_ptr<Solver> make_muscl_hancock_solver(const RunConfig& config) {
  if (config.mesh.dimension == 1) return std::make_unique<MusclHancock1DSolver>(config);
  return std::make_unique<MusclHancock2DSolver>(config);
}

}  // namespace portaflow::fv
