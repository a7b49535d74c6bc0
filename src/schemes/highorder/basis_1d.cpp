#include "portaflow/schemes/highorder/basis_1d.hpp"

#include <cmath>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::highorder {

namespace {

constexpr double kPi = 3.14159265358979323846;

// Newton's method from a Chebyshev guess: quadratic convergence to the nearest root, which for
// these guesses is the intended one (the roots interlace with the guesses); 1e-15 of a unit
// interval is within an ulp or two of 1.
template <class Function>
double newton_root(double guess, const Function& value_and_slope) {
  double x = guess;
  for (int iteration = 0; iteration < 100; ++iteration) {
    const auto [f, df] = value_and_slope(x);
    const double step = f / df;
    x -= step;
    if (std::fabs(step) < 1e-15) break;
  }
  return x;
}

void require_points(int n, int minimum, const char* rule) {
  if (n < minimum)
    throw Error(std::string("internal error: a ") + rule + " rule needs at least " +
                std::to_string(minimum) + " points, asked for " + std::to_string(n));
}

}  // namespace

LegendreValue legendre(int n, double x) {
  double p_prev = 1, p = x;  // P_0, P_1
  if (n == 0) return {1, 0};
  for (int m = 2; m <= n; ++m) {
    const double p_next = ((2 * m - 1) * x * p - (m - 1) * p_prev) / m;
    p_prev = p;
    p = p_next;
  }
  // (1 - x^2) P_n' = n (P_{n-1} - x P_n); at x = +-1, P_n'(+-1) = (+-1)^(n+1) n (n + 1) / 2.
  const double derivative = std::fabs(x) == 1
                                ? (x > 0 ? 1.0 : (n % 2 ? 1.0 : -1.0)) * n * (n + 1) / 2.0
                                : n * (p_prev - x * p) / (1 - x * x);
  return {p, derivative};
}

PointSet1D gauss_legendre(int n) {
  require_points(n, 1, "Gauss-Legendre");
  PointSet1D set;
  set.nodes.resize(n);
  set.weights.resize(n);
  for (int j = 0; j < n; ++j) {
    // Roots of P_n, largest first from cos, stored ascending.
    const double guess = std::cos(kPi * (j + 0.75) / (n + 0.5));
    const double x = newton_root(guess, [n](double t) {
      const LegendreValue l = legendre(n, t);
      return std::pair<double, double>{l.value, l.derivative};
    });
    const double slope = legendre(n, x).derivative;
    set.nodes[n - 1 - j] = x;
    set.weights[n - 1 - j] = 2 / ((1 - x * x) * slope * slope);
  }
  return set;
}

PointSet1D gauss_lobatto(int n) {
  require_points(n, 2, "Gauss-Lobatto");
  const int m = n - 1;  // interior nodes are the roots of P_m'
  PointSet1D set;
  set.nodes.resize(n);
  set.weights.resize(n);
  set.nodes[0] = -1;
  set.nodes[m] = 1;
  for (int j = 1; j < m; ++j) {
    const double guess = std::cos(kPi * j / m);
    // f = P_m', f' = P_m'' = (2 x P_m' - m (m + 1) P_m) / (1 - x^2) (Legendre's equation).
    const double x = newton_root(guess, [m](double t) {
      const LegendreValue l = legendre(m, t);
      return std::pair<double, double>{
          l.derivative, (2 * t * l.derivative - m * (m + 1) * l.value) / (1 - t * t)};
    });
    set.nodes[m - j] = x;
  }
  for (int j = 0; j < n; ++j) {
    const double p = legendre(m, set.nodes[j]).value;
    set.weights[j] = 2 / (m * (m + 1) * p * p);
  }
  return set;
}

PointSet1D equispaced(int n) {
  require_points(n, 2, "equispaced");
  PointSet1D set;
  for (int j = 0; j < n; ++j) set.nodes.push_back(-1 + 2.0 * j / (n - 1));
  return set;
}

std::vector<double> lagrange_values(const std::vector<double>& nodes, double x) {
  const int n = static_cast<int>(nodes.size());
  std::vector<double> values(n, 1.0);
  for (int j = 0; j < n; ++j)
    for (int m = 0; m < n; ++m)
      if (m != j) values[j] *= (x - nodes[m]) / (nodes[j] - nodes[m]);
  return values;
}

std::vector<double> lagrange_derivatives(const std::vector<double>& nodes, double x) {
  // l_j' = sum over m != j of 1 / (x_j - x_m) prod over r != j, m of (x - x_r) / (x_j - x_r):
  // no division by (x - x_m), so it holds at the nodes too.
  const int n = static_cast<int>(nodes.size());
  std::vector<double> derivatives(n, 0.0);
  for (int j = 0; j < n; ++j)
    for (int m = 0; m < n; ++m) {
      if (m == j) continue;
      double term = 1 / (nodes[j] - nodes[m]);
      for (int r = 0; r < n; ++r)
        if (r != j && r != m) term *= (x - nodes[r]) / (nodes[j] - nodes[r]);
      derivatives[j] += term;
    }
  return derivatives;
}

double radau_left_derivative(int k, double x) {
  const double sign = (k + 1) % 2 ? -1.0 : 1.0;
  return sign / 2 * (legendre(k + 1, x).derivative - legendre(k, x).derivative);
}

double radau_right_derivative(int k, double x) { return -radau_left_derivative(k, -x); }

}  // namespace portaflow::highorder
