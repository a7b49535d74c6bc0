// Tests of core/floating_point.hpp: a float build flushes subnormals to zero on every host thread
// Kokkos runs (each inherits main's setting, made before Kokkos started them), a double build
// keeps IEEE gradual underflow everywhere.
#include <gtest/gtest.h>

#include <limits>

#include "portaflow/core/floating_point.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow {
namespace {

constexpr bool kFlushExpected = std::is_same_v<Real, float>;

TEST(FloatingPoint, EveryHostThreadFlushesSubnormalsExactlyInFloatBuilds) {
  // Many iterations, so every thread of the host pool takes some.
  const int iterations = 64 * HostExecSpace().concurrency();
  int wrong = 0;
  Kokkos::parallel_reduce(
      "test.subnormal_mode", Kokkos::RangePolicy<HostExecSpace>(0, iterations),
      [](int, int& count) { count += host_flushes_subnormals() != kFlushExpected; },
      Kokkos::Sum<int>(wrong));
  EXPECT_EQ(wrong, 0) << "iterations on threads whose subnormal mode is not the build's";
}

TEST(FloatingPoint, SubnormalResultsFollowTheMode) {
  // The smallest normal value halved: a subnormal, or 0 when flushed. volatile keeps the
  // compiler from folding the division at compile time, where MXCSR does not apply.
  volatile Real smallest = std::numeric_limits<Real>::min();
  volatile Real two = 2;
  const Real half = smallest / two;
  if (host_flushes_subnormals())
    EXPECT_EQ(half, 0);
  else
    EXPECT_GT(half, 0);
}

}  // namespace
}  // namespace portaflow
