// Finite-volume ghost cells, one rule for every direction and dimension: `ghosts` layers on each
// side of interior cells ghosts .. ghosts + n - 1 along a direction.
//   transmissive (nonreflective): a copy of the edge cell (zero gradient);
//   reflective: the mirror image (the caller negates the normal momentum);
//   periodic: the cell one period away.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/schemes/run_config.hpp"

namespace portaflow::fv {

// Index of ghost layer `layer` (0 next to the boundary) of the low or high side.
KOKKOS_INLINE_FUNCTION Index ghost_index(bool low, Index layer, Index n, Index ghosts) {
  return low ? ghosts - 1 - layer : ghosts + n + layer;
}

// Index of the interior cell that ghost layer `layer` copies.
KOKKOS_INLINE_FUNCTION Index ghost_source(BoundaryKind kind, bool low, Index layer, Index n,
                                          Index ghosts) {
  if (kind == BoundaryKind::kPeriodic) return low ? ghosts + n - 1 - layer : ghosts + layer;
  if (kind == BoundaryKind::kReflective) return low ? ghosts + layer : ghosts + n - 1 - layer;
  return low ? ghosts : ghosts + n - 1;
}

}  // namespace portaflow::fv
