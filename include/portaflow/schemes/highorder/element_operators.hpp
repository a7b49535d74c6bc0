// The one-dimensional element operators of a method at N points per direction, built once on the
// host in double by exact quadrature (basis_1d.hpp) and handed to kernels by value (they are a
// few hundred bytes: a kernel argument, in the GPU's constant cache). The quadrilateral's
// operators are their tensor products: applied along the rows (xi) and the columns (eta) of an
// element's N x N points.
#pragma once

#include <vector>

#include "portaflow/core/types.hpp"
#include "portaflow/schemes/highorder/basis_1d.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

// The host tables, in double. Index [a * n + c]: row a (the point the result is at), column c.
struct LineOperatorTables {
  PointSet1D points;  // the solution points and their quadrature weights
  // Strong derivative: D[a][c] = l_c'(x_a), the derivative at x_a of the interpolant through the
  // point values.
  std::vector<double> derivative;
  // DG's weak derivative: S[a][c] = w_c l_a'(x_c) / w_a, the volume integral of l_a' f with the
  // mass matrix (diagonal for collocated Gauss points) divided out (Zimmerman et al. 2018,
  // eqs. 26-27).
  std::vector<double> weak_derivative;
  std::vector<double> trace_minus, trace_plus;  // l_a(-1), l_a(+1): interpolation to the ends
  // Lifting of an end value into the element: M^-1 l(-1) and M^-1 l(+1), M the exact mass matrix
  // int l_a l_c (solved with Kokkos-Kernels' batched LU). For Gauss points M = diag(w); for
  // Lobatto points the lifts are the Radau correction derivatives g_right' = M^-1 l(+1) and
  // g_left' = -M^-1 l(-1) (Huynh 2007), which the tests check.
  std::vector<double> lift_minus, lift_plus;
  std::vector<double> mass;  // M, row-major (for the tests and the diagnostics)
  // sd's n + 1 flux points (sec. 2.5), the interpolation of the solution to them
  // to_flux[r * n + c] = h_c(x_r), and the derivative of the flux polynomial through them at the
  // solution points flux_derivative[a * (n + 1) + r] = l_r'(x_a) (eqs. 31-34). Empty for the
  // other methods.
  PointSet1D flux_points;
  std::vector<double> to_flux, flux_derivative;
};

// The solution points of a method: Gauss-Legendre for dg and sd, Gauss-Lobatto for cpr and ndg
// (Fig. 1).
PointSet1D solution_points(HighOrderMethod method, int n);
// sd's n + 1 flux points: both ends and n - 1 interior points (Fig. 1c).
PointSet1D sd_flux_points(FluxPointKind kind, int n);

LineOperatorTables line_operator_tables(HighOrderMethod method, int n,
                                        FluxPointKind flux_points = FluxPointKind::kLobatto);

// The same in the build's Real, sized at compile time so kernels unroll their loops over points.
template <int N>
struct LineOperators {
  static constexpr int kPoints = N;
  Real derivative[N * N];
  Real weak_derivative[N * N];
  Real trace_minus[N], trace_plus[N];
  Real lift_minus[N], lift_plus[N];
  Real weights[N];
  Real points[N];                     // the solution points on [-1, 1]
  Real to_flux[(N + 1) * N];          // sd only
  Real flux_derivative[N * (N + 1)];  // sd only
};

template <int N>
LineOperators<N> to_line_operators(const LineOperatorTables& tables) {
  LineOperators<N> ops;
  for (int k = 0; k < N * N; ++k) {
    ops.derivative[k] = static_cast<Real>(tables.derivative[k]);
    ops.weak_derivative[k] = static_cast<Real>(tables.weak_derivative[k]);
  }
  for (int a = 0; a < N; ++a) {
    ops.trace_minus[a] = static_cast<Real>(tables.trace_minus[a]);
    ops.trace_plus[a] = static_cast<Real>(tables.trace_plus[a]);
    ops.lift_minus[a] = static_cast<Real>(tables.lift_minus[a]);
    ops.lift_plus[a] = static_cast<Real>(tables.lift_plus[a]);
    ops.weights[a] = static_cast<Real>(tables.points.weights[a]);
    ops.points[a] = static_cast<Real>(tables.points.nodes[a]);
  }
  const bool sd = !tables.to_flux.empty();
  for (int k = 0; k < N * (N + 1); ++k) {
    ops.to_flux[k] = sd ? static_cast<Real>(tables.to_flux[k]) : Real(0);
    ops.flux_derivative[k] = sd ? static_cast<Real>(tables.flux_derivative[k]) : Real(0);
  }
  return ops;
}

}  // namespace portaflow::highorder
