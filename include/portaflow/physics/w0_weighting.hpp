// The W0 non-linear weighted average of CE/SE's alpha-scheme: eq. 3.9 of the CE/SE GPU thesis
// (2016), after Chang, Wang & Himansu (1999):
//   W0(x-, x+, alpha) = (|x+|^alpha x- + |x-|^alpha x+) / (|x+|^alpha + |x-|^alpha),
// biased towards the smaller of the two one-sided slopes, so a derivative next to a
// discontinuity is taken from the smooth side. alpha = 0 is the plain average.
#pragma once

#include "portaflow/core/types.hpp"

namespace portaflow::physics {

KOKKOS_INLINE_FUNCTION Real w0_weight_power(Real x, Real alpha) {
  // alpha = 2 (the thesis' and most literature's choice) without a pow() call.
  const Real a = math::fabs(x);
  return alpha == Real(2) ? a * a : (alpha == Real(1) ? a : math::pow(a, alpha));
}

KOKKOS_INLINE_FUNCTION Real w0_average(Real x_minus, Real x_plus, Real alpha) {
  const Real w_minus = w0_weight_power(x_plus, alpha);  // weight of x- grows with |x+|
  const Real w_plus = w0_weight_power(x_minus, alpha);
  const Real sum = w_minus + w_plus;
  // Both slopes zero (or both underflowing to zero weight): the average is the plain mean.
  return sum > 0 ? (w_minus * x_minus + w_plus * x_plus) / sum : Real(0.5) * (x_minus + x_plus);
}

}  // namespace portaflow::physics
