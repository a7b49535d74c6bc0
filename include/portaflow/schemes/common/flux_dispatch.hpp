// Maps a deck's face flux, once on the host, to a type (docs/architecture.md, Kernels):
// action(Flux{}) is called with physics::ExactFlux, HllcFlux or RusanovFlux, and the kernels it
// launches are instantiated for that flux (no per-face switch on a runtime value).
#pragma once

#include "portaflow/physics/riemann_flux_choice.hpp"
#include "portaflow/schemes/common/flux_kind.hpp"

namespace portaflow {

template <class Action>
void dispatch_flux(FluxKind flux, const Action& action) {
  switch (flux) {
    case FluxKind::kExact:
      return action(physics::ExactFlux{});
    case FluxKind::kHllc:
      return action(physics::HllcFlux{});
    case FluxKind::kRusanov:
      return action(physics::RusanovFlux{});
  }
}

}  // namespace portaflow
