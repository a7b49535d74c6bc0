// One side of a Riemann problem as the exact solver (riemann_exact.hpp) uses it: the data, the
// constants of its wave curve f_K(p) computed once a problem, the wave curve itself, and the
// states on that side of the contact (star state, rarefaction fan, vacuum front).
//
// Reference: E. F. Toro, "Riemann Solvers and Numerical Methods for Fluid Dynamics", 3rd ed.,
// chapter 4; equation numbers are that book's.
#pragma once

#include "portaflow/core/fast_math.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::physics {

// The data of a one-dimensional Riemann problem (Toro's W = (rho, u, p)); u is the velocity
// normal to the face. A state with rho <= 0 is the vacuum (then p is ignored, taken as 0); any
// other state must have p > 0.
struct PrimitiveState1D {
  Real rho;
  Real u;
  Real p;
};

namespace exact_riemann_detail {

// Constants of the gamma law that Toro's Fortran program (end of ch. 4) calls G1..G7.
struct GammaConstants {
  Real gamma;
  Real inv_gamma;
  Real g1;  // (gamma - 1) / (2 gamma)
  Real g2;  // (gamma + 1) / (2 gamma)
  Real g3;  // 2 gamma / (gamma - 1) = 1 / g1 = g4 + 2
  Real g4;  // 2 / (gamma - 1)
  Real g5;  // 2 / (gamma + 1)
  Real g6;  // (gamma - 1) / (gamma + 1)
  Real g7;  // (gamma - 1) / 2

  KOKKOS_INLINE_FUNCTION explicit GammaConstants(Real gamma_in)
      : gamma(gamma_in),
        inv_gamma(1 / gamma_in),
        g1((gamma_in - 1) / (2 * gamma_in)),
        g2((gamma_in + 1) / (2 * gamma_in)),
        g3(2 * gamma_in / (gamma_in - 1)),
        g4(2 / (gamma_in - 1)),
        g5(2 / (gamma_in + 1)),
        g6((gamma_in - 1) / (gamma_in + 1)),
        g7((gamma_in - 1) / 2) {}
};

KOKKOS_INLINE_FUNCTION bool is_vacuum(const PrimitiveState1D& w) { return !(w.rho > 0); }

// A gas state (rho > 0, p > 0) with what its wave curve needs.
struct Side {
  Real rho, u, p;
  Real a;        // sound speed
  Real inv_p;    // 1 / p
  Real shock_a;  // A_K = 2 / ((gamma + 1) rho_K) (eq. 4.8)
  Real shock_b;  // B_K = (gamma - 1) / (gamma + 1) p_K (eq. 4.8)

