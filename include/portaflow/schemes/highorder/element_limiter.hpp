// The troubled-cell limiter (Zimmerman et al. 2018, sec. 2.6, after Cockburn & Shu) and Zhang &
// Shu's positivity safeguard, applied to a Runge-Kutta stage's output, element by element:
//
//  1. element means qbar (the w_a w_b J-weighted average of the points: the conserved one);
//  2. detection: at every face point the trace q_l is compared with its minmod reconstruction
//     from the means, q_e = qbar + minmod(q_l - qbar, qbar_next - qbar, qbar - qbar_prev) on the
//     far side (qbar - minmod(qbar - q_l, ...) on the near side); the element is troubled where
//     |q_l - q_e| > threshold for any conserved variable (Zimmerman et al.'s minmod detector).
//     That detector alone flags every smooth extremum (there minmod returns 0 and |q_l - qbar| is
//     O(h^2), above 1e-3 on any practical grid: 70 % of the vortex's elements at 40^2), so the
//     first argument is kept where |q_l - qbar| <= M h^2 (Cockburn & Shu's TVB relaxation, h^2
//     the element's area, M = limiter.tvb_m): smooth extrema pass, jumps (O(1), not O(h^2))
//     are caught;
//  3. a troubled element becomes linear, q = qbar + s_xi (xi - xi_c) + s_eta (eta - eta_c), with
//     s = minmod(own mean slope, forward and backward differences of the means / 2) per
//     direction and conserved variable, (xi_c, eta_c) the element's weighted centroid so the
//     mean is unchanged;
//  4. positivity (Zhang & Shu 2010): where density or pressure falls below
//     eps = min(1e-13, rho_bar, p_bar) at a solution or face point, the polynomial is scaled
//     towards its mean, q = qbar + theta (q - qbar), density first, then the whole state. The
//     mean is unchanged, so both steps conserve.
//
// Non-periodic boundaries see the element's own mean as the neighbour's (zero gradient). In a
// run over ranks (docs/mpi.md) the means have one ghost element around the box, filled by the
// halo exchange where a side faces another rank: the edge elements see their neighbours' means
// as on one rank.
#pragma once

#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/highorder/element_operators.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

using E2 = physics::Euler<2>;

struct LimiterArrays {
  Field2D means;  // (4, ny + 2, nx + 2): element (ex, ey)'s mean at (ey + 1, ex + 1)
  Field2D
      centroid;  // (3, ny, nx): xi_c, eta_c (the weighted centroid in reference coordinates), area
  DeviceView<double**> weight_jac;  // (J, I) w_a w_b J
  bool periodic_x = false, periodic_y = false;
  // The sides x_min, x_max, y_min, y_max that face another rank (their ghost means are its).
  bool across_x_min = false, across_x_max = false, across_y_min = false, across_y_max = false;
};

// Counts of one application: troubled (limited) elements and positivity-scaled ones.
using LimiterCounts = SumArray<long long, 2>;

// The counts over a run, kept on the device so that a stage never waits for its reduction:
// [0] troubled element-stages, [1] scaled element-stages, [2] most troubled in one stage and
// [3] scaled element-stages, both since the last read-out (HighOrderSolver::output_note).
using LimiterTotals = DeviceView<long long[4]>;

KOKKOS_INLINE_FUNCTION Real minmod3(Real a, Real b, Real c) {
  if (a > 0 && b > 0 && c > 0) return math::fmin(a, math::fmin(b, c));
  if (a < 0 && b < 0 && c < 0) return math::fmax(a, math::fmax(b, c));
  return 0;
}

template <int N>
struct ElementValues {
  Real q[E2::kNumVars][N * N];  // (var, b N + a)
};

// Trace of variable v at the element's side: dir 0 (xi) or 1 (eta), at line k of the other
// direction, with the interpolation weights of that end.
template <int N>
KOKKOS_INLINE_FUNCTION Real element_side_trace(const ElementValues<N>& e, int v, int dir, int k,
                                               const Real (&weights)[N]) {
  Real sum = 0;
  for (int c = 0; c < N; ++c)
    sum += weights[c] * (dir == 0 ? e.q[v][k * N + c] : e.q[v][c * N + k]);
  return sum;
}

template <int N>
KOKKOS_INLINE_FUNCTION E2::State element_point_state(const ElementValues<N>& e, int p) {
  E2::State s;
  for (int v = 0; v < E2::kNumVars; ++v) s[v] = e.q[v][p];
  return s;
}

