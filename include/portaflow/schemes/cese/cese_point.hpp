// Pointwise CE/SE algebra for the a-alpha scheme on the staggered space-time mesh (the CE/SE GPU
// thesis (2016), ch. 3; Chang 1995; Chang, Wang & Himansu 1999; Shen et al. 2015).
//
// A half step carries the solution (u and its gradient) from points Q of one level to the points
// P of the next level, h = dt/2 later; each P sits at the centre of 2^Dim neighbours Q at
// offsets -sigma * dx/2 (sigma_d = +1: Q on the minus side of P in direction d).
//
// Update of u (eq. 3.14 in 1D, eq. 3.22 in 2D): flux conservation over the conservation element
// of P, the box between the neighbours spanning [t - h, t]. Integrating each neighbour's
// first-order Taylor expansions (eqs. 3.2-3.3) over the part of the CE's bottom and sides lying
// in its solution element gives
//     u_P = mean over Q of c(Q, sigma),
//     c(Q, sigma) = u + sum_d sigma_d a_d + [2D] sigma_x sigma_y a_xy,
//     a_d   = dx_d/4 u_d + (2h/dx_d) (f_d + h/2 f_d,t)          (u_d = du/dx_d, f_d = flux in d)
//     a_xy  = (h/2) (dy/dx) A_x u_y + (h/2) (dx/dy) A_y u_x     (transverse flux variation)
// with u_t = -sum_d A_d u_d and f_d,t = A_d u_t (A_d = dF_d/dU). In 1D this is eq. 3.14 with
// s of eq. 3.12; the thesis' 2D eqs. 3.18-3.31 were not legible in the copy used, so this form
// was derived again from eq. 3.17, and the tests check that for y-uniform data the 2D scheme
// reproduces the 1D one.
//
// Update of the gradient (the alpha-scheme, eqs. 3.13 and 3.15; Algorithm 5 in 2D): each
// neighbour's value is carried to the new level, u'_Q = u_Q + h u_t,Q, and one-sided differences
// from P to the neighbours are combined with the W0 average (eq. 3.9). In 1D the two sides of P;
// in 2D the two diagonals (LD-RU, RD-LU) as in Shen et al.'s quadrilateral scheme, converted to
// x and y derivatives.
#pragma once

#include "portaflow/physics/euler.hpp"
#include "portaflow/physics/w0_weighting.hpp"