  KOKKOS_INLINE_FUNCTION static Side of(const PrimitiveState1D& w, Real inv_rho,
                                        const GammaConstants& g) {
    Side s;
    s.rho = w.rho;
    s.u = w.u;
    s.p = w.p;
    s.a = math::fast_sqrt(g.gamma * w.p * inv_rho);
    s.inv_p = math::fast_reciprocal(w.p);
    s.shock_a = g.g5 * inv_rho;
    s.shock_b = g.g6 * w.p;
    return s;
  }
  KOKKOS_INLINE_FUNCTION PrimitiveState1D state() const { return PrimitiveState1D{rho, u, p}; }
};

// f_K(p) and its derivative: eqs. 4.6 (K = L) and 4.7 (K = R), shock branch for p > p_K and
// rarefaction branch for p <= p_K, derivative eq. 4.37. On the rarefaction branch
// q = (p / p_K)^g1 is the one power: f_K = g4 a_K (q - 1), and since -g2 = g1 - 1 and
// p_K / (rho_K a_K) = a_K / gamma, f_K' = (p / p_K)^(-g2) / (rho_K a_K) = (a_K / gamma) q / p.
// q = 0 marks the shock branch.
struct PressureFunction {
  Real value;
  Real derivative;
  Real q;
};

KOKKOS_INLINE_FUNCTION PressureFunction pressure_function(Real p, Real inv_p, const Side& side,
                                                          const GammaConstants& g) {
  PressureFunction f;
  if (p > side.p) {
    const Real inv_b = math::fast_reciprocal(side.shock_b + p);
    const Real root = math::fast_sqrt(side.shock_a * inv_b);
    f.value = (p - side.p) * root;
    f.derivative = root * (1 - Real(0.5) * (p - side.p) * inv_b);
    f.q = 0;
  } else {
    f.q = p == side.p ? Real(1) : math::pow_positive(p * side.inv_p, g.g1);
    f.value = g.g4 * side.a * (f.q - 1);
    f.derivative = side.a * g.inv_gamma * f.q * inv_p;
  }
  return f;
}

// (p* / p_K)^g1 for a side with p* <= p_K (0 for a shock side), given f_K evaluated at
// p = p* / (1 + relative_step): q (p*) = q(p) (1 + relative_step)^g1 = q(p) (1 + g1 relative_step)
// to round-off when |relative_step| is Newton's last step (below its tolerance). A power only
// when that evaluation was on the shock branch (the last step crossed p_K).
KOKKOS_INLINE_FUNCTION Real star_q(Real p_star, Real relative_step, const PressureFunction& f,
                                   const Side& side, const GammaConstants& g) {
  if (p_star > side.p) return 0;
  if (p_star == side.p) return 1;
  if (f.q > 0) return f.q * (1 + g.g1 * relative_step);
  return math::pow_positive(p_star * side.inv_p, g.g1);
}

// rho*_K / rho_K behind a shock (eqs. 4.50, 4.57) for pressure_ratio = p* / p_K.
KOKKOS_INLINE_FUNCTION Real shock_density_ratio(Real pressure_ratio, const GammaConstants& g) {
  return (pressure_ratio + g.g6) / (g.g6 * pressure_ratio + 1);
}

// rho*_K / rho_K behind a rarefaction (eqs. 4.53, 4.60): (p* / p_K)^(1 / gamma), which is
// ratio / q^2 since q^2 = ratio^((gamma - 1) / gamma).
KOKKOS_INLINE_FUNCTION Real rarefaction_density_ratio(Real pressure_ratio, Real q) {
  return pressure_ratio / (q * q);
}

// Speeds of the edges of a vacuum region (sec. 4.6): the left gas ends at S*_L = u_L + 2 a_L/(g-1)
// (sec. 4.6.1), the right gas at S*_R = u_R - 2 a_R/(g-1) (sec. 4.6.2).
KOKKOS_INLINE_FUNCTION Real left_vacuum_front(const Side& side, const GammaConstants& g) {
  return side.u + g.g4 * side.a;
}
KOKKOS_INLINE_FUNCTION Real right_vacuum_front(const Side& side, const GammaConstants& g) {
  return side.u - g.g4 * side.a;
}

// Inside a rarefaction fan (eqs. 4.56 left, 4.63 right; sign -1 left, +1 right): with
// c = 2/(g+1) - sign (g-1)/((g+1) a_K) (u_K - s), rho = rho_K c^g4 and p = p_K c^g3 = p_K c^g4 c^2.
KOKKOS_INLINE_FUNCTION PrimitiveState1D fan_state(const Side& side, Real s, Real sign,
                                                  const GammaConstants& g) {
  const Real c = math::fmax(Real(0), g.g5 - sign * g.g6 / side.a * (side.u - s));
  const Real c_g4 = math::pow_positive(c, g.g4);
  PrimitiveState1D fan;
  fan.rho = side.rho * c_g4;
  fan.u = g.g5 * (g.g7 * side.u + s - sign * side.a);
  fan.p = side.p * c_g4 * (c * c);
  return fan;
}
KOKKOS_INLINE_FUNCTION PrimitiveState1D left_fan(const Side& side, Real s,
                                                 const GammaConstants& g) {
  return fan_state(side, s, Real(-1), g);
}
KOKKOS_INLINE_FUNCTION PrimitiveState1D right_fan(const Side& side, Real s,
                                                  const GammaConstants& g) {
  return fan_state(side, s, Real(1), g);
}

// The vacuum itself. Its velocity is undefined; u = s is the limit of the fan velocity at either
// gas-vacuum front (there a = 0 and u = s), so the sampled profile stays continuous.
KOKKOS_INLINE_FUNCTION PrimitiveState1D vacuum_state(Real s) { return PrimitiveState1D{0, s, 0}; }

}  // namespace exact_riemann_detail

}  // namespace portaflow::physics
