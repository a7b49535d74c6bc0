#include "portaflow/mesh/elliptic_grid_device.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/numerics/tridiagonal.hpp"

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
    const double x_eta = 0.5 * (x(j + 1, i) - x(j - 1, i)),
                 y_eta = 0.5 * (y(j + 1, i) - y(j - 1, i));
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
    return {alpha - p_half,         alpha + p_half,       gamma - q_half,      gamma + q_half,
            -2.0 * (alpha + gamma), 2.0 * beta * x_xieta, 2.0 * beta * y_xieta};
  }
};

// One line's tridiagonal system in team scratch (numerics/tridiagonal.hpp): row r is the line's
// node r + 1 (its two end nodes stay fixed), two right-hand sides, x and y; a second set of rows
// for cyclic reduction's double buffer.
using Lines = tridiagonal::ScratchLines<2, double>;

// Node k of a line along j (i fixed) or along i (j fixed), as (j, i).
struct AlongJ {
  int i;
  KOKKOS_INLINE_FUNCTION void operator()(int k, int& j_out, int& i_out) const {
    j_out = k;
    i_out = i;
  }
};
struct AlongI {
  int j;
  KOKKOS_INLINE_FUNCTION void operator()(int k, int& j_out, int& i_out) const {
    j_out = j;
    i_out = k;
  }
};

// Row r (node r + 1) of a line along j (Node = AlongJ) or along i: the coefficients along the
// line go into the system, the two neighbours across it (known) into the right-hand sides, and at
// the line's first and last rows the fixed end nodes too. A GPU team solves by cyclic reduction,
// which needs the row divided by its diagonal (`unit`); Thomas takes it as it is, in the host's
// order of operations (LineRelaxation::solve), so the CPU's device grid and the host's agree to
// round-off.
template <class Node>
KOKKOS_INLINE_FUNCTION void fill_row(const DeviceGrid& g, const Lines& s, int r, int count,
                                     const Node& node, bool unit) {
  constexpr bool kAlongJ = std::is_same<Node, AlongJ>::value;
  int j, i;
  node(r + 1, j, i);
  const GridStencil a = g.stencil(i, j);
  const double across_low = kAlongJ ? a.w : a.s, across_high = kAlongJ ? a.e : a.n;
  const int j_low = kAlongJ ? j : j - 1, i_low = kAlongJ ? i - 1 : i;
  const int j_high = kAlongJ ? j : j + 1, i_high = kAlongJ ? i + 1 : i;
  s.sub(r) = kAlongJ ? a.s : a.w;
  s.diagonal(r) = a.centre;
  s.super(r) = kAlongJ ? a.n : a.e;
  s.rhs(0, r) = a.source_x - across_low * g.x(j_low, i_low) - across_high * g.x(j_high, i_high);
  s.rhs(1, r) = a.source_y - across_low * g.y(j_low, i_low) - across_high * g.y(j_high, i_high);
  const int last = count - 3;
  if (r == 0) {
    int j0, i0;
    node(0, j0, i0);
    s.rhs(0, 0) -= s.sub(0) * g.x(j0, i0);
    s.rhs(1, 0) -= s.sub(0) * g.y(j0, i0);
  }
  if (r == last) {
    int j1, i1;
    node(count - 1, j1, i1);
    s.rhs(0, last) -= s.super(last) * g.x(j1, i1);
    s.rhs(1, last) -= s.super(last) * g.y(j1, i1);
  }
  if (unit) {
    const double inverse = 1.0 / s.diagonal(r);
    s.rhs(0, r) *= inverse;
    s.rhs(1, r) *= inverse;
    tridiagonal::set_unit_row(s, r, s.sub(r), s.diagonal(r), s.super(r));
  }
}