// The state at check point k of the element: its N^2 solution points, then 4 N face traces.
template <int N>
KOKKOS_INLINE_FUNCTION E2::State check_point_state(const ElementValues<N>& e,
                                                   const LineOperators<N>& ops, int k) {
  if (k < N * N) return element_point_state(e, k);
  const int f = (k - N * N) / N, line = (k - N * N) % N;  // f: xi-, xi+, eta-, eta+
  const auto& weights = (f % 2 == 0) ? ops.trace_minus : ops.trace_plus;
  E2::State s;
  for (int v = 0; v < E2::kNumVars; ++v) s[v] = element_side_trace(e, v, f / 2, line, weights);
  return s;
}

// The largest t in [0, 1] with p(mean + t (q - mean)) >= floor (bisection; p is concave in t,
// so the set where it holds is an interval containing 0).
KOKKOS_INLINE_FUNCTION Real pressure_scaling(const E2::State& mean, const E2::State& q, Real floor,
                                             const physics::IdealGas& gas) {
  Real lo = 0, hi = 1;
  for (int it = 0; it < 40; ++it) {
    const Real t = (lo + hi) / 2;
    E2::State s;
    for (int v = 0; v < E2::kNumVars; ++v) s[v] = mean[v] + t * (q[v] - mean[v]);
    if (s[E2::kRho] > 0 && E2::pressure(s, gas) >= floor)
      lo = t;
    else
      hi = t;
  }
  return lo;
}

template <int N>
KOKKOS_INLINE_FUNCTION void scale_towards_mean(ElementValues<N>& e, const E2::State& mean,
                                               int first_var, int last_var, Real theta) {
  for (int v = first_var; v <= last_var; ++v)
    for (int p = 0; p < N * N; ++p) e.q[v][p] = mean[v] + theta * (e.q[v][p] - mean[v]);
}

// Zhang-Shu on one element; true if it changed anything.
template <int N>
KOKKOS_INLINE_FUNCTION bool enforce_positivity(ElementValues<N>& e, const E2::State& mean,
                                               const LineOperators<N>& ops,
                                               const physics::IdealGas& gas) {
  constexpr int kChecks = N * N + 4 * N;
  if (!E2::is_physical(mean, gas)) return false;  // nothing to scale towards: the driver stops
  const Real floor = math::fmin(Real(1e-13), math::fmin(mean[E2::kRho], E2::pressure(mean, gas)));
  bool changed = false;
  Real rho_min = mean[E2::kRho];
  for (int k = 0; k < kChecks; ++k)
    rho_min = math::fmin(rho_min, check_point_state(e, ops, k)[E2::kRho]);
  if (rho_min < floor) {
    scale_towards_mean(e, mean, E2::kRho, E2::kRho,
                       (mean[E2::kRho] - floor) / (mean[E2::kRho] - rho_min));
    changed = true;
  }
  Real theta = 1;
  for (int k = 0; k < kChecks; ++k) {
    const E2::State s = check_point_state(e, ops, k);
    if (E2::pressure(s, gas) < floor)
      theta = math::fmin(theta, pressure_scaling(mean, s, floor, gas));
  }
  if (theta < 1) {
    scale_towards_mean(e, mean, 0, E2::kNumVars - 1, theta);
    changed = true;
  }
  return changed;
}

// Element means of w into arrays.means.
template <int N>
void element_means(const Field2D& w, const LimiterArrays& arrays, Index nx, Index ny) {
  const auto means = arrays.means;
  const auto weights = arrays.weight_jac;
  par_for(
      "highorder.element_means", IndexBox2D{{0, ny}, {0, nx}}, KOKKOS_LAMBDA(Index ey, Index ex) {
        double sums[E2::kNumVars] = {0, 0, 0, 0}, area = 0;
        for (int b = 0; b < N; ++b)
          for (int a = 0; a < N; ++a) {
            const Index J = ey * N + b, I = ex * N + a;
            area += weights(J, I);
            for (int v = 0; v < E2::kNumVars; ++v) sums[v] += weights(J, I) * w(v, J, I);
          }
        for (int v = 0; v < E2::kNumVars; ++v)
          means(v, ey + 1, ex + 1) = static_cast<Real>(sums[v] / area);
      });
}

