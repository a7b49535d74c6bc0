#include "portaflow/schemes/incompressible/grid/node_grid.hpp"

#include <limits>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow::incompressible {

namespace {

NodeField node_field(const std::string& name, int ni, int nj) { return NodeField(name, nj, ni); }

// d f / d xi at node (j, i): central inside, second-order one-sided at i = 0 and i = n - 1.
KOKKOS_INLINE_FUNCTION Real d_xi(const NodeField& f, int j, int i, int n) {
  if (i == 0) return Real(0.5) * (-3 * f(j, 0) + 4 * f(j, 1) - f(j, 2));
  if (i == n - 1) return Real(0.5) * (3 * f(j, n - 1) - 4 * f(j, n - 2) + f(j, n - 3));
  return Real(0.5) * (f(j, i + 1) - f(j, i - 1));
}

KOKKOS_INLINE_FUNCTION Real d_eta(const NodeField& f, int j, int i, int n) {
  if (j == 0) return Real(0.5) * (-3 * f(0, i) + 4 * f(1, i) - f(2, i));
  if (j == n - 1) return Real(0.5) * (3 * f(n - 1, i) - 4 * f(n - 2, i) + f(n - 3, i));
  return Real(0.5) * (f(j + 1, i) - f(j - 1, i));
}

// alpha f_xixi - 2 beta f_xieta + gamma f_etaeta at an interior node (f: a NodeField, or a
// Reflected one at the wake cut).
template <class F>
KOKKOS_INLINE_FUNCTION Real second_derivatives(const F& f, int j, int i, Real alpha, Real beta,
                                               Real gamma) {
  const Real f_xixi = f(j, i + 1) - 2 * f(j, i) + f(j, i - 1);
  const Real f_etaeta = f(j + 1, i) - 2 * f(j, i) + f(j - 1, i);
  const Real f_xieta =
      Real(0.25) * (f(j + 1, i + 1) - f(j - 1, i + 1) - f(j + 1, i - 1) + f(j - 1, i - 1));
  return alpha * f_xixi - 2 * beta * f_xieta + gamma * f_etaeta;
}

}  // namespace

NodeGrid make_cartesian_grid(int ni, int nj, double x0, double x1, double y0, double y1) {
  require(ni >= 3 && nj >= 3, "a node grid needs at least 3 x 3 nodes");
  NodeGrid grid;
  grid.ni = ni;
  grid.nj = nj;
  grid.x = node_field("grid.x", ni, nj);
  grid.y = node_field("grid.y", ni, nj);
  const Real dx = static_cast<Real>((x1 - x0) / (ni - 1)),
             dy = static_cast<Real>((y1 - y0) / (nj - 1));
  const NodeField x = grid.x, y = grid.y;
  const Real x_start = static_cast<Real>(x0), y_start = static_cast<Real>(y0);
  par_for(
      "incompressible.cartesian_grid", IndexBox2D{{0, nj}, {0, ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        x(j, i) = x_start + dx * i;
        y(j, i) = y_start + dy * j;
      });
  compute_metrics(grid);
  return grid;
}

NodeGrid make_warped_square_grid(int n, double warp) {
  NodeGrid g = make_cartesian_grid(n, n, 0, 1, 0, 1);
  const NodeField x = g.x, y = g.y;
  constexpr double kPi = 3.14159265358979323846;
  par_for(
      "incompressible.warped_grid", IndexBox2D{{0, n}, {0, n}},
      KOKKOS_LAMBDA(const int j, const int i) {
        const double xi = double(i) / (n - 1), eta = double(j) / (n - 1);
        x(j, i) = xi + warp * math::sin(kPi * xi) * math::sin(2 * kPi * eta);
        y(j, i) = eta + warp * math::sin(2 * kPi * xi) * math::sin(kPi * eta);
      });
  compute_metrics(g);
  return g;
}

void compute_metrics(NodeGrid& grid) {
  const int ni = grid.ni, nj = grid.nj;
  for (NodeField* f : {&grid.x_xi, &grid.x_eta, &grid.y_xi, &grid.y_eta, &grid.jacobian, &grid.a,
                       &grid.b, &grid.c, &grid.p, &grid.q})
    *f = node_field("grid.metric", ni, nj);
  const NodeGrid g = grid;
  par_for(
      "incompressible.metrics", IndexBox2D{{0, nj}, {0, ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        const auto rx = reflected(g.x, ni), ry = reflected(g.y, ni);
        // On the wake cut (both sides) eta is differenced across it.
        const bool cut = j == 0 && i > 0 && i < ni - 1 && (i < g.seam || i > ni - 1 - g.seam);
        const Real x_xi = d_xi(g.x, j, i, ni), y_xi = d_xi(g.y, j, i, ni);
        const Real x_eta = cut ? Real(0.5) * (rx(1, i) - rx(-1, i)) : d_eta(g.x, j, i, nj);
        const Real y_eta = cut ? Real(0.5) * (ry(1, i) - ry(-1, i)) : d_eta(g.y, j, i, nj);
        const Real J = x_xi * y_eta - x_eta * y_xi;
        g.x_xi(j, i) = x_xi;
        g.x_eta(j, i) = x_eta;
        g.y_xi(j, i) = y_xi;
        g.y_eta(j, i) = y_eta;
        g.jacobian(j, i) = J;
        const Real alpha = x_eta * x_eta + y_eta * y_eta;
        const Real beta = x_xi * x_eta + y_xi * y_eta;
        const Real gamma = x_xi * x_xi + y_xi * y_xi;
        const Real inv_j2 = 1 / (J * J);
        g.a(j, i) = alpha * inv_j2;
        g.b(j, i) = -2 * beta * inv_j2;
        g.c(j, i) = gamma * inv_j2;
        Real p = 0, q = 0;
        if ((i > 0 && i < ni - 1 && j > 0 && j < nj - 1) || cut) {
          // Eq. 3 read backwards: -J^2 (P x_xi + Q x_eta) = L x, and the same for y.
          const Real lx = -second_derivatives(rx, j, i, alpha, beta, gamma) * inv_j2;
          const Real ly = -second_derivatives(ry, j, i, alpha, beta, gamma) * inv_j2;
          p = (lx * y_eta - x_eta * ly) / J;
          q = (x_xi * ly - lx * y_xi) / J;
        }
        g.p(j, i) = p;
        g.q(j, i) = q;
      });
  // The first folded node, if any, in (j, i) order.
  const NodeField jacobian = grid.jacobian;
  constexpr long long kNone = std::numeric_limits<long long>::max();
  long long first_bad = kNone;
  par_reduce(
      "incompressible.folded_node", IndexBox2D{{0, nj}, {0, ni}},
      KOKKOS_LAMBDA(const int j, const int i, long long& first) {
        if (!(jacobian(j, i) > 0) && j * static_cast<long long>(ni) + i < first)
          first = j * static_cast<long long>(ni) + i;
      },
      Kokkos::Min<long long>(first_bad));
  if (first_bad != kNone) {
    const int j = static_cast<int>(first_bad / ni), i = static_cast<int>(first_bad % ni);
    throw Error("the grid is folded: its Jacobian is <= 0 at node (i, j) = (" + std::to_string(i) +
                ", " + std::to_string(j) + ")");
  }
}

}  // namespace portaflow::incompressible
