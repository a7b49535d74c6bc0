#include "portaflow/schemes/common/grid_solver.hpp"

#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/common/nonphysical_over_ranks.hpp"
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

Monitors GridSolver1D::monitors() const { return conserved_totals_1d(state_, interior(), axis_); }

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

namespace {

// This rank's box of the deck's grid (the whole grid on one rank).
RankBox2D box_of(const RunConfig& config, Index ghosts, GridSolver2D::Ranks split) {
  const Index nx = config.mesh.cells[0], ny = config.mesh.cells[1];
  if (split == GridSolver2D::Ranks::kOne)
    return rank_box_2d(nx, ny, config.boundary, {1, 1}, 0, ghosts);
  return rank_box_2d(nx, ny, config.boundary, run_rank_grid(nx, ny, config.execution),
                     ranks::rank(), ghosts);
}

}  // namespace

GridSolver2D::GridSolver2D(const RunConfig& config, Index components, Index ghosts,
                           const std::string& label, Ranks split)
    : ghosts_(ghosts), ranks_(split), box_(box_of(config, ghosts, split)) {
  config_ = with_box_sides(config, box_);
  state_ = Field2D(label, components, box_.cells[1] + 2 * ghosts, box_.cells[0] + 2 * ghosts);
  grid_.nx = box_.cells[0];
  grid_.ny = box_.cells[1];
  grid_.i0 = box_.first[0];
  grid_.j0 = box_.first[1];
  grid_.x_min = config.mesh.domain_min[0];
  grid_.y_min = config.mesh.domain_min[1];
  grid_.dx = (config.mesh.domain_max[0] - config.mesh.domain_min[0]) / config.mesh.cells[0];
  grid_.dy = (config.mesh.domain_max[1] - config.mesh.domain_min[1]) / config.mesh.cells[1];
  halo_ = HaloExchange2D(box_.neighbours, components, ghosts, grid_.nx, grid_.ny);
}

SolutionSnapshot GridSolver2D::snapshot() const {
  SolutionSnapshot snap =
      snapshot_2d(state_, interior(), grid_, config_.physics.gamma, time_, steps_);
  if (ranks::count() > 1 && decomposed())
    snap.part = snapshot_part(config_.mesh.cells[0], config_.mesh.cells[1], box_);
  return snap;
}

std::vector<std::string> GridSolver2D::setup_report() const {
  if (!decomposed() || ranks::count() == 1) return {};
  return {describe_split(box_, config_.execution, "cells")};
}

Monitors GridSolver2D::monitors() const {
  Monitors totals = conserved_totals_2d(state_, interior(), grid_);
  if (decomposed()) ranks::sum(totals.values);  // sums in another order: round-off differs
  return totals;
}

std::optional<NonPhysicalCell> GridSolver2D::find_nonphysical() const {
  std::optional<NonPhysicalCell> cell =
      find_nonphysical_2d(state_, interior(), grid_, config_.physics.gamma);
  if (!decomposed()) return cell;
  return first_nonphysical_over_ranks(cell);
}

SolverState GridSolver2D::save_state() const {
  return {time_, steps_, {save_array("state", state_)}};
}

void GridSolver2D::restore_state(const SolverState& state) {
  restore_array(state, "state", state_);
  time_ = state.time;
  steps_ = state.steps;
}

double GridSolver1D::max_wave_speed() const {
  using E1 = physics::Euler<1>;
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto u = state_;
  return par_max<double>(
      "grid_solver1d.max_wave_speed", interior(), KOKKOS_LAMBDA(Index i, double& acc) {
        E1::State s;
        for (int v = 0; v < E1::kNumVars; ++v) s[v] = u(v, i);
        const double speed = E1::is_physical(s, gas)
                                 ? static_cast<double>(E1::max_wave_speed(s, gas))
                                 : math::infinity();
        if (speed > acc) acc = speed;
      });
}

void GridSolver1D::sample_cell_centres() {
  using E1 = physics::Euler<1>;
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  auto host = Kokkos::create_mirror_view(state_);
  for (int k = 0; k < axis_.cells; ++k) {
    const double x = axis_.center(k);
    const auto w =
        is_smooth(config_.problem)
            ? exact_primitive(config_.problem, config_.mesh, config_.physics.gamma, x, 0, 0)
            : initial_primitive(config_.problem, config_.physics.gamma, x);
    E1::State prim;
    prim[E1::kRho] = static_cast<Real>(w[0]);
    prim[E1::kVel] = static_cast<Real>(w[1]);
    prim[E1::kPressure] = static_cast<Real>(w[3]);
    const auto u = E1::to_conservative(prim, gas);
    for (int v = 0; v < E1::kNumVars; ++v) host(v, ghosts_ + k) = u[v];
  }
  Kokkos::deep_copy(state_, host);
}

void GridSolver2D::sample_cell_centres() {
  using E2 = physics::Euler<2>;
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  auto host = Kokkos::create_mirror_view(state_);
  const bool smooth = is_smooth(config_.problem);
  // Rows on the host's threads (a 1000^2 start took 0.1 s serially, more than the GPU run).
  host_par_for("grid_solver2d.sample_cell_centres", IndexRange{0, grid_.ny}, [&](Index j) {
    for (int i = 0; i < grid_.nx; ++i) {
      const double x = grid_.x_centre(i), y = grid_.y_centre(j);
      const auto w =
          smooth ? exact_primitive(config_.problem, config_.mesh, config_.physics.gamma, x, y, 0)
                 : initial_primitive(config_.problem, config_.physics.gamma, x, y);
      E2::State prim;
      for (int v = 0; v < E2::kNumVars; ++v) prim[v] = static_cast<Real>(w[v]);
      const auto u = E2::to_conservative(prim, gas);
      for (int v = 0; v < E2::kNumVars; ++v) host(v, ghosts_ + j, ghosts_ + i) = u[v];
    }
  });
  Kokkos::deep_copy(state_, host);
}

}  // namespace portaflow
