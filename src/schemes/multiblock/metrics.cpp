// Metric terms with the solution's SBP operator (seed 001, eq. 3; DESIGN.md §3 mesh layer).
#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

template <int Order>
double metrics_2d(Fields<2>& fields) {
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
        Real dx[2][2];  // dx[c][d] = d x_c / d xi_d
        for (int d = 0; d < 2; ++d) {
          const int stride = e.stride(d);
          const int base = node - at.ijk[d] * stride;
          for (int c = 0; c < 2; ++c)
            dx[c][d] = sbp_derivative<Order>(
                [&](int q) { return coordinates(c, base + q * stride); }, at.ijk[d], e.nodes[d]);
        }
        const Real det = dx[0][0] * dx[1][1] - dx[0][1] * dx[1][0];
        metric(0, node) = dx[1][1];   // grad(xi)/J  = ( y_eta, -x_eta)
        metric(1, node) = -dx[0][1];
        metric(2, node) = -dx[1][0];  // grad(eta)/J = (-y_xi,  x_xi)
        metric(3, node) = dx[0][0];
        jacobian(node) = 1 / det;
        for (int d = 0; d < 2; ++d) inverse_norm(d, node) = 1 / sbp_norm<Order>(at.ijk[d], e.nodes[d]);
        if (det < min_det) min_det = det;
      },
      Kokkos::Min<Real>(smallest));
  return smallest;
}

}  // namespace

double compute_metrics(int order, Fields<2>& fields) {
  if (order == 2) return metrics_2d<2>(fields);
  if (order == 4) return metrics_2d<4>(fields);
  throw Error("multiblock: SBP order " + std::to_string(order) + " is not available (2 or 4)");
}

}  // namespace portaflow::multiblock
