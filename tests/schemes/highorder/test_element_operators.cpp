// The 1D element operators (basis_1d.hpp, element_operators.hpp) against what they must be:
// quadrature exactness, derivatives exact on polynomials of the basis's degree, Huynh's Radau
// correction derivatives equal to the lifts on Gauss-Lobatto points, DG's weak derivative the
// transpose identity S = M^-1 D^T M, and the element mapping's area.
#include <gtest/gtest.h>

#include <cmath>

#include "portaflow/schemes/highorder/element_geometry.hpp"
#include "portaflow/schemes/highorder/element_operators.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {
namespace {

double power(double x, int p) { return p == 0 ? 1.0 : std::pow(x, p); }

TEST(ElementOperators, QuadratureRulesAreExactToTheirDegree) {
  for (int n = 2; n <= 6; ++n) {
    const PointSet1D gauss = gauss_legendre(n), lobatto = gauss_lobatto(n);
    for (int p = 0; p <= 2 * n - 1; ++p) {
      const double exact = p % 2 ? 0.0 : 2.0 / (p + 1);
      double g = 0, l = 0;
      for (int q = 0; q < n; ++q) g += gauss.weights[q] * power(gauss.nodes[q], p);
      for (int q = 0; q < n; ++q) l += lobatto.weights[q] * power(lobatto.nodes[q], p);
      EXPECT_NEAR(g, exact, 1e-14) << "Gauss n=" << n << " degree " << p;
      if (p <= 2 * n - 3) EXPECT_NEAR(l, exact, 1e-14) << "Lobatto n=" << n << " degree " << p;
    }
    // One degree beyond: not exact (the test could fail, so it tests the rule's claim).
    double g = 0;
    for (int q = 0; q < n; ++q) g += gauss.weights[q] * power(gauss.nodes[q], 2 * n);
    EXPECT_GT(std::fabs(g - 2.0 / (2 * n + 1)), 1e-6);
  }
}

TEST(ElementOperators, DerivativeIsExactOnTheBasisDegree) {
  for (HighOrderMethod method : {HighOrderMethod::kDg, HighOrderMethod::kCpr})
    for (int n = 2; n <= kHighOrderMaxDegree + 1; ++n) {
      const LineOperatorTables t = line_operator_tables(method, n);
      const auto& x = t.points.nodes;
      for (int p = 0; p < n; ++p)
        for (int a = 0; a < n; ++a) {
          double d = 0;
          for (int c = 0; c < n; ++c) d += t.derivative[a * n + c] * power(x[c], p);
          EXPECT_NEAR(d, p * power(x[a], p - 1 < 0 ? 0 : p - 1) * (p > 0), 1e-12);
        }
    }
}

TEST(ElementOperators, LobattoLiftsAreTheRadauCorrectionDerivatives) {
  for (int n = 2; n <= kHighOrderMaxDegree + 1; ++n) {
    const LineOperatorTables t = line_operator_tables(HighOrderMethod::kCpr, n);
    const int k = n - 1;
    for (int a = 0; a < n; ++a) {
      EXPECT_NEAR(t.lift_plus[a], radau_right_derivative(k, t.points.nodes[a]), 1e-12);
      EXPECT_NEAR(t.lift_minus[a], -radau_left_derivative(k, t.points.nodes[a]), 1e-12);
    }
  }
}

TEST(ElementOperators, GaussWeakDerivativeIsTheMassWeightedTranspose) {
  for (int n = 2; n <= kHighOrderMaxDegree + 1; ++n) {
    const LineOperatorTables t = line_operator_tables(HighOrderMethod::kDg, n);
    const auto& w = t.points.weights;
    for (int a = 0; a < n; ++a) {
      // M = diag(w) on Gauss points, and lifts are l(+-1) / w.
      EXPECT_NEAR(t.lift_plus[a], t.trace_plus[a] / w[a], 1e-12);
      EXPECT_NEAR(t.lift_minus[a], t.trace_minus[a] / w[a], 1e-12);
      for (int c = 0; c < n; ++c)
        EXPECT_NEAR(t.weak_derivative[a * n + c], w[c] * t.derivative[c * n + a] / w[a], 1e-12);
    }
  }
}

// nx x ny elements on [-5, 5]^2.
MeshConfig element_mesh(int nx, int ny) {
  MeshConfig mesh;
  mesh.dimension = 2;
  mesh.cells = {nx, ny, 1};
  mesh.domain_min = {-5, -5, 0};
  mesh.domain_max = {5, 5, 1};
  return mesh;
}

TEST(ElementOperators, WarpedElementGridCoversTheDomain) {
  const MeshConfig mesh = element_mesh(5, 7);
  for (int k = 1; k <= kHighOrderMaxDegree; ++k)
    for (HighOrderMethod method : {HighOrderMethod::kDg, HighOrderMethod::kCpr}) {
      const ElementMapping mapping(mesh, 0.1, k, {true, true});
      const auto g = element_grid_metrics(mapping, solution_points(method, k + 1),
                                          method == HighOrderMethod::kCpr);
      double area = 0;
      for (double w : g.weight_jac) area += w;
      EXPECT_NEAR(area, 100.0, 1e-11) << "P" << k;
      // Periodic partners: the last x face's normal is the first's.
      const int nj = g.ny * g.n;
      for (int J = 0; J < nj; ++J)
        EXPECT_EQ(g.x_face[J * (g.nx + 1) + g.nx], g.x_face[J * (g.nx + 1)]);
    }
}

// A rank's box of the element grid (docs/mpi.md) has the whole grid's geometry bit for bit:
// positions, point metrics and the normals of every face, those on the box's edges included
// (each computed from the element a one-box run computes it from).
TEST(ElementOperators, BoxGeometryIsTheWholeGridsBitwise) {
  const MeshConfig mesh = element_mesh(7, 6);
  const int k = 2, n = k + 1;
  for (const std::array<bool, 2> periodic : {std::array<bool, 2>{true, false}, {false, true}}) {
    const PointSet1D points = solution_points(HighOrderMethod::kCpr, n);
    const auto whole = element_grid_metrics(ElementMapping(mesh, 0.1, k, periodic), points, true);
    const int ni = whole.nx * n, nj = whole.ny * n;
    // Boxes of 3 and 4 elements by 2, 4 (x) and 6 (y), one beyond another: every edge kind.
    for (const ElementBox box : {ElementBox{{0, 0}, {3, 2}}, ElementBox{{3, 2}, {4, 4}},
                                 ElementBox{{3, 0}, {4, 2}}, ElementBox{{0, 2}, {3, 4}}}) {
      const auto g =
          element_grid_metrics(ElementMapping(mesh, 0.1, k, periodic, box), points, true);
      const int bi = g.nx * n, bj = g.ny * n, I0 = box.first[0] * n, J0 = box.first[1] * n;
      std::size_t differ = 0;
      for (int J = 0; J < bj; ++J)
        for (int I = 0; I < bi; ++I) {
          const std::size_t p = static_cast<std::size_t>(J) * bi + I;
          const std::size_t q = static_cast<std::size_t>(J0 + J) * ni + I0 + I;
          differ += g.x[p] != whole.x[q] || g.y[p] != whole.y[q];
          for (int c = 0; c < 5; ++c)
            differ += g.point[c * g.x.size() + p] != whole.point[c * whole.x.size() + q];
        }
      for (int c = 0; c < 2; ++c) {
        for (int J = 0; J < bj; ++J)
          for (int f = 0; f <= g.nx; ++f)
            differ += g.x_face[(static_cast<std::size_t>(c) * bj + J) * (g.nx + 1) + f] !=
                      whole.x_face[(static_cast<std::size_t>(c) * nj + J0 + J) * (whole.nx + 1) +
                                   box.first[0] + f];
        for (int f = 0; f <= g.ny; ++f)
          for (int I = 0; I < bi; ++I)
            differ +=
                g.y_face[(static_cast<std::size_t>(c) * (g.ny + 1) + f) * bi + I] !=
                whole
                    .y_face[(static_cast<std::size_t>(c) * (whole.ny + 1) + box.first[1] + f) * ni +
                            I0 + I];
      }
      EXPECT_EQ(differ, 0u) << "box at (" << box.first[0] << ", " << box.first[1] << ")";
    }
  }
}

}  // namespace
}  // namespace portaflow::highorder