// The limiter and safeguard on w in place (after element_means of the same w).
template <int N>
KOKKOS_INLINE_FUNCTION void limit_element(const Field2D& w, const LimiterArrays& arr,
                                          const LineOperators<N>& ops, const LimiterConfig& cfg,
                                          const physics::IdealGas& gas, Index nx, Index ny,
                                          Index ey, Index ex, LimiterCounts& counts) {
  ElementValues<N> e;
  for (int v = 0; v < E2::kNumVars; ++v)
    for (int b = 0; b < N; ++b)
      for (int a = 0; a < N; ++a) e.q[v][b * N + a] = w(v, ey * N + b, ex * N + a);
  // The neighbours' places in arr.means (ghost-shifted by one).
  const Index west = ex > 0 || arr.across_x_min ? ex : (arr.periodic_x ? nx : ex + 1);
  const Index east = ex < nx - 1 || arr.across_x_max ? ex + 2 : (arr.periodic_x ? 1 : ex + 1);
  const Index south = ey > 0 || arr.across_y_min ? ey : (arr.periodic_y ? ny : ey + 1);
  const Index north = ey < ny - 1 || arr.across_y_max ? ey + 2 : (arr.periodic_y ? 1 : ey + 1);
  const Index here_x = ex + 1, here_y = ey + 1;
  E2::State mean;
  for (int v = 0; v < E2::kNumVars; ++v) mean[v] = arr.means(v, here_y, here_x);
  bool modified = false;
  if (cfg.troubled_cell) {
    bool troubled = false;
    const Real tvb = cfg.tvb_m * arr.centroid(2, ey, ex);
    for (int v = 0; v < E2::kNumVars && !troubled; ++v) {
      const Real m = mean[v];
      const Real forward[2] = {arr.means(v, here_y, east) - m, arr.means(v, north, here_x) - m};
      const Real backward[2] = {m - arr.means(v, here_y, west), m - arr.means(v, south, here_x)};
      for (int dir = 0; dir < 2 && !troubled; ++dir)
        for (int k = 0; k < N; ++k) {
          const Real far = element_side_trace(e, v, dir, k, ops.trace_plus);
          const Real near = element_side_trace(e, v, dir, k, ops.trace_minus);
          const Real far_e =
              math::fabs(far - m) <= tvb ? far : m + minmod3(far - m, forward[dir], backward[dir]);
          const Real near_e = math::fabs(m - near) <= tvb
                                  ? near
                                  : m - minmod3(m - near, forward[dir], backward[dir]);
          if (math::fabs(far - far_e) > cfg.threshold ||
              math::fabs(near - near_e) > cfg.threshold) {
            troubled = true;
            break;
          }
        }
    }
    if (troubled) {
      const Real xi_c = arr.centroid(0, ey, ex), eta_c = arr.centroid(1, ey, ex);
      for (int v = 0; v < E2::kNumVars; ++v) {
        const Real m = mean[v];
        Real own[2] = {0, 0};  // weighted mean over lines of (far - near) / 2
        for (int k = 0; k < N; ++k)
          for (int dir = 0; dir < 2; ++dir)
            own[dir] += ops.weights[k] / 2 *
                        (element_side_trace(e, v, dir, k, ops.trace_plus) -
                         element_side_trace(e, v, dir, k, ops.trace_minus)) /
                        2;
        const Real s_xi = minmod3(own[0], (arr.means(v, here_y, east) - m) / 2,
                                  (m - arr.means(v, here_y, west)) / 2);
        const Real s_eta = minmod3(own[1], (arr.means(v, north, here_x) - m) / 2,
                                   (m - arr.means(v, south, here_x)) / 2);
        for (int b = 0; b < N; ++b)
          for (int a = 0; a < N; ++a)
            e.q[v][b * N + a] = m + s_xi * (ops.points[a] - xi_c) + s_eta * (ops.points[b] - eta_c);
      }
      counts.value[0] += 1;
      modified = true;
    }
  }
  if (cfg.positivity && enforce_positivity(e, mean, ops, gas)) {
    counts.value[1] += 1;
    modified = true;
  }
  if (modified)
    for (int v = 0; v < E2::kNumVars; ++v)
      for (int b = 0; b < N; ++b)
        for (int a = 0; a < N; ++a) w(v, ey * N + b, ex * N + a) = e.q[v][b * N + a];
}

// The limiter on w, after element_means of the same w (and, over ranks, the means' exchange),
// its counts added to `totals` on the device (no host synchronisation).
template <int N>
void limit_elements(const Field2D& w, const LimiterArrays& arrays, const LineOperators<N>& ops,
                    const LimiterConfig& config, const physics::IdealGas& gas, Index nx, Index ny,
                    const Kokkos::View<LimiterCounts, MemSpace>& stage_counts,
                    const LimiterTotals& totals) {
  par_reduce(
      "highorder.limit_elements", IndexBox2D{{0, ny}, {0, nx}},
      KOKKOS_LAMBDA(Index ey, Index ex, LimiterCounts & acc) {
        limit_element<N>(w, arrays, ops, config, gas, nx, ny, ey, ex, acc);
      },
      Kokkos::Sum<LimiterCounts, MemSpace>(stage_counts));
  par_for(
      "highorder.limiter_totals", IndexRange{0, 1}, KOKKOS_LAMBDA(Index) {
        const LimiterCounts c = stage_counts();
        totals(0) += c.value[0];
        totals(1) += c.value[1];
        if (c.value[0] > totals(2)) totals(2) = c.value[0];
        totals(3) += c.value[1];
      });
}

}  // namespace portaflow::highorder
