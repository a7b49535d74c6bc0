#include "portaflow/schemes/common/grid_solver.hpp"

#include "portaflow/schemes/common/state_arrays.hpp"

namespace portaflow {

GridSolver1D::GridSolver1D(const RunConfig& config, Index components, Index ghosts,
                           const std::string& label)
    : config_(config),
      ghosts_(ghosts),
      state_(label, components, config.mesh.cells[0] + 2 * ghosts) {
  axis_.cells = config.mesh.cells[0];
  axis_.x_min = config.mesh.domain_min[0];
  axis_.dx = (config.mesh.domain_max[0] - config.mesh.domain_min[0]) / axis_.cells;
}

SolutionSnapshot GridSolver1D::snapshot() const {
  return snapshot_1d(state_, interior(), axis_, config_.physics.gamma, time_, steps_);
}

ConservedTotals GridSolver1D::conserved_totals() const {
  return conserved_totals_1d(state_, interior(), axis_);
}

std::optional<NonPhysicalCell> GridSolver1D::find_nonphysical() const {
  return find_nonphysical_1d(state_, interior(), axis_, config_.physics.gamma);
}

SolverState GridSolver1D::save_state() const {
  return {time_, steps_, {save_array("state", state_)}};
}

void GridSolver1D::restore_state(const SolverState& state) {
  restore_array(state, "state", state_);
  time_ = state.time;
  steps_ = state.steps;
}

GridSolver2D::GridSolver2D(const RunConfig& config, Index components, Index ghosts,
                           const std::string& label)
    : config_(config),
      ghosts_(ghosts),
      state_(label, components, config.mesh.cells[1] + 2 * ghosts,
             config.mesh.cells[0] + 2 * ghosts) {
  grid_.nx = config.mesh.cells[0];
  grid_.ny = config.mesh.cells[1];
  grid_.x_min = config.mesh.domain_min[0];
  grid_.y_min = config.mesh.domain_min[1];
  grid_.dx = (config.mesh.domain_max[0] - config.mesh.domain_min[0]) / grid_.nx;
  grid_.dy = (config.mesh.domain_max[1] - config.mesh.domain_min[1]) / grid_.ny;
}

SolutionSnapshot GridSolver2D::snapshot() const {
  return snapshot_2d(state_, interior(), grid_, config_.physics.gamma, time_, steps_);
}

ConservedTotals GridSolver2D::conserved_totals() const {
  return conserved_totals_2d(state_, interior(), grid_);
}

std::optional<NonPhysicalCell> GridSolver2D::find_nonphysical() const {
  return find_nonphysical_2d(state_, interior(), grid_, config_.physics.gamma);
}

SolverState GridSolver2D::save_state() const {
  return {time_, steps_, {save_array("state", state_)}};
}

void GridSolver2D::restore_state(const SolverState& state) {
  restore_array(state, "state", state_);
  time_ = state.time;
  steps_ = state.steps;
}

}  // namespace portaflow
