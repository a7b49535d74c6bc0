#include "portaflow/mesh/elliptic_grid_device.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow::mesh {

namespace {

using Grid = DeviceView<double**>;  // (j, i), the host grid's memory order
using Line = DeviceView<double*>;

constexpr double kHalfPi = 1.57079632679489661923;

// The host's Metrics and Stencil (elliptic_grid.cpp), at node (i, j) of the device grid.
struct GridStencil {
  double w, e, s, n, centre, source_x, source_y;
};

struct DeviceGrid {
  Grid x, y, phi_0, psi_0;
  Line p, q, decay;
  int ni, nj;

  KOKKOS_INLINE_FUNCTION GridStencil stencil(int i, int j) const {
    const double x_xi = 0.5 * (x(j, i + 1) - x(j, i - 1)), y_xi = 0.5 * (y(j, i + 1) - y(j, i - 1));
    const double x_eta = 0.5 * (x(j + 1, i) - x(j - 1, i)), y_eta = 0.5 * (y(j + 1, i) - y(j - 1, i));
    const double x_xieta =
        0.25 * ((x(j + 1, i + 1) - x(j + 1, i - 1)) - (x(j - 1, i + 1) - x(j - 1, i - 1)));
    const double y_xieta =
        0.25 * ((y(j + 1, i + 1) - y(j + 1, i - 1)) - (y(j - 1, i + 1) - y(j - 1, i - 1)));
    const double alpha = x_eta * x_eta + y_eta * y_eta;
    const double beta = x_xi * x_eta + y_xi * y_eta;
    const double gamma = x_xi * x_xi + y_xi * y_xi;
    const double phi = phi_0(j, i) + p(i) * decay(j);
    const double psi = psi_0(j, i) + q(i) * decay(j);
    const double p_half = 0.5 * alpha * phi;
    const double q_half = 0.5 * gamma * psi;
    return {alpha - p_half,         alpha + p_half,         gamma - q_half, gamma + q_half,
            -2.0 * (alpha + gamma), 2.0 * beta * x_xieta, 2.0 * beta * y_xieta};
  }
};

// Per-line scratch of the Thomas solves: (line, position along it).
struct LineScratch {
  Grid lower, diagonal, upper, rhs_x, rhs_y;
  LineScratch(int lines, int length)
      : lower("elliptic.lower", lines, length),
        diagonal("elliptic.diagonal", lines, length),
        upper("elliptic.upper", lines, length),
        rhs_x("elliptic.rhs_x", lines, length),
        rhs_y("elliptic.rhs_y", lines, length) {}
};

// Thomas on rows 1..count-2 of line `l`, then the relaxed update of its nodes; node(k) gives the
// (j, i) of row k. Returns the largest squared relative move (host: LineRelaxation::solve).
template <class Node>
KOKKOS_INLINE_FUNCTION double thomas_and_update(const DeviceGrid& g, const LineScratch& s, int l,
                                                int count, const Node& node, double relaxation) {
  int j0, i0, j1, i1;
  node(0, j0, i0);
  node(count - 1, j1, i1);
  s.rhs_x(l, 1) -= s.lower(l, 1) * g.x(j0, i0);
  s.rhs_y(l, 1) -= s.lower(l, 1) * g.y(j0, i0);
  s.rhs_x(l, count - 2) -= s.upper(l, count - 2) * g.x(j1, i1);
  s.rhs_y(l, count - 2) -= s.upper(l, count - 2) * g.y(j1, i1);
  for (int k = 2; k < count - 1; ++k) {
    const double factor = s.lower(l, k) / s.diagonal(l, k - 1);
    s.diagonal(l, k) -= factor * s.upper(l, k - 1);
    s.rhs_x(l, k) -= factor * s.rhs_x(l, k - 1);
    s.rhs_y(l, k) -= factor * s.rhs_y(l, k - 1);
  }
  double max_change = 0.0, x_next = 0.0, y_next = 0.0;
  for (int k = count - 2; k >= 1; --k) {
    const double upper = k == count - 2 ? 0.0 : s.upper(l, k);
    const double x_new = (s.rhs_x(l, k) - upper * x_next) / s.diagonal(l, k);
    const double y_new = (s.rhs_y(l, k) - upper * y_next) / s.diagonal(l, k);
    x_next = x_new;
    y_next = y_new;
    int jc, ic, jb, ib;
    node(k, jc, ic);
    node(k - 1, jb, ib);
    const double sx = g.x(jc, ic) - g.x(jb, ib), sy = g.y(jc, ic) - g.y(jb, ib);
    const double dx = relaxation * (x_new - g.x(jc, ic)), dy = relaxation * (y_new - g.y(jc, ic));
    const double change = (dx * dx + dy * dy) / (sx * sx + sy * sy);
    max_change = change > max_change || change != change ? change : max_change;
    g.x(jc, ic) += dx;
    g.y(jc, ic) += dy;
  }
  return max_change;
}

// The lines i = first, first + 2, ... < ni - 1 along j.
double relax_j_lines(const DeviceGrid& g, const LineScratch& s, int first, double relaxation) {
  const int lines = (g.ni - 1 - first + 1) / 2;
  return par_max<double>(
      "elliptic.j_lines", IndexRange{0, lines}, KOKKOS_LAMBDA(const int line, double& m) {
        const int i = first + 2 * line;
        for (int j = 1; j < g.nj - 1; ++j) {
          const GridStencil a = g.stencil(i, j);
          s.lower(i, j) = a.s;
          s.diagonal(i, j) = a.centre;
          s.upper(i, j) = a.n;
          s.rhs_x(i, j) = a.source_x - a.w * g.x(j, i - 1) - a.e * g.x(j, i + 1);
          s.rhs_y(i, j) = a.source_y - a.w * g.y(j, i - 1) - a.e * g.y(j, i + 1);
        }
        const auto node = [i](int k, int& j_out, int& i_out) {
          j_out = k;
          i_out = i;
        };
        const double change = thomas_and_update(g, s, i, g.nj, node, relaxation);
        m = change > m || change != change ? change : m;
      });
}

// The lines j = first, first + 2, ... < nj - 1 along i.
double relax_i_lines(const DeviceGrid& g, const LineScratch& s, int first, double relaxation) {
  const int lines = (g.nj - 1 - first + 1) / 2;
  return par_max<double>(
      "elliptic.i_lines", IndexRange{0, lines}, KOKKOS_LAMBDA(const int line, double& m) {
        const int j = first + 2 * line;
        for (int i = 1; i < g.ni - 1; ++i) {
          const GridStencil a = g.stencil(i, j);
          s.lower(j, i) = a.w;
          s.diagonal(j, i) = a.centre;
          s.upper(j, i) = a.e;
          s.rhs_x(j, i) = a.source_x - a.s * g.x(j - 1, i) - a.n * g.x(j + 1, i);
          s.rhs_y(j, i) = a.source_y - a.s * g.y(j - 1, i) - a.n * g.y(j + 1, i);
        }
        const auto node = [j](int k, int& j_out, int& i_out) {
          j_out = j;
          i_out = k;
        };
        const double change = thomas_and_update(g, s, j, g.ni, node, relaxation);
        m = change > m || change != change ? change : m;
      });
}

// The host's ControlFunctions::update_wall at every interior i.
void update_wall(const DeviceGrid& g, const Line& wall_spacing, bool spacing_control,
                 bool orthogonality, double gain, double limit) {
  par_for("elliptic.wall_control", IndexRange{1, g.ni - 1}, KOKKOS_LAMBDA(const int i) {
    const double tx = g.x(0, i + 1) - g.x(0, i - 1), ty = g.y(0, i + 1) - g.y(0, i - 1);
    const double dx = g.x(1, i) - g.x(0, i), dy = g.y(1, i) - g.y(0, i);
    if (spacing_control) {
      const double spacing = wall_spacing.extent(0) == 1 ? wall_spacing(0) : wall_spacing(i);
      const double ratio = Kokkos::Experimental::sqrt(dx * dx + dy * dy) / spacing;
      const double q = g.q(i) - gain * Kokkos::Experimental::atan(ratio - 1.0);
      g.q(i) = q < -limit ? -limit : (q > limit ? limit : q);
    }
    if (orthogonality) {
      const double angle = Kokkos::Experimental::atan2(tx * dy - ty * dx, tx * dx + ty * dy);
      const double p = g.p(i) + gain * Kokkos::Experimental::atan(angle - kHalfPi);
      g.p(i) = p < -limit ? -limit : (p > limit ? limit : p);
    }
  });
}

// first_folded_cell (elliptic_grid.hpp) on the device grid.
long long first_folded_cell(const DeviceGrid& g) {
  constexpr long long kNone = std::numeric_limits<long long>::max();
  long long first = kNone;
  const long long cells_i = g.ni - 1;
  par_reduce("elliptic.folded_cell", IndexBox2D{{0, g.nj - 1}, {0, g.ni - 1}},
             KOKKOS_LAMBDA(const int j, const int i, long long& m) {
               const double area = 0.5 * ((g.x(j + 1, i + 1) - g.x(j, i)) * (g.y(j + 1, i) - g.y(j, i + 1)) -
                                          (g.y(j + 1, i + 1) - g.y(j, i)) * (g.x(j + 1, i) - g.x(j, i + 1)));
               const long long cell = i + cells_i * j;
               if (!(area > 0.0) && cell < m) m = cell;
             },
             Kokkos::Min<long long>(first));
  return first == kNone ? -1 : first;
}

Grid to_device(const std::vector<double>& values, int ni, int nj, const char* label) {
  Grid view(std::string(label), nj, ni);
  Kokkos::deep_copy(view, Kokkos::View<const double**, Kokkos::LayoutRight, Kokkos::HostSpace>(
                              values.data(), nj, ni));
  return view;
}

Line to_device(const std::vector<double>& values, const char* label) {
  Line view(std::string(label), values.size());
  Kokkos::deep_copy(view, Kokkos::View<const double*, Kokkos::HostSpace>(values.data(), values.size()));
  return view;
}

}  // namespace

