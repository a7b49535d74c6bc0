// The storage row a MUSCL-Hancock 2D kernel reads or writes for row j. In a normal build, j.
// A measurement build (cmake -DPORTAFLOW_INCORE_ROWS=R, R a power of two; perf/README.md,
// "In-core ceilings") folds every row into R interior rows, so a 4096^2 sweep does all its
// arithmetic, loads and stores while its data stay in the GPU's L2 cache: its rate is then what
// the kernel's instruction stream allows without DRAM, the ceiling under the bandwidth one. The
// results of such a build are meaningless (rows alias); only its timings are used.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"

#ifndef PORTAFLOW_INCORE_ROWS
#define PORTAFLOW_INCORE_ROWS 0
#endif

namespace portaflow::fv {

static_assert((PORTAFLOW_INCORE_ROWS & (PORTAFLOW_INCORE_ROWS - 1)) == 0,
              "PORTAFLOW_INCORE_ROWS must be 0 (off) or a power of two");

inline constexpr bool kIncoreRows = PORTAFLOW_INCORE_ROWS > 0;

// Folded rows land on interior rows (kGhosts ..), whose cells hold the initial state: the ghost
// rows are never written, and zeros there would send the kernels down non-physical paths.
KOKKOS_INLINE_FUNCTION constexpr Index stored_row(Index j) {
  if constexpr (kIncoreRows) return kGhosts + (j & (PORTAFLOW_INCORE_ROWS - 1));
  return j;
}

}  // namespace portaflow::fv
