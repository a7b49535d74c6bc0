// What the element methods hand to the writers and the studies (highorder_solver.hpp): the
// solution as VTK Lagrange quadrilaterals with element averages, and density errors against
// the exact solution. Host work on a copy of the state: the solution polynomial of each element
// is evaluated where it is wanted by tensor products of 1D Lagrange interpolation.
#include <cmath>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/highorder/highorder_solver.hpp"

namespace portaflow::highorder {

namespace {

using E2 = physics::Euler<2>;
constexpr int kNv = E2::kNumVars;
using HostState = Kokkos::View<Real***, Layout, HostSpace>;

// Interpolation from the n solution points to `targets`: row t holds l_a(targets[t]).
std::vector<double> interpolation_matrix(const std::vector<double>& nodes,
                                         const std::vector<double>& targets) {
  std::vector<double> m;
  for (double x : targets) {
    const auto l = lagrange_values(nodes, x);
    m.insert(m.end(), l.begin(), l.end());
  }
  return m;
}

// The (i, j) lattice indices of a degree-k Lagrange quadrilateral in VTK's point order.
std::vector<std::array<int, 2>> vtk_lagrange_order(int k) {
  std::vector<std::array<int, 2>> order{{0, 0}, {k, 0}, {k, k}, {0, k}};
  for (int i = 1; i < k; ++i) order.push_back({i, 0});  // bottom
  for (int j = 1; j < k; ++j) order.push_back({k, j});  // right
  for (int i = 1; i < k; ++i) order.push_back({i, k});  // top
  for (int j = 1; j < k; ++j) order.push_back({0, j});  // left
  for (int j = 1; j < k; ++j)
    for (int i = 1; i < k; ++i) order.push_back({i, j});
  return order;
}

// Conservative variable v of element (ex, ey) at lattice point (i, j) of the interpolation rows.
double interpolate(const HostState& u, int v, int n, int ex, int ey, const std::vector<double>& m,
                   int i, int j) {
  double sum = 0;
  for (int b = 0; b < n; ++b) {
    double row = 0;
    for (int a = 0; a < n; ++a) row += m[i * n + a] * u(v, ey * n + b, ex * n + a);
    sum += m[j * n + b] * row;
  }
  return sum;
}

std::array<double, 4> primitive(const std::array<double, 4>& c, double gamma) {
  const double u = c[1] / c[0], v = c[2] / c[0];
  return {c[0], u, v, (gamma - 1) * (c[3] - 0.5 * c[0] * (u * u + v * v))};
}

}  // namespace

SolutionSnapshot HighOrderSolver::snapshot() const {
  const HostState u = Kokkos::create_mirror_view_and_copy(HostSpace(), state_);
  const int n = n_, k = n_ - 1;
  const int nx = box_.cells[0], ny = box_.cells[1];
  const double gamma = config_.physics.gamma;
  SolutionSnapshot snap;
  snap.kind = OutputKind::kElements;
  snap.dimension = 2;
  snap.time = time_;
  snap.step = steps_;
  const char* names[4] = {"rho", "u", "v", "p"};
  for (const char* name : names) snap.fields.push_back({name, {}});
  LagrangeQuadSnapshot lagrange;
  lagrange.order = k;
  lagrange.elements = static_cast<long long>(nx) * ny;
  for (const char* name : names) lagrange.point_fields.push_back({name, {}});
  const std::vector<double> lattice = equispaced(n).nodes;
  const std::vector<double> m = interpolation_matrix(tables_.points.nodes, lattice);
  const auto order = vtk_lagrange_order(k);
  const std::size_t elements = static_cast<std::size_t>(nx) * ny, per_element = order.size();
  for (auto& field : snap.fields) field.values.resize(elements);
  for (auto& field : lagrange.point_fields) field.values.resize(elements * per_element);
  lagrange.points.resize(3 * elements * per_element);
  std::vector<ElementMapping::Basis> at_lattice;
  for (double xi : lattice) at_lattice.push_back(mapping_.basis(xi));
  // Elements are independent: rows of them run on the host's threads.
  host_par_for("highorder.snapshot", IndexRange{0, ny}, [&](Index ey) {
    for (int ex = 0; ex < nx; ++ex) {
      const std::size_t e = static_cast<std::size_t>(ey) * nx + ex;
      // Element average: the conserved integrals over the element's area.
      std::array<double, 4> integral{0, 0, 0, 0};
      double area = 0;
      for (int b = 0; b < n; ++b)
        for (int a = 0; a < n; ++a) {
          const std::size_t p = static_cast<std::size_t>(ey * n + b) * nx * n + ex * n + a;
          area += weight_jac_[p];
          for (int v = 0; v < kNv; ++v)
            integral[v] += weight_jac_[p] * u(v, ey * n + b, ex * n + a);
        }
      for (double& c : integral) c /= area;
      const auto average = primitive(integral, gamma);
      for (int v = 0; v < kNv; ++v) snap.fields[v].values[e] = average[v];
      for (std::size_t q = 0; q < per_element; ++q) {
        const auto [i, j] = order[q];
        const std::size_t point = e * per_element + q;
        const auto x = mapping_.position(ex, ey, at_lattice[i], at_lattice[j]);
        lagrange.points[3 * point] = x[0];
        lagrange.points[3 * point + 1] = x[1];
        lagrange.points[3 * point + 2] = 0.0;
        std::array<double, 4> c;
        for (int v = 0; v < kNv; ++v) c[v] = interpolate(u, v, n, ex, ey, m, i, j);
        const auto w = primitive(c, gamma);
        for (int v = 0; v < kNv; ++v) lagrange.point_fields[v].values[point] = w[v];
      }
    }
  });
  snap.elements = std::move(lagrange);
  // This rank's piece; rank 0 writes the index (.pvtu) naming every rank's.
  if (ranks::count() > 1)
    snap.part = snapshot_part(config_.mesh.cells[0], config_.mesh.cells[1], box_);
  return snap;
}

DensityErrors HighOrderSolver::density_errors() const {
  require(has_exact_solution(config_.problem),
          "density errors need a problem with an exact solution");
  const HostState u = Kokkos::create_mirror_view_and_copy(HostSpace(), state_);
  const int n = n_;
  const int nx = box_.cells[0], ny = box_.cells[1];
  // k + 4 Gauss points: exact for degree 2k + 7, far beyond the solution's error at these sizes.
  const PointSet1D rule = gauss_legendre(n + 3);
  const std::vector<double> m = interpolation_matrix(tables_.points.nodes, rule.nodes);
  // Each element's terms on the host's threads, then summed in element and point order, as a
  // serial loop would: the norms do not depend on the thread count.
  const int q = rule.size();
  const std::size_t elements = static_cast<std::size_t>(nx) * ny, per_element = q * q;
  std::vector<double> squares(elements * per_element), differences(elements), areas(elements);
  std::vector<ElementMapping::Basis> at_rule;
  for (double xi : rule.nodes) at_rule.push_back(mapping_.basis(xi));
  host_par_for("highorder.density_errors", IndexRange{0, ny}, [&](Index ey) {
    for (int ex = 0; ex < nx; ++ex) {
      const std::size_t e = static_cast<std::size_t>(ey) * nx + ex;
      double area = 0, numerical = 0, exact = 0;
      for (int j = 0; j < q; ++j)
        for (int i = 0; i < q; ++i) {
          const double weight = rule.weights[i] * rule.weights[j] *
                                mapping_.metrics(ex, ey, at_rule[i], at_rule[j]).jacobian;
          const auto x = mapping_.position(ex, ey, at_rule[i], at_rule[j]);
          const double rho_h = interpolate(u, E2::kRho, n, ex, ey, m, i, j);
          const double rho = exact_primitive(config_.problem, config_.mesh, config_.physics.gamma,
                                             x[0], x[1], time_)[0];
          area += weight;
          numerical += weight * rho_h;
          exact += weight * rho;
          squares[e * per_element + j * q + i] = weight * (rho_h - rho) * (rho_h - rho);
        }
      differences[e] = (numerical - exact) / area;
      areas[e] = area;
    }
  });
  std::vector<double> sums{0, 0, 0};  // pointwise, averages, area
  for (std::size_t e = 0; e < elements; ++e) {
    for (std::size_t p = 0; p < per_element; ++p) sums[0] += squares[e * per_element + p];
    sums[1] += differences[e] * differences[e];
    sums[2] += areas[e];
  }
  ranks::sum(sums);  // over ranks in another order: round-off differs from one rank
  return {std::sqrt(sums[1] / static_cast<double>(element_count())), std::sqrt(sums[0] / sums[2])};
}

std::vector<std::pair<std::string, double>> HighOrderSolver::exact_errors() const {
  if (!has_exact_solution(config_.problem)) return {};
  const DensityErrors e = density_errors();
  return {{"L2(rho) of element averages", e.element_average},
          {"L2(rho) pointwise (Gauss rule)", e.pointwise}};
}

}  // namespace portaflow::highorder
