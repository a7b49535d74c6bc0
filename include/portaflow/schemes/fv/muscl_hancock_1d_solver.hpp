// scheme: muscl_hancock (1D). Toro's MUSCL-Hancock with a choice of limiter (fv.limiter) and
// face flux (fv.flux: exact Riemann solver, HLLC or Rusanov); two ghost cells a side.
// The 2D, dimensionally split version with team kernels is muscl_hancock_2d_solver.hpp.
#pragma once

#include "portaflow/schemes/common/grid_solver.hpp"

namespace portaflow::fv {

class MusclHancock1DSolver final : public GridSolver1D {
 public:
  explicit MusclHancock1DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;

  static constexpr Index kGhosts = 2;

 private:
  Field1D fluxes_;  // face fluxes: face f between cells f - 1 and f (interior numbering)
};

}  // namespace portaflow::fv
