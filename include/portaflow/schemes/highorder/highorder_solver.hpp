// schemes dg, cpr, ndg and sd (Zimmerman et al. 2018, secs. 2.2-2.6): high-order element methods on
// a structured grid of quadrilaterals (element_geometry.hpp), the solution a degree-k polynomial
// per element held at (k + 1)^2 solution points, three-stage SSP Runge-Kutta (time/ssp_rk3.hpp).
//
// Storage: every field is (var, J, I) over the grid of solution points, I = ex (k + 1) + a,
// J = ey (k + 1) + b for local point (a, b) of element (ex, ey): an element's row of points is
// contiguous, and a row of the whole grid is unit-stride for coalesced loads. No ghost points:
// faces read across the boundary with periodic wrapping or a boundary state.
//
// One Runge-Kutta stage is two kernels: the common fluxes at every face point (element_faces.hpp),
// then the residual at every solution point fused with the stage update (element_residual.hpp),
// flat (one thread per point) or in teams (a tile of elements in scratch).
//
// Over MPI ranks (docs/mpi.md) the element grid is split into boxes of whole elements, one per
// rank (schemes/common/decomposition_2d.hpp): the arrays above are the box's, config_.boundary
// holds its sides (kNeighbour facing another rank), the faces on those sides read the
// neighbour's edge traces (element_faces.hpp's BoxTraces) and the limiter its edge means, both
// exchanged each stage. Same operations per point as on one rank: the same result, bit for bit.
#pragma once

#include <memory>
#include <string>

#include "portaflow/core/halo_exchange.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/common/decomposition_2d.hpp"
#include "portaflow/schemes/highorder/element_faces.hpp"
#include "portaflow/schemes/highorder/element_geometry.hpp"
#include "portaflow/schemes/highorder/element_operators.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::highorder {

// Density errors against the exact solution (problems that have one), both RMS over the domain:
// element_average: of the element averages against the exact solution's averages (the norm of
// Zimmerman et al. 2018, sec. 4), pointwise: of the solution polynomial against the exact solution
// over a (k + 4)-point Gauss rule per direction in every element.
struct DensityErrors {
  double element_average = 0;
  double pointwise = 0;
};

class HighOrderSolver : public TimeAccurateSolver {
 public:
  double time() const override { return time_; }
  long long steps() const override { return steps_; }
  // Degrees of freedom (solution points) of the whole grid: what "cells" means for the run
  // driver and benchmarks.
  long long cell_count() const override;
  bool decomposed() const override { return true; }
  double exchange_seconds() const override;
  std::vector<std::string> setup_report() const override;
  double stable_time_step() override;
  SolutionSnapshot snapshot() const override;
  Monitors monitors() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  // Density errors (both norms) when the problem has an exact solution.
  std::vector<std::pair<std::string, double>> exact_errors() const override;

  // One Runge-Kutta stage k (0, 1, 2) of a step of dt; advance() is the three.
  virtual void stage(int k, double dt) = 0;
  DensityErrors density_errors() const;
  int points_per_direction() const { return n_; }
  // Solution point positions, (J, I) with I fastest, as the state's points.
  const std::vector<double>& point_x() const { return point_x_; }
  const std::vector<double>& point_y() const { return point_y_; }
  long long element_count() const;  // the whole grid's
  KernelChoice kernel() const { return kernel_; }
  // The limiter's counts (element_limiter.hpp) over the run so far: element-stages limited as
  // troubled and scaled for positivity.
  long long troubled_element_stages() const { return limiter_total(0); }
  long long positivity_element_stages() const { return limiter_total(1); }
  // "limiter: ... troubled elements" since the previous output (resets that count).
  std::string output_note() override;
  // The variant kAuto picks on this backend (measured: perf/results/SUMMARY.md).
  static KernelChoice default_kernel();

 protected:
  HighOrderSolver(const RunConfig& config, int points);
  void finish_step(double dt) {
    time_ += dt;
    ++steps_;
  }
  // The Runge-Kutta buffers of stage k: its input and where it writes.
  const Field2D& stage_input(int k) const { return k == 0 ? state_ : stages_[k - 1]; }
  const Field2D& stage_output(int k) const { return k == 2 ? state_ : stages_[k]; }
  void set_up_limiter(const ElementGridMetrics& g);
  long long limiter_total(int k) const;  // entry k of limiter_totals_, read back
  bool limiter_on() const { return options_.limiter.troubled_cell || options_.limiter.positivity; }
  // This rank's elements per direction (the whole grid's on one rank).
  Index box_elements(int d) const { return box_.cells[d]; }
  // Over ranks: this box's edge traces of w to the neighbours and theirs into traces_ (before
  // the face fluxes), and the edge element means (before the limiter). Nothing on one rank.
  bool has_neighbours() const { return box_.neighbours.any(); }
  // No corner is read, so the x and y strips travel together; the faces inside the box are
  // computed between start and finish.
  void start_trace_exchange() {
    traces_exchange_x_.start(traces_.x, 0);
    traces_exchange_y_.start(traces_.y, 1);
  }
  void finish_trace_exchange() {
    traces_exchange_x_.finish();
    traces_exchange_y_.finish();
  }
  void exchange_means() {
    means_exchange_.start(element_means_, 0);
    means_exchange_.start(element_means_, 1);
    means_exchange_.finish();
  }

  RunConfig config_;
  HighOrderConfig options_;  // config_'s family options, read once
  int n_;                    // points per direction, k + 1
  KernelChoice kernel_;
  RankBox2D box_;  // this rank's elements (the whole grid on one rank)
  ElementMapping mapping_;
  LineOperatorTables tables_;
  Field2D state_;                   // (4, J, I): rho, rho u, rho v, E at the solution points
  Field2D stages_[2];               // SSP-RK3's U^(1), U^(2)
  Field2D metrics_;                 // (5, J, I): xi_x, xi_y, eta_x, eta_y, 1 / J
  Field2D face_normals_x_;          // (2, J, f): n_xi at x face f
  Field2D face_normals_y_;          // (2, f, I): n_eta at y face f
  Field2D fluxes_x_, fluxes_y_;     // (4, J, f), (4, f, I): common normal fluxes at face points
  std::vector<double> weight_jac_;  // host: w_a w_b J per point (J, I)
  DeviceView<double**> weight_jac_device_;   // the same on the device, for the totals
  std::vector<double> point_x_, point_y_;    // host: solution point positions
  Field2D flux_normals_x_, flux_normals_y_;  // sd only: n_xi, n_eta at its flux points
  Field2D element_means_;                    // limiter: (4, ny + 2, nx + 2) element means
  BoxTraces traces_;                         // over ranks: edge traces (element_faces.hpp)
  HaloExchange2D traces_exchange_x_, traces_exchange_y_, means_exchange_;
  Field2D element_centroid_;  // limiter: (3, ny, nx) weighted centroid (xi_c, eta_c), area
  // The limiter's counts on the device (element_limiter.hpp's LimiterTotals) and one stage's.
  DeviceView<long long[4]> limiter_totals_{"highorder.limiter_totals"};
  Kokkos::View<SumArray<long long, 2>, MemSpace> limiter_stage_counts_{"highorder.limiter_stage"};
  double time_ = 0;
  long long steps_ = 0;
};

// Builds the dg, cpr, ndg or sd solver of config.family<HighOrderConfig>() (its degree selects the
// compiled variant).
std::unique_ptr<HighOrderSolver> make_highorder_solver(const RunConfig& config);

}  // namespace portaflow::highorder
