// The face flux a deck chooses (fv.flux, highorder.flux), as types, so kernels are instantiated per
// choice on the host. Each takes the primitive states left and right of the face, or their face
// states (euler.hpp: with E and 1 / rho, which HLLC uses to save divisions), and returns the
// conservative flux. kIterative: the solver iterates (Newton for p*), so its code is long and
// branchy; kernels that unroll over faces for the short closed-form solvers do not for it.
#pragma once

#include "portaflow/physics/riemann_exact.hpp"
#include "portaflow/physics/riemann_hllc.hpp"
#include "portaflow/physics/riemann_rusanov.hpp"

namespace portaflow::physics {

struct ExactFlux {
  static constexpr const char* kName = "exact";
  static constexpr bool kIterative = true;
  template <int Dim>
  KOKKOS_INLINE_FUNCTION static typename Euler<Dim>::State flux(
      const typename Euler<Dim>::State& wl, const typename Euler<Dim>::State& wr, int dir,
      const IdealGas& gas) {
    return exact_riemann_flux<Dim>(wl, wr, dir, gas);
  }
  template <int Dim>
  KOKKOS_INLINE_FUNCTION static typename Euler<Dim>::State flux(const FaceState<Dim>& l,
                                                                const FaceState<Dim>& r, int dir,
                                                                const IdealGas& gas) {
    return exact_riemann_flux<Dim>(l, r, dir, gas);
  }
};

struct HllcFlux {
  static constexpr const char* kName = "hllc";
  static constexpr bool kIterative = false;
  template <int Dim>
  KOKKOS_INLINE_FUNCTION static typename Euler<Dim>::State flux(
      const typename Euler<Dim>::State& wl, const typename Euler<Dim>::State& wr, int dir,
      const IdealGas& gas) {
    return hllc_flux<Dim>(wl, wr, dir, gas);
  }
  template <int Dim>
  KOKKOS_INLINE_FUNCTION static typename Euler<Dim>::State flux(const FaceState<Dim>& l,
                                                                const FaceState<Dim>& r, int dir,
                                                                const IdealGas& gas) {
    return hllc_flux<Dim>(l, r, dir, gas);
  }
};

struct RusanovFlux {
  static constexpr const char* kName = "rusanov";
  static constexpr bool kIterative = false;
  template <int Dim>
  KOKKOS_INLINE_FUNCTION static typename Euler<Dim>::State flux(
      const typename Euler<Dim>::State& wl, const typename Euler<Dim>::State& wr, int dir,
      const IdealGas& gas) {
    return rusanov_flux<Dim>(wl, wr, dir, gas);
  }
  template <int Dim>
  KOKKOS_INLINE_FUNCTION static typename Euler<Dim>::State flux(const FaceState<Dim>& l,
                                                                const FaceState<Dim>& r, int dir,
                                                                const IdealGas& gas) {
    return rusanov_flux<Dim>(l.w, r.w, dir, gas);
  }
};

}  // namespace portaflow::physics
