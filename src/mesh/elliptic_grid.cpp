// Transfinite starting guess and Poisson smoothing of a 2D structured block (see
// elliptic_grid.hpp).
#include "portaflow/mesh/elliptic_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/numerics/tridiagonal.hpp"

namespace portaflow::mesh {
namespace {

// Largest |phi|, |psi| for which the central control terms leave every neighbour coefficient of
// the discrete equation non-negative (alpha (1 -+ phi/2), gamma (1 -+ psi/2)); beyond it odd-even
// modes can grow.
constexpr double kStableLimit = 2.0;

double per_line_value(const std::vector<double>& values, int i) {
  return values.size() == 1 ? values[0] : values[static_cast<std::size_t>(i)];
}

void require_per_line(const std::vector<double>& values, int ni, const char* what) {
  require(values.size() == 1 || values.size() == static_cast<std::size_t>(ni),
          std::string(what) + " must hold one value or one per i-line (" + std::to_string(ni) +
              "), not " + std::to_string(values.size()) + ".");
}

// Central differences of the coordinates at an interior node (unit steps in xi and eta) and the
// metric coefficients of the grid equations.
struct Metrics {
  double x_xi, y_xi, x_eta, y_eta, x_xixi, y_xixi, x_etaeta, y_etaeta, x_xieta, y_xieta;
  double alpha, beta, gamma;
};

Metrics metrics_at(const StructuredGrid2D& g, int i, int j) {
  const std::size_t c = g.index(i, j), e = g.index(i + 1, j), w = g.index(i - 1, j);
  const std::size_t n = g.index(i, j + 1), s = g.index(i, j - 1);
  const std::size_t ne = g.index(i + 1, j + 1), nw = g.index(i - 1, j + 1);
  const std::size_t se = g.index(i + 1, j - 1), sw = g.index(i - 1, j - 1);
  Metrics m;
  m.x_xi = 0.5 * (g.x[e] - g.x[w]);
  m.y_xi = 0.5 * (g.y[e] - g.y[w]);
  m.x_eta = 0.5 * (g.x[n] - g.x[s]);
  m.y_eta = 0.5 * (g.y[n] - g.y[s]);
  m.x_xixi = (g.x[e] + g.x[w]) - 2.0 * g.x[c];
  m.y_xixi = (g.y[e] + g.y[w]) - 2.0 * g.y[c];
  m.x_etaeta = (g.x[n] + g.x[s]) - 2.0 * g.x[c];
  m.y_etaeta = (g.y[n] + g.y[s]) - 2.0 * g.y[c];
  // Differences in xi first, so a mirror image in xi gives the negated value bit for bit.
  m.x_xieta = 0.25 * ((g.x[ne] - g.x[nw]) - (g.x[se] - g.x[sw]));
  m.y_xieta = 0.25 * ((g.y[ne] - g.y[nw]) - (g.y[se] - g.y[sw]));
  m.alpha = m.x_eta * m.x_eta + m.y_eta * m.y_eta;
  m.beta = m.x_xi * m.x_eta + m.y_xi * m.y_eta;
  m.gamma = m.x_xi * m.x_xi + m.y_xi * m.y_xi;
  return m;
}

// The control functions of the scaled Poisson system (see elliptic_grid.hpp):
//   phi(i, j) = phi_0(i, j) + p(i) exp(-a j),   psi(i, j) = psi_0(i, j) + q(i) exp(-a j).
// phi_0, psi_0 carry the stretching of the starting grid into the solution (TWM ch. 6; TM80):
// without them the Laplacian spreads every clustered boundary distribution evenly into the field,
// which in a C-grid's wake tilts the lines leaving the cut by up to 60 degrees. p, q are the wall
// corrections (S80, SS79), nudged each iteration until the first spacing and the angle at j = 0
// are the requested ones.
// phi_0 = -(r_xi . r_xixi) / |r_xi|^2 on the inner and outer boundaries (TM80), blended
// between them with weight sqrt(s / L) for the outer value, s / L the starting grid's fraction
// of the way along the i-line. The square root hands over to the outer distribution within a
// few wall distances: with the plain fraction (or TM80's index fraction) an airfoil's
// leading-edge clustering survived far into the field and bent the lines leaving the leading
// edge forward.
// psi_0 is the psi with which the starting grid itself satisfies the grid equations (the 2x2
// system for phi, psi at each node, TWM ch. 6), so its distribution along the i-lines, together
// with the pull that a curved boundary exerts on it, is an equilibrium. The simpler
// -(r_eta . r_etaeta) / |r_eta|^2 ignores that pull and over-clustered the C-mesh near the
// airfoil (spacing falling to a quarter of the wall spacing at j ~ 15, then growing by 25 % per
// cell at the far field); with psi_0 the spacing grows by at most 10 % per cell.
void set_from_initial_grid(const StructuredGrid2D& g, const EllipticGridOptions& options,
                           ControlStart& start) {
  const auto boundary_phi = [&g](int i, int j) {
    const std::size_t e = g.index(i + 1, j), w = g.index(i - 1, j), c = g.index(i, j);
    const double x_xi = 0.5 * (g.x[e] - g.x[w]), y_xi = 0.5 * (g.y[e] - g.y[w]);
    const double x_xixi = (g.x[e] + g.x[w]) - 2.0 * g.x[c];
    const double y_xixi = (g.y[e] + g.y[w]) - 2.0 * g.y[c];
    return -(x_xi * x_xixi + y_xi * y_xixi) / (x_xi * x_xi + y_xi * y_xi);
  };
  const double bound = kStableLimit - options.control_limit;
  std::vector<double> along(g.nj, 0.0);
  for (int i = 1; i < g.ni - 1; ++i) {
    const double inner = boundary_phi(i, 0), outer = boundary_phi(i, g.nj - 1);
    for (int j = 1; j < g.nj; ++j) {
      const std::size_t a = g.index(i, j - 1), b = g.index(i, j);
      along[j] = along[j - 1] + std::sqrt((g.x[b] - g.x[a]) * (g.x[b] - g.x[a]) +
                                          (g.y[b] - g.y[a]) * (g.y[b] - g.y[a]));
    }
    for (int j = 1; j < g.nj - 1; ++j) {
      const std::size_t c = g.index(i, j);
      const double t = std::sqrt(along[j] / along[g.nj - 1]);
      start.phi_0[c] = std::clamp((1.0 - t) * inner + t * outer, -bound, bound);
      const Metrics m = metrics_at(g, i, j);
      // alpha phi r_xi + gamma psi r_eta = -(alpha r_xixi - 2 beta r_xieta + gamma r_etaeta),
      // solved for psi by Cramer's rule (determinant alpha gamma J).
      const double rx = -(m.alpha * m.x_xixi - 2.0 * m.beta * m.x_xieta + m.gamma * m.x_etaeta);
      const double ry = -(m.alpha * m.y_xixi - 2.0 * m.beta * m.y_xieta + m.gamma * m.y_etaeta);
      const double jacobian = m.x_xi * m.y_eta - m.x_eta * m.y_xi;
      start.psi_0[c] =
          std::clamp((m.x_xi * ry - m.y_xi * rx) / (m.gamma * jacobian), -bound, bound);
    }
  }
}

class ControlFunctions {
 public:
  ControlFunctions(const StructuredGrid2D& g, const EllipticGridOptions& options,
                   ControlStart start)
      : options_(options),
        start_(std::move(start)),
        p_(start_.p.empty() ? std::vector<double>(g.ni, 0.0) : start_.p),
        q_(start_.q.empty() ? std::vector<double>(g.ni, 0.0) : start_.q) {}

