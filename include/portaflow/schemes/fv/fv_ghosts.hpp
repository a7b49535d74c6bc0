// Finite-volume ghost cells, one rule for every direction and dimension: `ghosts` layers on each
// side of interior cells ghosts .. ghosts + n - 1 along a direction.
//   transmissive (nonreflective): a copy of the edge cell (zero gradient);
//   reflective: the mirror image (the caller negates the normal momentum);
//   periodic: the cell one period away;
//   neighbour (a side facing another rank): the ghost cell itself, which the halo exchange fills.
#pragma once

#include "portaflow/config/run_config.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::fv {

// Index of ghost layer `layer` (0 next to the boundary) of the low or high side.
KOKKOS_INLINE_FUNCTION Index ghost_index(bool low, Index layer, Index n, Index ghosts) {
  return low ? ghosts - 1 - layer : ghosts + n + layer;
}

// Index of the interior cell that ghost layer `layer` copies.
KOKKOS_INLINE_FUNCTION Index ghost_source(BoundaryKind kind, bool low, Index layer, Index n,
                                          Index ghosts) {
  if (kind == BoundaryKind::kPeriodic) return low ? ghosts + n - 1 - layer : ghosts + layer;
  if (kind == BoundaryKind::kNeighbour) return ghost_index(low, layer, n, ghosts);
  if (kind == BoundaryKind::kReflective) return low ? ghosts + layer : ghosts + n - 1 - layer;
  return low ? ghosts : ghosts + n - 1;
}

// Every finite-volume scheme here reaches two cells either side of a face.
constexpr Index kGhosts = 2;

// Fill the ghost layers of a 1D state (rho, rho u, E) and of a 2D one (rho, rho u, rho v, E)
// from the boundary kinds, the normal momentum negated at a reflective side. In 2D the x sides
// are filled over the interior rows, then the y sides over the full width, so the corners get
// both (the fused MUSCL-Hancock step relies on that).
void fill_ghosts_1d(const Field1D& u, Index n, BoundaryKind left, BoundaryKind right);
void fill_ghosts_2d(const Field2D& u, Index nx, Index ny, const BoundaryConfig& boundary);

}  // namespace portaflow::fv
