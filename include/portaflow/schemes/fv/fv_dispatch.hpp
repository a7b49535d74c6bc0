// Maps the deck's limiter and face flux, once on the host, to types: action(Limiter{}, Flux{})
// is called with the chosen pair, and the kernels it launches are instantiated for it
// (no per-cell switch on a runtime value; docs/architecture.md, Kernels).
#pragma once

#include "portaflow/config/run_config.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/physics/slope_limiters.hpp"
#include "portaflow/schemes/common/flux_dispatch.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/muscl_reconstruction.hpp"

namespace portaflow::fv {

// muscl_hancock: action(Limiter{}, Flux{}).
template <class Action>
void dispatch_limiter_and_flux(const FvConfig& fv, const Action& action) {
  auto with_flux = [&](auto limiter) {
    dispatch_flux(fv.flux, [&](auto flux) { action(limiter, flux); });
  };
  switch (fv.limiter) {
    case LimiterKind::kFirstOrder:
      return with_flux(physics::FirstOrderLimiter{});
    case LimiterKind::kMinbee:
      return with_flux(physics::MinbeeLimiter{});
    case LimiterKind::kVanLeer:
      return with_flux(physics::VanLeerLimiter{});
    case LimiterKind::kSuperbee:
      return with_flux(physics::SuperbeeLimiter{});
    default:
      throw Error("internal error: muscl_hancock has no limiter of this kind");
  }
}

// muscl: action(Reconstruction{}, Flux{}).
template <class Action>
void dispatch_reconstruction_and_flux(const FvConfig& fv, const Action& action) {
  auto with_flux = [&](auto reconstruction) {
    dispatch_flux(fv.flux, [&](auto flux) { action(reconstruction, flux); });
  };
  const bool limited = fv.limiter != LimiterKind::kNone;
  if (fv.reconstruction == ReconstructionKind::kMuscl3)
    return limited ? with_flux(Muscl3<true>{}) : with_flux(Muscl3<false>{});
  return limited ? with_flux(Muscl2<true>{}) : with_flux(Muscl2<false>{});
}

}  // namespace portaflow::fv