  const std::vector<double>& p() const { return p_; }
  const std::vector<double>& q() const { return q_; }

  bool wall_control() const {
    return options_.control_orthogonality || !options_.wall_spacing.empty();
  }
  double phi(int i, int j, std::size_t node) const {
    return start_.phi_0[node] + p_[i] * start_.decay[j];
  }
  double psi(int i, int j, std::size_t node) const {
    return start_.psi_0[node] + q_[i] * start_.decay[j];
  }

  // One SS79 step at every interior wall node: psi grows more negative (pulls the
  // j = 1 node towards the wall) while the first spacing is too large, phi turns the j-line
  // towards the wall normal. arctan bounds each step, so a bad starting grid cannot kick the
  // controls far; the limit bounds their sum.
  void update_wall(const StructuredGrid2D& g) {
    const double gain = options_.control_gain, limit = options_.control_limit;
    for (int i = 1; i < g.ni - 1; ++i) {
      const double tx = g.x[g.index(i + 1, 0)] - g.x[g.index(i - 1, 0)];
      const double ty = g.y[g.index(i + 1, 0)] - g.y[g.index(i - 1, 0)];
      const double dx = g.x[g.index(i, 1)] - g.x[g.index(i, 0)];
      const double dy = g.y[g.index(i, 1)] - g.y[g.index(i, 0)];
      if (!options_.wall_spacing.empty()) {
        const double ratio =
            std::sqrt(dx * dx + dy * dy) / per_line_value(options_.wall_spacing, i);
        q_[i] = std::clamp(q_[i] - gain * std::atan(ratio - 1.0), -limit, limit);
      }
      if (options_.control_orthogonality) {
        // Angle from the wall tangent to the j-line, pi/2 when orthogonal (0 < angle < pi in a
        // right-handed grid). phi > 0 draws the i-lines towards larger i, turning the j-line
        // towards the tangent, so phi must fall while the angle is below pi/2.
        const double angle = std::atan2(tx * dy - ty * dx, tx * dx + ty * dy);
        p_[i] = std::clamp(p_[i] + options_.orthogonality_gain * std::atan(angle - 0.5 * M_PI),
                           -limit, limit);
      }
    }
  }

