// scheme: muscl_hancock in 2D. Dimensional splitting (seed 003; Toro sec. 16.2): each step is
// an x sweep and a y sweep of the 1D MUSCL-Hancock update, x-y on even steps and y-x on odd ones,
// so first-order splitting errors cancel over a pair of steps; or (fv.splitting: averaged) the
// mean of x-y and y-x from the same state, which is symmetric under x <-> y. Two ghost cells.
#pragma once

#include "portaflow/schemes/common/diagnostics_2d.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::fv {

class MusclHancock2DSolver final : public Solver {
 public:
  explicit MusclHancock2DSolver(const RunConfig& config);
  double time() const override { return time_; }
  long long cell_count() const override { return static_cast<long long>(grid_.nx) * grid_.ny; }
  double stable_time_step() override;
  void advance(double dt) override;
  SolutionSnapshot snapshot() const override;
  ConservedTotals conserved_totals() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  static constexpr Index kGhosts = 2;

 private:
  IndexBox2D interior() const {
    return {{kGhosts, kGhosts + grid_.ny}, {kGhosts, kGhosts + grid_.nx}};
  }
  void sweep(const Field2D& u, int dir, double dt);
  RunConfig config_;
  UniformGrid2D grid_;
  double time_ = 0;
  long long steps_ = 0;
  Field2D state_;   // conservative (rho, rho u, rho v, E) with kGhosts ghost cells around
  Field2D fluxes_;  // face fluxes of the current sweep
  Field2D other_;   // averaged splitting: the y-x result (allocated only for it)
};

}  // namespace portaflow::fv
