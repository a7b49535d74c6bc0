// HLLC approximate Riemann solver for the ideal-gas Euler equations, pointwise (STYLE.md,
// practice 3): one function of (left state, right state, direction), no indexing.
//
// Reference: E. F. Toro, "Riemann Solvers and Numerical Methods for Fluid Dynamics", 3rd ed.,
// sec. 10.4 (the solver) and sec. 10.5.2 (the wave speeds). Formulas used:
//   wave speeds (sec. 10.5.2, pressure-based, from the PVRS star pressure):
//     p_pvrs = (p_L + p_R)/2 - (u_R - u_L) rho_bar a_bar / 2, rho_bar, a_bar the arithmetic means,
//     p*     = max(0, p_pvrs),
//     S_L    = u_L - a_L q_L,  S_R = u_R + a_R q_R,
//     q_K    = 1 if p* <= p_K (rarefaction), else sqrt(1 + (gamma+1)/(2 gamma) (p*/p_K - 1));
//   contact speed S* (eq. 10.37),
//   star fluxes F*K = F_K + S_K (U*K - U_K) (eq. 10.38) with the star states U*K of eq. 10.39,
//   and the choice of F_L, F*L, F*R or F_R by the sign of S_L, S*, S_R (eq. 10.26).
// HLLC restores the contact wave that HLL loses, so an isolated contact (and a shear wave) is
// resolved exactly: with equal pressures and normal velocities S* = u and U*K = U_K.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/physics/euler.hpp"

namespace portaflow::physics {

// w_left and w_right are Euler<Dim> primitive states (rho, u_1..u_Dim, p); the result is the
// conservative flux through a face normal to dir.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State hllc_flux(
    const typename Euler<Dim>::State& w_left, const typename Euler<Dim>::State& w_right, int dir,
    const IdealGas& gas) {
  using Eq = Euler<Dim>;
  using State = typename Eq::State;
  const Real rho_left = w_left[Eq::kRho];
  const Real rho_right = w_right[Eq::kRho];
  const Real un_left = w_left[Eq::kVel + dir];
  const Real un_right = w_right[Eq::kVel + dir];
  const Real p_left = w_left[Eq::kPressure];
  const Real p_right = w_right[Eq::kPressure];
  // Reciprocals once: a division costs several multiplications (sound speeds, the star state).
  const Real inv_rho_left = 1 / rho_left, inv_rho_right = 1 / rho_right;
  const Real a_left = math::sqrt(gas.gamma * p_left * inv_rho_left);
  const Real a_right = math::sqrt(gas.gamma * p_right * inv_rho_right);

  // 1. Pressure-based wave speed estimates (sec. 10.5.2).
  const Real p_pvrs = Real(0.5) * (p_left + p_right) - Real(0.125) * (un_right - un_left) *
                                                           (rho_left + rho_right) *
                                                           (a_left + a_right);
  const Real p_star = math::fmax(Real(0), p_pvrs);
  const Real shock_factor = (gas.gamma + 1) / (2 * gas.gamma);
  const Real q_left =
      p_star <= p_left ? Real(1) : math::sqrt(1 + shock_factor * (p_star / p_left - 1));
  const Real q_right =
      p_star <= p_right ? Real(1) : math::sqrt(1 + shock_factor * (p_star / p_right - 1));
  const Real s_left = un_left - a_left * q_left;
  const Real s_right = un_right + a_right * q_right;

  // 2. Supersonic faces: the upwind physical flux (eq. 10.26, first and last cases).
  if (s_left >= 0) return Eq::flux_from_primitive(w_left, dir, gas);
  if (s_right <= 0) return Eq::flux_from_primitive(w_right, dir, gas);

  // 3. Contact speed (eq. 10.37).
  const Real mass_left = rho_left * (s_left - un_left);      // rho_L (S_L - u_L) < 0
  const Real mass_right = rho_right * (s_right - un_right);  // rho_R (S_R - u_R) > 0
  const Real s_star =
      (p_right - p_left + un_left * mass_left - un_right * mass_right) / (mass_left - mass_right);

  // 4. Star state on the upwind side of the contact (eq. 10.39) and its flux (eq. 10.38).
  const bool left_side = s_star >= 0;
  // Selected by value: a reference chosen at run time would put both states in local memory on
  // a GPU (a stack frame) instead of registers.
  State w;
  for (int k = 0; k < Eq::kNumVars; ++k) w[k] = left_side ? w_left[k] : w_right[k];
  const Real s_k = left_side ? s_left : s_right;
  const Real un = left_side ? un_left : un_right;
  const Real p = left_side ? p_left : p_right;
  const Real mass = left_side ? mass_left : mass_right;

  const State u_k = Eq::to_conservative(w, gas);
  const State f_k = Eq::flux_from_primitive(w, dir, gas);
  const Real inv_rho = left_side ? inv_rho_left : inv_rho_right;
  const Real inv_gap = 1 / (s_k - s_star);
  const Real factor = mass * inv_gap;  // rho_K (S_K - u_K) / (S_K - S*)
  State u_star;
  u_star[Eq::kRho] = factor;
  for (int d = 0; d < Dim; ++d) u_star[Eq::kMom + d] = factor * w[Eq::kVel + d];
  u_star[Eq::kMom + dir] = factor * s_star;
  // factor (E_K / rho_K + (S* - u_K) (S* + p_K / mass)), with factor p_K / mass = p_K / (S_K - S*)
  u_star[Eq::kEnergy] = factor * (u_k[Eq::kEnergy] * inv_rho + (s_star - un) * s_star) +
                        (s_star - un) * p * inv_gap;
  State flux;
  for (int k = 0; k < Eq::kNumVars; ++k) flux[k] = f_k[k] + s_k * (u_star[k] - u_k[k]);
  return flux;
}

}  // namespace portaflow::physics
