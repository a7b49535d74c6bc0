// Diagonal-norm summation-by-parts (SBP) first-derivative operators and their artificial
// dissipation, on unit spacing (the computational coordinates of a block are its node indices).
//
// First derivative D = H^-1 Q with H diagonal and Q + Q^T = diag(-1, 0, ..., 0, 1), so
// u^T H D v + (D u)^T H v = u_n v_n - u_0 v_0: the discrete integration by parts that makes SAT
// boundary and interface penalties provably stable (Carpenter, Gottlieb & Abarbanel 1994; Strand
// 1994). Orders as in Elsen et al. (2008), sec. 6.4:
//   order 2: interior central 2nd order, boundary row one-sided 1st order, H = (1/2, 1, ..., 1/2);
//   order 4: interior (1, -8, 0, 8, -1)/12, four boundary rows of 2nd order (the stencil printed
//            in Elsen et al. 2008), H = (17/48, 59/48, 43/48, 49/48, 1, ...).
// Right-boundary rows mirror the left ones with the sign flipped: D[n-1-r][n-1-c] = -D[r][c].
//
// Artificial dissipation (Mattsson, Svärd & Nordström, J. Sci. Comput. 21, 2004):
//   DI = -epsilon 4^-p H^-1 D_p^T B D_p,
// D_p the undivided p-th difference with its first and last rows repeated at the boundaries,
// B >= 0 diagonal (the spectral radius there). u^T H DI u = -epsilon 4^-p |D_p u|_B^2 <= 0 for
// any B, so it only dissipates. p = 2 for order 2 and p = 3 for order 4: the interior error is
// O(h^(2p-1)) and the boundary error O(h^(p-1)), matching the operators' boundary orders 1 and 2,
// so the global orders (2 and 3) are kept. The factor 4^-p makes the largest eigenvalue of
// 4^-p D_p^T D_p (the 2p-th difference) about 1, so epsilon means the same for both orders.
// Even p: n rows centred at the nodes (B_r = lambda at node r); odd p: n - 1 rows centred between
// nodes r and r + 1 (B_r = their mean). Either way the operator is mirror symmetric.
#pragma once

#include "portaflow/core/types.hpp"

