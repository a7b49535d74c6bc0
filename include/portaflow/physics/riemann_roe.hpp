// Roe's approximate Riemann solver through a face of any orientation, pointwise:
// F*(U_L, U_R; n) for a non-unit normal vector n (a metric vector of a curvilinear mesh, whose
// length is the face area), with Harten's entropy fix.
//
// Reference: P. L. Roe, J. Comput. Phys. 43 (1981) 357; Toro, "Riemann Solvers and Numerical
// Methods for Fluid Dynamics", 3rd ed., sec. 11.2 (Roe averages, eigenvectors and wave strengths
// in 3D, eqs. 11.58-11.72, written here for the velocity normal to the face) and sec. 11.4
// (Harten-Hyman style entropy fix; we use Harten's smooth one: |lambda| -> (lambda^2 + delta^2) /
// (2 delta) below delta = 0.1 (|u_n| + a)).
//
// The multi-block SBP-SAT scheme uses it for its penalties: F_n(U_b) - F*(U_b, U_e; n) equals
// A^-(U_b - U_e) with the Roe-averaged Jacobian A (for the outward normal n), the characteristic
// penalty of Carpenter et al. and Svärd et al. with its stable coefficient. It is antisymmetric,
// F*(U_R, U_L; -n) = -F*(U_L, U_R; n), so interface penalties conserve.
#pragma once

#include "portaflow/physics/euler.hpp"

namespace portaflow::physics {

// Flux of the conservative state u through the (non-unit) normal n: sum_d n_d F_d(u).
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State normal_flux(const typename Euler<Dim>::State& u,
                                                              const Real (&n)[Dim],
                                                              const IdealGas& gas) {
  using Eq = Euler<Dim>;
  const Real p = Eq::pressure(u, gas);
  Real un = 0;  // velocity times |n|
  for (int d = 0; d < Dim; ++d) un += n[d] * u[Eq::kMom + d];
  un /= u[Eq::kRho];
  typename Eq::State f;
  f[Eq::kRho] = u[Eq::kRho] * un;
  for (int d = 0; d < Dim; ++d) f[Eq::kMom + d] = u[Eq::kMom + d] * un + p * n[d];
  f[Eq::kEnergy] = (u[Eq::kEnergy] + p) * un;
  return f;
}

template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State roe_flux(const typename Euler<Dim>::State& ul,
                                                           const typename Euler<Dim>::State& ur,
                                                           const Real (&n)[Dim],
                                                           const IdealGas& gas) {
  using Eq = Euler<Dim>;
  using State = typename Eq::State;
  Real area2 = 0;
  for (int d = 0; d < Dim; ++d) area2 += n[d] * n[d];
  const Real area = math::sqrt(area2);
  Real nhat[Dim];
  for (int d = 0; d < Dim; ++d) nhat[d] = n[d] / area;

  const State wl = Eq::to_primitive(ul, gas);
  const State wr = Eq::to_primitive(ur, gas);
  const Real hl = (ul[Eq::kEnergy] + wl[Eq::kPressure]) / wl[Eq::kRho];
  const Real hr = (ur[Eq::kEnergy] + wr[Eq::kPressure]) / wr[Eq::kRho];

  // 1. Roe averages (Toro eq. 11.60).
  const Real sl = math::sqrt(wl[Eq::kRho]);
  const Real sr = math::sqrt(wr[Eq::kRho]);
  const Real wsum = sl + sr;
  Real vel[Dim];
  Real v2 = 0, un = 0;
  for (int d = 0; d < Dim; ++d) {
    vel[d] = (sl * wl[Eq::kVel + d] + sr * wr[Eq::kVel + d]) / wsum;
    v2 += vel[d] * vel[d];
    un += vel[d] * nhat[d];
  }
  const Real h = (sl * hl + sr * hr) / wsum;
  const Real a2 = (gas.gamma - 1) * (h - Real(0.5) * v2);
  const Real a = math::sqrt(a2);
  const Real rho = sl * sr;

  // 2. Jumps and wave strengths for the normal decomposition.
  const Real drho = wr[Eq::kRho] - wl[Eq::kRho];
  const Real dp = wr[Eq::kPressure] - wl[Eq::kPressure];
  Real dun = 0;
  Real dvel[Dim];
  for (int d = 0; d < Dim; ++d) {
    dvel[d] = wr[Eq::kVel + d] - wl[Eq::kVel + d];
    dun += dvel[d] * nhat[d];
  }
  const Real alpha_minus = (dp - rho * a * dun) / (2 * a2);  // u_n - a wave
  const Real alpha_plus = (dp + rho * a * dun) / (2 * a2);   // u_n + a wave
  const Real alpha_entropy = drho - dp / a2;                 // entropy wave

  // 3. Eigenvalue magnitudes with Harten's entropy fix.
  const Real delta = Real(0.1) * (math::fabs(un) + a);
  auto fixed = [delta](Real lambda) {
    const Real m = math::fabs(lambda);
    return m < delta ? (lambda * lambda + delta * delta) / (2 * delta) : m;
  };
  const Real l_minus = fixed(un - a);
  const Real l_contact = fixed(un);
  const Real l_plus = fixed(un + a);

  // 4. |A| dU = sum |lambda_k| alpha_k r_k (acoustic waves, entropy wave, shear waves).
  State dissipation;
  dissipation[Eq::kRho] = l_minus * alpha_minus + l_contact * alpha_entropy + l_plus * alpha_plus;
  Real shear_energy = 0;
  for (int d = 0; d < Dim; ++d) {
    const Real shear = dvel[d] - dun * nhat[d];  // tangential velocity jump
    dissipation[Eq::kMom + d] = l_minus * alpha_minus * (vel[d] - a * nhat[d]) +
                                l_contact * (alpha_entropy * vel[d] + rho * shear) +
                                l_plus * alpha_plus * (vel[d] + a * nhat[d]);
    shear_energy += vel[d] * shear;
  }
  dissipation[Eq::kEnergy] = l_minus * alpha_minus * (h - a * un) +
                             l_contact * (alpha_entropy * Real(0.5) * v2 + rho * shear_energy) +
                             l_plus * alpha_plus * (h + a * un);

  const State fl = normal_flux<Dim>(ul, nhat, gas);
  const State fr = normal_flux<Dim>(ur, nhat, gas);
  State f;
  for (int v = 0; v < Eq::kNumVars; ++v)
    f[v] = area * (Real(0.5) * (fl[v] + fr[v]) - Real(0.5) * dissipation[v]);
  return f;
}

}  // namespace portaflow::physics
