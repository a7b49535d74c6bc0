// HLLC approximate Riemann solver for the ideal-gas Euler equations, pointwise: one function of
// (left state, right state, direction), no indexing.
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

#include "portaflow/core/fast_math.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/physics/euler.hpp"

namespace portaflow::physics {

// left and right are face states (euler.hpp: primitive variables with E and 1 / rho); the result is
// the conservative flux through a face normal to dir. Written without divisions but the one of the
// contact (sec. 3): each costs several multiplications' time, and this runs at every face.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State hllc_flux(const FaceState<Dim>& left,
                                                            const FaceState<Dim>& right, int dir,
                                                            const IdealGas& gas) {
  using Eq = Euler<Dim>;
  using State = typename Eq::State;
  const Real rho_left = left.w[Eq::kRho];
  const Real rho_right = right.w[Eq::kRho];
  const Real un_left = left.w[Eq::kVel + dir];
  const Real un_right = right.w[Eq::kVel + dir];
  const Real p_left = left.w[Eq::kPressure];
  const Real p_right = right.w[Eq::kPressure];
  const Real a_left = math::fast_sqrt(gas.gamma * p_left * left.inv_rho);
  const Real a_right = math::fast_sqrt(gas.gamma * p_right * right.inv_rho);

  // 1. Pressure-based wave speed estimates (sec. 10.5.2).
  const Real p_pvrs = Real(0.5) * (p_left + p_right) - Real(0.125) * (un_right - un_left) *
                                                           (rho_left + rho_right) *
                                                           (a_left + a_right);
  // max(0, p_pvrs) as a comparison (0 for a NaN as fmax gives): fmax is a library call on a
  // CPU, which keeps a loop over faces from vectorising.
  const Real p_star = p_pvrs > 0 ? p_pvrs : Real(0);
  // On a shock side a_K q_K = sqrt(gamma p_K / rho_K (1 + (gamma + 1) / (2 gamma) (p* / p_K - 1)))
  //                         = sqrt((gamma p_K + (gamma + 1) / 2 (p* - p_K)) / rho_K):
  // one square root, no division.
  const Real half_gamma_plus_1 = Real(0.5) * (gas.gamma + 1);
  const Real aq_left =
      p_star <= p_left
          ? a_left
          : math::fast_sqrt((gas.gamma * p_left + half_gamma_plus_1 * (p_star - p_left)) *
                            left.inv_rho);
  const Real aq_right =
      p_star <= p_right
          ? a_right
          : math::fast_sqrt((gas.gamma * p_right + half_gamma_plus_1 * (p_star - p_right)) *
                            right.inv_rho);
  const Real s_left = un_left - aq_left;
  const Real s_right = un_right + aq_right;

  // 2. Contact speed (eq. 10.37), S* = N / D with D = rho_L (S_L - u_L) - rho_R (S_R - u_R) < 0,
  // so S* >= 0 (the left star state is upwind) exactly when N <= 0.
  const Real mass_left = rho_left * (s_left - un_left);      // rho_L (S_L - u_L) < 0
  const Real mass_right = rho_right * (s_right - un_right);  // rho_R (S_R - u_R) > 0
  const Real numerator = p_right - p_left + un_left * mass_left - un_right * mass_right;
  const Real denominator = mass_left - mass_right;
  // The upwind side K (eq. 10.26): left for S_L >= 0 (F_L), right for S_R <= 0 (F_R), between
  // the waves the side of the contact. Chosen by value and the star part added only between
  // the waves, with no early return: the same flux, and a loop over faces stays one vector
  // loop on a CPU (the star arithmetic of a supersonic face is computed and dropped).
  const bool between = s_left < 0 && s_right > 0;
  const bool left_side = s_left >= 0 || (s_right > 0 && numerator <= 0);

  // 3. Star state on the upwind side of the contact (eq. 10.39) and its flux (eq. 10.38).
  // Selected by value: a reference chosen at run time would put both states in local memory on
  // a GPU (a stack frame) instead of registers.
  FaceState<Dim> k;
  for (int v = 0; v < Eq::kNumVars; ++v) k.w[v] = left_side ? left.w[v] : right.w[v];
  k.energy = left_side ? left.energy : right.energy;
  k.inv_rho = left_side ? left.inv_rho : right.inv_rho;
  const Real s_k = left_side ? s_left : s_right;
  const Real mass = left_side ? mass_left : mass_right;
  const Real un = k.w[Eq::kVel + dir];
  const Real p = k.w[Eq::kPressure];
  // S* = N / D and 1 / (S_K - S*) = D / (S_K D - N) from one reciprocal r = 1 / (D (S_K D - N)).
  const Real gap_times_d = s_k * denominator - numerator;  // (S_K - S*) D
  const Real r = math::fast_reciprocal(denominator * gap_times_d);
  const Real s_star = numerator * gap_times_d * r;
  const Real inv_gap = denominator * denominator * r;

  State u_k;  // the conservative state U_K
  u_k[Eq::kRho] = k.w[Eq::kRho];
  for (int d = 0; d < Dim; ++d) u_k[Eq::kMom + d] = k.w[Eq::kRho] * k.w[Eq::kVel + d];
  u_k[Eq::kEnergy] = k.energy;
  const State f_k = Eq::flux(k, dir);
  const Real factor = mass * inv_gap;  // rho_K (S_K - u_K) / (S_K - S*)
  State u_star;
  u_star[Eq::kRho] = factor;
  for (int d = 0; d < Dim; ++d) u_star[Eq::kMom + d] = factor * k.w[Eq::kVel + d];
  u_star[Eq::kMom + dir] = factor * s_star;
  // factor (E_K / rho_K + (S* - u_K) (S* + p_K / mass)), with factor p_K / mass = p_K / (S_K - S*)
  u_star[Eq::kEnergy] =
      factor * (k.energy * k.inv_rho + (s_star - un) * s_star) + (s_star - un) * p * inv_gap;
  State flux;
  for (int v = 0; v < Eq::kNumVars; ++v)
    flux[v] = between ? f_k[v] + s_k * (u_star[v] - u_k[v]) : f_k[v];
  return flux;
}

// The same from primitive states (rho, u_1..u_Dim, p).
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State hllc_flux(
    const typename Euler<Dim>::State& w_left, const typename Euler<Dim>::State& w_right, int dir,
    const IdealGas& gas) {
  using Eq = Euler<Dim>;
  return hllc_flux<Dim>(Eq::face_state_from_primitive(w_left, gas),
                        Eq::face_state_from_primitive(w_right, gas), dir, gas);
}

}  // namespace portaflow::physics
