// scheme: muscl_hancock (1D). Toro's MUSCL-Hancock with a choice of limiter (fv.limiter) and
// face flux (fv.flux: exact Riemann solver, HLLC or Rusanov); two ghost cells a side.
// The 2D, dimensionally split version with team kernels follows (issue 6).
#pragma once

#include "portaflow/schemes/common/diagnostics_1d.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::fv {

class MusclHancock1DSolver final : public Solver {
 public:
  explicit MusclHancock1DSolver(const RunConfig& config);
  double time() const override { return time_; }
  long long cell_count() const override { return axis_.cells; }
  double stable_time_step() override;
  void advance(double dt) override;
  SolutionSnapshot snapshot() const override;
  ConservedTotals conserved_totals() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  static constexpr Index kGhosts = 2;

 private:
  IndexRange interior() const { return {kGhosts, kGhosts + axis_.cells}; }
  RunConfig config_;
  UniformAxis axis_;
  double time_ = 0;
  long long steps_ = 0;
  Field1D state_;   // conservative (rho, rho u, E), kGhosts ghost cells each side
  Field1D fluxes_;  // face fluxes: face f between cells f - 1 and f (interior numbering)
};

}  // namespace portaflow::fv
