// Spectral difference's residual (Zimmerman et al. 2018, sec. 2.5, eqs. 30-35;
// Liu, Vinokur & Wang 2006; Kopriva & Kolias 1996), fused with the stage update like the other
// methods (element_residual.hpp). The solution lives at N x N Gauss-Legendre points; the xi flux at
// (N + 1) x N flux points (x_r, eta_b) and the eta flux at N x (N + 1) points (xi_a, x_r), x_r
// the N + 1 flux points per direction with both element ends among them:
//
//   dU/dt = -1/J [ sum_r l_r'(xi_a) Ft_rb + sum_r l_r'(eta_b) Gt_ar ],
//
// Ft = F(U_r) . n_xi at the interior flux points, U_r the solution interpolated there
// (to_flux), and the common flux Fh at the two ends r = 0, N (element_faces.hpp, Gauss traces as
// for dg). The flux polynomial has degree N in its direction and the N Gauss weights integrate
// its derivative exactly, so sum over points of w_a w_b J dU/dt is the difference of the common
// fluxes: conservative on curved elements too. A uniform flow stays uniform when the mapping's
// degree is at most N - 1 in each direction (isoparametric elements: it is), because then F . n_xi
// is interpolated exactly and the discrete metric identity is the exact one.
#pragma once

#include "portaflow/schemes/highorder/element_residual.hpp"

namespace portaflow::highorder {

// The area normals at the interior flux points: n_xi at xi flux point (J, ex (N + 1) + r) and
// n_eta at eta flux point (ey (N + 1) + r, I) (ends included for simple indexing, unused).
struct SdFluxPointNormals {
  Field2D x;  // (2, ny N, nx (N + 1))
  Field2D y;  // (2, ny (N + 1), nx N)
};

// The contravariant flux at interior flux point r of the line of N solution points starting at
// `first` along a row (Vertical false: J = line) or a column (I = line).
template <int N, bool Vertical>
KOKKOS_INLINE_FUNCTION E2::State sd_flux_point_flux(const Field2D& w, const LineOperators<N>& ops,
                                                    Index line, Index first, int r, Real n_x,
                                                    Real n_y, const physics::IdealGas& gas) {
  E2::State q;
  for (int v = 0; v < E2::kNumVars; ++v) {
    Real sum = 0;
    for (int c = 0; c < N; ++c)
      sum += ops.to_flux[r * N + c] * (Vertical ? w(v, first + c, line) : w(v, line, first + c));
    q[v] = sum;
  }
  return physics::normal_flux(q, n_x, n_y, gas);
}

template <int N>
KOKKOS_INLINE_FUNCTION void sd_point_update(const StageArrays& s, const SdFluxPointNormals& fp,
                                            const LineOperators<N>& ops,
                                            const physics::IdealGas& gas, Index J, Index I) {
  const Index ex = I / N, ey = J / N;
  const Index i0 = ex * N, j0 = ey * N;
  const int a = I - i0, b = J - j0;
  E2::State div;
  for (int v = 0; v < E2::kNumVars; ++v)
    div[v] = ops.flux_derivative[a * (N + 1)] * s.fluxes_x(v, J, ex) +
             ops.flux_derivative[a * (N + 1) + N] * s.fluxes_x(v, J, ex + 1) +
             ops.flux_derivative[b * (N + 1)] * s.fluxes_y(v, ey, I) +
             ops.flux_derivative[b * (N + 1) + N] * s.fluxes_y(v, ey + 1, I);
  for (int r = 1; r < N; ++r) {
    const Index fx = ex * (N + 1) + r, fy = ey * (N + 1) + r;
    const auto f =
        sd_flux_point_flux<N, false>(s.w, ops, J, i0, r, fp.x(0, J, fx), fp.x(1, J, fx), gas);
    const auto g =
        sd_flux_point_flux<N, true>(s.w, ops, I, j0, r, fp.y(0, fy, I), fp.y(1, fy, I), gas);
    const Real d_xi = ops.flux_derivative[a * (N + 1) + r];
    const Real d_eta = ops.flux_derivative[b * (N + 1) + r];
    for (int v = 0; v < E2::kNumVars; ++v) div[v] += d_xi * f[v] + d_eta * g[v];
  }
  const Real inv_jac = s.metrics(4, J, I);
  for (int v = 0; v < E2::kNumVars; ++v)
    s.target(v, J, I) = s.a * s.un(v, J, I) + s.b * (s.w(v, J, I) - s.dt * inv_jac * div[v]);
}

// One thread per solution point (each recomputes its row's and column's interior flux points:
// N - 1 interpolations of N values per direction, against a second kernel's round trip).
template <int N>
void residual_update_sd(const StageArrays& s, const SdFluxPointNormals& fp,
                        const LineOperators<N>& ops, Index nx, Index ny,
                        const physics::IdealGas& gas) {
  par_for(
      "highorder.residual_sd", IndexBox2D{{0, ny * N}, {0, nx * N}},
      KOKKOS_LAMBDA(Index J, Index I) { sd_point_update<N>(s, fp, ops, gas, J, I); });
}

}  // namespace portaflow::highorder
