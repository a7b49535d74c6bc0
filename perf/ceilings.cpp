#include "perf/ceilings.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <type_traits>

#include "perf/statistics.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/timer.hpp"

namespace portaflow::bench {

namespace {

constexpr bool kDeviceBackend = !std::is_same_v<ExecSpace, HostExecSpace>;

template <int Chains>
void fma_kernel(const DeviceView<Real*>& out, long long iterations, Real a, Real b) {
  const Index threads = static_cast<Index>(out.extent(0));
  par_for(
      "bench.ceiling.fma", IndexRange{0, threads}, KOKKOS_LAMBDA(Index t) {
        Real x[Chains];
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
        for (int c = 0; c < Chains; ++c) x[c] = fma_initial_value(t, c);
        // Chains independent multiply-adds per iteration: the inner loop of constant length is
        // unrolled (on a GPU, so x stays in registers) or vectorised (on a CPU, as the
        // compiler sees fit), so consecutive operations never wait for each other's results.
        for (long long k = 0; k < iterations; ++k) {
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
          for (int c = 0; c < Chains; ++c) x[c] = x[c] * a + b;
        }
        Real sum = 0;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
        for (int c = 0; c < Chains; ++c) sum += x[c];
        out(t) = sum;
      });
}

double seconds_of(const std::function<void()>& launch) {
  Kokkos::fence();
  const Timer timer;
  launch();
  return timer.fence_and_elapsed();
}

StreamResult time_stream(const std::function<void()>& launch, double bytes_per_element,
                         long long elements, int repeats) {
  launch();  // untimed: first touch, clocks
  std::vector<double> rates;
  for (int r = 0; r < repeats; ++r) {
    const double t = seconds_of(launch);
    rates.push_back(bytes_per_element * static_cast<double>(elements) / t / 1e9);
  }
  StreamResult result;
  result.bytes_per_element = bytes_per_element;
  result.best_gb_per_s = *std::max_element(rates.begin(), rates.end());
  result.median_gb_per_s = median(rates);
  return result;
}

}  // namespace

void stream_triad(const StreamArray& a, const StreamArray& b, const StreamArray& c, double scalar) {
  par_for(
      "bench.ceiling.triad", IndexRange{0, static_cast<Index>(a.extent(0))},
      KOKKOS_LAMBDA(Index i) { a(i) = b(i) + scalar * c(i); });
}

void stream_copy(const StreamArray& a, const StreamArray& b) {
  par_for(
      "bench.ceiling.copy", IndexRange{0, static_cast<Index>(a.extent(0))},
      KOKKOS_LAMBDA(Index i) { a(i) = b(i); });
}

void fma_chains(const DeviceView<Real*>& out, int chains, long long iterations, Real a, Real b) {
  switch (chains) {
    case 8:
      return fma_kernel<8>(out, iterations, a, b);
    case 16:
      return fma_kernel<16>(out, iterations, a, b);
    case 32:
      return fma_kernel<32>(out, iterations, a, b);
    case 64:
      return fma_kernel<64>(out, iterations, a, b);
    default:
      throw Error("fma_chains: chains must be 8, 16, 32 or 64, not " + std::to_string(chains));
  }
}

Ceilings measure_ceilings(const CeilingOptions& options) {
  Ceilings ceilings;
  ceilings.source = "measured";
  ceilings.repeats = std::max(1, options.repeats);
  const long long elements = options.stream_elements > 0 ? options.stream_elements
                                                         : (kDeviceBackend ? 1LL << 27 : 1LL << 25);
  if (elements > 2147483647LL)
    throw InputError("--stream-elements must be below 2^31 (the index type is int)");
  ceilings.stream_elements = elements;

  {
    const auto n = static_cast<Index>(elements);
    StreamArray a(Kokkos::view_alloc("bench.ceiling.a", Kokkos::WithoutInitializing), n);
    StreamArray b(Kokkos::view_alloc("bench.ceiling.b", Kokkos::WithoutInitializing), n);
    StreamArray c(Kokkos::view_alloc("bench.ceiling.c", Kokkos::WithoutInitializing), n);
    // First touch by the threads that will use the pages (NUMA placement on a CPU).
    par_for(
        "bench.ceiling.init", IndexRange{0, n}, KOKKOS_LAMBDA(Index i) {
          a(i) = 0.0;
          b(i) = 1.0;
          c(i) = 2.0;
        });
    const double scalar = 3.0;
    ceilings.copy = time_stream([&] { stream_copy(a, b); }, 16.0, elements, ceilings.repeats);
    ceilings.triad =
        time_stream([&] { stream_triad(a, b, c, scalar); }, 24.0, elements, ceilings.repeats);
    ceilings.library_copy =
        time_stream([&] { Kokkos::deep_copy(c, b); }, 16.0, elements, ceilings.repeats);
    // The arrays must hold what the kernels compute, or the timings mean nothing.
    const long long wrong = par_sum<long long>(
        "bench.ceiling.check", IndexRange{0, n},
        KOKKOS_LAMBDA(Index i, long long& count) { count += (a(i) != 7.0) ? 1 : 0; });
    if (wrong != 0)
      throw Error("the STREAM triad computed wrong values in " + std::to_string(wrong) +
                  " elements: the bandwidth ceiling is invalid");
  }

  // FMA: enough indices to fill the machine several times over (GPU: 2^21 threads, 16 waves of
  // an H100/H200; CPU: 256 per hardware thread), iterations grown until a run takes
  // fma_target_seconds.
  const long long threads =
      kDeviceBackend ? (1LL << 21) : 256LL * std::max(1, ExecSpace().concurrency());
  DeviceView<Real*> out("bench.ceiling.fma_out", static_cast<Index>(threads));
  // Read through volatile so the compiler cannot treat them as constants.
  volatile double a_source = 0.9999999, b_source = 1e-7;
  const Real a = static_cast<Real>(a_source), b = static_cast<Real>(b_source);
  FmaResult& fma = ceilings.fma;
  fma.threads = threads;
  for (const int chains : kFmaChainCounts) {
    long long iterations = 64;
    double t = seconds_of([&] { fma_chains(out, chains, iterations, a, b); });
    while (t < 0.5 * options.fma_target_seconds && iterations < (1LL << 40)) {
      const double grow = std::clamp(options.fma_target_seconds / std::max(t, 1e-9), 2.0, 1000.0);
      iterations = static_cast<long long>(static_cast<double>(iterations) * grow);
      t = seconds_of([&] { fma_chains(out, chains, iterations, a, b); });
    }
    double best = 0;
    for (int r = 0; r < std::max(1, options.fma_repeats); ++r) {
      t = seconds_of([&] { fma_chains(out, chains, iterations, a, b); });
      const double flops =
          2.0 * static_cast<double>(threads) * chains * static_cast<double>(iterations);
      best = std::max(best, flops / t / 1e9);
    }
    fma.gflop_per_s_by_chains.push_back(best);
    if (best > fma.best_gflop_per_s) {
      fma.best_gflop_per_s = best;
      fma.chains = chains;
      fma.iterations = iterations;
      fma.checksum = par_sum<double>(
          "bench.ceiling.fma_sum", IndexRange{0, static_cast<Index>(threads)},
          KOKKOS_LAMBDA(Index i, double& s) { s += out(i); });
    }
  }
  if (!std::isfinite(fma.checksum) || fma.checksum <= 0)
    throw Error("the FMA kernel's checksum is " + std::to_string(fma.checksum) +
                ": the FLOP ceiling is invalid");

  ceilings.bandwidth_gb_per_s = std::max({ceilings.triad.best_gb_per_s, ceilings.copy.best_gb_per_s,
                                          ceilings.library_copy.best_gb_per_s});
  ceilings.flop_gflop_per_s = fma.best_gflop_per_s;
  return ceilings;
}

}  // namespace portaflow::bench
