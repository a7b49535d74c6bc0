#include "portaflow/schemes/highorder/element_geometry.hpp"

#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/mesh/box_mesh.hpp"

namespace portaflow::highorder {

ElementMapping::ElementMapping(const MeshConfig& mesh, double warp, int degree,
                               std::array<bool, 2> periodic, const ElementBox& box)
    : nx_(box.cells[0] > 0 ? box.cells[0] : mesh.cells[0]),
      ny_(box.cells[1] > 0 ? box.cells[1] : mesh.cells[1]),
      first_(box.first),
      continues_{periodic[0] || box.first[0] + nx_ < mesh.cells[0],
                 periodic[1] || box.first[1] + ny_ < mesh.cells[1]},
      nodes_(gauss_lobatto(degree + 1).nodes),
      domain_{mesh.domain_min[0], mesh.domain_max[0], mesh.domain_min[1], mesh.domain_max[1]},
      warp_(warp) {
  require(degree >= 1,
          "internal error: an element mapping needs degree >= 1, got " + std::to_string(degree));
  // Every element's geometry nodes once (positions and metrics are evaluated many times per
  // element: at solution points, face points, output lattices and error rules).
  const int m = degree + 1;
  const int whole_x = mesh.cells[0], whole_y = mesh.cells[1];
  // The whole-grid index of the box's element `e` along a direction (wrapped where periodic).
  const auto global = [](int first, int e, int whole, bool wraps) {
    const int g = first + e;
    if (!wraps) return g;
    return g < 0 ? g + whole : (g >= whole ? g - whole : g);
  };
  geometry_.resize(2 * static_cast<std::size_t>(nx_ + 2) * (ny_ + 2) * m * m);
  host_par_for("highorder.geometry_nodes", IndexRange{-1, ny_ + 1}, [&](Index ey) {
    const int gy = global(box.first[1], ey, whole_y, periodic[1]);
    for (int ex = -1; ex <= nx_; ++ex) {
      const int gx = global(box.first[0], ex, whole_x, periodic[0]);
      for (int j = 0; j < m; ++j)
        for (int i = 0; i < m; ++i) {
          // The parameter is the element's share plus the (not equispaced) Lobatto node's, the
          // same expression on both sides of a shared edge, so neighbours share their nodes.
          const double s = (gx + (nodes_[i] + 1) / 2) / whole_x;
          const double t = (gy + (nodes_[j] + 1) / 2) / whole_y;
          const auto p = mesh::warped_box_point(domain_, warp_, s, t);
          const std::size_t at =
              2 * ((((static_cast<std::size_t>(ey + 1) * (nx_ + 2) + ex + 1) * m + j) * m) + i);
          geometry_[at] = p[0];
          geometry_[at + 1] = p[1];
        }
    }
  });
}

std::array<double, 2> ElementMapping::node(int ex, int ey, int i, int j) const {
  const std::size_t m = nodes_.size();
  const std::size_t at =
      2 * ((((static_cast<std::size_t>(ey + 1) * (nx_ + 2) + ex + 1) * m + j) * m) + i);
  return {geometry_[at], geometry_[at + 1]};
}

ElementMapping::Basis ElementMapping::basis(double xi) const {
  return {lagrange_values(nodes_, xi), lagrange_derivatives(nodes_, xi)};
}

std::array<double, 2> ElementMapping::position(int ex, int ey, double xi, double eta) const {
  return position(ex, ey, basis(xi), basis(eta));
}

PointMetrics ElementMapping::metrics(int ex, int ey, double xi, double eta) const {
  return metrics(ex, ey, basis(xi), basis(eta));
}

std::array<double, 2> ElementMapping::position(int ex, int ey, const Basis& at_xi,
                                               const Basis& at_eta) const {
  const std::vector<double>& li = at_xi.value;
  const std::vector<double>& lj = at_eta.value;
  std::array<double, 2> p{0, 0};
  const int m = static_cast<int>(nodes_.size());
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      const auto q = node(ex, ey, i, j);
      p[0] += q[0] * li[i] * lj[j];
      p[1] += q[1] * li[i] * lj[j];
    }
  return p;
}

PointMetrics ElementMapping::metrics(int ex, int ey, const Basis& at_xi,
                                     const Basis& at_eta) const {
  const std::vector<double>& li = at_xi.value;
  const std::vector<double>& lj = at_eta.value;
  const std::vector<double>& di = at_xi.derivative;
  const std::vector<double>& dj = at_eta.derivative;
  double x_xi = 0, x_eta = 0, y_xi = 0, y_eta = 0;
  const int m = static_cast<int>(nodes_.size());
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      const auto q = node(ex, ey, i, j);
      x_xi += q[0] * di[i] * lj[j];
      y_xi += q[1] * di[i] * lj[j];
      x_eta += q[0] * li[i] * dj[j];
      y_eta += q[1] * li[i] * dj[j];
    }
  const double jacobian = x_xi * y_eta - x_eta * y_xi;
  if (!(jacobian > 0))
    throw InputError("element (" + std::to_string(first_[0] + ex) + ", " +
                     std::to_string(first_[1] + ey) + ") of the element grid is folded (Jacobian " +
                     std::to_string(jacobian) + "): reduce mesh.warp");
  return {y_eta, -x_eta, -y_xi, x_xi, jacobian};
}

namespace {

std::vector<ElementMapping::Basis> bases(const ElementMapping& mapping,
                                         const std::vector<double>& coordinates) {
  std::vector<ElementMapping::Basis> out;
  for (double xi : coordinates) out.push_back(mapping.basis(xi));
  return out;
}

}  // namespace

