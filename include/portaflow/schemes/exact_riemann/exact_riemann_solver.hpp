// scheme: exact_riemann. The exact solution of a 1D Riemann problem (Toro ch. 4) sampled at the
// cell centres of the deck's mesh. It marches nothing: advance(dt) re-samples at the new time.
// It is the reference every 1D scheme is plotted and tested against.
#pragma once

#include "portaflow/schemes/common/diagnostics_1d.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

class ExactRiemannSolver final : public TimeAccurateSolver {
 public:
  explicit ExactRiemannSolver(const RunConfig& config);

  double time() const override { return time_; }
  long long steps() const override { return steps_; }
  long long cell_count() const override { return axis_.cells; }
  // The exact solution has no stability limit: the driver steps straight to the next output.
  double stable_time_step() override;
  void advance(double dt) override;
  SolutionSnapshot snapshot() const override;
  Monitors monitors() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

 private:
  RiemannProblemConfig problem_;
  double gamma_;
  UniformAxis axis_;
  double time_ = 0;
  long long steps_ = 0;
  Field1D state_;  // conservative (rho, rho u, E) per cell, no ghost cells
};

}  // namespace portaflow
