// Tests of Toro's slope limiters (slope_limiters.hpp): the closed form the van Leer-type slope is
// computed by against its xi(r) (a + b) / 2 definition, and the TVD properties every limiter of
// the four must have (no slope at an extremum, a slope between 0 and twice the smaller difference).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "portaflow/physics/slope_limiters.hpp"

namespace portaflow::physics {
namespace {

TEST(SlopeLimiters, VanLeerClosedFormEqualsToroDefinition) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> mantissa(-1, 1), exponent(-6, 6);
  for (int k = 0; k < 20000; ++k) {
    const double a = mantissa(rng) * std::pow(10.0, exponent(rng));
    const double b = mantissa(rng) * std::pow(10.0, exponent(rng));
    const double closed = limited_slope<VanLeerLimiter>(a, b);
    const double defined = a * b > 0 ? VanLeerLimiter::xi(a / b) * 0.5 * (a + b) : 0.0;
    // The definition rounds five times (a / b, 1 + r, the quotients, the product).
    EXPECT_NEAR(closed, defined, 1e-15 * std::fabs(defined)) << "a " << a << " b " << b;
  }
}

template <class Limiter>
void expect_tvd_region(const char* name) {
  for (double a : {-2.0, -0.3, 0.0, 0.1, 0.5, 1.0, 3.0})
    for (double b : {-1.5, -0.2, 0.0, 0.2, 1.0, 4.0}) {
      const double s = limited_slope<Limiter>(a, b);
      if (a * b <= 0) {
        EXPECT_EQ(s, 0.0) << name << " a " << a << " b " << b;
        continue;
      }
      EXPECT_GE(s / a, 0.0) << name;  // same sign as the differences
      // 2 min(|a|, |b|) bounds every TVD slope; 1e-15: the slopes' own rounding.
      EXPECT_LE(std::fabs(s), 2 * std::fmin(std::fabs(a), std::fabs(b)) * (1 + 1e-15)) << name;
    }
}

TEST(SlopeLimiters, EveryLimiterStaysInTheTvdRegion) {
  expect_tvd_region<MinbeeLimiter>("minbee");
  expect_tvd_region<VanLeerLimiter>("van_leer");
  expect_tvd_region<SuperbeeLimiter>("superbee");
  expect_tvd_region<FirstOrderLimiter>("first_order");
}

}  // namespace
}  // namespace portaflow::physics
