// Face values of the unsplit MUSCL scheme (scheme: muscl; Zimmerman et al. 2018), per conservative
// variable, from a cell value c and its backward and forward differences a = c - c_{i-1},
// b = c_{i+1} - c:
//   muscl2: linear, slope s = minmod(a, b) (limited) or (a + b)/2 (unlimited, Fromm);
//           minus = c - s/2, plus = c + s/2;
//   muscl3: van Leer's kappa scheme with kappa = 1/3 (Hirsch, "Numerical Computation of Internal
//           and External Flows", vol. 2, sec. 21.2; Koren's limited form):
//           plus  = c + [(1 - k) minmod(a, beta b) + (1 + k) minmod(b, beta a)] / 4,
//           minus = c - [(1 - k) minmod(b, beta a) + (1 + k) minmod(a, beta b)] / 4,
//           beta = (3 - k)/(1 - k) = 4; unlimited: plus = c + a/6 + b/3, minus = c - a/3 - b/6,
//           the third-order interpolants (-1/6, 5/6, 1/3) of cell averages to the face.
// The minmod form clips to first order at every extremum (a b <= 0), which caps a smooth
// problem's order (the vortex of Zimmerman et al. 2018: 1.5 for muscl2, 1.7 for muscl3, measured).
// Two remedies:
// `limiter: none` (smooth data only), or Shu's TVB relaxation (Shu 1987; Cockburn & Shu 1989):
// a difference with |a| <= M h^2 (fv.tvb_m = M) is left unlimited, so smooth extrema keep their
// slopes while jumps, whose differences are O(1), are still limited.
// Each reconstruction is a type: kernels are instantiated per choice on the host.
#pragma once

#include "portaflow/core/types.hpp"

namespace portaflow::fv {

KOKKOS_INLINE_FUNCTION Real minmod(Real a, Real b) {
  if (a * b <= 0) return 0;
  return a > 0 ? math::fmin(a, b) : math::fmax(a, b);
}

// minmod(a, b), or a itself when |a| <= tvb (= M h^2; 0: plain minmod).
KOKKOS_INLINE_FUNCTION Real tvb_minmod(Real a, Real b, Real tvb) {
  return math::fabs(a) <= tvb ? a : minmod(a, b);
}

struct FaceValues {
  Real minus, plus;
};

template <bool kLimited>
struct Muscl2 {
  static constexpr const char* kName = kLimited ? "muscl2 + minmod" : "muscl2 (unlimited)";
  KOKKOS_INLINE_FUNCTION static FaceValues faces(Real prev, Real c, Real next, Real tvb) {
    const Real a = c - prev, b = next - c;
    // TVB: the central slope is the unlimited one, so test and keep that.
    const Real central = Real(0.5) * (a + b);
    const Real slope = !kLimited || math::fabs(central) <= tvb ? central : minmod(a, b);
    const Real half_slope = Real(0.5) * slope;
    return {c - half_slope, c + half_slope};
  }
};

template <bool kLimited>
struct Muscl3 {
  static constexpr const char* kName = kLimited ? "muscl3 + minmod" : "muscl3 (unlimited)";
  KOKKOS_INLINE_FUNCTION static FaceValues faces(Real prev, Real c, Real next, Real tvb) {
    const Real a = c - prev, b = next - c;
    constexpr Real kappa = Real(1) / 3, beta = (3 - kappa) / (1 - kappa);
    const Real ab = kLimited ? tvb_minmod(a, beta * b, tvb) : a;  // backward, limited by forward
    const Real ba = kLimited ? tvb_minmod(b, beta * a, tvb) : b;  // forward, limited by backward
    return {c - Real(0.25) * ((1 - kappa) * ba + (1 + kappa) * ab),
            c + Real(0.25) * ((1 - kappa) * ab + (1 + kappa) * ba)};
  }
};

}  // namespace portaflow::fv
