// The non-physical search of a run decomposed over ranks (docs/mpi.md): every rank calls it with
// what its own search found, and every rank gets the same answer, the cell the lowest rank with
// one found (whole-grid indices, its position and values, the rank named in `what`).
#pragma once

#include <optional>

#include "portaflow/schemes/solver.hpp"

namespace portaflow {

// `found`'s index must already be the whole grid's. On one rank, `found` as it is.
std::optional<NonPhysicalCell> first_nonphysical_over_ranks(
    const std::optional<NonPhysicalCell>& found);

}  // namespace portaflow
