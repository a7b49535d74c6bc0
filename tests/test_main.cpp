// GoogleTest entry point: Kokkos is initialised once for the whole suite, on the backend this
// build was configured for (the openmp or the serial preset).
#include <gtest/gtest.h>

#include "portaflow/core/floating_point.hpp"
#include "portaflow/core/types.hpp"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  portaflow::configure_host_subnormals();  // float builds (core/floating_point.hpp)
  Kokkos::ScopeGuard kokkos(argc, argv);
  return RUN_ALL_TESTS();
}
