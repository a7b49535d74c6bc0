// Reciprocal and square root for the hot loops of the FV sweeps. On a CUDA device these are the
// fast paths of CUDA's own correctly rounded 1 / x and sqrt(x) (a MUFU seed, then the same
// Newton-Raphson steps), without the range test and the branch to the slow path that the
// compiler puts around each: that branch splits a kernel into many short blocks the scheduler
// cannot interleave, and costs a handful of instructions each time (a MUSCL-Hancock sweep does
// about ten of these per cell). So for normal, finite x well inside the double range (about
// 1e-290 to 1e290; densities, pressures, sound speeds) the result is the correctly rounded one;
// outside it (zero, infinity, NaN, negative, subnormal) the result is not finite where the exact
// one might be, which the callers' physicality tests treat as non-physical anyway.
// portaflow-bench --check-fast-math (perf/fast_math_check.cpp) compares both with 1 / x and
// sqrt(x) on the device.
// Elsewhere (host backends) they are 1 / x and sqrt(x).
#pragma once

#include "portaflow/core/types.hpp"

namespace portaflow::math {

KOKKOS_INLINE_FUNCTION double fast_reciprocal(double x) {
#if defined(__CUDA_ARCH__)
  double y;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  double e = fma(-x, y, 1.0);
  e = fma(e, e, e);
  y = fma(y, e, y);
  e = fma(-x, y, 1.0);
  return fma(y, e, y);
#else
  return 1 / x;
#endif
}

KOKKOS_INLINE_FUNCTION double fast_sqrt(double x) {
#if defined(__CUDA_ARCH__)
  double y;
  asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  const double e = fma(-x, y * y, 1.0);
  y = fma(fma(e, 0.375, 0.5), y * e, y);  // 1 / sqrt(x) to ~1e-16
  const double s = x * y;
  const double half_y = 0.5 * y;
  return fma(fma(-s, s, x), half_y, s);  // the rounding correction
#else
  return sqrt(x);
#endif
}

// x^y for x > 0 (pressure ratios and fan factors of the exact Riemann solver). On a CUDA device
// exp(y log x): CUDA's pow computes its logarithm in double-double to be within 1 ulp, 296 SASS
// instructions (94 FP64) on sm_90 against 168 (49) for exp and log, whose result is within a
// few ulp (relative error about (2 + |y log x|) eps: the error of log x, absolute in y log x,
// becomes relative in the exponential). Exact at x = 1; 0 at x = 0 for y > 0, like pow.
// portaflow-bench --check-fast-math measures it against pow on the device.
// Elsewhere pow, whose host code is fast already.
KOKKOS_INLINE_FUNCTION double pow_positive(double x, double y) {
#if defined(__CUDA_ARCH__)
  return exp(y * log(x));
#else
  return pow(x, y);
#endif
}

// float (a float build's Real): the library functions, whose GPU code is short already.
KOKKOS_INLINE_FUNCTION float fast_reciprocal(float x) { return 1 / x; }
KOKKOS_INLINE_FUNCTION float fast_sqrt(float x) { return sqrt(x); }
KOKKOS_INLINE_FUNCTION float pow_positive(float x, float y) { return pow(x, y); }

// 1 / a and 1 / b from one reciprocal, r = 1 / (a b): two multiplications instead of a second
// reciprocal. Within a few units of the last place for a b in the normal range (two densities);
// a zero or non-finite input leaves both results non-finite.
KOKKOS_INLINE_FUNCTION void reciprocal_pair(Real a, Real b, Real& inv_a, Real& inv_b) {
  const Real r = fast_reciprocal(a * b);
  inv_a = b * r;
  inv_b = a * r;
}

}  // namespace portaflow::math
