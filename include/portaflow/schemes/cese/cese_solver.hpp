// scheme: cese1d and cese2d. The state lives on the integer level (cell centres: what is
// written out) and, between the two half steps of a time step, on the half level (cell edges
// in 1D, corners in 2D): two buffers, each half step reads one and writes the other (Algorithm 3
// and 5 of the CE/SE thesis, seed 000, as double buffering).
#pragma once

#include "portaflow/schemes/cese/cese_kernels.hpp"
#include "portaflow/schemes/common/diagnostics_1d.hpp"
#include "portaflow/schemes/common/diagnostics_2d.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::cese {

// The kernel variant and tile the deck asks for, defaults filled per backend.
KernelVariant kernel_variant(const ExecutionConfig& execution);
TileShape1D tile_1d(const ExecutionConfig& execution);
TileShape2D tile_2d(const ExecutionConfig& execution);

class Cese1DSolver final : public Solver {
 public:
  explicit Cese1DSolver(const RunConfig& config);
  double time() const override { return time_; }
  long long cell_count() const override { return axis_.cells; }
  double stable_time_step() override;
  void advance(double dt) override;
  SolutionSnapshot snapshot() const override;
  ConservedTotals conserved_totals() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  // For tests and benchmarks: the integer-level field q(component, i), ghosts at 0 and n + 1.
  const Field1D& field() const { return centres_; }

 private:
  RunConfig config_;
  UniformAxis axis_;
  KernelVariant variant_;
  TileShape1D tile_;
  double time_ = 0;
  long long steps_ = 0;
  Field1D centres_;  // integer level: (u, u_x) at cell centres, with one ghost each side
  Field1D edges_;    // half level: (u, u_x) at the n + 1 cell edges
};

class Cese2DSolver final : public Solver {
 public:
  explicit Cese2DSolver(const RunConfig& config);
  double time() const override { return time_; }
  long long cell_count() const override { return static_cast<long long>(grid_.nx) * grid_.ny; }
  double stable_time_step() override;
  void advance(double dt) override;
  SolutionSnapshot snapshot() const override;
  ConservedTotals conserved_totals() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  const Field2D& field() const { return centres_; }
  IndexBox2D interior() const { return {{1, grid_.ny + 1}, {1, grid_.nx + 1}}; }

 private:
  RunConfig config_;
  UniformGrid2D grid_;
  KernelVariant variant_;
  TileShape2D tile_;
  double time_ = 0;
  long long steps_ = 0;
  Field2D centres_;  // (u, u_x, u_y) at cell centres with a ghost ring
  Field2D corners_;  // (u, u_x, u_y) at the (nx + 1) x (ny + 1) cell corners
};

}  // namespace portaflow::cese
