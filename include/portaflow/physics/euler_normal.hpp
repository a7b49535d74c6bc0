// The 2D Euler flux along an arbitrary, unnormalised direction n = (n_x, n_y):
// F_n = n_x F + n_y G, its Jacobian applied to a state change, and a face Riemann flux through a
// face with area normal n (a Riemann solver of riemann_flux_choice.hpp in the face's rotated
// frame). Curvilinear element schemes need all three: the contravariant fluxes n_xi . (F, G) at
// solution points, the chain-rule divergence (A n_x + B n_y) dU/dxi of the CPR of Zimmerman et al.
// (2018), and the common flux at curved faces.
#pragma once

#include "portaflow/physics/euler.hpp"

namespace portaflow::physics {

using E2 = Euler<2>;

// F_n(U) = n_x F(U) + n_y G(U), with n not normalised (a metric vector).
KOKKOS_INLINE_FUNCTION E2::State normal_flux(const E2::State& u, Real nx, Real ny,
                                             const IdealGas& gas) {
  const Real inv_rho = 1 / u[E2::kRho];
  const Real mx = u[E2::kMom], my = u[E2::kMom + 1];
  const Real p = (gas.gamma - 1) * (u[E2::kEnergy] - Real(0.5) * (mx * mx + my * my) * inv_rho);
  const Real mn = mx * nx + my * ny;  // rho V_n
  const Real vn = mn * inv_rho;
  E2::State f;
  f[E2::kRho] = mn;
  f[E2::kMom] = mx * vn + p * nx;
  f[E2::kMom + 1] = my * vn + p * ny;
  f[E2::kEnergy] = vn * (u[E2::kEnergy] + p);
  return f;
}

// (A n_x + B n_y) dU, A and B the flux Jacobians at U, without forming the matrix: with
// V_n = u . n, H = (E + p) / rho and dp = (gamma - 1)(dE - u . dm + |u|^2 / 2 drho),
//   d(rho V_n)        = dm . n
//   d(m_e V_n + p n_e) = V_n dm_e + u_e (dm . n - V_n drho) + n_e dp
//   d((E + p) V_n)     = V_n (dE + dp) + H (dm . n - V_n drho)
KOKKOS_INLINE_FUNCTION E2::State normal_jacobian_times(const E2::State& u, Real nx, Real ny,
                                                       const E2::State& du, const IdealGas& gas) {
  const Real inv_rho = 1 / u[E2::kRho];
  const Real vx = u[E2::kMom] * inv_rho, vy = u[E2::kMom + 1] * inv_rho;
  const Real v2 = vx * vx + vy * vy;
  const Real g1 = gas.gamma - 1;
  const Real p = g1 * (u[E2::kEnergy] - Real(0.5) * u[E2::kRho] * v2);
  const Real enthalpy = (u[E2::kEnergy] + p) * inv_rho;
  const Real vn = vx * nx + vy * ny;
  const Real dp = g1 * (du[E2::kEnergy] - vx * du[E2::kMom] - vy * du[E2::kMom + 1] +
                        Real(0.5) * v2 * du[E2::kRho]);
  const Real dmn = du[E2::kMom] * nx + du[E2::kMom + 1] * ny;
  const Real rho_dvn = dmn - vn * du[E2::kRho];  // rho dV_n
  E2::State r;
  r[E2::kRho] = dmn;
  r[E2::kMom] = vn * du[E2::kMom] + vx * rho_dvn + nx * dp;
  r[E2::kMom + 1] = vn * du[E2::kMom + 1] + vy * rho_dvn + ny * dp;
  r[E2::kEnergy] = vn * (du[E2::kEnergy] + dp) + enthalpy * rho_dvn;
  return r;
}

// The Riemann flux `Flux` (riemann_flux_choice.hpp) through a face with area normal (nx, ny),
// |n| the face length element, from the conservative states on its two sides (left: the side n
// points away from): the states are rotated into the frame (normal, tangent), the 1D-in-x flux
// taken, and the momentum rotated back. Rotation keeps every solver exactly as written.
template <class Flux>
KOKKOS_INLINE_FUNCTION E2::State rotated_riemann_flux(const E2::State& ul, const E2::State& ur,
                                                      Real nx, Real ny, const IdealGas& gas) {
  const Real area = math::sqrt(nx * nx + ny * ny);
  const Real cx = nx / area, cy = ny / area;
  auto rotate = [&](const E2::State& u) {
    E2::State w = E2::to_primitive(u, gas);
    const Real vx = w[E2::kVel], vy = w[E2::kVel + 1];
    w[E2::kVel] = vx * cx + vy * cy;
    w[E2::kVel + 1] = -vx * cy + vy * cx;
    return w;
  };
  const E2::State f = Flux::template flux<2>(rotate(ul), rotate(ur), 0, gas);
  E2::State g;
  g[E2::kRho] = area * f[E2::kRho];
  g[E2::kMom] = area * (f[E2::kMom] * cx - f[E2::kMom + 1] * cy);
  g[E2::kMom + 1] = area * (f[E2::kMom] * cy + f[E2::kMom + 1] * cx);
  g[E2::kEnergy] = area * f[E2::kEnergy];
  return g;
}

}  // namespace portaflow::physics
