// Slope limiters of Toro's MUSCL-Hancock scheme ("Riemann Solvers and Numerical Methods for
// Fluid Dynamics", 3rd ed., sec. 14.4, eqs. 14.37-14.53, with omega = 0), the four that Blakely
// (LSC lecture) uses: the limited slope is xi(r) * (a + b) / 2 for the backward and forward
// differences a, b and r = a / b, with xi_R(r) = 2 / (1 + r):
//   first_order  xi = 0
//   minbee       xi = r for 0 < r <= 1, min(1, xi_R) for r > 1
//   van_leer     xi = min(2r / (1 + r), xi_R) for r > 0
//   superbee     xi = 2r (0 < r <= 1/2), 1 (1/2 < r <= 1), min(r, xi_R, 2) (r > 1)
// and xi = 0 for r <= 0 (an extremum: no slope). Each is a type so schemes instantiate their
// kernels per limiter on the host, and no kernel switches on a runtime value per cell.
#pragma once

#include "portaflow/core/types.hpp"

namespace portaflow::physics {

namespace detail {
KOKKOS_INLINE_FUNCTION Real xi_r(Real r) { return 2 / (1 + r); }
// min(a, b) as a comparison: fmin is a library call on a CPU, which keeps a loop over cells from
// vectorising; the arguments here are never NaN (r = a / b with a b > 0).
KOKKOS_INLINE_FUNCTION Real smaller(Real a, Real b) { return b < a ? b : a; }
}  // namespace detail

struct FirstOrderLimiter {
  static constexpr const char* kName = "first_order";
  KOKKOS_INLINE_FUNCTION static Real xi(Real) { return 0; }
};

struct MinbeeLimiter {
  static constexpr const char* kName = "minbee";
  KOKKOS_INLINE_FUNCTION static Real xi(Real r) {
    return r <= 1 ? r : detail::smaller(Real(1), detail::xi_r(r));
  }
};

struct VanLeerLimiter {
  static constexpr const char* kName = "van_leer";
  KOKKOS_INLINE_FUNCTION static Real xi(Real r) {
    return detail::smaller(2 * r / (1 + r), detail::xi_r(r));
  }
  // xi(r) (a + b) / 2 in closed form, without the three divisions: for 0 < r <= 1 it is
  // r (a + b) / (1 + r) = a, for r > 1 it is (a + b) / (1 + r) = b, i.e. the difference of
  // smaller magnitude (with omega = 0 Toro's van Leer-type slope is minmod's).
  KOKKOS_INLINE_FUNCTION static Real slope(Real a, Real b) {
    return math::fabs(a) <= math::fabs(b) ? a : b;
  }
};

struct SuperbeeLimiter {
  static constexpr const char* kName = "superbee";
  KOKKOS_INLINE_FUNCTION static Real xi(Real r) {
    if (r <= Real(0.5)) return 2 * r;
    if (r <= 1) return 1;
    return detail::smaller(detail::smaller(r, detail::xi_r(r)), Real(2));
  }
};

namespace detail {
// Limiter::slope(a, b) where a limiter has a closed form, xi(a / b) (a + b) / 2 otherwise.
template <class Limiter, class = void>
struct HasSlope {
  static constexpr bool value = false;
};
template <class Limiter>
struct HasSlope<Limiter, decltype(void(Limiter::slope(Real(1), Real(1))))> {
  static constexpr bool value = true;
};
}  // namespace detail

// The limited slope from the backward (a) and forward (b) differences.
template <class Limiter>
KOKKOS_INLINE_FUNCTION Real limited_slope(Real a, Real b) {
  if (!(a * b > 0)) return 0;  // extremum or flat side: r <= 0 (or b = 0, r infinite: xi_R = 0)
  if constexpr (detail::HasSlope<Limiter>::value)
    return Limiter::slope(a, b);
  else
    return Limiter::xi(a / b) * Real(0.5) * (a + b);
}

}  // namespace portaflow::physics
