// Exact Riemann solver for the ideal-gas Euler equations, pointwise (STYLE.md, practice 3).
//
// Reference: E. F. Toro, "Riemann Solvers and Numerical Methods for Fluid Dynamics", 3rd ed.
// (Springer 2009), chapter 4. Equation numbers below are that book's.
//
// Three steps, each a KOKKOS_INLINE_FUNCTION on values in registers (no heap, no exceptions):
//   1. exact_star_region: the pressure p* and velocity u* between the two nonlinear waves, from
//      Newton-Raphson on f(p) = f_L(p) + f_R(p) + (u_R - u_L) = 0 (eq. 4.5), or the vacuum cases of
//      sec. 4.6;
//   2. exact_sample: the solution W(x/t) at one similarity coordinate s = (x - x0)/t (sec. 4.5);
//   3. exact_riemann_flux: the Godunov flux F(W(0)) through a face normal to direction dir of a
//      Dim-dimensional primitive state, the transverse velocities carried by the contact.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/physics/euler.hpp"

namespace portaflow::physics {

// The data of a one-dimensional Riemann problem (Toro's W = (rho, u, p)); u is the velocity
// normal to the face. A state with rho <= 0 is the vacuum (then p is ignored, taken as 0); any
// other state must have p > 0.
struct PrimitiveState1D {
  Real rho;
  Real u;
  Real p;
};

// The star region between the left and right nonlinear waves.
//   vacuum == false: p, u are Toro's p*, u* (eqs. 4.5 and 4.9); iterations is the number of
//     Newton steps taken (0 when the two-rarefaction closed form, eq. 4.46, is exact).
//   vacuum == true: the data has vacuum on one side, or generates it (sec. 4.6). Then p = 0 and u
//     is the speed of the gas-vacuum front for a one-sided vacuum (sec. 4.6.1, 4.6.2), the mean
//     of the two front speeds when vacuum is generated (sec. 4.6.3), and 0 when both sides are
//     vacuum.
struct StarRegion {
  Real p;
  Real u;
  bool vacuum;
  int iterations;
};

// The sampled solution at one similarity coordinate. left_of_contact says which initial state the
// gas at s came from (s <= u*), so that a caller can upwind passive quantities (the transverse
// velocities of a multi-dimensional state) by the contact.
struct SampledState {
  PrimitiveState1D w;
  bool left_of_contact;
};

namespace exact_riemann_detail {

// Newton stops when the relative pressure change 2|p_k - p_{k-1}| / (p_k + p_{k-1}) (Toro's CHA,
// eq. 4.45) drops below this. 1e-12 in double is ~5000 ulp, reachable in a few quadratic steps
// and well above round-off noise; float has eps ~1.2e-7, so 1e-6 is the tightest safe value.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr T pressure_tolerance() {
  return sizeof(T) >= 8 ? T(1e-12) : T(1e-6);
}

// Newton converges quadratically from Toro's guess in at most a handful of steps on his tests;
// the cap only guards against a state that is not a valid Riemann problem (NaN, negative p).
inline constexpr int kMaxNewtonIterations = 50;

// Constants of the gamma law that Toro's Fortran program (end of ch. 4) calls G1..G7.
struct GammaConstants {
  Real gamma;
  Real g1;  // (gamma - 1) / (2 gamma)
  Real g2;  // (gamma + 1) / (2 gamma)
  Real g3;  // 2 gamma / (gamma - 1)
  Real g4;  // 2 / (gamma - 1)
  Real g5;  // 2 / (gamma + 1)
  Real g6;  // (gamma - 1) / (gamma + 1)
  Real g7;  // (gamma - 1) / 2

