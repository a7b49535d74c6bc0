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
  // pow_positive against pow on the exact Riemann solver's arguments: pressure ratios and fan
  // factors x over 1e-6..1e6, exponents (g - 1)/(2g), 2/(g - 1) and 2g/(g - 1) at g = 1.4. The
  // largest difference in ulp, and in ulp per unit of 2 + |y ln x| (the error that exp(y ln x)
  // promises scales so).
  const auto pow_ulps = [n](const char* label, bool scaled) {
    double result = 0;
    Kokkos::parallel_reduce(
        label, Policy(0, n),
        KOKKOS_LAMBDA(long long k, double& acc) {
          const double x = math::pow(10.0, -6.0 + 12.0 * static_cast<double>(k) / n) *
                           (1 + 0.1 * ((k * 7919) % 1000) / 1000.0);
          const double exponents[3] = {1 / 7.0, 5.0, 7.0};
          for (double y : exponents) {
            const double d =
                static_cast<double>(ulps_apart(math::pow_positive(x, y), math::pow(x, y)));
            const double e = scaled ? d / (2 + math::fabs(y * math::log(x))) : d;
            if (e > acc) acc = e;
          }
        },
        Kokkos::Max<double>(result));
    return result;
  };
  c.pow_max_ulps = static_cast<long long>(pow_ulps("bench.pow_positive_ulps", false));
  c.pow_max_scaled_ulps = pow_ulps("bench.pow_positive_scaled_ulps", true);
  c.reciprocal_mismatches = rm;
  c.sqrt_mismatches = sm;
  c.reciprocal_max_ulps = ru;
  c.sqrt_max_ulps = su;
  out << "fast_reciprocal: " << rm << " of " << n << " values differ from 1 / x (at most " << ru
      << " ulp) on " << ExecSpace::name() << "\n"
      << "fast_sqrt:       " << sm << " of " << n << " values differ from sqrt(x) (at most " << su
      << " ulp) on " << ExecSpace::name() << "\n"
      << "pow_positive:    at most " << c.pow_max_ulps << " ulp from pow(x, y), "
      << c.pow_max_scaled_ulps << " ulp per unit of 2 + |y ln x| (x in 1e-6..1e6, y 1/7, 5, 7) on "
      << ExecSpace::name() << "\n";
  return c;
}

}  // namespace portaflow::bench