// One line relaxed by one team: the rows' coefficients in parallel, the line solved, then the
// relaxed moves (measured against the old positions, as on the host) and the update in parallel.
// Returns the largest squared relative move, infinite for a NaN (so the caller's max keeps it).
template <class Node>
KOKKOS_INLINE_FUNCTION double relax_line(const TeamMember& member, const DeviceGrid& g,
                                         const Lines& s, int count, const Node& node,
                                         double relaxation) {
  const int rows = count - 2;
  const bool unit = member.team_size() > 1;
  team_for(member, rows,
           [&](Index r) { fill_row<Node>(g, s, static_cast<int>(r), count, node, unit); });
  team_barrier(member);
  const Lines solved = tridiagonal::solve_in_team(member, s, rows);
  const double largest = team_max<double>(member, rows, [&](Index index) {
    const int r = static_cast<int>(index);
    int jc, ic, jb, ib;
    node(r + 1, jc, ic);
    node(r, jb, ib);
    const double sx = g.x(jc, ic) - g.x(jb, ib), sy = g.y(jc, ic) - g.y(jb, ib);
    const double dx = relaxation * (solved.solution(0, r) - g.x(jc, ic));
    const double dy = relaxation * (solved.solution(1, r) - g.y(jc, ic));
    solved.sub(r) = dx;  // the coefficients are spent: keep the moves there
    solved.super(r) = dy;
    const double change = (dx * dx + dy * dy) / (sx * sx + sy * sy);
    return change != change ? math::infinity() : change;
  });
  team_barrier(member);
  team_for(member, rows, [&](Index index) {
    const int r = static_cast<int>(index);
    int j, i;
    node(r + 1, j, i);
    g.x(j, i) += solved.sub(r);
    g.y(j, i) += solved.super(r);
  });
  return largest;
}

// The lines first, first + 2, ... (i along j for AlongJ, j along i for AlongI), one team each,
// their systems in shared memory where they fit. Returns the largest squared relative move.
template <class Node>
double relax_lines(const char* label, const DeviceGrid& g, int first, double relaxation) {
  constexpr bool kAlongJ = std::is_same<Node, AlongJ>::value;
  const int count = kAlongJ ? g.nj : g.ni;  // nodes along a line
  const int across = kAlongJ ? g.ni : g.nj;
  const int lines = (across - 1 - first + 1) / 2;
  const std::size_t bytes = ScratchView<double**>::shmem_size(2 * Lines::rows(), count - 2);
  const int level = scratch_level_for(bytes);
  double largest = 0.0;
  par_reduce_teams(
      label, lines, bytes,
      KOKKOS_LAMBDA(const TeamMember& member, double& m) {
        const Lines s{
            ScratchView<double**>(member.team_scratch(level), 2 * Lines::rows(), count - 2)};
        const Node node{first + 2 * member.league_rank()};
        const double change = relax_line(member, g, s, count, node, relaxation);
        Kokkos::single(Kokkos::PerTeam(member), [&]() { m = change > m ? change : m; });
      },
      Kokkos::Max<double>(largest), tridiagonal::team_size_for_lines(count - 2), level);
  return largest;
}

// The host's ControlFunctions::update_wall at every interior i.
void update_wall(const DeviceGrid& g, const Line& wall_spacing, bool spacing_control,
                 bool orthogonality, double spacing_gain, double angle_gain, double limit) {
  par_for(
      "elliptic.wall_control", IndexRange{1, g.ni - 1}, KOKKOS_LAMBDA(const int i) {
        const double tx = g.x(0, i + 1) - g.x(0, i - 1), ty = g.y(0, i + 1) - g.y(0, i - 1);
        const double dx = g.x(1, i) - g.x(0, i), dy = g.y(1, i) - g.y(0, i);
        if (spacing_control) {
          const double spacing = wall_spacing.extent(0) == 1 ? wall_spacing(0) : wall_spacing(i);
          const double ratio = Kokkos::Experimental::sqrt(dx * dx + dy * dy) / spacing;
          const double q = g.q(i) - spacing_gain * Kokkos::Experimental::atan(ratio - 1.0);
          g.q(i) = q < -limit ? -limit : (q > limit ? limit : q);
        }
        if (orthogonality) {
          const double angle = Kokkos::Experimental::atan2(tx * dy - ty * dx, tx * dx + ty * dy);
          const double p = g.p(i) + angle_gain * Kokkos::Experimental::atan(angle - kHalfPi);
          g.p(i) = p < -limit ? -limit : (p > limit ? limit : p);
        }
      });
}

