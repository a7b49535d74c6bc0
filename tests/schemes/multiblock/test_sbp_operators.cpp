// The SBP operators and dissipation of the multi-block scheme, checked on the host
// against their defining properties: summation by parts (H D + (H D)^T = diag(-1, 0, .., 0, 1)),
// polynomial accuracy of the interior and boundary rows, a dissipation that is symmetric,
// positive semidefinite and blind to low-degree polynomials, and the Runge-Kutta stability
// reach on the imaginary axis.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include "portaflow/schemes/multiblock/multiblock_solver.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {
namespace {

template <int Order>
std::vector<std::vector<double>> derivative_matrix(int n) {
  std::vector<std::vector<double>> d(n, std::vector<double>(n, 0.0));
  for (int r = 0; r < n; ++r) sbp_row<Order>(r, n, [&](int q, Real a) { d[r][q] += a; });
  return d;
}

template <int Order>
void expect_summation_by_parts(int n) {
  const auto d = derivative_matrix<Order>(n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const double q = sbp_norm<Order>(r, n) * d[r][c] + sbp_norm<Order>(c, n) * d[c][r];
      const double expected = (r == c && r == 0) ? -1.0 : ((r == c && r == n - 1) ? 1.0 : 0.0);
      EXPECT_NEAR(q, expected, 1e-14)
          << "order " << Order << ", n " << n << ", entry " << r << "," << c;
    }
}

TEST(SbpOperators, SummationByParts) {
  for (int n : {3, 5, 12}) expect_summation_by_parts<2>(n);
  for (int n : {9, 10, 17, 30}) expect_summation_by_parts<4>(n);
}

// D x^k is exact for k up to the row's order (interior 2/4, boundary 1/2).
template <int Order>
void expect_polynomial_accuracy(int n, int interior_degree, int boundary_degree) {
  for (int k = 0; k <= interior_degree; ++k)
    for (int r = 0; r < n; ++r) {
      const bool boundary = r < Sbp<Order>::kBoundaryRows || r >= n - Sbp<Order>::kBoundaryRows;
      if (boundary && k > boundary_degree) continue;
      const double d = sbp_derivative<Order>([&](int q) { return std::pow(q - 3.0, k); }, r, n);
      const double exact = k == 0 ? 0.0 : k * std::pow(r - 3.0, k - 1);
      EXPECT_NEAR(d, exact, 1e-10 * (1 + std::fabs(exact)))
          << "order " << Order << ", degree " << k << ", row " << r;
    }
}

TEST(SbpOperators, PolynomialAccuracy) {
  expect_polynomial_accuracy<2>(12, 2, 1);
  expect_polynomial_accuracy<4>(20, 4, 2);
}

// 4^-p D_p^T B D_p: symmetric for any B, u^T A u >= 0, zero on polynomials of degree < p,
// and the same operator read from either end (mirror symmetric).
template <int P>
void expect_dissipation_properties(int n) {
  std::vector<double> weight(n);
  for (int q = 0; q < n; ++q) weight[q] = 1.0 + 0.3 * std::sin(0.7 * q);
  const auto lambda = [&](int q) { return static_cast<Real>(weight[q]); };
  std::vector<std::vector<double>> a(n, std::vector<double>(n));
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r)
      a[r][c] =
          dissipation_term<P>([&](int q) { return q == c ? Real(1) : Real(0); }, lambda, r, n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) EXPECT_NEAR(a[r][c], a[c][r], 1e-15) << "p " << P;
  for (int trial = 0; trial < 20; ++trial) {
    double quadratic = 0;
    std::vector<double> u(n);
    for (int q = 0; q < n; ++q) u[q] = std::sin(1.3 * q * (trial + 1)) + 0.1 * trial * q;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) quadratic += u[r] * a[r][c] * u[c];
    EXPECT_GE(quadratic, -1e-12) << "p " << P << ", trial " << trial;
  }
  for (int k = 0; k < P; ++k)
    for (int r = 0; r < n; ++r)
      EXPECT_NEAR(dissipation_term<P>([&](int q) { return std::pow(q, k); }, lambda, r, n), 0.0,
                  1e-9)
          << "p " << P << ", degree " << k << ", row " << r;
  // Mirror: with mirrored weights the operator read backwards is the same.
  const auto mirrored = [&](int q) { return static_cast<Real>(weight[n - 1 - q]); };
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r) {
      const double back = dissipation_term<P>(
          [&](int q) { return q == n - 1 - c ? Real(1) : Real(0); }, mirrored, n - 1 - r, n);
      EXPECT_NEAR(back, a[r][c], 1e-15) << "p " << P;
    }
}

TEST(SbpOperators, DissipationIsSymmetricSemidefiniteAndBlindToLowDegrees) {
  expect_dissipation_properties<2>(11);
  expect_dissipation_properties<3>(14);
}

// The 5-stage coefficients' stability polynomial stays within the unit circle on the imaginary
// axis up to |z| = 4 (the m - 1 maximum for m = 5 stages) and leaves it just beyond.
TEST(SbpOperators, RungeKuttaReachesFourOnTheImaginaryAxis) {
  auto amplification = [](std::complex<double> z) {
    std::complex<double> g = 1;
    for (int k = 0; k < 5; ++k) g = 1.0 + kRungeKuttaAlpha[k] * z * g;
    return std::abs(g);
  };
  for (double y = 0; y <= 4.0; y += 0.01)
    EXPECT_LE(amplification({0, y}), 1 + 1e-12) << "z = " << y << "i";
  EXPECT_GT(amplification({0, 4.05}), 1.0);
  // The dissipation's negative real eigenvalues: stable down to z = -2.5.
  for (double x = 0; x >= -2.5; x -= 0.01) EXPECT_LE(amplification({x, 0}), 1.0) << x;
}

}  // namespace
}  // namespace portaflow::multiblock
