// Exact Riemann solver for the ideal-gas Euler equations, pointwise.
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
//
// Written for the finite-volume kernels, which solve one problem per face and step: each side's
// constants are computed once a problem (riemann_exact_side.hpp), a rarefaction side costs one
// power (q = (p / p_K)^((gamma - 1) / (2 gamma)); its derivative and the star density follow from
// q), the last Newton evaluation gives u* and the q of the star state to round-off, and equal
// pressures and normal velocities (uniform flow, a lone contact) are solved with no arithmetic.
#pragma once

#include "portaflow/core/types.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/physics/riemann_exact_side.hpp"

namespace portaflow::physics {

// The star region between the left and right nonlinear waves.
//   vacuum == false: p, u are Toro's p*, u* (eqs. 4.5 and 4.9); iterations is the number of
//     Newton steps taken (0 when the two-rarefaction closed form, eq. 4.46, is exact, or the
//     data have equal pressures and normal velocities); q_left, q_right are
//     (p*/p_K)^((gamma - 1)/(2 gamma)) for a side K with p* <= p_K (a rarefaction or no wave),
//     which the sampler needs for the star density and the fan's tail, and 0 for a shock side.
//   vacuum == true: the data has vacuum on one side, or generates it (sec. 4.6). Then p = 0 and u
//     is the speed of the gas-vacuum front for a one-sided vacuum (sec. 4.6.1, 4.6.2), the mean
//     of the two front speeds when vacuum is generated (sec. 4.6.3), and 0 when both sides are
//     vacuum.
struct StarRegion {
  Real p;
  Real u;
  bool vacuum;
  int iterations;
  Real q_left = 0;
  Real q_right = 0;
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

// The star state on one side of the contact: p*, u* and that side's star density.
KOKKOS_INLINE_FUNCTION PrimitiveState1D star_state(const Side& side, const StarRegion& star,
                                                   Real density_ratio) {
  return PrimitiveState1D{side.rho * density_ratio, star.u, star.p};
}

// The solution at s when there is vacuum in the data or between the waves (sec. 4.6): each side
// with gas (left_gas, right_gas) is its state, then its fan up to the gas-vacuum front; vacuum
// lies between the fronts.
KOKKOS_INLINE_FUNCTION SampledState sample_with_vacuum(const Side& left, bool left_gas,
                                                       const Side& right, bool right_gas,
                                                       const StarRegion& star,
                                                       const GammaConstants& g, Real s) {
  SampledState out;
  if (left_gas && s < left_vacuum_front(left, g)) {
    out.left_of_contact = true;
    out.w = s <= left.u - left.a ? left.state() : left_fan(left, s, g);
  } else if (right_gas && s > right_vacuum_front(right, g)) {
    out.left_of_contact = false;
    out.w = s >= right.u + right.a ? right.state() : right_fan(right, s, g);
  } else {
    out.left_of_contact = s <= star.u;
    out.w = vacuum_state(s);
  }
  return out;
}

// The star region of two gas states (neither a vacuum): sec. 4.3 and 4.6.3.
KOKKOS_INLINE_FUNCTION StarRegion star_region(const Side& left, const Side& right,
                                              const GammaConstants& g) {
  const Real du = right.u - left.u;
  StarRegion star{0, 0, false, 0};

  // 1. Pressure positivity condition (eq. 4.40): (du)_crit = 2 (a_L + a_R)/(g - 1) > u_R - u_L, or
  //    the two rarefactions leave a vacuum between them (sec. 4.6.3).
  if (g.g4 * (left.a + right.a) <= du) {
    star.u = Real(0.5) * (left_vacuum_front(left, g) + right_vacuum_front(right, g));
    star.vacuum = true;
    return star;
  }

  // 2. Equal pressures and normal velocities: f_K(p_K) = 0 on both sides, so p* = p_K and
  //    u* = u_K exactly, with no wave but (for unequal densities) the contact. Uniform flow
  //    and the flat parts of a solution land here, and are then solved exactly.
  if (left.p == right.p && du == 0) {
    star.p = left.p;
    star.u = left.u;
    star.q_left = star.q_right = 1;
    return star;
  }

  // 3. f(p_min): the side whose pressure is p_min contributes f_K(p_K) = 0, the other its
  //    rarefaction branch. Values are selected, not references: a reference chosen at run time
  //    would put both sides in a GPU thread's local memory.
  const bool left_is_min = left.p <= right.p;
  const Real p_min = left_is_min ? left.p : right.p;
  const Real p_max = left_is_min ? right.p : left.p;
  const Real a_at_min = left_is_min ? left.a : right.a;
  const Real a_at_max = left_is_min ? right.a : left.a;
  const Real q_at_p_min =  // (p_min / p_max)^g1
      p_min == p_max ? Real(1)
                     : math::pow_positive(p_min * (left_is_min ? right.inv_p : left.inv_p), g.g1);
  // Two rarefactions (eq. 4.46), scaled by p_max: x = (p*/p_max)^g1 =
  // (a_L + a_R - g7 du) / (a_max + a_min (p_max/p_min)^g1), positive by step 1.
  const auto two_rarefaction_x = [&] {
    return (left.a + right.a - g.g7 * du) / (a_at_max + a_at_min / q_at_p_min);
  };
  if (g.g4 * a_at_max * (q_at_p_min - 1) + du >= 0) {
    // 4. f(p_min) >= 0: both waves are rarefactions (sec. 4.3.1) and eq. 4.46 is exact. The q
    //    of each side follows from x, and u* (eq. 4.9) from f_K = g4 a_K (q_K - 1).
    const Real x = two_rarefaction_x();
    star.p = p_max * math::pow_positive(x, g.g3);  // x^(1/g1), 1/g1 = g3
    const Real q_at_min = x / q_at_p_min;
    star.q_left = left_is_min ? q_at_min : x;
    star.q_right = left_is_min ? x : q_at_min;
    star.u = Real(0.5) * (left.u + right.u) +
             Real(0.5) * g.g4 * (right.a * (star.q_right - 1) - left.a * (star.q_left - 1));
    return star;
  }

  // 5. Newton-Raphson (sec. 4.3.2, eq. 4.44) from Toro's adaptive guess (routine GUESSP of his
  //    Fortran program at the end of ch. 4): PVRS (eq. 4.47) when p_max/p_min <= 2 and the PVRS
  //    value lies in [p_min, p_max], else two-rarefaction (eq. 4.46) or two-shock (eq. 4.48).
  const Real p_pvrs =
      math::fmax(Real(0), Real(0.5) * (left.p + right.p) -
                              Real(0.125) * du * (left.rho + right.rho) * (left.a + right.a));
  Real p_guess;
  if (p_max <= 2 * p_min && p_min <= p_pvrs && p_pvrs <= p_max) {
    p_guess = p_pvrs;
  } else if (p_pvrs < p_min) {
    p_guess = p_max * math::pow_positive(two_rarefaction_x(), g.g3);
  } else {
    const Real gl = math::sqrt(left.shock_a / (left.shock_b + p_pvrs));
    const Real gr = math::sqrt(right.shock_a / (right.shock_b + p_pvrs));
    p_guess = (gl * left.p + gr * right.p - du) / (gl + gr);
  }
  // Here f(p_min) < 0, so p* > p_min. f is increasing and concave (sec. 4.3.1), so a Newton step
  // from any p < p* stays below p* and climbs monotonically; from p > p* it lands below p*.
  // Clamping the iterates to p_min (where f < 0) therefore never loses the root and replaces
  // Toro's absolute floor TOLPRE, which is scale dependent.
  const Real tolerance = pressure_tolerance<Real>();
  Real p = math::fmax(p_guess, p_min);
  Real p_evaluated = p;
  PressureFunction fl{}, fr{};
  for (int k = 0; k < kMaxNewtonIterations; ++k) {
    p_evaluated = p;
    const Real inv_p = math::fast_reciprocal(p);
    fl = pressure_function(p, inv_p, left, g);
    fr = pressure_function(p, inv_p, right, g);
    p = math::fmax(p_min, p - (fl.value + fr.value + du) / (fl.derivative + fr.derivative));
    star.iterations = k + 1;
    // Toro's CHA > tolerance, multiplied through by p + p_old > 0 (a NaN stops too, rather than
    // spinning to the cap).
    if (!(2 * math::fabs(p - p_evaluated) > tolerance * (p + p_evaluated))) break;
  }
  star.p = p;
  // u* (eq. 4.9) and each rarefaction side's q at p*, from the last evaluation at p_evaluated and
  // its derivative: the step p - p_evaluated is below the tolerance relative to p, so the
  // neglected second-order terms are below round-off (f_K is twice continuously
  // differentiable, also across p_K, sec. 4.3.1).
  const Real step = p - p_evaluated;
  star.u = Real(0.5) * (left.u + right.u) +
           Real(0.5) * (fr.value - fl.value + (fr.derivative - fl.derivative) * step);
  const Real relative_step = step * math::fast_reciprocal(p_evaluated);
  star.q_left = star_q(p, relative_step, fl, left, g);
  star.q_right = star_q(p, relative_step, fr, right, g);
  return star;
}

// The solution at s of two gas states (neither a vacuum) whose star region is `star`.
KOKKOS_INLINE_FUNCTION SampledState sample(const Side& left, const Side& right,
                                           const StarRegion& star, const GammaConstants& g,
                                           Real s) {
  // Two rarefactions leaving a vacuum between them (sec. 4.6.3).
  if (star.vacuum) return sample_with_vacuum(left, true, right, true, star, g, s);
  SampledState out;
  out.left_of_contact = s <= star.u;
  if (out.left_of_contact) {
    if (star.p > left.p) {
      // Left shock: speed eq. 4.52, star density eq. 4.50.
      const Real pressure_ratio = star.p * left.inv_p;
      const Real shock_speed = left.u - left.a * math::sqrt(g.g2 * pressure_ratio + g.g1);
      out.w = s <= shock_speed ? left.state()
                               : star_state(left, star, shock_density_ratio(pressure_ratio, g));
    } else if (s <= left.u - left.a) {  // left of the rarefaction's head (eq. 4.55)
      out.w = left.state();
    } else if (s >= star.u - left.a * star.q_left) {  // right of its tail, a*_L = a_L q (eq. 4.54)
      out.w = star_state(left, star, rarefaction_density_ratio(star.p * left.inv_p, star.q_left));
    } else {
      out.w = left_fan(left, s, g);
    }
  } else {
    if (star.p > right.p) {
      // Right shock: speed eq. 4.59, star density eq. 4.57.
      const Real pressure_ratio = star.p * right.inv_p;
      const Real shock_speed = right.u + right.a * math::sqrt(g.g2 * pressure_ratio + g.g1);
      out.w = s >= shock_speed ? right.state()
                               : star_state(right, star, shock_density_ratio(pressure_ratio, g));
    } else if (s >= right.u + right.a) {  // right of the rarefaction's head (eq. 4.62)
      out.w = right.state();
    } else if (s <= star.u + right.a * star.q_right) {  // left of its tail (eq. 4.61)
      out.w =
          star_state(right, star, rarefaction_density_ratio(star.p * right.inv_p, star.q_right));
    } else {
      out.w = right_fan(right, s, g);
    }
  }
  return out;
}

// A side of a problem whose other side may be a vacuum: its gas, or a vacuum marker.
KOKKOS_INLINE_FUNCTION Side side_or_vacuum(const PrimitiveState1D& w, const GammaConstants& g) {
  return is_vacuum(w) ? Side{} : Side::of(w, 1 / w.rho, g);
}

}  // namespace exact_riemann_detail

// Star-region pressure and velocity (Toro sec. 4.3, vacuum sec. 4.6).
KOKKOS_INLINE_FUNCTION StarRegion exact_star_region(const PrimitiveState1D& left,
                                                    const PrimitiveState1D& right,
                                                    const IdealGas& gas) {
  namespace detail = exact_riemann_detail;
  const detail::GammaConstants g(gas.gamma);
  const bool left_vacuum = detail::is_vacuum(left);
  const bool right_vacuum = detail::is_vacuum(right);
  // Vacuum in the data (sec. 4.6.1 and 4.6.2): a single rarefaction into the vacuum.
  if (left_vacuum && right_vacuum) return StarRegion{0, 0, true, 0};
  const detail::Side l = detail::side_or_vacuum(left, g);
  const detail::Side r = detail::side_or_vacuum(right, g);
  if (right_vacuum) return StarRegion{0, detail::left_vacuum_front(l, g), true, 0};
  if (left_vacuum) return StarRegion{0, detail::right_vacuum_front(r, g), true, 0};
  return detail::star_region(l, r, g);
}

// The solution of the Riemann problem at similarity coordinate s = (x - x0)/t (sec. 4.5, and
// sec. 4.6 for vacuum). `star` must come from exact_star_region(left, right, gas).
KOKKOS_INLINE_FUNCTION SampledState exact_sample(const PrimitiveState1D& left,
                                                 const PrimitiveState1D& right,
                                                 const StarRegion& star, const IdealGas& gas,
                                                 Real s) {
  namespace detail = exact_riemann_detail;
  const detail::GammaConstants g(gas.gamma);
  const bool left_vacuum = detail::is_vacuum(left);
  const bool right_vacuum = detail::is_vacuum(right);
  const detail::Side l = detail::side_or_vacuum(left, g);
  const detail::Side r = detail::side_or_vacuum(right, g);
  if (!left_vacuum && !right_vacuum) return detail::sample(l, r, star, g, s);
  // Gas on one side at most (sec. 4.6.1, 4.6.2): that gas, its fan and the vacuum beyond it.
  return detail::sample_with_vacuum(l, !left_vacuum, r, !right_vacuum, star, g, s);
}

namespace exact_riemann_detail {

// The Godunov flux of exact_riemann_flux, with 1 / rho of each side given (unused for a side with
// rho <= 0, a vacuum).
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State godunov_flux(
    const typename Euler<Dim>::State& w_left, Real inv_rho_left,
    const typename Euler<Dim>::State& w_right, Real inv_rho_right, int dir, const IdealGas& gas) {
  using Eq = Euler<Dim>;
  const PrimitiveState1D left{w_left[Eq::kRho], w_left[Eq::kVel + dir], w_left[Eq::kPressure]};
  const PrimitiveState1D right{w_right[Eq::kRho], w_right[Eq::kVel + dir], w_right[Eq::kPressure]};
  SampledState at_face;
  if (is_vacuum(left) || is_vacuum(right)) {
    at_face = exact_sample(left, right, exact_star_region(left, right, gas), gas, Real(0));
  } else {
    const GammaConstants g(gas.gamma);
    const Side l = Side::of(left, inv_rho_left, g);
    const Side r = Side::of(right, inv_rho_right, g);
    at_face = sample(l, r, star_region(l, r, g), g, Real(0));
  }
  typename Eq::State w_face = at_face.left_of_contact ? w_left : w_right;
  w_face[Eq::kRho] = at_face.w.rho;
  w_face[Eq::kVel + dir] = at_face.w.u;
  w_face[Eq::kPressure] = at_face.w.p;
  return Eq::flux_from_primitive(w_face, dir, gas);
}

}  // namespace exact_riemann_detail

// Godunov flux (Toro ch. 6: the flux of the exact solution on the face) through a face normal to
// direction dir: the physical flux of the exact solution at s = 0. w_left and w_right are
// Euler<Dim> primitive states (rho, u_1..u_Dim, p), a side with rho <= 0 a vacuum; the result is
// the conservative flux. The Riemann problem is solved in the normal velocity; the transverse
// velocities are passive scalars advected by the contact (Toro's split multi-dimensional case,
// end of ch. 4), so they are taken from the side of the contact that s = 0 lies on.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State exact_riemann_flux(
    const typename Euler<Dim>::State& w_left, const typename Euler<Dim>::State& w_right, int dir,
    const IdealGas& gas) {
  using Eq = Euler<Dim>;
  const Real inv_rho_left = w_left[Eq::kRho] > 0 ? 1 / w_left[Eq::kRho] : Real(0);
  const Real inv_rho_right = w_right[Eq::kRho] > 0 ? 1 / w_right[Eq::kRho] : Real(0);
  return exact_riemann_detail::godunov_flux<Dim>(w_left, inv_rho_left, w_right, inv_rho_right, dir,
                                                 gas);
}

// The same from face states (euler.hpp), whose 1 / rho the solver reuses.
template <int Dim>
KOKKOS_INLINE_FUNCTION typename Euler<Dim>::State exact_riemann_flux(const FaceState<Dim>& left,
                                                                     const FaceState<Dim>& right,
                                                                     int dir, const IdealGas& gas) {
  return exact_riemann_detail::godunov_flux<Dim>(left.w, left.inv_rho, right.w, right.inv_rho, dir,
                                                 gas);
}

}  // namespace portaflow::physics