  KOKKOS_INLINE_FUNCTION explicit GammaConstants(Real gamma_in)
      : gamma(gamma_in),
        g1((gamma_in - 1) / (2 * gamma_in)),
        g2((gamma_in + 1) / (2 * gamma_in)),
        g3(2 * gamma_in / (gamma_in - 1)),
        g4(2 / (gamma_in - 1)),
        g5(2 / (gamma_in + 1)),
        g6((gamma_in - 1) / (gamma_in + 1)),
        g7((gamma_in - 1) / 2) {}
};

KOKKOS_INLINE_FUNCTION bool is_vacuum(const PrimitiveState1D& w) { return !(w.rho > 0); }

KOKKOS_INLINE_FUNCTION Real sound_speed(const PrimitiveState1D& w, const GammaConstants& g) {
  return math::sqrt(g.gamma * w.p / w.rho);
}

// f_K(p) and its derivative: eqs. 4.6 (K = L) and 4.7 (K = R), shock branch for p > p_K and
// rarefaction branch for p <= p_K, constants A_K, B_K of eq. 4.8, derivative eq. 4.37.
struct PressureFunction {
  Real value;
  Real derivative;
};

KOKKOS_INLINE_FUNCTION PressureFunction pressure_function(Real p, const PrimitiveState1D& w,
                                                          Real sound, const GammaConstants& g) {
  PressureFunction f;
  if (p > w.p) {
    const Real a_k = g.g5 / w.rho;  // A_K of eq. 4.8
    const Real b_k = g.g6 * w.p;    // B_K of eq. 4.8
    const Real root = math::sqrt(a_k / (b_k + p));
    f.value = (p - w.p) * root;
    f.derivative = root * (1 - Real(0.5) * (p - w.p) / (b_k + p));
  } else {
    const Real ratio = p / w.p;
    f.value = g.g4 * sound * (math::pow(ratio, g.g1) - 1);
    f.derivative = 1 / (w.rho * sound) * math::pow(ratio, -g.g2);
  }
  return f;
}

// Speeds of the edges of a vacuum region (sec. 4.6): the left gas ends at S*_L = u_L + 2 a_L/(g-1)
// (sec. 4.6.1), the right gas at S*_R = u_R - 2 a_R/(g-1) (sec. 4.6.2).
KOKKOS_INLINE_FUNCTION Real left_vacuum_front(const PrimitiveState1D& w, Real sound,
                                              const GammaConstants& g) {
  return w.u + g.g4 * sound;
}
KOKKOS_INLINE_FUNCTION Real right_vacuum_front(const PrimitiveState1D& w, Real sound,
                                               const GammaConstants& g) {
  return w.u - g.g4 * sound;
}

// Inside the left rarefaction fan (eq. 4.56), s between the head u_L - a_L and the tail.
KOKKOS_INLINE_FUNCTION PrimitiveState1D left_fan(const PrimitiveState1D& w, Real sound, Real s,
                                                 const GammaConstants& g) {
  const Real c = math::fmax(Real(0), g.g5 + g.g6 / sound * (w.u - s));
  PrimitiveState1D fan;
  fan.rho = w.rho * math::pow(c, g.g4);
  fan.u = g.g5 * (sound + g.g7 * w.u + s);
  fan.p = w.p * math::pow(c, g.g3);
  return fan;
}

// Inside the right rarefaction fan (eq. 4.63).
KOKKOS_INLINE_FUNCTION PrimitiveState1D right_fan(const PrimitiveState1D& w, Real sound, Real s,
                                                  const GammaConstants& g) {
  const Real c = math::fmax(Real(0), g.g5 - g.g6 / sound * (w.u - s));
  PrimitiveState1D fan;
  fan.rho = w.rho * math::pow(c, g.g4);
  fan.u = g.g5 * (-sound + g.g7 * w.u + s);
  fan.p = w.p * math::pow(c, g.g3);
  return fan;
}

// The two-rarefaction pressure (eq. 4.46): the root of f when both waves are rarefactions, so
// exact when p* <= p_min and Toro's guess otherwise. Needs the pressure positivity condition.
KOKKOS_INLINE_FUNCTION Real two_rarefaction_pressure(const PrimitiveState1D& left, Real a_left,
                                                     const PrimitiveState1D& right, Real a_right,
                                                     const GammaConstants& g) {
  const Real numerator = a_left + a_right - g.g7 * (right.u - left.u);
  const Real denominator = a_left / math::pow(left.p, g.g1) + a_right / math::pow(right.p, g.g1);
  return math::pow(numerator / denominator, 1 / g.g1);
}

// The vacuum itself. Its velocity is undefined; u = s is the limit of the fan velocity at either
// gas-vacuum front (there a = 0 and u = s), so the sampled profile stays continuous.
KOKKOS_INLINE_FUNCTION PrimitiveState1D vacuum_state(Real s) { return PrimitiveState1D{0, s, 0}; }

}  // namespace exact_riemann_detail