 private:
  const EllipticGridOptions& options_;
  ControlStart start_;
  std::vector<double> p_, q_;
};

// The discrete grid equation at node (i, j), written as
//   w r(i-1,j) + e r(i+1,j) + s r(i,j-1) + n r(i,j+1) + centre r(i,j) = source
// (central differences, unit steps in xi and eta; the cross derivative is in the source).
struct Stencil {
  double w, e, s, n, centre, source_x, source_y;
};

Stencil stencil_at(const StructuredGrid2D& g, int i, int j, const ControlFunctions& control) {
  const Metrics m = metrics_at(g, i, j);
  // The control terms alpha phi r_xi + gamma psi r_eta, central (|phi|, |psi| <= kStableLimit).
  const double p_half = 0.5 * m.alpha * control.phi(i, j, g.index(i, j));
  const double q_half = 0.5 * m.gamma * control.psi(i, j, g.index(i, j));
  return {m.alpha - p_half,        m.alpha + p_half,           m.gamma - q_half,
          m.gamma + q_half,        -2.0 * (m.alpha + m.gamma), 2.0 * m.beta * m.x_xieta,
          2.0 * m.beta * m.y_xieta};
}

// Line relaxation: the grid equations on one interior i-line or j-line solved together, the
// neighbours along the line implicit and the others from the current grid, then over-relaxed.
// The rows live in the caller's scratch (one thread's: relax_lines runs a colour's lines on the
// host's threads).
class LineRelaxation {
 public:
  // `rows`: 5 * longest doubles; `nodes`: longest.
  LineRelaxation(double* rows, std::size_t* nodes, int longest)
      : lower_(rows),
        diagonal_(rows + longest),
        upper_(rows + 2 * longest),
        rhs_x_(rows + 3 * longest),
        rhs_y_(rows + 4 * longest),
        node_(nodes) {}

