#include "portaflow/schemes/highorder/element_operators.hpp"

#include <KokkosBatched_LU_Decl.hpp>
#include <KokkosBatched_LU_Serial_Impl.hpp>
#include <KokkosBatched_SolveLU_Decl.hpp>
#include <KokkosBatched_Trsm_Serial_Impl.hpp>

#include "portaflow/core/error.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

namespace {

using HostMatrix = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace,
                                Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// Exact mass matrix M[a][c] = int_{-1}^{1} l_a l_c dx: the product has degree 2n - 2, which an
// n-point Gauss rule integrates exactly.
std::vector<double> exact_mass(const std::vector<double>& nodes) {
  const int n = static_cast<int>(nodes.size());
  const PointSet1D quadrature = gauss_legendre(n);
  std::vector<double> mass(n * n, 0.0);
  for (int q = 0; q < n; ++q) {
    const std::vector<double> l = lagrange_values(nodes, quadrature.nodes[q]);
    for (int a = 0; a < n; ++a)
      for (int c = 0; c < n; ++c) mass[a * n + c] += quadrature.weights[q] * l[a] * l[c];
  }
  return mass;
}

// Solves M X = B for the columns of B (n x m) in place: M is symmetric positive definite, so
// Kokkos-Kernels' LU without pivoting (the only one it has) is stable.
void solve_mass(std::vector<double> mass, std::vector<double>& rhs, int n, int columns) {
  HostMatrix a(mass.data(), n, n), b(rhs.data(), n, columns);
  using namespace KokkosBatched;
  if (SerialLU<Algo::LU::Unblocked>::invoke(a) != 0 ||
      SerialSolveLU<Trans::NoTranspose, Algo::Trsm::Unblocked>::invoke(a, b) != 0)
    throw Error("internal error: the element mass matrix could not be factorised");
}

}  // namespace

PointSet1D solution_points(HighOrderMethod method, int n) {
  return has_lobatto_points(method) ? gauss_lobatto(n) : gauss_legendre(n);
}

PointSet1D sd_flux_points(FluxPointKind kind, int n) {
  if (kind == FluxPointKind::kLobatto) return gauss_lobatto(n + 1);
  PointSet1D p;
  p.nodes.push_back(-1.0);
  for (double x : gauss_legendre(n - 1).nodes) p.nodes.push_back(x);
  p.nodes.push_back(1.0);
  return p;  // no quadrature weights: these points interpolate, they do not integrate
}

LineOperatorTables line_operator_tables(HighOrderMethod method, int n, FluxPointKind flux_points) {
  LineOperatorTables t;
  t.points = solution_points(method, n);
  const auto& x = t.points.nodes;
  const auto& w = t.points.weights;
  t.derivative.resize(n * n);
  t.weak_derivative.resize(n * n);
  for (int a = 0; a < n; ++a) {
    const std::vector<double> d = lagrange_derivatives(x, x[a]);
    for (int c = 0; c < n; ++c) t.derivative[a * n + c] = d[c];
  }
  for (int c = 0; c < n; ++c) {
    const std::vector<double> d = lagrange_derivatives(x, x[c]);  // l_a'(x_c) for every a
    for (int a = 0; a < n; ++a) t.weak_derivative[a * n + c] = w[c] * d[a] / w[a];
  }
  t.trace_minus = lagrange_values(x, -1.0);
  t.trace_plus = lagrange_values(x, 1.0);
  t.mass = exact_mass(x);
  std::vector<double> ends(n * 2);  // columns: l(-1), l(+1)
  for (int a = 0; a < n; ++a) {
    ends[a * 2 + 0] = t.trace_minus[a];
    ends[a * 2 + 1] = t.trace_plus[a];
  }
  solve_mass(t.mass, ends, n, 2);
  t.lift_minus.resize(n);
  t.lift_plus.resize(n);
  for (int a = 0; a < n; ++a) {
    t.lift_minus[a] = ends[a * 2 + 0];
    t.lift_plus[a] = ends[a * 2 + 1];
  }
  if (method == HighOrderMethod::kSd) {
    t.flux_points = sd_flux_points(flux_points, n);
    const auto& xf = t.flux_points.nodes;
    t.to_flux.resize((n + 1) * n);
    t.flux_derivative.resize(n * (n + 1));
    for (int r = 0; r <= n; ++r) {
      const std::vector<double> h = lagrange_values(x, xf[r]);
      for (int c = 0; c < n; ++c) t.to_flux[r * n + c] = h[c];
    }
    for (int a = 0; a < n; ++a) {
      const std::vector<double> d = lagrange_derivatives(xf, x[a]);
      for (int r = 0; r <= n; ++r) t.flux_derivative[a * (n + 1) + r] = d[r];
    }
  }
  return t;
}

}  // namespace portaflow::highorder