// Star-region pressure and velocity (Toro sec. 4.3, vacuum sec. 4.6).
KOKKOS_INLINE_FUNCTION StarRegion exact_star_region(const PrimitiveState1D& left,
                                                    const PrimitiveState1D& right,
                                                    const IdealGas& gas) {
  namespace detail = exact_riemann_detail;
  const detail::GammaConstants g(gas.gamma);
  const bool left_vacuum = detail::is_vacuum(left);
  const bool right_vacuum = detail::is_vacuum(right);

  // 1. Vacuum in the data (sec. 4.6.1 and 4.6.2): a single rarefaction into the vacuum.
  if (left_vacuum && right_vacuum) return StarRegion{0, 0, true, 0};
  if (right_vacuum) {
    const Real a_left = detail::sound_speed(left, g);
    return StarRegion{0, detail::left_vacuum_front(left, a_left, g), true, 0};
  }
  if (left_vacuum) {
    const Real a_right = detail::sound_speed(right, g);
    return StarRegion{0, detail::right_vacuum_front(right, a_right, g), true, 0};
  }

  const Real a_left = detail::sound_speed(left, g);
  const Real a_right = detail::sound_speed(right, g);
  const Real du = right.u - left.u;

  // 2. Pressure positivity condition (eq. 4.40): (du)_crit = 2 (a_L + a_R)/(g - 1) > u_R - u_L, or
  //    the two rarefactions leave a vacuum between them (sec. 4.6.3).
  if (g.g4 * (a_left + a_right) <= du) {
    const Real s_left = detail::left_vacuum_front(left, a_left, g);
    const Real s_right = detail::right_vacuum_front(right, a_right, g);
    return StarRegion{0, Real(0.5) * (s_left + s_right), true, 0};
  }

  // 3. Two rarefactions (f(p_min) >= 0, sec. 4.3.1): the root lies in (0, p_min], where f is the
  //    sum of two rarefaction branches and the two-rarefaction formula (eq. 4.46) is exact.
  const Real p_min = math::fmin(left.p, right.p);
  const Real p_max = math::fmax(left.p, right.p);
  const Real f_at_p_min = detail::pressure_function(p_min, left, a_left, g).value +
                          detail::pressure_function(p_min, right, a_right, g).value + du;
  StarRegion star{0, 0, false, 0};
  if (f_at_p_min >= 0) {
    star.p = detail::two_rarefaction_pressure(left, a_left, right, a_right, g);
  } else {
    // 4. Newton-Raphson (sec. 4.3.2, eq. 4.44) from Toro's adaptive guess (routine GUESSP of his
    //    Fortran program at the end of ch. 4): PVRS (eq. 4.47) when p_max/p_min <= 2 and the PVRS
    //    value lies in [p_min, p_max], else two-rarefaction (eq. 4.46) or two-shock (eq. 4.48).
    const Real p_pvrs =
        math::fmax(Real(0), Real(0.5) * (left.p + right.p) -
                                Real(0.125) * du * (left.rho + right.rho) * (a_left + a_right));
    Real p_guess;
    if (p_max / p_min <= 2 && p_min <= p_pvrs && p_pvrs <= p_max) {
      p_guess = p_pvrs;
    } else if (p_pvrs < p_min) {
      p_guess = detail::two_rarefaction_pressure(left, a_left, right, a_right, g);
    } else {
      const Real gl = math::sqrt((g.g5 / left.rho) / (g.g6 * left.p + p_pvrs));
      const Real gr = math::sqrt((g.g5 / right.rho) / (g.g6 * right.p + p_pvrs));
      p_guess = (gl * left.p + gr * right.p - du) / (gl + gr);
    }
    // Here f(p_min) < 0, so p* > p_min. f is increasing and concave (sec. 4.3.1), so a Newton step
    // from any p < p* stays below p* and climbs monotonically; from p > p* it lands below p*.
    // Clamping the iterates to p_min (where f < 0) therefore never loses the root and replaces
    // Toro's absolute floor TOLPRE, which is scale dependent.
    const Real tolerance = detail::pressure_tolerance<Real>();
    Real p_old = math::fmax(p_guess, p_min);
    Real p = p_old;
    for (int k = 0; k < detail::kMaxNewtonIterations; ++k) {
      const auto fl = detail::pressure_function(p_old, left, a_left, g);
      const auto fr = detail::pressure_function(p_old, right, a_right, g);
      p = math::fmax(p_min, p_old - (fl.value + fr.value + du) / (fl.derivative + fr.derivative));
      star.iterations = k + 1;
      const Real change = 2 * math::fabs(p - p_old) / (p + p_old);
      p_old = p;
      if (!(change > tolerance)) break;  // a NaN stops too, rather than spinning to the cap
    }
    star.p = p;
  }
  // u* from eq. 4.9, with f_K evaluated at the converged p*.
  const Real fl = detail::pressure_function(star.p, left, a_left, g).value;
  const Real fr = detail::pressure_function(star.p, right, a_right, g).value;
  star.u = Real(0.5) * (left.u + right.u) + Real(0.5) * (fr - fl);
  return star;
}