ElementGridMetrics element_grid_metrics(const ElementMapping& mapping, const PointSet1D& points,
                                        bool set_boundary_points) {
  ElementGridMetrics g;
  g.n = points.size();
  g.nx = mapping.elements_x();
  g.ny = mapping.elements_y();
  const int n = g.n, ni = g.nx * n, nj = g.ny * n;
  const std::size_t count = static_cast<std::size_t>(ni) * nj;
  g.x.resize(count);
  g.y.resize(count);
  g.point.resize(5 * count);
  g.weight_jac.resize(count);
  g.x_face.resize(2 * static_cast<std::size_t>(nj) * (g.nx + 1));
  g.y_face.resize(2 * static_cast<std::size_t>(g.ny + 1) * ni);
  auto x_face = [&](int c, int J, int f) -> double& {
    return g.x_face[(static_cast<std::size_t>(c) * nj + J) * (g.nx + 1) + f];
  };
  auto y_face = [&](int c, int f, int I) -> double& {
    return g.y_face[(static_cast<std::size_t>(c) * (g.ny + 1) + f) * ni + I];
  };
  const std::vector<ElementMapping::Basis> at_points = bases(mapping, points.nodes);
  const ElementMapping::Basis at_minus = mapping.basis(-1.0), at_plus = mapping.basis(1.0);
  // Faces: x face f from the element after it; the last from the one before it where the grid
  // ends there. Every point is independent work, so the rows run on the host's threads.
  const bool x_continues = mapping.continues(0), y_continues = mapping.continues(1);
  host_par_for("highorder.x_face_metrics", IndexRange{0, nj}, [&](Index J) {
    for (int f = 0; f <= g.nx; ++f) {
      const bool before = f == g.nx && !x_continues;
      const auto m =
          mapping.metrics(before ? f - 1 : f, J / n, before ? at_plus : at_minus, at_points[J % n]);
      x_face(0, J, f) = m.xi_x;
      x_face(1, J, f) = m.xi_y;
    }
  });
  host_par_for("highorder.y_face_metrics", IndexRange{0, g.ny + 1}, [&](Index f) {
    for (int I = 0; I < ni; ++I) {
      const bool before = f == g.ny && !y_continues;
      const auto m =
          mapping.metrics(I / n, before ? f - 1 : f, at_points[I % n], before ? at_plus : at_minus);
      y_face(0, f, I) = m.eta_x;
      y_face(1, f, I) = m.eta_y;
    }
  });
  host_par_for("highorder.point_metrics", IndexRange{0, nj}, [&](Index J) {
    for (int I = 0; I < ni; ++I) {
      const int ex = I / n, ey = J / n, a = I % n, b = J % n;
      const std::size_t p = static_cast<std::size_t>(J) * ni + I;
      const auto pos = mapping.position(ex, ey, at_points[a], at_points[b]);
      auto m = mapping.metrics(ex, ey, at_points[a], at_points[b]);
      if (set_boundary_points) {
        if (a == 0 || a == n - 1) {
          const int f = a == 0 ? ex : ex + 1;
          m.xi_x = x_face(0, J, f);
          m.xi_y = x_face(1, J, f);
        }
        if (b == 0 || b == n - 1) {
          const int f = b == 0 ? ey : ey + 1;
          m.eta_x = y_face(0, f, I);
          m.eta_y = y_face(1, f, I);
        }
      }
      g.x[p] = pos[0];
      g.y[p] = pos[1];
      const double v[5] = {m.xi_x, m.xi_y, m.eta_x, m.eta_y, 1 / m.jacobian};
      for (int c = 0; c < 5; ++c) g.point[c * count + p] = v[c];
      g.weight_jac[p] = points.weights[a] * points.weights[b] * m.jacobian;
    }
  });
  return g;
}

FluxPointNormals flux_point_normals(const ElementMapping& mapping, const PointSet1D& points,
                                    const PointSet1D& flux_points) {
  const int n = points.size(), m = flux_points.size();
  const int nx = mapping.elements_x(), ny = mapping.elements_y();
  const std::size_t nj = static_cast<std::size_t>(ny) * n, ni = static_cast<std::size_t>(nx) * n;
  const std::size_t fi = static_cast<std::size_t>(nx) * m, fj = static_cast<std::size_t>(ny) * m;
  const std::vector<ElementMapping::Basis> at_points = bases(mapping, points.nodes);
  const std::vector<ElementMapping::Basis> at_flux = bases(mapping, flux_points.nodes);
  FluxPointNormals out;
  out.x.resize(2 * nj * fi);
  out.y.resize(2 * fj * ni);
  host_par_for("highorder.x_flux_point_metrics", IndexRange{0, static_cast<Index>(nj)},
               [&](Index row) {
                 const std::size_t J = row;
                 for (std::size_t F = 0; F < fi; ++F) {
                   const auto g = mapping.metrics(static_cast<int>(F / m), static_cast<int>(J / n),
                                                  at_flux[F % m], at_points[J % n]);
                   out.x[J * fi + F] = g.xi_x;
                   out.x[(nj + J) * fi + F] = g.xi_y;
                 }
               });
  host_par_for("highorder.y_flux_point_metrics", IndexRange{0, static_cast<Index>(fj)},
               [&](Index row) {
                 const std::size_t F = row;
                 for (std::size_t I = 0; I < ni; ++I) {
                   const auto g = mapping.metrics(static_cast<int>(I / n), static_cast<int>(F / m),
                                                  at_points[I % n], at_flux[F % m]);
                   out.y[F * ni + I] = g.eta_x;
                   out.y[(fj + F) * ni + I] = g.eta_y;
                 }
               });
  return out;
}

}  // namespace portaflow::highorder