EllipticGridReport solve_elliptic_grid_device(StructuredGrid2D& grid,
                                              const EllipticGridOptions& options) {
  require(grid.ni >= 3 && grid.nj >= 3 &&
              grid.x.size() == static_cast<std::size_t>(grid.ni) * grid.nj &&
              grid.y.size() == grid.x.size(),
          "solve_elliptic_grid_device needs at least 3 x 3 nodes with ni * nj coordinates.");
  require(options.control_limit >= 0.0 && options.control_limit < 2.0 &&
              options.relaxation_j > 0.0 && options.relaxation_j < 2.0 &&
              options.relaxation_i > 0.0 && options.relaxation_i < 2.0,
          "solve_elliptic_grid_device: control limit in [0, 2) and relaxations in (0, 2) needed");
  const ControlStart start = control_start(grid, options);
  DeviceGrid g;
  g.ni = grid.ni;
  g.nj = grid.nj;
  g.x = to_device(grid.x, grid.ni, grid.nj, "elliptic.x");
  g.y = to_device(grid.y, grid.ni, grid.nj, "elliptic.y");
  g.phi_0 = to_device(start.phi_0, grid.ni, grid.nj, "elliptic.phi_0");
  g.psi_0 = to_device(start.psi_0, grid.ni, grid.nj, "elliptic.psi_0");
  g.decay = to_device(start.decay, "elliptic.decay");
  g.p = Line("elliptic.p", grid.ni);
  g.q = Line("elliptic.q", grid.ni);
  const Line wall_spacing = to_device(options.wall_spacing.empty() ? std::vector<double>{1.0}
                                                                  : options.wall_spacing,
                                      "elliptic.wall_spacing");
  const bool spacing_control = !options.wall_spacing.empty();
  const int longest = std::max(grid.ni, grid.nj);
  const LineScratch scratch(longest, longest);

  EllipticGridReport report;
  for (int iteration = 1; iteration <= options.max_iterations; ++iteration) {
    if (options.control_orthogonality || spacing_control)
      update_wall(g, wall_spacing, spacing_control, options.control_orthogonality,
                  options.control_gain, options.control_limit);
    double max_change = 0.0;
    for (int colour = 1; colour >= 0; --colour)
      max_change = std::max(max_change, relax_j_lines(g, scratch, 2 - colour, options.relaxation_j));
    for (int colour = 1; colour >= 0; --colour)
      max_change = std::max(max_change, relax_i_lines(g, scratch, 2 - colour, options.relaxation_i));
    max_change = std::sqrt(max_change);
    if (!std::isfinite(max_change))
      throw Error("The elliptic grid iteration diverged at iteration " + std::to_string(iteration) +
                  " (device generator): lower relaxation_j / relaxation_i or control_gain, or "
                  "start from a grid without folded cells.");
    if (const long long folded = first_folded_cell(g); folded >= 0)
      throw Error(folded_cell_message(grid, folded, iteration) + " (device generator)");
    report.iterations = iteration;
    report.max_change = max_change;
    if (max_change <= options.tolerance) {
      report.converged = true;
      break;
    }
  }
  auto hx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), g.x);
  auto hy = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), g.y);
  std::copy(hx.data(), hx.data() + hx.size(), grid.x.begin());
  std::copy(hy.data(), hy.data() + hy.size(), grid.y.begin());
  return report;
}

}  // namespace portaflow::mesh