// The solution of the Riemann problem at similarity coordinate s = (x - x0)/t (sec. 4.5, and
// sec. 4.6 for vacuum). `star` must come from exact_star_region(left, right, gas).
KOKKOS_INLINE_FUNCTION SampledState exact_sample(const PrimitiveState1D& left,
                                                 const PrimitiveState1D& right,
                                                 const StarRegion& star, const IdealGas& gas,
                                                 Real s) {
  namespace detail = exact_riemann_detail;
  const detail::GammaConstants g(gas.gamma);
  SampledState out;
  out.left_of_contact = s <= star.u;

  if (star.vacuum) {
    // Gas exists left of S*_L if the left state is not vacuum, right of S*_R likewise (sec. 4.6.1
    // to 4.6.3); everything else is vacuum. Each gas region is a state and a fan into vacuum.
    if (!detail::is_vacuum(left)) {
      const Real a_left = detail::sound_speed(left, g);
      if (s < detail::left_vacuum_front(left, a_left, g)) {
        out.left_of_contact = true;
        out.w = (s <= left.u - a_left) ? left : detail::left_fan(left, a_left, s, g);
        return out;
      }
    }
    if (!detail::is_vacuum(right)) {
      const Real a_right = detail::sound_speed(right, g);
      if (s > detail::right_vacuum_front(right, a_right, g)) {
        out.left_of_contact = false;
        out.w = (s >= right.u + a_right) ? right : detail::right_fan(right, a_right, s, g);
        return out;
      }
    }
    out.w = detail::vacuum_state(s);
    return out;
  }

  if (out.left_of_contact) {
    const Real a_left = detail::sound_speed(left, g);
    const Real pressure_ratio = star.p / left.p;
    if (star.p > left.p) {
      // Left shock: speed eq. 4.52, star density eq. 4.50.
      const Real shock_speed = left.u - a_left * math::sqrt(g.g2 * pressure_ratio + g.g1);
      if (s <= shock_speed) {
        out.w = left;
      } else {
        out.w.rho = left.rho * (pressure_ratio + g.g6) / (g.g6 * pressure_ratio + 1);
        out.w.u = star.u;
        out.w.p = star.p;
      }
    } else {
      // Left rarefaction: head eq. 4.55, tail with a*_L of eq. 4.54, star density eq. 4.53.
      const Real head = left.u - a_left;
      const Real a_star = a_left * math::pow(pressure_ratio, g.g1);
      const Real tail = star.u - a_star;
      if (s <= head) {
        out.w = left;
      } else if (s >= tail) {
        out.w.rho = left.rho * math::pow(pressure_ratio, 1 / g.gamma);
        out.w.u = star.u;
        out.w.p = star.p;
      } else {
        out.w = detail::left_fan(left, a_left, s, g);
      }
    }
  } else {
    const Real a_right = detail::sound_speed(right, g);
    const Real pressure_ratio = star.p / right.p;
    if (star.p > right.p) {
      // Right shock: speed eq. 4.59, star density eq. 4.57.
      const Real shock_speed = right.u + a_right * math::sqrt(g.g2 * pressure_ratio + g.g1);
      if (s >= shock_speed) {
        out.w = right;
      } else {
        out.w.rho = right.rho * (pressure_ratio + g.g6) / (g.g6 * pressure_ratio + 1);
        out.w.u = star.u;
        out.w.p = star.p;
      }
    } else {
      // Right rarefaction: head eq. 4.62, tail with a*_R of eq. 4.61, star density eq. 4.60.
      const Real head = right.u + a_right;
      const Real a_star = a_right * math::pow(pressure_ratio, g.g1);
      const Real tail = star.u + a_star;
      if (s >= head) {
        out.w = right;
      } else if (s <= tail) {
        out.w.rho = right.rho * math::pow(pressure_ratio, 1 / g.gamma);
        out.w.u = star.u;
        out.w.p = star.p;
      } else {
        out.w = detail::right_fan(right, a_right, s, g);
      }
    }
  }
  return out;
}

// Godunov flux (Toro ch. 6: the flux of the exact solution on the face) through a face normal to
// direction dir: the physical flux of the exact solution at s = 0. w_left and w_right are
// Euler<Dim> primitive states (rho, u_1..u_Dim, p); the result is the conservative flux. The
// Riemann problem is solved in the normal velocity; the transverse velocities are passive scalars
// advected by the contact (Toro's split multi-dimensional case, end of ch. 4), so they are taken
// from the side of the contact that s = 0 lies on.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State exact_riemann_flux(
    const typename Euler<Dim>::State& w_left, const typename Euler<Dim>::State& w_right, int dir,
    const IdealGas& gas) {
  using Eq = Euler<Dim>;
  const PrimitiveState1D left{w_left[Eq::kRho], w_left[Eq::kVel + dir], w_left[Eq::kPressure]};
  const PrimitiveState1D right{w_right[Eq::kRho], w_right[Eq::kVel + dir], w_right[Eq::kPressure]};
  const StarRegion star = exact_star_region(left, right, gas);
  const SampledState at_face = exact_sample(left, right, star, gas, Real(0));
  typename Eq::State w_face = at_face.left_of_contact ? w_left : w_right;
  w_face[Eq::kRho] = at_face.w.rho;
  w_face[Eq::kVel + dir] = at_face.w.u;
  w_face[Eq::kPressure] = at_face.w.p;
  return Eq::flux_from_primitive(w_face, dir, gas);
}

}  // namespace portaflow::physics