  // Along j at fixed i (nodes (i, 1..nj-2)); returns the largest move relative to the local
  // spacing.
  double along_j(StructuredGrid2D& g, int i, const ControlFunctions& control, double relaxation) {
    for (int j = 1; j < g.nj - 1; ++j) {
      const Stencil a = stencil_at(g, i, j, control);
      const std::size_t w = g.index(i - 1, j), e = g.index(i + 1, j);
      set_row(j, a.s, a.centre, a.n, a.source_x - a.w * g.x[w] - a.e * g.x[e],
              a.source_y - a.w * g.y[w] - a.e * g.y[e], g.index(i, j));
    }
    return solve(g, g.nj, g.index(i, 0), g.index(i, g.nj - 1), relaxation);
  }

  // Along i at fixed j (nodes (1..ni-2, j)).
  double along_i(StructuredGrid2D& g, int j, const ControlFunctions& control, double relaxation) {
    for (int i = 1; i < g.ni - 1; ++i) {
      const Stencil a = stencil_at(g, i, j, control);
      const std::size_t s = g.index(i, j - 1), n = g.index(i, j + 1);
      set_row(i, a.w, a.centre, a.e, a.source_x - a.s * g.x[s] - a.n * g.x[n],
              a.source_y - a.s * g.y[s] - a.n * g.y[n], g.index(i, j));
    }
    return solve(g, g.ni, g.index(0, j), g.index(g.ni - 1, j), relaxation);
  }

 private:
  // The line's rows 1..count-2 as numerics/tridiagonal.hpp's system, in place: the pivots in
  // diagonal_, the solution in the right-hand sides.
  struct Rows {
    static constexpr int kRightHandSides = 2;
    const LineRelaxation& line;
    // Host code, marked for nvcc as thomas() is (it is a device function too).
    KOKKOS_INLINE_FUNCTION double& sub(int q) const { return line.lower_[q + 1]; }
    KOKKOS_INLINE_FUNCTION double& super(int q) const { return line.upper_[q + 1]; }
    KOKKOS_INLINE_FUNCTION double& diagonal(int q) const { return line.diagonal_[q + 1]; }
    KOKKOS_INLINE_FUNCTION double& rhs(int v, int q) const {
      return (v == 0 ? line.rhs_x_ : line.rhs_y_)[q + 1];
    }
    KOKKOS_INLINE_FUNCTION double& pivot(int q) const { return diagonal(q); }
    KOKKOS_INLINE_FUNCTION double& reduced(int v, int q) const { return rhs(v, q); }
    KOKKOS_INLINE_FUNCTION void set_solution(int v, int q, double x) const { rhs(v, q) = x; }
  };

  void set_row(int k, double lower, double diagonal, double upper, double rhs_x, double rhs_y,
               std::size_t node) {
    lower_[k] = lower;
    diagonal_[k] = diagonal;
    upper_[k] = upper;
    rhs_x_[k] = rhs_x;
    rhs_y_[k] = rhs_y;
    node_[k] = node;
  }

  // Rows 1..count-2 (rows 0 and count-1 are the fixed end nodes `first` and `last`); x and y
  // share the matrix.
  double solve(StructuredGrid2D& g, int count, std::size_t first, std::size_t last,
               double relaxation) {
    rhs_x_[1] -= lower_[1] * g.x[first];
    rhs_y_[1] -= lower_[1] * g.y[first];
    rhs_x_[count - 2] -= upper_[count - 2] * g.x[last];
    rhs_y_[count - 2] -= upper_[count - 2] * g.y[last];
    tridiagonal::thomas(Rows{*this}, count - 2);
    // The relaxed update, measured against the spacing of the old line so that wall cells and
    // far-field cells count alike; from the line's far end, so each move sees its neighbour
    // towards the start not yet moved.
    double max_change = 0.0;
    for (int k = count - 2; k >= 1; --k) {
      const std::size_t c = node_[k];
      const std::size_t before = k == 1 ? first : node_[k - 1];
      const double sx = g.x[c] - g.x[before], sy = g.y[c] - g.y[before];
      const double dx = relaxation * (rhs_x_[k] - g.x[c]), dy = relaxation * (rhs_y_[k] - g.y[c]);
      // Squared ratio: one square root per line instead of two per node.
      max_change = std::max(max_change, (dx * dx + dy * dy) / (sx * sx + sy * sy));
      g.x[c] += dx;
      g.y[c] += dy;
    }
    return std::sqrt(max_change);
  }

