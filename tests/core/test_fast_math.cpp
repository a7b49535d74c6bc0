// math::fast_reciprocal, fast_sqrt and reciprocal_pair (core/fast_math.hpp) on this backend, and
// the device check portaflow-bench --check-fast-math runs (perf/fast_math_check.cpp). On a host
// backend the fast functions are the library's; the CUDA path is checked on the GPU node by
// that option (perf/fv_speed_checks.sh).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>

#include "perf/fast_math_check.hpp"
#include "portaflow/core/fast_math.hpp"

namespace portaflow {
namespace {

TEST(FastMath, ReciprocalAndSquareRootAreTheLibrarysOnTheHost) {
  for (double x : {1e-280, 3e-7, 0.125, 1.0, 1.4, 2.0 / 3.0, 7e11, 1e280}) {
    EXPECT_EQ(math::fast_reciprocal(x), 1 / x) << x;
    EXPECT_EQ(math::fast_sqrt(x), std::sqrt(x)) << x;
  }
}

// r = 1 / (a b), 1 / a = b r, 1 / b = a r: two roundings more than 1 / a, so within 2 ulp; the
// mirror pair (b, a) gives the swapped results exactly (a b = b a in IEEE arithmetic), which
// keeps the split scheme's reflection symmetry.
TEST(FastMath, ReciprocalPairIsWithinTwoUlpsAndSymmetric) {
  if (sizeof(Real) != sizeof(double)) GTEST_SKIP() << "the bounds below are double's";
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<double> exponent(-100, 100), mantissa(1, 10);
  for (int k = 0; k < 20000; ++k) {
    const double a = mantissa(rng) * std::pow(10.0, exponent(rng));
    const double b = mantissa(rng) * std::pow(10.0, exponent(rng));
    Real inv_a, inv_b, inv_b2, inv_a2;
    math::reciprocal_pair(a, b, inv_a, inv_b);
    math::reciprocal_pair(b, a, inv_b2, inv_a2);
    EXPECT_NEAR(inv_a, 1 / a, 2 * std::numeric_limits<double>::epsilon() / a) << a << " " << b;
    EXPECT_NEAR(inv_b, 1 / b, 2 * std::numeric_limits<double>::epsilon() / b) << a << " " << b;
    EXPECT_EQ(inv_a, inv_a2);
    EXPECT_EQ(inv_b, inv_b2);
  }
}

// A zero or non-finite input (a non-physical density) leaves both results non-finite, so the
// callers' physicality tests see it.
TEST(FastMath, ReciprocalPairOfAZeroOrNonFiniteIsNonFinite) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double bad : {0.0, -0.0, inf, nan}) {
    Real p, q;
    math::reciprocal_pair(bad, 1.25, p, q);
    EXPECT_FALSE(std::isfinite(p) && std::isfinite(q)) << bad;
    math::reciprocal_pair(1.25, bad, p, q);
    EXPECT_FALSE(std::isfinite(p) && std::isfinite(q)) << bad;
  }
}

// The check's measure: 0 only for the same bits, 1 for neighbours, across a binade boundary too
// (so a fast function one ulp off on the device would be counted).
TEST(FastMath, UlpsApartCountsRepresentableStepsBetweenValues) {
  EXPECT_EQ(bench::ulps_apart(1.4, 1.4), 0);
  EXPECT_EQ(bench::ulps_apart(1.4, std::nextafter(1.4, 2.0)), 1);
  EXPECT_EQ(bench::ulps_apart(std::nextafter(1.4, 0.0), 1.4), 1);
  EXPECT_EQ(bench::ulps_apart(std::nextafter(2.0, 0.0), std::nextafter(2.0, 3.0)), 2);
  EXPECT_EQ(bench::ulps_apart(1e-300, std::nextafter(std::nextafter(1e-300, 1.0), 1.0)), 2);
}

TEST(FastMath, DeviceCheckCountsAndReportsOnThisBackend) {
  std::ostringstream out;
  const bench::FastMathCheck c = bench::check_fast_math(100000, out);
  EXPECT_EQ(c.values, 100000);
  EXPECT_EQ(c.reciprocal_mismatches, 0);
  EXPECT_EQ(c.sqrt_mismatches, 0);
  EXPECT_EQ(c.reciprocal_max_ulps, 0);
  EXPECT_EQ(c.sqrt_max_ulps, 0);
  EXPECT_EQ(c.pow_max_ulps, 0);  // pow_positive is pow on a host backend
  EXPECT_NE(out.str().find("0 of 100000 values differ from 1 / x"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace portaflow
