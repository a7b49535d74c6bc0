// Metric terms with the solution's SBP operator (Elsen et al. 2008, eq. 3).
//
// 2D: grad(xi)/J = (y_eta, -x_eta), grad(eta)/J = (-y_xi, x_xi) from D applied to x and y; then
// D_xi(y_eta) - D_eta(y_xi) = 0 exactly because differences along different index directions
// commute, so a uniform flow has zero flux divergence.
//
// 3D: the cross products of the tangent vectors would not cancel that way, so the metric is
// taken in Thomas & Lombard's conservative form (AIAA J. 17, 1979): with (d, d1, d2) and
// (c, c1, c2) cyclic,
//   (grad(xi_d)/J)_c = D_d2( (D_d1 x_c1) x_c2 ) - D_d1( (D_d2 x_c1) x_c2 ),
// e.g. xi_x / J = (y_eta z)_zeta - (y_zeta z)_eta. Summing D_d of it over d, every term
// D_a D_b (...) appears once with each sign, and D_a D_b = D_b D_a, so sum_d D_d(grad(xi_d)/J)
// = 0 to round-off on any curvilinear block: free stream is preserved. Two passes: the tangent
// derivatives D_d x_c first (kept in a scratch array), then the second differences.
#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

// tangents(c * Dim + d, node) = d x_c / d xi_d with the order's SBP operator.
template <int Dim, int Order>
void compute_tangents(const Fields<Dim>& fields, const DeviceView<Real**>& tangents) {
  const auto coordinates = fields.coordinates;
  const BlockTable table = fields.table;
  par_for(
      "multiblock.metric_tangents", IndexRange{0, table.total_nodes},
      KOKKOS_LAMBDA(const int node) {
        const NodeIndex at = table.locate(node);
        const BlockExtent& e = table.blocks[at.block];
        for (int d = 0; d < Dim; ++d) {
          const int stride = e.stride(d);
          const int base = node - at.ijk[d] * stride;
          for (int c = 0; c < Dim; ++c)
            tangents(c * Dim + d, node) = sbp_derivative<Order>(
                [&](int q) { return coordinates(c, base + q * stride); }, at.ijk[d], e.nodes[d]);
        }
      });
}

template <int Dim>
KOKKOS_INLINE_FUNCTION Real determinant(const Real (&dx)[Dim][Dim]) {
  if constexpr (Dim == 2) {
    return dx[0][0] * dx[1][1] - dx[0][1] * dx[1][0];
  } else {
    return dx[0][0] * (dx[1][1] * dx[2][2] - dx[1][2] * dx[2][1]) -
           dx[0][1] * (dx[1][0] * dx[2][2] - dx[1][2] * dx[2][0]) +
           dx[0][2] * (dx[1][0] * dx[2][1] - dx[1][1] * dx[2][0]);
  }
}

// Row d of the metric at `node` (see the file comment). A function of its own rather than a
// branch in the kernel's lambda: CUDA's extended lambdas may not first-capture a variable inside
// `if constexpr`.
template <int Dim, int Order, class View2>
KOKKOS_INLINE_FUNCTION void write_metric(const View2& tangents, const View2& coordinates,
                                         const View2& metric, const BlockExtent& e,
                                         const NodeIndex& at, int node,
                                         const Real (&dx)[Dim][Dim]) {
  if constexpr (Dim == 2) {
    metric(0, node) = dx[1][1];  // grad(xi)/J  = ( y_eta, -x_eta)
    metric(1, node) = -dx[0][1];
    metric(2, node) = -dx[1][0];  // grad(eta)/J = (-y_xi,  x_xi)
    metric(3, node) = dx[0][0];
  } else {
    // D_a (t(c1, b) x_c2) at this node, a line along direction a.
    auto line_derivative = [&](int a, int c1, int b, int c2) {
      const int stride = e.stride(a);
      const int base = node - at.ijk[a] * stride;
      return sbp_derivative<Order>(
          [&](int q) {
            const int p = base + q * stride;
            return tangents(c1 * Dim + b, p) * coordinates(c2, p);
          },
          at.ijk[a], e.nodes[a]);
    };
    for (int d = 0; d < 3; ++d) {
      const int d1 = (d + 1) % 3, d2 = (d + 2) % 3;
      for (int c = 0; c < 3; ++c) {
        const int c1 = (c + 1) % 3, c2 = (c + 2) % 3;
        metric(d * 3 + c, node) = line_derivative(d2, c1, d1, c2) - line_derivative(d1, c1, d2, c2);
      }
    }
  }
}

template <int Dim, int Order>
double metrics(Fields<Dim>& fields) {
  DeviceView<Real**> tangents("multiblock.metric_tangents", Dim * Dim, fields.table.total_nodes);
  compute_tangents<Dim, Order>(fields, tangents);
  const auto coordinates = fields.coordinates;
  const auto metric = fields.metric;
  const auto jacobian = fields.jacobian;
  const auto inverse_norm = fields.inverse_norm;
  const BlockTable table = fields.table;
  Real smallest = 0;
  par_reduce(
      "multiblock.metrics", IndexRange{0, table.total_nodes},
      KOKKOS_LAMBDA(const int node, Real& min_det) {
        const NodeIndex at = table.locate(node);
        const BlockExtent& e = table.blocks[at.block];
        Real dx[Dim][Dim];  // dx[c][d] = d x_c / d xi_d
        for (int c = 0; c < Dim; ++c)
          for (int d = 0; d < Dim; ++d) dx[c][d] = tangents(c * Dim + d, node);
        write_metric<Dim, Order>(tangents, coordinates, metric, e, at, node, dx);
        const Real det = determinant<Dim>(dx);
        jacobian(node) = 1 / det;
        for (int d = 0; d < Dim; ++d)
          inverse_norm(d, node) = 1 / sbp_norm<Order>(at.ijk[d], e.nodes[d]);
        if (det < min_det) min_det = det;
      },
      Kokkos::Min<Real>(smallest));
  return smallest;
}

}  // namespace

template <int Dim>
double compute_metrics(int order, Fields<Dim>& fields) {
  if (order == 2) return metrics<Dim, 2>(fields);
  if (order == 4) return metrics<Dim, 4>(fields);
  throw Error("multiblock: SBP order " + std::to_string(order) + " is not available (2 or 4)");
}

template double compute_metrics<2>(int, Fields<2>&);
template double compute_metrics<3>(int, Fields<3>&);

}  // namespace portaflow::multiblock
