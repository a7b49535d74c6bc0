// scheme: cese1d and cese2d. The state lives on the integer level (cell centres: what is
// written out; GridSolver's state_, with one ghost ring) and, between the two half steps of a time
// step, on the half level (cell edges in 1D, corners in 2D): two buffers, each half step reads one
// and writes the other (Algorithms 3 and 5 of the CE/SE GPU thesis (2016), as double buffering).
#pragma once

#include "portaflow/schemes/cese/cese_kernels.hpp"
#include "portaflow/schemes/common/grid_solver.hpp"

namespace portaflow::cese {

// The kernel variant and tile the deck asks for, defaults filled per backend.
KernelVariant kernel_variant(const ExecutionConfig& execution);
TileShape1D tile_1d(const ExecutionConfig& execution);
TileShape2D tile_2d(const ExecutionConfig& execution);

class Cese1DSolver final : public GridSolver1D {
 public:
  explicit Cese1DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;

 private:
  KernelVariant variant_;
  TileShape1D tile_;
  Field1D edges_;  // half level: (u, u_x) at the n + 1 cell edges; the integer level is state_
};

class Cese2DSolver final : public GridSolver2D {
 public:
  explicit Cese2DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;

 private:
  KernelVariant variant_;
  TileShape2D tile_;
  Field2D corners_;  // half level: (u, u_x, u_y) at the (nx + 1) x (ny + 1) cell corners
};

}  // namespace portaflow::cese
