// What every solver on one uniform 1D or 2D grid shares, written once: time and step count, the
// output snapshot, conserved totals, the non-physical search and checkpoints, all from the
// scheme's state view (conservative variables first) and its interior index range. A scheme
// derives from one of these and supplies the time step and the advance.
#pragma once

#include "portaflow/schemes/common/decomposition_2d.hpp"
#include "portaflow/schemes/common/diagnostics_1d.hpp"
#include "portaflow/schemes/common/diagnostics_2d.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

class GridSolver1D : public TimeAccurateSolver {
 public:
  double time() const override { return time_; }
  long long steps() const override { return steps_; }
  long long cell_count() const override { return axis_.cells; }
  SolutionSnapshot snapshot() const override;
  Monitors monitors() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;
  // max |u| + a over the interior (infinity where a cell is non-physical): the CFL speed.
  double max_wave_speed() const;

 protected:
  // state(component, i): components 0..2 are rho, rho u, E; `ghosts` cells on each side.
  GridSolver1D(const RunConfig& config, Index components, Index ghosts, const std::string& label);
  IndexRange interior() const { return {ghosts_, ghosts_ + axis_.cells}; }
  // Sets the interior to the initial data's conservative point values at the cell centres
  // (second-order representatives of the cell averages; smooth problems from their exact
  // solution at t = 0). For finite-volume schemes.
  void sample_cell_centres();
  void finish_step(double dt) {
    time_ += dt;
    ++steps_;
  }

  RunConfig config_;
  UniformAxis axis_;
  Index ghosts_;
  Field1D state_;
  double time_ = 0;
  long long steps_ = 0;
};

// With Ranks::kBoxes the grid is split over the run's ranks (schemes/common/decomposition_2d.hpp):
// grid_ is this rank's box, config_.boundary its sides (kNeighbour facing another rank), and the
// scheme calls exchange_halo() where it would read a neighbour's cells and reduces its time step
// over the ranks (ranks::max). Monitors, the non-physical search and snapshots are then global.
class GridSolver2D : public TimeAccurateSolver {
 public:
  enum class Ranks { kOne, kBoxes };
  double time() const override { return time_; }
  long long steps() const override { return steps_; }
  long long cell_count() const override {
    return static_cast<long long>(config_.mesh.cells[0]) * config_.mesh.cells[1];
  }
  bool decomposed() const override { return ranks_ == Ranks::kBoxes; }
  std::vector<std::string> setup_report() const override;
  double exchange_seconds() const override { return halo_.seconds(); }
  SolutionSnapshot snapshot() const override;
  Monitors monitors() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  IndexBox2D interior() const {
    return {{ghosts_, ghosts_ + grid_.ny}, {ghosts_, ghosts_ + grid_.nx}};
  }
  // The device state (component, j, i) with its ghost layers, for kernels timed on their own.
  const Field2D& state_field() const { return state_; }

 protected:
  // state(component, j, i): components 0..3 are rho, rho u, rho v, E; `ghosts` cells around.
  GridSolver2D(const RunConfig& config, Index components, Index ghosts, const std::string& label,
               Ranks split = Ranks::kOne);
  // Fills the ghost layers of `u` along `dir` that face another rank (nothing on one rank).
  void exchange_halo(const Field2D& u, int dir,
                     HaloExchange2D::Corners corners = HaloExchange2D::Corners::kLeft) {
    halo_.exchange(u, dir, corners);
  }
  // Both directions at once, for stencils that read no corner (one wait instead of two).
  void exchange_halo_both(const Field2D& u) {
    halo_.start(u, 0);
    halo_.start(u, 1);
    halo_.finish();
  }
  void sample_cell_centres();  // as GridSolver1D's
  void finish_step(double dt) {
    time_ += dt;
    ++steps_;
  }

  RunConfig config_;
  UniformGrid2D grid_;
  Index ghosts_;
  Field2D state_;
  double time_ = 0;
  long long steps_ = 0;

 private:
  Ranks ranks_;
  RankBox2D box_;
  HaloExchange2D halo_;
};

}  // namespace portaflow
