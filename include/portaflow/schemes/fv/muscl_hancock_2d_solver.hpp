// scheme: muscl_hancock in 2D. Dimensional splitting (seed 003; Toro sec. 16.2): each step is
// an x sweep and a y sweep of the 1D MUSCL-Hancock update, x-y on even steps and y-x on odd ones,
// so first-order splitting errors cancel over a pair of steps; or (fv.splitting: averaged) the
// mean of x-y and y-x from the same state, which is symmetric under x <-> y. Two ghost cells.
#pragma once

#include "portaflow/schemes/common/grid_solver.hpp"

namespace portaflow::fv {

class MusclHancock2DSolver final : public GridSolver2D {
 public:
  explicit MusclHancock2DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;

  static constexpr Index kGhosts = 2;

 private:
  void sweep(const Field2D& u, int dir, double dt);
  Field2D fluxes_;  // face fluxes of the current sweep
  Field2D other_;   // averaged splitting: the y-x result (allocated only for it)
};

}  // namespace portaflow::fv