namespace portaflow::multiblock {

template <int Order>
struct Sbp;

template <>
struct Sbp<2> {
  static constexpr int kBoundaryRows = 1;   // rows with a one-sided stencil at each end
  static constexpr int kBoundaryWidth = 2;  // columns those rows reach
  static constexpr int kHalfWidth = 1;      // interior stencil half width
  static constexpr int kDissipationP = 2;
  static constexpr int kMinNodes = 3;
  KOKKOS_INLINE_FUNCTION static Real boundary(int row, int col) {
    constexpr Real table[1][2] = {{-1, 1}};
    return table[row][col];
  }
  KOKKOS_INLINE_FUNCTION static Real interior(int s) {  // coefficient of u[i+s] - u[i-s]
    return s == 1 ? Real(0.5) : Real(0);
  }
  KOKKOS_INLINE_FUNCTION static Real norm(int r) { return r == 0 ? Real(0.5) : Real(1); }
};

template <>
struct Sbp<4> {
  static constexpr int kBoundaryRows = 4;
  static constexpr int kBoundaryWidth = 6;
  static constexpr int kHalfWidth = 2;
  static constexpr int kDissipationP = 3;
  static constexpr int kMinNodes = 9;  // 4 boundary rows at each end and one interior row
  KOKKOS_INLINE_FUNCTION static Real boundary(int row, int col) {
    // Elsen et al. (2008), sec. 6.4 (Strand's diagonal-norm 4-2 operator).
    constexpr Real table[4][6] = {
        {Real(-24) / 17, Real(59) / 34, Real(-4) / 17, Real(-3) / 34, 0, 0},
        {Real(-1) / 2, 0, Real(1) / 2, 0, 0, 0},
        {Real(4) / 43, Real(-59) / 86, 0, Real(59) / 86, Real(-4) / 43, 0},
        {Real(3) / 98, 0, Real(-59) / 98, 0, Real(32) / 49, Real(-4) / 49}};
    return table[row][col];
  }
  KOKKOS_INLINE_FUNCTION static Real interior(int s) {
    return s == 1 ? Real(2) / 3 : (s == 2 ? Real(-1) / 12 : Real(0));
  }
  KOKKOS_INLINE_FUNCTION static Real norm(int r) {
    constexpr Real h[4] = {Real(17) / 48, Real(59) / 48, Real(43) / 48, Real(49) / 48};
    return r < 4 ? h[r] : Real(1);
  }
};

// H weight of node r of a line of n nodes.
template <int Order>
KOKKOS_INLINE_FUNCTION Real sbp_norm(int r, int n) {
  return Sbp<Order>::norm(r < n - 1 - r ? r : n - 1 - r);
}

// Calls visit(q, a) for every nonzero coefficient a of row r of D (column q) on a line of n
// nodes. One branch, boundary row or interior (the answer of Elsen et al. 2008 to branchy boundary
// stencils):
// boundary rows read a small table.
template <int Order, class Visit>
KOKKOS_INLINE_FUNCTION void sbp_row(int r, int n, const Visit& visit) {
  using Op = Sbp<Order>;
  if (r >= Op::kBoundaryRows && r < n - Op::kBoundaryRows) {
    for (int s = 1; s <= Op::kHalfWidth; ++s) {
      visit(r - s, -Op::interior(s));
      visit(r + s, Op::interior(s));
    }
    return;
  }
  const bool left = r < Op::kBoundaryRows;
  const int row = left ? r : n - 1 - r;
  for (int c = 0; c < Op::kBoundaryWidth; ++c) {
    const Real a = Op::boundary(row, c);
    if (a != 0) {
      if (left)
        visit(c, a);
      else
        visit(n - 1 - c, -a);
    }
  }
}

// (D f)_r, f(q) the value at node q.
template <int Order, class Line>
KOKKOS_INLINE_FUNCTION Real sbp_derivative(const Line& f, int r, int n) {
  Real d = 0;
  sbp_row<Order>(r, n, [&](int q, Real a) { d += a * f(q); });
  return d;
}

// ---- Dissipation: rows of the undivided p-th difference D_p --------------------------------
template <int P>
struct DifferenceRows;

template <>
struct DifferenceRows<2> {
  static constexpr int kWidth = 3;
  KOKKOS_INLINE_FUNCTION static Real coefficient(int c) { return c == 1 ? Real(-2) : Real(1); }
  KOKKOS_INLINE_FUNCTION static int rows(int n) { return n; }
  KOKKOS_INLINE_FUNCTION static int first_column(int row, int n) {
    return row < 1 ? 0 : (row > n - 2 ? n - 3 : row - 1);
  }
};

template <>
struct DifferenceRows<3> {
  static constexpr int kWidth = 4;
  KOKKOS_INLINE_FUNCTION static Real coefficient(int c) {
    return c == 0 ? Real(-1) : (c == 1 ? Real(3) : (c == 2 ? Real(-3) : Real(1)));
  }
  KOKKOS_INLINE_FUNCTION static int rows(int n) { return n - 1; }
  KOKKOS_INLINE_FUNCTION static int first_column(int row, int n) {
    return row < 1 ? 0 : (row > n - 4 ? n - 4 : row - 1);
  }
};

// Calls visit(row, first_column, coefficient_of_r) for every row of D_p whose stencil contains
// node r of a line of n nodes. Those rows lie within `width` rows of r (the repeated boundary
// rows reach further than the interior ones).
template <int P, class Visit>
KOKKOS_INLINE_FUNCTION void dissipation_rows(int r, int n, const Visit& visit) {
  using Rows = DifferenceRows<P>;
  const int nrows = Rows::rows(n);
  const int first = r - Rows::kWidth < 0 ? 0 : r - Rows::kWidth;
  const int last = r + Rows::kWidth - 1 < nrows - 1 ? r + Rows::kWidth - 1 : nrows - 1;
  for (int row = first; row <= last; ++row) {
    const int c0 = Rows::first_column(row, n);
    const int c = r - c0;
    if (c >= 0 && c < Rows::kWidth) visit(row, c0, Rows::coefficient(c));
  }
}

// The row weight B_row from node weights lambda(q): at the node (even p) or the mean of the two
// nodes the row is centred between (odd p).
template <int P, class Weight>
KOKKOS_INLINE_FUNCTION Real dissipation_weight(const Weight& lambda, int row) {
  return P % 2 == 0 ? lambda(row) : Real(0.5) * (lambda(row) + lambda(row + 1));
}

template <int P>
KOKKOS_INLINE_FUNCTION constexpr Real dissipation_scale() {  // 4^-p
  return P == 2 ? Real(1) / 16 : Real(1) / 64;
}

// (4^-p D_p^T B D_p f)_r, f(q) the value and lambda(q) >= 0 the weight at node q.
template <int P, class Line, class Weight>
KOKKOS_INLINE_FUNCTION Real dissipation_term(const Line& f, const Weight& lambda, int r, int n) {
  using Rows = DifferenceRows<P>;
  Real sum = 0;
  dissipation_rows<P>(r, n, [&](int row, int c0, Real coefficient) {
    Real diff = 0;
    for (int m = 0; m < Rows::kWidth; ++m) diff += Rows::coefficient(m) * f(c0 + m);
    sum += coefficient * dissipation_weight<P>(lambda, row) * diff;
  });
  return dissipation_scale<P>() * sum;
}

}  // namespace portaflow::multiblock
