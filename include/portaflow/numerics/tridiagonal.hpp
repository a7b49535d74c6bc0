// Tridiagonal systems a_q x_{q-1} + b_q x_q + c_q x_{q+1} = d_q, q = 0 .. n - 1 (a_0 and
// c_{n-1} unused), with one or more right-hand sides: the line solves of the implicit residual
// smoothing (schemes/multiblock), the elliptic grid generator's line relaxation (mesh/) and the
// line smoother of the Poisson multigrid (schemes/incompressible). Device functions, one system
// per thread (thomas) or per team (cyclic_reduction, solve_in_team); the batch is the caller's
// parallel loop over lines.
//
// A system is any type with
//   static constexpr int kRightHandSides;
//   sub(q), super(q), diagonal(q), rhs(v, q)   the coefficients and right-hand sides (read);
//   pivot(q), reduced(v, q)                      Thomas' eliminated diagonal and right-hand sides
//                                                (read and written; may alias diagonal and rhs);
//   set_solution(v, q, x)                        the solution's place (may alias rhs too).
// ScratchLines below is the usual one: the rows in team scratch, solved in place.
#pragma once

#include <type_traits>

#include "portaflow/core/parallel.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::tridiagonal {

// Thomas' algorithm: forward elimination, then back substitution. n dependent steps, one thread.
template <class System>
KOKKOS_INLINE_FUNCTION void thomas(const System& s, int n) {
  constexpr int kRhs = System::kRightHandSides;
  s.pivot(0) = s.diagonal(0);
  for (int v = 0; v < kRhs; ++v) s.reduced(v, 0) = s.rhs(v, 0);
  for (int q = 1; q < n; ++q) {
    const auto factor = s.sub(q) / s.pivot(q - 1);
    s.pivot(q) = s.diagonal(q) - factor * s.super(q - 1);
    for (int v = 0; v < kRhs; ++v) s.reduced(v, q) = s.rhs(v, q) - factor * s.reduced(v, q - 1);
  }
  // The right-hand sides side by side, so that their chains of divisions overlap.
  using Value = std::remove_cv_t<std::remove_reference_t<decltype(s.pivot(0))>>;
  Value next[kRhs];
  for (int v = 0; v < kRhs; ++v) {
    next[v] = s.reduced(v, n - 1) / s.pivot(n - 1);
    s.set_solution(v, n - 1, next[v]);
  }
  for (int q = n - 2; q >= 0; --q)
    for (int v = 0; v < kRhs; ++v) {
      next[v] = (s.reduced(v, q) - s.super(q) * next[v]) / s.pivot(q);
      s.set_solution(v, q, next[v]);
    }
}

// The rows of one line in team scratch: (sub, diagonal, super, right-hand sides...) by row q, the
// layout ScratchLines::rows() counts. Thomas works in place (the pivots in the diagonal, the
// solution in the right-hand sides); cyclic reduction needs a second set of rows (double
// buffering), at `second`.
template <int Rhs, class Value = Real>
struct ScratchLines {
  static constexpr int kRightHandSides = Rhs;
  enum Row : int { kSub = 0, kDiagonal = 1, kSuper = 2, kRhs = 3 };
  KOKKOS_INLINE_FUNCTION static constexpr int rows() { return kRhs + Rhs; }

  ScratchView<Value**> s;  // (row, q), rows() rows (2 rows() for cyclic reduction)
  int first = 0;           // which set of rows holds the system: 0 or rows()

  KOKKOS_INLINE_FUNCTION Value& sub(int q) const { return s(first + kSub, q); }
  KOKKOS_INLINE_FUNCTION Value& diagonal(int q) const { return s(first + kDiagonal, q); }
  KOKKOS_INLINE_FUNCTION Value& super(int q) const { return s(first + kSuper, q); }
  KOKKOS_INLINE_FUNCTION Value& rhs(int v, int q) const { return s(first + kRhs + v, q); }
  KOKKOS_INLINE_FUNCTION Value& pivot(int q) const { return diagonal(q); }
  KOKKOS_INLINE_FUNCTION Value& reduced(int v, int q) const { return rhs(v, q); }
  KOKKOS_INLINE_FUNCTION void set_solution(int v, int q, Value x) const { rhs(v, q) = x; }
  // The solution, after solve_in_team: right-hand side v of row q of the set it returned.
  KOKKOS_INLINE_FUNCTION Value& solution(int v, int q) const { return rhs(v, q); }
};

