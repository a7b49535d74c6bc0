// Rusanov (local Lax-Friedrichs) flux for the ideal-gas Euler equations, pointwise: one function of
// (left state, right state, direction), no indexing.
//
// Reference: E. F. Toro, "Riemann Solvers and Numerical Methods for Fluid Dynamics", 3rd ed.,
// sec. 10.5.1: the HLL flux with the single wave speed S+ = max(|u_L| + a_L, |u_R| + a_R) taken for
// both S_L = -S+ and S_R = S+. The most dissipative of PortaFlow's fluxes and the most robust: it
// needs nothing but the two physical fluxes and one wave speed.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/physics/euler.hpp"

namespace portaflow::physics {

// F = (F(W_L) + F(W_R))/2 - S+ (U_R - U_L)/2. w_left and w_right are Euler<Dim> primitive states
// (rho, u_1..u_Dim, p); the result is the conservative flux through a face normal to dir.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State rusanov_flux(
    const typename Euler<Dim>::State& w_left, const typename Euler<Dim>::State& w_right, int dir,
    const IdealGas& gas) {
  using Eq = Euler<Dim>;
  const Real speed_left = math::fabs(w_left[Eq::kVel + dir]) +
                          Eq::sound_speed(w_left[Eq::kRho], w_left[Eq::kPressure], gas);
  const Real speed_right = math::fabs(w_right[Eq::kVel + dir]) +
                           Eq::sound_speed(w_right[Eq::kRho], w_right[Eq::kPressure], gas);
  // Not fmax: a library call on a CPU, which keeps a loop over faces from vectorising.
  const Real max_speed = speed_right > speed_left ? speed_right : speed_left;

  const typename Eq::State u_left = Eq::to_conservative(w_left, gas);
  const typename Eq::State u_right = Eq::to_conservative(w_right, gas);
  const typename Eq::State f_left = Eq::flux_from_primitive(w_left, dir, gas);
  const typename Eq::State f_right = Eq::flux_from_primitive(w_right, dir, gas);
  typename Eq::State flux;
  for (int k = 0; k < Eq::kNumVars; ++k) {
    flux[k] =
        Real(0.5) * (f_left[k] + f_right[k]) - Real(0.5) * max_speed * (u_right[k] - u_left[k]);
  }
  return flux;
}

}  // namespace portaflow::physics
