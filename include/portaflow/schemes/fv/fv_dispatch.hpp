// Maps the deck's limiter and face flux, once on the host, to types: action(Limiter{}, Flux{})
// is called with the chosen pair, and the kernels it launches are instantiated for it
// (STYLE.md, practice 4: no per-cell switch on a runtime value).
#pragma once

#include "portaflow/physics/slope_limiters.hpp"
#include "portaflow/schemes/fv/riemann_flux_choice.hpp"
#include "portaflow/schemes/run_config.hpp"

namespace portaflow::fv {

template <class Action>
void dispatch_limiter_and_flux(const FvConfig& fv, const Action& action) {
  auto with_flux = [&](auto limiter) {
    switch (fv.flux) {
      case FluxKind::kExact: return action(limiter, ExactFlux{});
      case FluxKind::kHllc: return action(limiter, HllcFlux{});
      case FluxKind::kRusanov: return action(limiter, RusanovFlux{});
    }
  };
  switch (fv.limiter) {
    case LimiterKind::kFirstOrder: return with_flux(physics::FirstOrderLimiter{});
    case LimiterKind::kMinbee: return with_flux(physics::MinbeeLimiter{});
    case LimiterKind::kVanLeer: return with_flux(physics::VanLeerLimiter{});
    case LimiterKind::kSuperbee: return with_flux(physics::SuperbeeLimiter{});
  }
}

}  // namespace portaflow::fv