// Parallel cyclic reduction (Hockney 1965) over a team's threads on rows scaled to a unit
// diagonal: log2(n) steps, each row eliminating its neighbours at distance `stride`, from one set
// of rows into the other (double buffering), one division a row a step; the last step leaves the
// solution in the right-hand sides of the set it returns (first = 0 or rows()). Thomas is a
// chain of n dependent steps; a GPU team does this in log2(n) steps of n threads.
template <int Rhs, class Value>
KOKKOS_INLINE_FUNCTION ScratchLines<Rhs, Value> cyclic_reduction(
    const TeamMember& member, const ScratchLines<Rhs, Value>& lines, int n) {
  using Lines = ScratchLines<Rhs, Value>;
  constexpr int kRows = Lines::rows();
  Lines from = lines, to = lines;
  to.first = lines.first == 0 ? kRows : 0;
  for (int stride = 1; stride < n; stride *= 2) {
    team_for(member, n, [&](Index index) {
      const int q = static_cast<int>(index);
      const bool below = q - stride >= 0, above = q + stride < n;
      const Value a = from.sub(q), c = from.super(q);
      Value diagonal = 1, sub = 0, super = 0;
      if (below) {
        diagonal -= a * from.super(q - stride);
        sub = -a * from.sub(q - stride);
      }
      if (above) {
        diagonal -= c * from.sub(q + stride);
        super = -c * from.super(q + stride);
      }
      const Value inverse = 1 / diagonal;
      to.sub(q) = sub * inverse;
      to.super(q) = super * inverse;
      for (int v = 0; v < Rhs; ++v) {
        Value rhs = from.rhs(v, q);
        if (below) rhs -= a * from.rhs(v, q - stride);
        if (above) rhs -= c * from.rhs(v, q + stride);
        to.rhs(v, q) = rhs * inverse;
      }
    });
    team_barrier(member);
    const Lines swap = from;
    from = to;
    to = swap;
  }
  return from;
}

// Rows q of a line scaled to a unit diagonal (sub and super divided by it, the right-hand sides
// too), as cyclic_reduction needs them; Thomas takes them as well.
template <int Rhs, class Value>
KOKKOS_INLINE_FUNCTION void set_unit_row(const ScratchLines<Rhs, Value>& lines, int q, Value sub,
                                         Value diagonal, Value super) {
  const Value inverse = 1 / diagonal;
  lines.sub(q) = sub * inverse;
  lines.diagonal(q) = 1;
  lines.super(q) = super * inverse;
}

// Solves the team's line in scratch: Thomas on one thread when the team has one (the host and CPU
// backends, where a team is a thread), cyclic reduction over the team's threads otherwise (a GPU:
// the rows must then have a unit diagonal). Returns the rows that hold the solution; with cyclic
// reduction every thread has passed a barrier after the last write, so all may read them.
template <int Rhs, class Value>
KOKKOS_INLINE_FUNCTION ScratchLines<Rhs, Value> solve_in_team(const TeamMember& member,
                                                              const ScratchLines<Rhs, Value>& lines,
                                                              int n) {
  if (member.team_size() > 1) return cyclic_reduction(member, lines, n);
  thomas(lines, n);
  return lines;
}

// Threads of a team that solves lines of up to `longest` rows: on a GPU one per row, in whole
// warps, up to 256 (each cyclic reduction step touches every row, and threads beyond the rows only
// wait at its barriers); 0 (Kokkos' choice: one) on the host and CPU backends, where Thomas runs.
inline int team_size_for_lines(int longest) {
  if (Kokkos::SpaceAccessibility<HostSpace, MemSpace>::accessible) return 0;
  constexpr int kWarp = 32, kMostThreads = 256;
  const int threads = (longest + kWarp - 1) / kWarp * kWarp;
  return threads < kMostThreads ? threads : kMostThreads;
}

}  // namespace portaflow::tridiagonal
