// The stencil2d probe (see stencil2d.hpp) and its registration: the worked example of the
// pattern described at the top of perf/bench_registry.hpp.
#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "perf/kernels/stencil2d.hpp"

namespace portaflow::bench {

Stencil2DCase::Stencil2DCase(long long cells)
    : n_(static_cast<Index>(std::max(1LL, std::llround(std::sqrt(static_cast<double>(cells)))))),
      u_("bench.stencil2d.u", kVariables, n_ + 2, n_ + 2),
      u_new_("bench.stencil2d.u_new", kVariables, n_ + 2, n_ + 2) {
  initialize();
}

void Stencil2DCase::initialize() {
  const Field2D u = u_;
  const Field2D u_new = u_new_;
  // Both buffers hold the initial state, ghosts included; the ghosts are never written again.
  // Initialised by a parallel loop so that pages are first touched by the threads that use them.
  par_for(
      "bench.stencil2d.init", IndexBox2D{{0, n_ + 2}, {0, n_ + 2}},
      KOKKOS_LAMBDA(Index j, Index i) {
        for (int v = 0; v < kVariables; ++v) {
          u(v, j, i) = initial_value(v, j, i);
          u_new(v, j, i) = initial_value(v, j, i);
        }
      });
}

void Stencil2DCase::step() {
  const Field2D in = u_;
  const Field2D out = u_new_;
  par_for(
      "bench.stencil2d.flat", IndexBox2D{{1, n_ + 1}, {1, n_ + 1}},
      KOKKOS_LAMBDA(Index j, Index i) {
        for (int v = 0; v < kVariables; ++v) {
          out(v, j, i) =
              Real(0.25) * (in(v, j, i - 1) + in(v, j, i + 1) + in(v, j - 1, i) + in(v, j + 1, i));
        }
      });
  std::swap(u_, u_new_);
}

long long Stencil2DCase::cell_updates_per_step() const {
  return static_cast<long long>(n_) * static_cast<long long>(n_);
}

bool Stencil2DCase::healthy() const {
  const Field2D u = u_;
  const long long bad = par_sum<long long>(
      "bench.stencil2d.check", IndexBox2D{{1, n_ + 1}, {1, n_ + 1}},
      KOKKOS_LAMBDA(Index j, Index i, long long& count) {
        for (int v = 0; v < kVariables; ++v)
          if (!math::isfinite(u(v, j, i))) ++count;
      });
  return bad == 0;
}

namespace {

[[maybe_unused]] const KernelRegistration kStencil2DFlat{BenchKernel{
    "stencil2d.flat", "probe", "flat",
    "2D 5-point average of 4 Reals per cell (u(var, j, i), LayoutRight), flat MDRange over an "
    "n x n interior, n = round(sqrt(cells)), double-buffered (the bandwidth probe)",
    // Compulsory traffic: 4 Reals read and 4 written per cell; the neighbours' reads hit cache.
    2.0 * Stencil2DCase::kVariables * sizeof(Real),
    // Per variable 3 additions and 1 multiplication.
    4.0 * Stencil2DCase::kVariables,
    [](long long cells) { return std::make_unique<Stencil2DCase>(cells); }}};

}  // namespace

}  // namespace portaflow::bench
