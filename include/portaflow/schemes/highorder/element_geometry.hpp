// The element grid's geometry, on the host in double: nx x ny quadrilaterals of the (optionally
// warped) box, each mapped from [-1, 1]^2 isoparametrically: a degree-k polynomial in xi and eta
// through (k + 1)^2 Gauss-Lobatto geometry nodes placed with mesh::warped_box_point. Shared
// edges use the same nodes (computed from global node indices), so neighbours see the same
// curved edge and the metrics below are continuous across it.
//
// Metrics (Zimmerman et al. 2018 work on Cartesian squares; curvilinear form after Kopriva,
// "Implementing Spectral Methods for PDEs", ch. 6): with J = x_xi y_eta - x_eta y_xi, the
// contravariant normals
//   n_xi = (y_eta, -x_eta),   n_eta = (-y_xi, x_xi)
// turn the Euler equations into J dU/dt + d(F . n_xi)/dxi + d(F . n_eta)/deta = 0. They are the
// exact derivatives of the mapping polynomial, so d(n_xi)/dxi + d(n_eta)/deta = 0 holds at every
// point (the discrete metric identity that makes a uniform flow stay uniform).
#pragma once

#include <array>
#include <vector>

#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/highorder/basis_1d.hpp"

namespace portaflow::highorder {

// Metrics at one point: n_xi, n_eta and J.
struct PointMetrics {
  double xi_x, xi_y;    // n_xi = (y_eta, -x_eta)
  double eta_x, eta_y;  // n_eta = (-y_xi, x_xi)
  double jacobian;
};

// A box of the element grid (a rank's, docs/mpi.md): its first element and element counts per
// direction; counts of 0 stand for the whole grid.
struct ElementBox {
  std::array<int, 2> first{0, 0};
  std::array<int, 2> cells{0, 0};
};

class ElementMapping {
 public:
  // degree k >= 1 of the mapping (the solution's degree: isoparametric elements), over `box`
  // of the mesh's element grid; `periodic` per direction. Element indices below are the box's
  // (0 .. elements_x() - 1); the geometry comes from whole-grid indices, so a box's elements
  // are bit for bit the whole grid's. The elements one beyond each side are kept too (-1 and
  // elements_x(), wrapped across a periodic side): a face on the box's edge is computed from
  // the element a one-box run would compute it from.
  ElementMapping(const MeshConfig& mesh, double warp, int degree,
                 std::array<bool, 2> periodic = {false, false}, const ElementBox& box = {});

  int elements_x() const { return nx_; }
  int elements_y() const { return ny_; }
  // Whether the grid goes on past the box's last face along direction d (a periodic side, or
  // another box): that face then belongs to the element beyond, as its first face.
  bool continues(int d) const { return continues_[d]; }

  // The geometry nodes' Lagrange values and derivatives at one reference coordinate: computed
  // once for a coordinate every element uses (solution points, output lattice, quadrature rule)
  // instead of at every point of every element.
  struct Basis {
    std::vector<double> value, derivative;
  };
  Basis basis(double xi) const;

  // Physical position and metrics of reference point (xi, eta) of element (ex, ey); the same
  // from the bases at xi and eta.
  std::array<double, 2> position(int ex, int ey, double xi, double eta) const;
  PointMetrics metrics(int ex, int ey, double xi, double eta) const;
  std::array<double, 2> position(int ex, int ey, const Basis& at_xi, const Basis& at_eta) const;
  PointMetrics metrics(int ex, int ey, const Basis& at_xi, const Basis& at_eta) const;

 private:
  int nx_, ny_;               // the box's elements
  std::array<int, 2> first_;  // its first element's whole-grid index
  std::array<bool, 2> continues_;
  std::vector<double> nodes_;  // the Gauss-Lobatto geometry nodes on [-1, 1]
  std::array<double, 4> domain_;
  double warp_;
  // x, y of node (i, j) of element (ex, ey), i fastest, for -1 <= ex <= nx, -1 <= ey <= ny
  std::vector<double> geometry_;
  // Geometry node (i, j) of element (ex, ey): x and y.
  std::array<double, 2> node(int ex, int ey, int i, int j) const;
};

// Host tables of everything the kernels need about the geometry, for n solution points per
// direction at `points` (the method's). Point (J, I) is local point (b, a) = (J % n, I % n) of
// element (J / n, I / n); rows of J slowest.
struct ElementGridMetrics {
  int n = 0, nx = 0, ny = 0;
  std::vector<double> x, y;        // point positions
  std::vector<double> point;       // 5 per point: xi_x, xi_y, eta_x, eta_y, 1 / J
  std::vector<double> weight_jac;  // w_a w_b J: the point's share of the element's area
  // Area normals n_xi at x faces (2, J, f), f = 0..nx, and n_eta at y faces (2, f, I),
  // f = 0..ny, at the face points (the solution points' traces). A face is computed from the
  // element after it (the last face too where the grid continues: ElementMapping::continues),
  // so both sides of a wrapped face, or of a face between two ranks' boxes, agree bit for bit.
  std::vector<double> x_face, y_face;
};

// set_boundary_points: the method's solution points include the element ends (Gauss-Lobatto),
// so the normals at those points are set to the face normals, so the flux at an end point and
// the common flux there use the same normal.
ElementGridMetrics element_grid_metrics(const ElementMapping& mapping, const PointSet1D& points,
                                        bool set_boundary_points);

// sd's area normals at its flux points (element_residual_sd.hpp): n_xi at xi flux point
// (x_r, eta_b), stored (2, J, ex (n + 1) + r), and n_eta at eta flux point (xi_a, x_r), stored
// (2, ey (n + 1) + r, I); n + 1 = flux_points.size().
struct FluxPointNormals {
  std::vector<double> x, y;
};
FluxPointNormals flux_point_normals(const ElementMapping& mapping, const PointSet1D& points,
                                    const PointSet1D& flux_points);

}  // namespace portaflow::highorder