  double *lower_, *diagonal_, *upper_, *rhs_x_, *rhs_y_;
  std::size_t* node_;
};

// The lines first, first + 2, ... below end, each relaxed on one of the host's threads with rows
// in its own scratch: a line of one colour reads only lines of the other, so the grid does not
// depend on the order or the number of threads. (It is not the one the serial sweep before this
// gave bit for bit: compiled inside the threaded loop, the products fuse with their sums (FMA)
// differently; the NACA 0012 fine grid's last move differed in the sixth digit, its nodes in the
// last bits.) Returns the largest move (a maximum is exact in any order).
template <class Relax>
double relax_lines(int first, int end, int longest, const Relax& relax) {
  using Policy = Kokkos::TeamPolicy<HostExecSpace>;
  using Rows = Kokkos::View<double*, HostExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  using Nodes =
      Kokkos::View<std::size_t*, HostExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  const int lines = first < end ? (end - first + 1) / 2 : 0;
  if (lines == 0) return 0.0;
  const std::size_t bytes = Rows::shmem_size(5 * longest) + Nodes::shmem_size(longest);
  double largest = 0.0;
  Kokkos::parallel_reduce(
      "elliptic.host_lines", Policy(lines, 1).set_scratch_size(0, Kokkos::PerTeam(bytes)),
      [&](const Policy::member_type& member, double& m) {
        const Rows rows(member.team_scratch(0), 5 * longest);
        const Nodes nodes(member.team_scratch(0), longest);
        LineRelaxation line(rows.data(), nodes.data(), longest);
        const double change = relax(line, first + 2 * member.league_rank());
        if (m < change) m = change;
      },
      Kokkos::Max<double>(largest));
  return std::max(0.0, largest);
}

}  // namespace

long long first_folded_cell(const StructuredGrid2D& g) {
  // The first in the serial order (j, then i): a minimum over the rows, each found on one of the
  // host's threads.
  constexpr long long kNone = std::numeric_limits<long long>::max();
  long long first = kNone;
  Kokkos::parallel_reduce(
      "elliptic.folded_cell", Kokkos::RangePolicy<HostExecSpace>(0, g.nj - 1),
      [&](const int j, long long& m) {
        for (int i = 0; i + 1 < g.ni; ++i) {
          const std::size_t a = g.index(i, j), b = g.index(i + 1, j), c = g.index(i + 1, j + 1),
                            d = g.index(i, j + 1);
          const double area =
              0.5 * ((g.x[c] - g.x[a]) * (g.y[d] - g.y[b]) - (g.y[c] - g.y[a]) * (g.x[d] - g.x[b]));
          if (!(area > 0.0)) {
            const long long cell = i + static_cast<long long>(g.ni - 1) * j;
            if (cell < m) m = cell;
            return;
          }
        }
      },
      Kokkos::Min<long long>(first));
  return first == kNone ? -1 : first;
}

std::string folded_cell_message(const StructuredGrid2D& g, long long cell, int iteration) {
  const long long cells_i = g.ni - 1;
  return "The elliptic grid generation folded cell (i, j) = (" + std::to_string(cell % cells_i) +
         ", " + std::to_string(cell / cells_i) + ") at iteration " + std::to_string(iteration) +
         " (its area is no longer positive): lower relaxation_j / relaxation_i or control_gain, "
         "or give a starting grid and boundaries that are not folded.";
}

ControlStart control_start(const StructuredGrid2D& g, const EllipticGridOptions& options) {
  if (!options.wall_spacing.empty()) {
    require_per_line(options.wall_spacing, g.ni, "wall_spacing");
    for (double spacing : options.wall_spacing) {
      require(spacing > 0.0, "wall_spacing values must be positive.");
    }
  }
  ControlStart start;
  start.phi_0.assign(g.x.size(), 0.0);
  start.psi_0.assign(g.x.size(), 0.0);
  start.decay.resize(g.nj);
  for (int j = 0; j < g.nj; ++j) start.decay[j] = std::exp(-options.decay_rate * j);
  if (options.keep_initial_stretching) set_from_initial_grid(g, options, start);
  return start;
}

std::vector<double> geometric_stretching(int intervals, double first_spacing, double length) {
  require(intervals >= 1 && first_spacing > 0.0 && length > 0.0,
          "geometric_stretching needs at least one interval and a positive first spacing and "
          "length (got " +
              std::to_string(intervals) + ", " + std::to_string(first_spacing) + ", " +
              std::to_string(length) + ").");
  const double n = intervals;
  const double target = length / first_spacing;  // (r^n - 1) / (r - 1), increasing in r
  const auto sum_of_ratios = [n](double r) {
    return std::fabs(r - 1.0) < 1e-12 ? n : std::expm1(n * std::log(r)) / (r - 1.0);
  };
  // Bisection on r: deterministic, and the sum is monotone in r.
  double lo = 1e-6, hi = 1.0;
  while (sum_of_ratios(hi) < target) hi *= 2.0;
  for (int iteration = 0; iteration < 200 && hi - lo > 1e-16 * hi; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    (sum_of_ratios(mid) < target ? lo : hi) = mid;
  }
  const double ratio = 0.5 * (lo + hi);
  std::vector<double> positions(intervals + 1, 0.0);
  double spacing = first_spacing;
  for (int k = 1; k <= intervals; ++k) {
    positions[k] = positions[k - 1] + spacing;
    spacing *= ratio;
  }
  // Scale away the bisection's last few ulps so the end is exact.
  const double scale = length / positions[intervals];
  for (double& position : positions) position *= scale;
  positions[intervals] = length;
  return positions;
}

void transfinite_interpolation(StructuredGrid2D& grid, const std::vector<double>& first_spacing) {
  const int ni = grid.ni, nj = grid.nj;
  require(ni >= 2 && nj >= 3, "transfinite_interpolation needs at least 2 x 3 nodes.");
  require_per_line(first_spacing, ni, "first_spacing");
  // Fraction of the way from j = 0 to j = nj-1 of each node, per i-line.
  std::vector<double> fraction(static_cast<std::size_t>(ni) * nj);
  for (int i = 0; i < ni; ++i) {
    const std::size_t inner = grid.index(i, 0), outer = grid.index(i, nj - 1);
    const double length = std::hypot(grid.x[outer] - grid.x[inner], grid.y[outer] - grid.y[inner]);
    const std::vector<double> positions =
        geometric_stretching(nj - 1, per_line_value(first_spacing, i), length);
    for (int j = 0; j < nj; ++j) fraction[grid.index(i, j)] = positions[j] / length;
  }
  // Blending in i for the side-edge correction: normalised arc length along j = 0.
  std::vector<double> arc(ni, 0.0);
  for (int i = 1; i < ni; ++i) {
    const std::size_t a = grid.index(i - 1, 0), b = grid.index(i, 0);
    arc[i] = arc[i - 1] + std::hypot(grid.x[b] - grid.x[a], grid.y[b] - grid.y[a]);
  }
  const auto straight = [&](const std::vector<double>& c, int i, int j) {
    const double f = fraction[grid.index(i, j)];
    return c[grid.index(i, 0)] + f * (c[grid.index(i, nj - 1)] - c[grid.index(i, 0)]);
  };
  for (std::vector<double>* coordinate : {&grid.x, &grid.y}) {
    std::vector<double>& c = *coordinate;
    std::vector<double> side_min(nj), side_max(nj);  // mismatch of the straight lines at the sides
    for (int j = 0; j < nj; ++j) {
      side_min[j] = c[grid.index(0, j)] - straight(c, 0, j);
      side_max[j] = c[grid.index(ni - 1, j)] - straight(c, ni - 1, j);
    }
    for (int i = 1; i < ni - 1; ++i) {
      const double g = arc[i] / arc[ni - 1];
      for (int j = 1; j < nj - 1; ++j) {
        c[grid.index(i, j)] = straight(c, i, j) + ((1.0 - g) * side_min[j] + g * side_max[j]);
      }
    }
  }
}

EllipticGridReport solve_elliptic_grid(StructuredGrid2D& grid, const EllipticGridOptions& options) {
  return solve_elliptic_grid(grid, options, control_start(grid, options));
}

EllipticGridReport solve_elliptic_grid(StructuredGrid2D& grid, const EllipticGridOptions& options,
                                       const ControlStart& start) {
  require(grid.ni >= 3 && grid.nj >= 3 &&
              grid.x.size() == static_cast<std::size_t>(grid.ni) * grid.nj &&
              grid.y.size() == grid.x.size(),
          "solve_elliptic_grid needs at least 3 x 3 nodes with ni * nj coordinates.");
  require(options.control_limit >= 0.0 && options.control_limit < kStableLimit,
          "The control limit must lie in [0, 2): the central control terms make negative "
          "neighbour coefficients beyond 2 (got " +
              std::to_string(options.control_limit) + ").");
  require(options.relaxation_j > 0.0 && options.relaxation_j < 2.0 && options.relaxation_i > 0.0 &&
              options.relaxation_i < 2.0,
          "The line-SOR relaxation factors must lie in (0, 2), not " +
              std::to_string(options.relaxation_j) + " and " +
              std::to_string(options.relaxation_i) + ".");
  ControlFunctions control(grid, options, start);
  const int longest = std::max(grid.ni, grid.nj);

  EllipticGridReport report;
  for (int iteration = 1; iteration <= options.max_iterations; ++iteration) {
    if (control.wall_control()) control.update_wall(grid);
    double max_change = 0.0;
    // Red-black lines: a line of one colour uses only lines of the other colour, so the order
    // within a colour does not matter and mirrored lines see mirrored data (up to the round-off of
    // the i-line Thomas sweep, which runs one way). j-lines carry the
    // strong coupling across thin wall cells; i-lines carry the long-range coupling round the C,
    // which j-lines alone relax only over thousands of iterations.
    for (int colour = 1; colour >= 0; --colour) {
      max_change =
          std::max(max_change,
                   relax_lines(2 - colour, grid.ni - 1, longest, [&](LineRelaxation& line, int i) {
                     return line.along_j(grid, i, control, options.relaxation_j);
                   }));
    }
    for (int colour = 1; colour >= 0; --colour) {
      max_change =
          std::max(max_change,
                   relax_lines(2 - colour, grid.nj - 1, longest, [&](LineRelaxation& line, int j) {
                     return line.along_i(grid, j, control, options.relaxation_i);
                   }));
    }
    if (!std::isfinite(max_change)) {
      throw Error("The elliptic grid iteration diverged at iteration " + std::to_string(iteration) +
                  ": lower relaxation_j / relaxation_i or control_gain, or start from a grid "
                  "without folded cells.");
    }
    if (const long long folded = first_folded_cell(grid); folded >= 0)
      throw Error(folded_cell_message(grid, folded, iteration));
    report.iterations = iteration;
    report.max_change = max_change;
    if (max_change <= options.tolerance) {
      report.converged = true;
      break;
    }
  }
  report.p = control.p();
  report.q = control.q();
  return report;
}

}  // namespace portaflow::mesh
