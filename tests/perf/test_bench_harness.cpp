// The benchmark harness end to end on the host backend: the stencil2d probe computes the
// averages it claims (so its timings time the right work), the registry finds it, measure()
// runs the steps it reports, and the ceiling kernels compute what they count.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "perf/bench_registry.hpp"
#include "perf/ceilings.hpp"
#include "perf/kernels/stencil2d.hpp"
#include "perf/measurement.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::bench {
namespace {

using HostState = std::vector<Real>;  // (v, j, i) flattened, ghosts included

HostState to_host(const Field2D& u) {
  auto mirror = Kokkos::create_mirror_view_and_copy(HostSpace(), u);
  HostState values(mirror.size());
  std::size_t k = 0;
  for (std::size_t v = 0; v < mirror.extent(0); ++v)
    for (std::size_t j = 0; j < mirror.extent(1); ++j)
      for (std::size_t i = 0; i < mirror.extent(2); ++i) values[k++] = mirror(v, j, i);
  return values;
}

// One step of the 5-point average on the host, the definition the kernel must match.
HostState host_step(const HostState& u, int n) {
  const int side = n + 2;
  const auto at = [side](int v, int j, int i) { return (v * side + j) * side + i; };
  HostState next = u;  // ghosts unchanged
  for (int v = 0; v < Stencil2DCase::kVariables; ++v)
    for (int j = 1; j <= n; ++j)
      for (int i = 1; i <= n; ++i)
        next[at(v, j, i)] = Real(0.25) * (u[at(v, j, i - 1)] + u[at(v, j, i + 1)] +
                                          u[at(v, j - 1, i)] + u[at(v, j + 1, i)]);
  return next;
}

TEST(BenchStencil2D, MapsCellsToASquareInterior) {
  EXPECT_EQ(Stencil2DCase(10000).cell_updates_per_step(), 10000);
  EXPECT_EQ(Stencil2DCase(10000).interior_cells_per_side(), 100);
  EXPECT_EQ(Stencil2DCase(1000).cell_updates_per_step(), 32 * 32);  // round(sqrt(1000)) = 32
  EXPECT_EQ(Stencil2DCase(1).cell_updates_per_step(), 1);
}

TEST(BenchStencil2D, StepsAreNeighbourAveragesWithFixedGhosts) {
  const int n = 13;
  Stencil2DCase bench_case(n * n);
  ASSERT_EQ(bench_case.interior_cells_per_side(), n);
  ASSERT_EQ(bench_case.state().extent(0), 4u);
  ASSERT_EQ(bench_case.state().extent(1), static_cast<std::size_t>(n + 2));

  HostState expected = to_host(bench_case.state());
  // The initial state is the documented one, and not constant (else averages prove nothing).
  EXPECT_EQ(expected[0], Stencil2DCase::initial_value(0, 0, 0));
  EXPECT_EQ(expected[(2 * (n + 2) + 5) * (n + 2) + 7], Stencil2DCase::initial_value(2, 5, 7));
  EXPECT_NE(expected[1], expected[2]);

  // Three steps: the first reads buffer A, the second reads B (after the swap), the third A again.
  for (int s = 1; s <= 3; ++s) {
    bench_case.step();
    expected = host_step(expected, n);
    const HostState got = to_host(bench_case.state());
    ASSERT_EQ(got.size(), expected.size());
    // Multiples of 1/16 averaged a few times are exact in float and double: compare exactly.
    for (std::size_t k = 0; k < got.size(); ++k)
      ASSERT_EQ(got[k], expected[k]) << "step " << s << ", flat index " << k;
  }
  EXPECT_TRUE(bench_case.healthy());
}

TEST(BenchStencil2D, IsRegisteredWithItsCountedBytesAndFlops) {
  const BenchKernel* kernel = find_kernel("stencil2d.flat");
  ASSERT_NE(kernel, nullptr) << "the kernels' object files are not linked into the tests";
  EXPECT_EQ(kernel->bytes_per_cell_update, 8.0 * sizeof(Real));  // 4 Reals in, 4 out
  EXPECT_EQ(kernel->flops_per_cell_update, 16.0);                // 4 x (3 adds + 1 multiply)
  const auto made = kernel->make(400);
  EXPECT_EQ(made->cell_updates_per_step(), 400);
  EXPECT_EQ(find_kernel("no.such.kernel"), nullptr);
}

// Counts the steps it is asked for; does no device work.
struct CountingCase final : BenchCase {
  long long steps = 0;
  void step() override { ++steps; }
  long long cell_updates_per_step() const override { return 1000; }
};

TEST(BenchMeasure, RunsWarmupThenRepeatsOfTheGivenSteps) {
  CountingCase counting;
  TimingOptions options;
  options.warmup_steps = 3;
  options.warmup_min_seconds = 0;
  options.steps = 7;
  options.repeats = 4;
  const Measurement m = measure(counting, options);
  EXPECT_EQ(m.warmup_steps, 3);
  EXPECT_EQ(m.steps, 7);
  EXPECT_EQ(m.repeats, 4);
  EXPECT_EQ(counting.steps, 3 + 7 * 4);
  ASSERT_EQ(m.seconds_per_step.size(), 4u);
  for (const double t : m.seconds_per_step) EXPECT_GT(t, 0.0);
  EXPECT_LE(m.summary.min, m.summary.median);
  EXPECT_LE(m.summary.median, m.summary.max);
  EXPECT_EQ(m.cell_updates_per_step, 1000);
}

TEST(StreamCeiling, KernelsComputeWhatTheyCount) {
  const Index n = 1 << 12;
  StreamArray a("a", n), b("b", n), c("c", n);
  Kokkos::deep_copy(b, 1.5);
  Kokkos::deep_copy(c, -2.0);
  stream_copy(a, b);
  auto host_a = Kokkos::create_mirror_view_and_copy(HostSpace(), a);
  for (Index i = 0; i < n; ++i) ASSERT_EQ(host_a(i), 1.5);
  stream_triad(a, b, c, 0.25);
  host_a = Kokkos::create_mirror_view_and_copy(HostSpace(), a);
  for (Index i = 0; i < n; ++i) ASSERT_EQ(host_a(i), 1.0);  // 1.5 + 0.25 (-2)
}

TEST(FmaCeiling, EveryChainRunsEveryIteration) {
  const Index threads = 37;
  const long long iterations = 1000;
  const Real a = Real(0.999), b = Real(0.002);
  DeviceView<Real*> out("out", threads);
  for (const int chains : kFmaChainCounts) {
    fma_chains(out, chains, iterations, a, b);
    const auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), out);
    for (Index t = 0; t < threads; ++t) {
      double expected = 0;
      for (int c = 0; c < chains; ++c) {
        Real x = fma_initial_value(t, c);
        for (long long k = 0; k < iterations; ++k) x = x * a + b;
        expected += x;
      }
      // Fused or separate multiply-add round differently; the recurrence contracts errors.
      ASSERT_NEAR(host(t), expected, 1e-4 * std::fabs(expected)) << chains << " chains, t " << t;
    }
  }
  EXPECT_THROW(fma_chains(out, 5, 1, a, b), Error);
}

}  // namespace
}  // namespace portaflow::bench
