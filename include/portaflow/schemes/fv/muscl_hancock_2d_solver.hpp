// scheme: muscl_hancock in 2D. Dimensional splitting (Blakely, LSC lecture; Toro sec. 16.2): each
// step is an x sweep and a y sweep of the 1D MUSCL-Hancock update, x-y on even steps and y-x on odd
// ones, so first-order splitting errors cancel over a pair of steps; or (fv.splitting: averaged)
// the mean of x-y and y-x from the same state, which is symmetric under x <-> y. Two ghost cells.
// One sweep kernel at a time, from one buffer into the other (muscl_hancock_2d_kernels.hpp).
#pragma once

#include "portaflow/schemes/common/grid_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_kernels.hpp"

namespace portaflow::fv {

class MusclHancock2DSolver final : public GridSolver2D {
 public:
  explicit MusclHancock2DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;
  void restore_state(const SolverState& state) override;

  static constexpr Index kGhosts = 2;

 private:
  SplitStep2D split_step(double dt) const;

  Field2D other_;   // between the two sweeps
  Field2D third_;   // averaged splitting: the x-y result
  SweepRate rate_;  // max wave rate of the state (kernels write rate_.max, the host reads it)
  bool rate_current_ = false;  // rate_ belongs to state_ (the last sweep computed it)
};

}  // namespace portaflow::fv
