// The face fluxes a deck may choose (fv.flux, highorder.flux): the Riemann solvers of physics/.
// Mapped to types by schemes/common/flux_dispatch.hpp.
#pragma once

namespace portaflow {

enum class FluxKind { kExact, kHllc, kRusanov };

}  // namespace portaflow
