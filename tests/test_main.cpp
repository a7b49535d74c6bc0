// GoogleTest entry point: Kokkos is initialised once for the whole suite, on the backend this
// build was configured for (the openmp or the serial preset).
#include <gtest/gtest.h>

#include "portaflow/core/types.hpp"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  Kokkos::ScopeGuard kokkos(argc, argv);
  return RUN_ALL_TESTS();
}
