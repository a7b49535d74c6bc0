// The bandwidth probe of docs/performance.md: a 2D 5-point average of 4 Reals per cell on a flat
// MDRange, the simplest kernel with the memory traffic of a 2D Euler stage (4 Reals in, 4 Reals out
// per cell). It stands in for the schemes' steps until they are registered, and stays as the
// yardstick of what a plain Kokkos kernel reaches against the measured ceilings.
#pragma once

#include "perf/bench_registry.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::bench {

class Stencil2DCase final : public BenchCase {
 public:
  static constexpr int kVariables = 4;

  // An n x n interior with n = round(sqrt(cells)) (at least 1) and one ghost layer all round.
  explicit Stencil2DCase(long long cells);

  // u_new(v, j, i) = (u(v, j, i-1) + u(v, j, i+1) + u(v, j-1, i) + u(v, j+1, i)) / 4 over the
  // interior, then the buffers swap. Ghost cells keep their initial values (fixed boundary).
  void step() override;
  long long cell_updates_per_step() const override;
  // No NaN or infinity in the interior.
  bool healthy() const override;

  // Sets both buffers to initial_value() (a CUDA lambda may not live in a constructor).
  void initialize();

  Index interior_cells_per_side() const { return n_; }
  // The latest state, ghosts included: (var, j, i) with j, i in [0, n + 2), interior [1, n + 1).
  const Field2D& state() const { return u_; }

  // The initial state: multiples of 1/16 in [1, 5], so sums and quarter averages of a few steps
  // are exact in float and double and a test can compare bit for bit.
  KOKKOS_INLINE_FUNCTION static Real initial_value(int v, Index j, Index i) {
    return Real(1 + v) + Real(0.0625) * Real((7 * i + 13 * j + 5 * v) % 16);
  }

 private:
  Index n_;
  Field2D u_;
  Field2D u_new_;
};

}  // namespace portaflow::bench
