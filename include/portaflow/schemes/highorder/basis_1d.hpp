// One-dimensional bases on the reference interval [-1, 1], built on the host in double: the
// point sets of the element methods (Zimmerman et al. 2018, Fig. 1), Lagrange bases through them,
// Legendre polynomials, and Huynh's Radau correction functions. Every element operator is made from
// these by exact quadrature (element_operators.hpp); tensor products give the quadrilateral.
#pragma once

#include <vector>

namespace portaflow::highorder {

// The points and weights of a quadrature rule on [-1, 1], nodes ascending.
struct PointSet1D {
  std::vector<double> nodes;
  std::vector<double> weights;
  int size() const { return static_cast<int>(nodes.size()); }
};

// n-point Gauss-Legendre rule: the roots of P_n, exact for polynomials of degree 2n - 1.
PointSet1D gauss_legendre(int n);
// n-point Gauss-Lobatto rule (n >= 2): -1, the roots of P_{n-1}', 1; exact for degree 2n - 3.
PointSet1D gauss_lobatto(int n);
// n equispaced points from -1 to 1 (n >= 2), the node positions of VTK's Lagrange cells;
// weights left empty.
PointSet1D equispaced(int n);

// P_n(x) and P_n'(x) by the three-term recurrence.
struct LegendreValue {
  double value;
  double derivative;
};
LegendreValue legendre(int n, double x);

// The Lagrange basis through `nodes` at x: l_j(x) for every j. At a node it is exactly 1 there
// and 0 elsewhere (a product with a zero factor), so traces at -1 and 1 of a set containing
// them take the end value with no round-off.
std::vector<double> lagrange_values(const std::vector<double>& nodes, double x);
// l_j'(x) for every j.
std::vector<double> lagrange_derivatives(const std::vector<double>& nodes, double x);

// Huynh's (2007) Radau correction functions of degree k + 1 (the g_DG of flux reconstruction):
// g_left = (-1)^(k+1) / 2 (P_{k+1} - P_k), 1 at x = -1 and 0 at x = 1; g_right(x) = g_left(-x).
// Their derivatives at x.
double radau_left_derivative(int k, double x);
double radau_right_derivative(int k, double x);

}  // namespace portaflow::highorder
