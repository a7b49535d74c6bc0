// Errors: the host check throws a portaflow::Error with the message; the device-safe REQUIRE
// aborts with its message and location (a death test: it runs the failing REQUIRE in a kernel).
#include <gtest/gtest.h>

#include "portaflow/core/device_require.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow {
namespace {

TEST(Error, RequireThrowsWithMessage) {
  EXPECT_NO_THROW(require(true, "never"));
  try {
    require(false, "the mesh needs at least one cell");
    FAIL() << "require(false) did not throw";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "the mesh needs at least one cell");
    EXPECT_EQ(e.code(), ExitCode::kRuntimeError);
  }
  EXPECT_EQ(InputError("x").code(), ExitCode::kInputError);
}

TEST(ErrorDeathTest, DeviceRequireAbortsWithMessageAndLocation) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        par_for(
            "test.require", IndexRange{0, 4},
            KOKKOS_LAMBDA(Index i) { PORTAFLOW_REQUIRE(i < 2, "index past the end"); });
        Kokkos::fence();
      },
      "PortaFlow REQUIRE failed: index past the end .*test_error.cpp");
}

}  // namespace
}  // namespace portaflow
