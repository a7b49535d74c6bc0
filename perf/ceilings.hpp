// The machine's own ceilings on the active backend, measured in the same process as the kernels
// they are compared with (docs/performance.md): memory bandwidth from STREAM-style triad and copy
// kernels, and the floating-point rate from an FMA-bound kernel.
//
// Conventions, the same as McCalpin's STREAM so the numbers compare with published ones:
//  - arrays of doubles (8 B per element whatever Real is: bytes are bytes), each far larger than
//    the last-level cache (default 2^27 elements = 1 GiB per array on a GPU, 2^25 = 256 MiB on a
//    CPU);
//  - bytes counted: triad a = b + s c moves 3 arrays (24 B per element), copy a = b moves 2
//    (16 B per element); write-allocate traffic of CPU caches is NOT counted (as in STREAM);
//  - the best (fastest) of several repeats, after one untimed run of each kernel.
// The bandwidth ceiling used for fractions is the largest of triad, copy and the library's own
// device copy (Kokkos::deep_copy, a cudaMemcpy on a GPU: on the H200 our one-element-per-thread
// kernels stopped at the same elements per second for copy and triad, 2.5 TB/s for triad, below
// what the memory gives), so a fraction is never flattered by a weak ceiling kernel.
//
// The FMA kernel: every thread (index) carries C independent recurrences x <- x * a + b in
// registers (C = 8, 16, 32 or 64; the best is kept: which C vectorises best and fits the
// registers depends on the compiler and the target, e.g. GCC vectorises the loop of 32 for SSE2
// but leaves 16 scalar), long enough for the latency of one FMA to be
// hidden behind the others; 2 flops per multiply-add, in Real (FP64, or FP32 in float builds).
// a and b are run-time values and every chain feeds a checksum that is read back, so the
// compiler can neither fold nor drop the work. On a CPU this measures what the compiler made of
// the loop for the target the build was compiled for: without -mfma / -march flags x86-64
// code uses SSE2 (2 doubles per instruction, separate multiply and add), far below an AVX-512
// core's peak. That is the honest ceiling of this build, and is stated in the JSON.
#pragma once

#include <string>
#include <vector>

#include "portaflow/core/types.hpp"

namespace portaflow::bench {

inline constexpr int kFmaChainCounts[] = {8, 16, 32, 64};

struct CeilingOptions {
  long long stream_elements = 0;    // 0: 2^27 on a GPU backend, 2^25 on a host backend
  int repeats = 10;                 // timed runs of each STREAM kernel; best kept
  double fma_target_seconds = 0.1;  // per timed FMA run
  int fma_repeats = 5;
};

struct StreamResult {
  double best_gb_per_s = 0;    // from the fastest repeat (the ceiling)
  double median_gb_per_s = 0;  // for the spread
  double bytes_per_element = 0;
};

struct FmaResult {
  double best_gflop_per_s = 0;
  int chains = 0;                             // of the best run
  long long threads = 0;                      // indices of the parallel loop
  long long iterations = 0;                   // multiply-adds per chain
  double checksum = 0;                        // sum over threads and chains of the final x; finite
  std::vector<double> gflop_per_s_by_chains;  // best rate for each of kFmaChainCounts
};

struct Ceilings {
  std::string source;  // "measured" or "command line"
  long long stream_elements = 0;
  int repeats = 0;
  StreamResult triad;
  StreamResult copy;
  StreamResult library_copy;  // Kokkos::deep_copy of b into a (cudaMemcpy on a GPU), 16 B/element
  FmaResult fma;
  double bandwidth_gb_per_s = 0;  // max(triad, copy, library_copy)
  double flop_gflop_per_s = 0;    // fma.best_gflop_per_s
};

Ceilings measure_ceilings(const CeilingOptions& options);

// The kernels themselves, public so tests can check what they compute.
using StreamArray = DeviceView<double*>;
void stream_triad(const StreamArray& a, const StreamArray& b, const StreamArray& c, double scalar);
void stream_copy(const StreamArray& a, const StreamArray& b);
// out(t) = sum over c < chains of x_c after `iterations` steps of x_c <- x_c * a + b, from
// x_c = fma_initial_value(t, c). chains must be one of kFmaChainCounts.
void fma_chains(const DeviceView<Real*>& out, int chains, long long iterations, Real a, Real b);
KOKKOS_INLINE_FUNCTION Real fma_initial_value(Index t, int c) {
  return Real(1) + Real(0.001) * Real(t % 97) + Real(0.0001) * Real(c);
}

}  // namespace portaflow::bench