// first_folded_cell (elliptic_grid.hpp) on the device grid.
long long first_folded_cell(const DeviceGrid& g) {
  constexpr long long kNone = std::numeric_limits<long long>::max();
  long long first = kNone;
  const long long cells_i = g.ni - 1;
  par_reduce(
      "elliptic.folded_cell", IndexBox2D{{0, g.nj - 1}, {0, g.ni - 1}},
      KOKKOS_LAMBDA(const int j, const int i, long long& m) {
        const double area =
            0.5 * ((g.x(j + 1, i + 1) - g.x(j, i)) * (g.y(j + 1, i) - g.y(j, i + 1)) -
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
  Kokkos::deep_copy(view,
                    Kokkos::View<const double*, Kokkos::HostSpace>(values.data(), values.size()));
  return view;
}

}  // namespace

EllipticGridReport solve_elliptic_grid_device(StructuredGrid2D& grid,
                                              const EllipticGridOptions& options) {
  return solve_elliptic_grid_device(grid, options, control_start(grid, options));
}

EllipticGridReport solve_elliptic_grid_device(StructuredGrid2D& grid,
                                              const EllipticGridOptions& options,
                                              const ControlStart& start) {
  require(grid.ni >= 3 && grid.nj >= 3 &&
              grid.x.size() == static_cast<std::size_t>(grid.ni) * grid.nj &&
              grid.y.size() == grid.x.size(),
          "solve_elliptic_grid_device needs at least 3 x 3 nodes with ni * nj coordinates.");
  require(options.control_limit >= 0.0 && options.control_limit < 2.0 &&
              options.relaxation_j > 0.0 && options.relaxation_j < 2.0 &&
              options.relaxation_i > 0.0 && options.relaxation_i < 2.0,
          "solve_elliptic_grid_device: control limit in [0, 2) and relaxations in (0, 2) needed");
  DeviceGrid g;
  g.ni = grid.ni;
  g.nj = grid.nj;
  g.x = to_device(grid.x, grid.ni, grid.nj, "elliptic.x");
  g.y = to_device(grid.y, grid.ni, grid.nj, "elliptic.y");
  g.phi_0 = to_device(start.phi_0, grid.ni, grid.nj, "elliptic.phi_0");
  g.psi_0 = to_device(start.psi_0, grid.ni, grid.nj, "elliptic.psi_0");
  g.decay = to_device(start.decay, "elliptic.decay");
  g.p = start.p.empty() ? Line("elliptic.p", grid.ni) : to_device(start.p, "elliptic.p");
  g.q = start.q.empty() ? Line("elliptic.q", grid.ni) : to_device(start.q, "elliptic.q");
  const Line wall_spacing =
      to_device(options.wall_spacing.empty() ? std::vector<double>{1.0} : options.wall_spacing,
                "elliptic.wall_spacing");
  const bool spacing_control = !options.wall_spacing.empty();

  EllipticGridReport report;
  for (int iteration = 1; iteration <= options.max_iterations; ++iteration) {
    if (options.control_orthogonality || spacing_control)
      update_wall(g, wall_spacing, spacing_control, options.control_orthogonality,
                  options.control_gain, options.orthogonality_gain, options.control_limit);
    double max_change = 0.0;
    for (int colour = 1; colour >= 0; --colour)
      max_change = std::max(
          max_change, relax_lines<AlongJ>("elliptic.j_lines", g, 2 - colour, options.relaxation_j));
    for (int colour = 1; colour >= 0; --colour)
      max_change = std::max(
          max_change, relax_lines<AlongI>("elliptic.i_lines", g, 2 - colour, options.relaxation_i));
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
  for (auto [line, out] : {std::pair{g.p, &report.p}, std::pair{g.q, &report.q}}) {
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), line);
    out->assign(host.data(), host.data() + host.size());
  }
  return report;
}

}  // namespace portaflow::mesh
