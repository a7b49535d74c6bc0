// Where the exchanges over ranks (core/halo_exchange.hpp, core/point_exchange.hpp) hand MPI the
// values they pack.
#pragma once

#include "portaflow/core/ranks.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow {

// Whether MPI reads the buffers where the kernels pack them: memory the host reaches (OpenMP,
// Serial: the host mirrors are the same arrays), or device memory given to a CUDA-aware MPI.
// Otherwise they are copied through page-locked host memory.
inline bool mpi_takes_device_buffers() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible ||
         ranks::mpi_reads_device_memory();
}

}  // namespace portaflow
