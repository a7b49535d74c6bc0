// The face flux a deck chooses (fv.flux), as types, so kernels are instantiated per choice on the
// host. Each takes primitive states left and right of the face and returns the conservative flux.
#pragma once

#include "portaflow/physics/riemann_exact.hpp"
#include "portaflow/physics/riemann_hllc.hpp"
#include "portaflow/physics/riemann_rusanov.hpp"

namespace portaflow::fv {

struct ExactFlux {
  static constexpr const char* kName = "exact";
  template <int Dim, class State>
  KOKKOS_INLINE_FUNCTION static State flux(const State& wl, const State& wr, int dir,
                                           const physics::IdealGas& gas) {
    return physics::exact_riemann_flux<Dim>(wl, wr, dir, gas);
  }
};

struct HllcFlux {
  static constexpr const char* kName = "hllc";
  template <int Dim, class State>
  KOKKOS_INLINE_FUNCTION static State flux(const State& wl, const State& wr, int dir,
                                           const physics::IdealGas& gas) {
    return physics::hllc_flux<Dim>(wl, wr, dir, gas);
  }
};

struct RusanovFlux {
  static constexpr const char* kName = "rusanov";
  template <int Dim, class State>
  KOKKOS_INLINE_FUNCTION static State flux(const State& wl, const State& wr, int dir,
                                           const physics::IdealGas& gas) {
    return physics::rusanov_flux<Dim>(wl, wr, dir, gas);
  }
};

}  // namespace portaflow::fv
