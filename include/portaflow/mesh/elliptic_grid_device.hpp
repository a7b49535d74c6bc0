// solve_elliptic_grid (elliptic_grid.hpp) as Kokkos kernels: the grid generation of Gohari et al.
// (2012) on the device. The same iteration: the wall-control update at every i (one kernel), then
// red-black line SOR, the lines of one colour in parallel (one thread per line, each with its own
// Thomas solve; a line of one colour reads only lines of the other, so the colour's lines are
// independent and the result does not depend on their order), first along j, then along i. The
// arithmetic is the host's, operation for operation, so both give the same grid to round-off
// after the same iterations (a test holds them to 1e-10 of the chord). Works on every backend.
#pragma once

#include "portaflow/mesh/elliptic_grid.hpp"

namespace portaflow::mesh {

EllipticGridReport solve_elliptic_grid_device(StructuredGrid2D& grid,
                                              const EllipticGridOptions& options);
// From the given controls' fixed parts (see solve_elliptic_grid).
EllipticGridReport solve_elliptic_grid_device(StructuredGrid2D& grid,
                                              const EllipticGridOptions& options,
                                              const ControlStart& start);

}  // namespace portaflow::mesh
