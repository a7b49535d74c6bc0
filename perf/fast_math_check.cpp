#include "perf/fast_math_check.hpp"

#include <cstdint>
#include <ostream>

#include "portaflow/core/fast_math.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow::bench {

namespace {

// Value k of n: 10^(-280 + 560 k / n) with a scrambled mantissa (a 64-bit hash of k), so
// every binade of the range and a spread of mantissas in each are met.
KOKKOS_INLINE_FUNCTION double sample(long long k, long long n) {
  std::uint64_t h = static_cast<std::uint64_t>(k) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 31;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 29;
  const double mantissa = 1.0 + static_cast<double>(h >> 11) * 0x1.0p-53;  // [1, 2)
  const double exponent = -280.0 + 560.0 * static_cast<double>(k) / static_cast<double>(n);
  return mantissa * math::pow(10.0, exponent);
}

}  // namespace

FastMathCheck check_fast_math(long long values, std::ostream& out) {
  FastMathCheck c;
  c.values = values < 1 ? 1 : values;
  const long long n = c.values;
  using Policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<long long>>;
  // One reduction a figure (Kokkos 3.4 takes one reducer a call); the work is small.
  const auto reduce = [n](const char* label, bool square_root, bool count) {
    long long result = 0;
    const auto body = KOKKOS_LAMBDA(long long k, long long& acc) {
      const double x = sample(k, n);
      const long long d = square_root ? ulps_apart(math::fast_sqrt(x), math::sqrt(x))
                                      : ulps_apart(math::fast_reciprocal(x), 1 / x);
      if (count)
        acc += d != 0;
      else if (d > acc)
        acc = d;
    };
    if (count)
      Kokkos::parallel_reduce(label, Policy(0, n), body, Kokkos::Sum<long long>(result));
    else
      Kokkos::parallel_reduce(label, Policy(0, n), body, Kokkos::Max<long long>(result));
    return result;
  };
  const long long rm = reduce("bench.fast_reciprocal_mismatches", false, true);
  const long long sm = reduce("bench.fast_sqrt_mismatches", true, true);
  const long long ru = reduce("bench.fast_reciprocal_ulps", false, false);
  const long long su = reduce("bench.fast_sqrt_ulps", true, false);
  c.reciprocal_mismatches = rm;
  c.sqrt_mismatches = sm;
  c.reciprocal_max_ulps = ru;
  c.sqrt_max_ulps = su;
  out << "fast_reciprocal: " << rm << " of " << n << " values differ from 1 / x (at most " << ru
      << " ulp) on " << ExecSpace::name() << "\n"
      << "fast_sqrt:       " << sm << " of " << n << " values differ from sqrt(x) (at most " << su
      << " ulp) on " << ExecSpace::name() << "\n";
  return c;
}

}  // namespace portaflow::bench
