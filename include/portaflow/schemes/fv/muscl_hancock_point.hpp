// MUSCL-Hancock, pointwise (Toro, "Riemann Solvers and Numerical Methods for Fluid Dynamics",
// 3rd ed., sec. 14.4.2; Blakely, LSC lecture): for cell i with neighbours i-1, i+1 along dir,
//   1. limited slope per conservative variable, Delta_i (slope_limiters.hpp);
//   2. boundary-extrapolated values U^L = U_i - Delta_i / 2, U^R = U_i + Delta_i / 2;
//   3. evolution by half a time step: Ubar^{L,R} = U^{L,R} + (dt / 2dx) (F(U^L) - F(U^R))
//      (eq. 14.40), with a first-order fallback where that leaves a non-physical state;
// the face flux is then a Riemann solver's between Ubar^R of the left cell and Ubar^L of the right.
#pragma once

#include "portaflow/core/fast_math.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/physics/slope_limiters.hpp"

namespace portaflow::fv {

template <int Dim>
struct EvolvedFaces {
  typename physics::Euler<Dim>::State minus;  // Ubar^L: at the cell's face towards -dir
  typename physics::Euler<Dim>::State plus;   // Ubar^R: at the face towards +dir
};

// Finite values, positive density and pressure (Euler::is_physical) of a primitive state made by
// Euler::face_state, tested on rho and p alone: there p = (gamma - 1) (E - |m|^2 / (2 rho)), so a
// velocity m / rho that is infinite or NaN, or a non-finite E, leaves p infinite or NaN (an
// overflowing m / rho overflows |m|^2 / rho too), and finite positive rho and p mean finite u and
// v (MusclHancock2D.PhysicalityOnRhoAndPMatchesTheFullTest). Four comparisons instead of two and
// one finiteness test a value (H200, HLLC, 4096^2: the y sweep with the dt maximum 2% faster,
// the others within 1%; perf/results/SUMMARY.md). Bitwise & of the tests, no early return: a
// single value, so GCC can vectorise loops that call it.
template <int Dim>
KOKKOS_INLINE_FUNCTION bool primitive_is_physical(const typename physics::Euler<Dim>::State& w) {
  using E = physics::Euler<Dim>;
  constexpr Real kLargest = Kokkos::Experimental::finite_max<Real>::value;
  return (w[E::kRho] > 0) & (w[E::kRho] <= kLargest) & (w[E::kPressure] > 0) &
         (w[E::kPressure] <= kLargest);
}

// The split scheme's CFL rate of a 2D cell, max((|u| + c) / dx, (|v| + c) / dy) (each sweep is a
// 1D step with its own condition, Toro sec. 16.2), from its face state; infinity where the state
// is not physical. Every MUSCL-Hancock 2D kernel's dt maximum uses it.
KOKKOS_INLINE_FUNCTION double split_wave_rate(const physics::FaceState<2>& f,
                                              const physics::IdealGas& gas, double inv_dx,
                                              double inv_dy) {
  using E = physics::Euler<2>;
  if (!primitive_is_physical<2>(f.w)) return math::infinity();
  const Real c = math::fast_sqrt(gas.gamma * f.w[E::kPressure] * f.inv_rho);
  const double rate_x = double(math::fabs(f.w[E::kVel]) + c) * inv_dx;
  const double rate_y = double(math::fabs(f.w[E::kVel + 1]) + c) * inv_dy;
  return rate_x > rate_y ? rate_x : rate_y;  // not fmax: a library call that stops vectorising
}

KOKKOS_INLINE_FUNCTION double split_wave_rate(const physics::Euler<2>::State& s,
                                              const physics::IdealGas& gas, double inv_dx,
                                              double inv_dy) {
  return split_wave_rate(physics::Euler<2>::face_state(s, gas), gas, inv_dx, inv_dy);
}

// max(rate, split_wave_rate(s)), with the square root only where the cell may raise the maximum:
// with bound = rate (1 - 1e-4), a cell whose c^2 / dx^2 < (bound - |u| / dx)^2 and likewise in y
// has a rate below the bound, by far more than the rounding of either form in float or double,
// so skipping it leaves exactly the maximum of split_wave_rate, in whatever order cells come.
// A test without the reciprocal (multiplied through by rho, 17 FP64 instructions a cell on its
// common path against 30) ran both rated sweeps 1% slower on the H200, and, sharing the products
// |m|^2 with split_wave_rate's path, changed nvcc's FMA contraction there, so the GPU's maximum no
// longer matched the CPU's bit for bit (perf/results/SUMMARY.md).
KOKKOS_INLINE_FUNCTION double raise_split_wave_rate(double rate, const physics::Euler<2>::State& s,
                                                    const physics::IdealGas& gas, double inv_dx,
                                                    double inv_dy) {
  using E = physics::Euler<2>;
  const auto f = E::face_state(s, gas, math::fast_reciprocal(s[E::kRho]));
  const double c2 = gas.gamma * f.w[E::kPressure] * f.inv_rho;  // NaN fails every test below
  const double bound = rate * (1 - 1e-4);
  const double gx = bound - math::fabs(f.w[E::kVel]) * inv_dx;
  const double gy = bound - math::fabs(f.w[E::kVel + 1]) * inv_dy;
  if (primitive_is_physical<2>(f.w) && gx > 0 && gy > 0 && c2 * inv_dx * inv_dx < gx * gx &&
      c2 * inv_dy * inv_dy < gy * gy)
    return rate;
  return math::fmax(rate, split_wave_rate(f, gas, inv_dx, inv_dy));
}

// Steps 1-3 without the fallback: the conservative evolved boundary values.
template <int Dim, class Limiter>
KOKKOS_INLINE_FUNCTION EvolvedFaces<Dim> half_step_faces(
    const typename physics::Euler<Dim>::State& previous,
    const typename physics::Euler<Dim>::State& centre,
    const typename physics::Euler<Dim>::State& next, int dir, Real half_dt_over_dx,
    const physics::IdealGas& gas) {
  using E = physics::Euler<Dim>;
  EvolvedFaces<Dim> f;
  for (int v = 0; v < E::kNumVars; ++v) {
    const Real slope =
        physics::limited_slope<Limiter>(centre[v] - previous[v], next[v] - centre[v]);
    f.minus[v] = centre[v] - Real(0.5) * slope;
    f.plus[v] = centre[v] + Real(0.5) * slope;
  }
  Real inv_rho_minus, inv_rho_plus;
  math::reciprocal_pair(f.minus[E::kRho], f.plus[E::kRho], inv_rho_minus, inv_rho_plus);
  const auto flux_minus = E::flux(f.minus, dir, gas, inv_rho_minus);
  const auto flux_plus = E::flux(f.plus, dir, gas, inv_rho_plus);
  for (int v = 0; v < E::kNumVars; ++v) {
    const Real change = half_dt_over_dx * (flux_minus[v] - flux_plus[v]);
    f.minus[v] += change;
    f.plus[v] += change;
  }
  return f;
}

// A cell's evolved boundary values as face states (what a Riemann solver takes: primitives with
// E and 1 / rho).
template <int Dim>
struct EvolvedFaceStates {
  physics::FaceState<Dim> minus, plus;
};

// Steps 1-3 with a first-order fallback, the physicality test done on the primitives needed
// anyway. Next to a near-vacuum (Toro's test 2) the extrapolation and half step can leave a
// state with rho <= 0 or p <= 0, which no Riemann solver accepts: such a cell falls back to first
// order (both face values = the cell average), which Godunov's scheme keeps positive.
template <int Dim, class Limiter>
KOKKOS_INLINE_FUNCTION EvolvedFaceStates<Dim> evolved_face_states(
    const typename physics::Euler<Dim>::State& previous,
    const typename physics::Euler<Dim>::State& centre,
    const typename physics::Euler<Dim>::State& next, int dir, Real half_dt_over_dx,
    const physics::IdealGas& gas) {
  using E = physics::Euler<Dim>;
  const auto f = half_step_faces<Dim, Limiter>(previous, centre, next, dir, half_dt_over_dx, gas);
  Real inv_rho_minus, inv_rho_plus;
  math::reciprocal_pair(f.minus[E::kRho], f.plus[E::kRho], inv_rho_minus, inv_rho_plus);
  EvolvedFaceStates<Dim> e{E::face_state(f.minus, gas, inv_rho_minus),
                           E::face_state(f.plus, gas, inv_rho_plus)};
  // The fallback, tested on the primitives (a non-finite conservative value leaves a
  // non-finite primitive). Assigned value by value: a whole-struct copy under a
  // condition keeps `e` in memory, and then a CPU loop over cells does not vectorise.
  if (!primitive_is_physical<Dim>(e.minus.w) || !primitive_is_physical<Dim>(e.plus.w)) {
    const auto first_order = E::face_state(centre, gas);
    for (int v = 0; v < E::kNumVars; ++v) e.minus.w[v] = e.plus.w[v] = first_order.w[v];
    e.minus.energy = e.plus.energy = first_order.energy;
    e.minus.inv_rho = e.plus.inv_rho = first_order.inv_rho;
  }
  return e;
}

}  // namespace portaflow::fv
