// The common flux at every face point of the element grid: each side's trace of its solution
// polynomial (the interpolation to the element end, exact for Gauss-Lobatto points that sit on
// it), a boundary state where the face is on a non-periodic boundary, and the Riemann flux
// through the face's area normal (physics/euler_normal.hpp). Written as F_hat . n with n
// unnormalised, so the residuals add it as they stand.
//
// A rank's box of the element grid (docs/mpi.md) reads the state outside a side that faces
// another rank from BoxTraces: each box writes the traces of its edge elements there
// (element_box_traces), the halo exchange swaps them, and the faces use the neighbour's as they
// would use their own element's on one rank.
#pragma once

#include "portaflow/config/run_config.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler_normal.hpp"
#include "portaflow/schemes/highorder/element_operators.hpp"

namespace portaflow::highorder {

using E2 = physics::Euler<2>;

// The state outside a boundary face from the one inside: zero gradient for nonreflective
// (transmissive), the normal momentum mirrored for reflective (a slip wall: the Riemann flux then
// carries pressure only).
KOKKOS_INLINE_FUNCTION E2::State boundary_state(const E2::State& inside, BoundaryKind kind, Real nx,
                                                Real ny) {
  E2::State out = inside;
  if (kind == BoundaryKind::kReflective) {
    const Real mn = (inside[E2::kMom] * nx + inside[E2::kMom + 1] * ny) / (nx * nx + ny * ny);
    out[E2::kMom] -= 2 * mn * nx;
    out[E2::kMom + 1] -= 2 * mn * ny;
  }
  return out;
}

// Trace at one end of the element whose points along `line` (a row J, or a column I when
// Vertical) start at `first`: the interpolant's value there, sum_a weights[a] w_a. With
// Gauss-Lobatto points (kEndPoint) the end is a solution point and its value is read directly,
// not N values of which N - 1 are multiplied by zero.
template <int N, bool Vertical, bool kEndPoint>
KOKKOS_INLINE_FUNCTION E2::State element_trace(const Field2D& w, Index line, Index first,
                                               const Real (&weights)[N]) {
  E2::State s;
  for (int v = 0; v < E2::kNumVars; ++v) {
    if constexpr (kEndPoint) {
      const Index at = weights[0] == Real(1) ? first : first + N - 1;
      s[v] = Vertical ? w(v, at, line) : w(v, line, at);
    } else {
      Real sum = 0;
      for (int a = 0; a < N; ++a)
        sum += weights[a] * (Vertical ? w(v, first + a, line) : w(v, line, first + a));
      s[v] = sum;
    }
  }
  return s;
}

struct FaceArrays {
  Field2D normals_x, normals_y;  // (2, J, f), (2, f, I)
  Field2D fluxes_x, fluxes_y;    // (4, J, f), (4, f, I)
};

// The traces at the box's edges, laid out as fields with one ghost cell for HaloExchange2D:
// x (4, nj + 2, 4), columns: from the rank across x_min, the box's first column of elements
// (their xi = -1 trace), its last (xi = +1), from the rank across x_max; row J + 1 for face point
// row J. y (4, 4, ni + 2) the same along y, column I + 1 for face point column I.
struct BoxTraces {
  Field2D x, y;
};

// This box's own edge traces of state w into `traces` (the sides that face another rank read
// them after the exchange).
template <int N, bool kEndPoints>
void element_box_traces(const Field2D& w, const BoxTraces& traces, const LineOperators<N>& ops,
                        Index nx, Index ny) {
  const Index ni = nx * N, nj = ny * N;
  const auto tx = traces.x, ty = traces.y;
  par_for(
      "highorder.box_traces_x", IndexRange{0, nj}, KOKKOS_LAMBDA(Index J) {
        const auto first = element_trace<N, false, kEndPoints>(w, J, 0, ops.trace_minus);
        const auto last = element_trace<N, false, kEndPoints>(w, J, (nx - 1) * N, ops.trace_plus);
        for (int v = 0; v < E2::kNumVars; ++v) {
          tx(v, J + 1, 1) = first[v];
          tx(v, J + 1, 2) = last[v];
        }
      });
  par_for(
      "highorder.box_traces_y", IndexRange{0, ni}, KOKKOS_LAMBDA(Index I) {
        const auto first = element_trace<N, true, kEndPoints>(w, I, 0, ops.trace_minus);
        const auto last = element_trace<N, true, kEndPoints>(w, I, (ny - 1) * N, ops.trace_plus);
        for (int v = 0; v < E2::kNumVars; ++v) {
          ty(v, 1, I + 1) = first[v];
          ty(v, 2, I + 1) = last[v];
        }
      });
}

// The state across the box's side: the neighbour rank's trace (BoxTraces column or row `at`)
// where the side faces another rank, else the boundary state of the inside one.
KOKKOS_INLINE_FUNCTION E2::State outside_state(const E2::State& inside, BoundaryKind kind, Real nx,
                                               Real ny, const Field2D& traces, Index row,
                                               Index column) {
  if (kind != BoundaryKind::kNeighbour) return boundary_state(inside, kind, nx, ny);
  E2::State s;
  for (int v = 0; v < E2::kNumVars; ++v) s[v] = traces(v, row, column);
  return s;
}

// Which faces a launch of element_face_fluxes computes: all; those that need no neighbour's
// trace (launched while the traces travel, so the exchange overlaps them); or only those on the
// box's sides that face another rank (once the traces have arrived).
enum class FaceSet { kAll, kInner, kEdges };

// Common fluxes of state w at the x faces (J, f), f = 0..nx, and y faces (f, I), f = 0..ny, of
// `set`. kEndPoints: the solution points include the element ends (cpr's Gauss-Lobatto points).
// `traces`: the neighbours' edge traces, where a side faces another rank (BoxTraces).
template <int N, class Flux, bool kEndPoints>
void element_face_fluxes(const Field2D& w, const FaceArrays& faces, const LineOperators<N>& ops,
                         Index nx, Index ny, const BoundaryConfig& boundary,
                         const physics::IdealGas& gas, const BoxTraces& traces,
                         FaceSet set = FaceSet::kAll) {
  const Index ni = nx * N, nj = ny * N;
  const auto nrm_x = faces.normals_x, nrm_y = faces.normals_y;
  const auto fx = faces.fluxes_x, fy = faces.fluxes_y;
  const BoundaryKind x_min = boundary.side[0], x_max = boundary.side[1];
  const BoundaryKind y_min = boundary.side[2], y_max = boundary.side[3];
  const bool periodic_x = x_min == BoundaryKind::kPeriodic;
  const bool periodic_y = y_min == BoundaryKind::kPeriodic;
  const auto tx = traces.x, ty = traces.y;
  // The faces of `set` along a direction of n elements, whose first and last faces read a
  // neighbour's traces when `across_min` / `across_max`: a range of face indices k, f = k, or
  // for kEdges k = 0, 1 standing for f = 0, n.
  const bool edges = set == FaceSet::kEdges;
  const auto face_range = [&](Index n, bool across_min, bool across_max) {
    if (edges) return IndexRange{0, 2};
    if (set == FaceSet::kInner) return IndexRange{across_min ? 1 : 0, n + 1 - (across_max ? 1 : 0)};
    return IndexRange{0, n + 1};
  };
  const bool across_x_min = x_min == BoundaryKind::kNeighbour;
  const bool across_x_max = x_max == BoundaryKind::kNeighbour;
  const bool across_y_min = y_min == BoundaryKind::kNeighbour;
  const bool across_y_max = y_max == BoundaryKind::kNeighbour;
  const IndexRange x_faces = face_range(nx, across_x_min, across_x_max);
  const IndexRange y_faces = face_range(ny, across_y_min, across_y_max);
  if (x_faces.size() > 0)
    par_for(
        edges ? "highorder.x_edge_face_fluxes" : "highorder.x_face_fluxes",
        IndexBox2D{{0, nj}, x_faces}, KOKKOS_LAMBDA(Index J, Index k) {
          if (edges && !(k == 0 ? across_x_min : across_x_max)) return;
          const Index f = edges ? (k == 0 ? 0 : nx) : k;
          const Real n_x = nrm_x(0, J, f), n_y = nrm_x(1, J, f);
          const bool inner = f > 0 && f < nx;
          E2::State left, right;
          if (inner || periodic_x) {
            left = element_trace<N, false, kEndPoints>(w, J, (f > 0 ? f - 1 : nx - 1) * N,
                                                       ops.trace_plus);
            right =
                element_trace<N, false, kEndPoints>(w, J, (f < nx ? f : 0) * N, ops.trace_minus);
          } else if (f == 0) {
            right = element_trace<N, false, kEndPoints>(w, J, 0, ops.trace_minus);
            left = outside_state(right, x_min, n_x, n_y, tx, J + 1, 0);
          } else {
            left = element_trace<N, false, kEndPoints>(w, J, (nx - 1) * N, ops.trace_plus);
            right = outside_state(left, x_max, n_x, n_y, tx, J + 1, 3);
          }
          const auto flux = physics::rotated_riemann_flux<Flux>(left, right, n_x, n_y, gas);
          for (int v = 0; v < E2::kNumVars; ++v) fx(v, J, f) = flux[v];
        });
  if (y_faces.size() > 0)
    par_for(
        edges ? "highorder.y_edge_face_fluxes" : "highorder.y_face_fluxes",
        IndexBox2D{y_faces, {0, ni}}, KOKKOS_LAMBDA(Index k, Index I) {
          if (edges && !(k == 0 ? across_y_min : across_y_max)) return;
          const Index f = edges ? (k == 0 ? 0 : ny) : k;
          const Real n_x = nrm_y(0, f, I), n_y = nrm_y(1, f, I);
          const bool inner = f > 0 && f < ny;
          E2::State below, above;
          if (inner || periodic_y) {
            below = element_trace<N, true, kEndPoints>(w, I, (f > 0 ? f - 1 : ny - 1) * N,
                                                       ops.trace_plus);
            above = element_trace<N, true, kEndPoints>(w, I, (f < ny ? f : 0) * N, ops.trace_minus);
          } else if (f == 0) {
            above = element_trace<N, true, kEndPoints>(w, I, 0, ops.trace_minus);
            below = outside_state(above, y_min, n_x, n_y, ty, 0, I + 1);
          } else {
            below = element_trace<N, true, kEndPoints>(w, I, (ny - 1) * N, ops.trace_plus);
            above = outside_state(below, y_max, n_x, n_y, ty, 3, I + 1);
          }
          const auto flux = physics::rotated_riemann_flux<Flux>(below, above, n_x, n_y, gas);
          for (int v = 0; v < E2::kNumVars; ++v) fy(v, f, I) = flux[v];
        });
}

}  // namespace portaflow::highorder