namespace portaflow::cese {

// Constants of one half step.
template <int Dim>
struct HalfStep {
  Real h;             // time between the two levels (dt / 2)
  Real spacing[Dim];  // dx_d: distance between same-level points in direction d
  Real alpha;         // W0 exponent
  physics::IdealGas gas;
};

// What one point Q contributes to the points of the next level around it.
template <int Dim>
struct PointTerms {
  using State = typename physics::Euler<Dim>::State;
  static constexpr int kNumCross = Dim == 2 ? 1 : 0;
  State base;                                  // u
  State along[Dim];                            // a_d
  State cross[kNumCross > 0 ? kNumCross : 1];  // a_xy (2D)
  State predicted;                             // u + h u_t
};

template <int Dim>
KOKKOS_INLINE_FUNCTION PointTerms<Dim> point_terms(
    const typename physics::Euler<Dim>::State& u,
    const typename physics::Euler<Dim>::State (&grad)[Dim], const HalfStep<Dim>& step) {
  using E = physics::Euler<Dim>;
  constexpr int n = E::kNumVars;
  PointTerms<Dim> t;
  // One linearization serves the 2 + Dim (+ 2 in 2D) flux-Jacobian products and the fluxes.
  const auto lin = E::linearize(u, step.gas);
  // u_t = -sum_d A_d u_d (the Euler equations themselves).
  typename E::State u_t;
  for (int v = 0; v < n; ++v) u_t[v] = 0;
  for (int d = 0; d < Dim; ++d) {
    const auto a_grad = E::jacobian_times(lin, d, grad[d]);
    for (int v = 0; v < n; ++v) u_t[v] -= a_grad[v];
  }
  for (int d = 0; d < Dim; ++d) {
    const auto flux = E::flux(u, lin, d);
    const auto flux_t = E::jacobian_times(lin, d, u_t);
    const Real quarter = Real(0.25) * step.spacing[d];
    const Real flux_weight = 2 * step.h / step.spacing[d];
    for (int v = 0; v < n; ++v)
      t.along[d][v] =
          quarter * grad[d][v] + flux_weight * (flux[v] + Real(0.5) * step.h * flux_t[v]);
  }
  if constexpr (Dim == 2) {
    const auto ax_uy = E::jacobian_times(lin, 0, grad[1]);
    const auto ay_ux = E::jacobian_times(lin, 1, grad[0]);
    const Real wx = Real(0.5) * step.h * step.spacing[1] / step.spacing[0];
    const Real wy = Real(0.5) * step.h * step.spacing[0] / step.spacing[1];
    for (int v = 0; v < n; ++v) t.cross[0][v] = wx * ax_uy[v] + wy * ay_ux[v];
  }
  for (int v = 0; v < n; ++v) {
    t.base[v] = u[v];
    t.predicted[v] = u[v] + step.h * u_t[v];
  }
  return t;
}

// Read access to one point's terms, variable by variable: from registers (a PointTerms the
// caller computed) or from team scratch (scratch_terms.hpp). Combining through these keeps only
// one variable's worth of the 2^Dim neighbours' terms live at a time: on a GPU, four full
// PointTerms (80 doubles in 2D) would not fit in registers.
template <int Dim>
struct RegisterTerms {
  const PointTerms<Dim>& t;
  KOKKOS_INLINE_FUNCTION Real base(int v) const { return t.base[v]; }
  KOKKOS_INLINE_FUNCTION Real along(int d, int v) const { return t.along[d][v]; }
  KOKKOS_INLINE_FUNCTION Real cross(int v) const { return t.cross[0][v]; }
  KOKKOS_INLINE_FUNCTION Real predicted(int v) const { return t.predicted[v]; }
};

// New point between a left (sigma = +1) and a right (sigma = -1) neighbour: eqs. 3.14, 3.13,
// 3.15. store(v, u_v, u_x_v) receives each variable's result.
template <class Terms, class Store>
KOKKOS_INLINE_FUNCTION void combine_1d(const Terms& left, const Terms& right,
                                       const HalfStep<1>& step, const Store& store) {
  constexpr int n = physics::Euler<1>::kNumVars;
  const Real inv_half = 2 / step.spacing[0];
  for (int v = 0; v < n; ++v) {
    const Real u =
        Real(0.5) * ((left.base(v) + left.along(0, v)) + (right.base(v) - right.along(0, v)));
    const Real slope_minus = (u - left.predicted(v)) * inv_half;
    const Real slope_plus = (right.predicted(v) - u) * inv_half;
    store(v, u, physics::w0_average(slope_minus, slope_plus, step.alpha));
  }
}

// New point from its four neighbours LD, RD, LU, RU: eq. 3.22 (as derived above) and the
// diagonal alpha-scheme of Algorithm 5. Sums are paired (LD with RU, RD with LU) so that data
// symmetric under x <-> y give results symmetric to round-off. store(v, u_v, u_x_v, u_y_v).
template <class Terms, class Store>
KOKKOS_INLINE_FUNCTION void combine_2d(const Terms& ld, const Terms& rd, const Terms& lu,
                                       const Terms& ru, const HalfStep<2>& step,
                                       const Store& store) {
  constexpr int n = physics::Euler<2>::kNumVars;
  const Real inv_dx = 1 / step.spacing[0];
  const Real inv_dy = 1 / step.spacing[1];
  for (int v = 0; v < n; ++v) {
    // sigma = (+,+) for LD, (-,+) RD, (+,-) LU, (-,-) RU.
    const Real c_ld = ld.base(v) + (ld.along(0, v) + ld.along(1, v)) + ld.cross(v);
    const Real c_ru = ru.base(v) - (ru.along(0, v) + ru.along(1, v)) + ru.cross(v);
    const Real c_rd = rd.base(v) + (rd.along(1, v) - rd.along(0, v)) - rd.cross(v);
    const Real c_lu = lu.base(v) + (lu.along(0, v) - lu.along(1, v)) - lu.cross(v);
    const Real u = Real(0.25) * ((c_ld + c_ru) + (c_rd + c_lu));
    // One-sided differences along the diagonals, each over half a diagonal.
    const Real diag_a = physics::w0_average(u - ld.predicted(v), ru.predicted(v) - u, step.alpha);
    const Real diag_b = physics::w0_average(u - rd.predicted(v), lu.predicted(v) - u, step.alpha);
    store(v, u, (diag_a - diag_b) * inv_dx, (diag_a + diag_b) * inv_dy);
  }
}

}  // namespace portaflow::cese
