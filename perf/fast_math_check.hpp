// portaflow-bench --check-fast-math: math::fast_reciprocal and math::fast_sqrt
// (include/portaflow/core/fast_math.hpp) against the backend's 1 / x and sqrt(x), on the device,
// for values spread log-uniformly over 1e-280..1e280 (the range those functions promise); and
// math::pow_positive against pow on the exact Riemann solver's arguments.
#pragma once

#include <cstdint>
#include <cstring>
#include <iosfwd>

#include "portaflow/core/types.hpp"

namespace portaflow::bench {

// Distance in units of the last place between two finite doubles of the same sign (0: the same
// bits), what the check counts.
KOKKOS_INLINE_FUNCTION long long ulps_apart(double a, double b) {
  std::int64_t ia, ib;
  std::memcpy(&ia, &a, sizeof ia);
  std::memcpy(&ib, &b, sizeof ib);
  return static_cast<long long>(ia > ib ? ia - ib : ib - ia);
}

struct FastMathCheck {
  long long values = 0;
  long long reciprocal_mismatches = 0;  // results that differ from 1 / x in any bit
  long long sqrt_mismatches = 0;        // results that differ from sqrt(x) in any bit
  long long reciprocal_max_ulps = 0;    // largest difference, in units of the last place
  long long sqrt_max_ulps = 0;
  long long pow_max_ulps = 0;      // math::pow_positive against pow (exact Riemann arguments)
  double pow_max_scaled_ulps = 0;  // the same per unit of 2 + |y ln x|
};

// Runs the check over `values` values (at least 1); prints one line a function to `out`.
FastMathCheck check_fast_math(long long values, std::ostream& out);

}  // namespace portaflow::bench
