// Subnormal numbers on the host CPU. Single-precision runs make subnormal values (below float's
// smallest normal number, 1.2e-38): an underflow trap stopped each float MUSCL-Hancock run of
// Blakely's benchmark (LSC lecture; inputs/fv/riemann_2d_blakely.yaml) within its first 40 steps;
// the exponentially small precursors that numerical diffusion sends ahead of each wave are one
// source. An Intel core takes a microcode assist on each operation that makes or reads one. Float
// builds therefore flush them to zero (MXCSR's FTZ and DAZ bits). Measured on the H200 node's Xeon,
// that benchmark with the fused team step and the exact solver in float: 31.2 -> 26.8 s on 16
// cores, 14.7 -> 12.7 s for 40 steps on one (perf/results/SUMMARY.md). Double builds keep IEEE
// gradual underflow: their subnormals start at 2.2e-308, and CUDA and OpenMP stay bit for bit
// alike. GPUs handle float subnormals at full speed, and CUDA code keeps them.
#pragma once

#if defined(__x86_64__) && !defined(__CUDA_ARCH__)
#include <pmmintrin.h>
#include <xmmintrin.h>
#define PORTAFLOW_HAS_MXCSR 1
#endif

#include "portaflow/core/types.hpp"

namespace portaflow {

// Whether this thread flushes subnormal float and double results and inputs to zero.
inline bool host_flushes_subnormals() {
#if defined(PORTAFLOW_HAS_MXCSR)
  constexpr unsigned kFlushToZero = 0x8000, kDenormalsAreZero = 0x0040;
  return (_mm_getcsr() & (kFlushToZero | kDenormalsAreZero)) == (kFlushToZero | kDenormalsAreZero);
#else
  return false;
#endif
}

// Float builds: flush subnormals to zero on this thread. Call before Kokkos starts its host
// threads, which inherit the caller's floating-point control state.
inline void configure_host_subnormals() {
#if defined(PORTAFLOW_HAS_MXCSR) && defined(PORTAFLOW_REAL_IS_FLOAT)
  _MM_SET_FLUSH_ZERO_MODE(_MM_FLUSH_ZERO_ON);
  _MM_SET_DENORMALS_ZERO_MODE(_MM_DENORMALS_ZERO_ON);
#endif
}

}  // namespace portaflow
