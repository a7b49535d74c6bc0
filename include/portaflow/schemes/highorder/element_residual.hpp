// The residual dU/dt at every solution point, fused with the Runge-Kutta stage update
// target = a U^n + b (w + dt dU/dt), for the element methods (Zimmerman et al. 2018):
//
//  dg  (sec. 2.3, Gauss points, weak form; quadrature at the N Gauss points, exact for degree
//       2N - 1: the volume term's integrand l_a' (F . n_xi) has degree 2k - 1 on straight
//       elements, so it is exact there and on curved ones to the mapping's interpolation):
//       dU/dt = 1/J [ sum_c S_ac Ft_cb + sum_d S_bd Gt_ad
//                     - Lp_a Fh(+1) + Lm_a Fh(-1) - Lp_b Gh(+1) + Lm_b Gh(-1) ]
//  cpr (sec. 2.2, Gauss-Lobatto points, Radau g_DG correction; Huynh 2007, Wang & Gao 2009):
//       dU/dt = -1/J [ div + Lp_a (Fh(+1) - Ft_end(+1)) - Lm_a (Fh(-1) - Ft_end(-1)) + (eta) ]
//       with div the chain rule A_xi dU/dxi + A_eta dU/deta (as in Zimmerman et al. 2018) or the
//       derivative of the flux's interpolant sum_c D_ac Ft_cb + sum_d D_bd Gt_ad;
//  ndg (sec. 2.4, Gauss-Lobatto points, strong form; Hesthaven & Warburton 2008, ch. 6):
//       the Cartesian fluxes f, g differentiated by D along each direction, the metrics applied
//       at the point: div = n_xi . (D f, D g)_xi + n_eta . (D f, D g)_eta, lifted as cpr. On
//       affine elements this is cpr's flux interpolation exactly (the tests check it); on curved
//       ones it is the non-conservative form (conservation to the mapping's resolution only);
//  sd  (sec. 2.5): element_residual_sd.hpp;
//
// Ft = F . n_xi, Gt = F . n_eta the contravariant fluxes at the points, Fh, Gh the common fluxes
// at the face points (element_faces.hpp), S the weak derivative, D the derivative matrix, Lm, Lp
// the lifts M^-1 l(-1), M^-1 l(+1) (= -g_L', g_R' on Lobatto points). Both are one formula,
// -1/J [div + sum of Lp (Fh - Ft_end) - Lm (...)], with div = -(S-volume) and Ft_end = 0 for dg.
//
// Two kernels compute it: flat, one thread per point, each reading its element's row and column
// from memory (and recomputing their fluxes); team, a tile of elements per team, the state
// and fluxes of the tile loaded into scratch once and the volume terms formed as small matrix
// products per (element, variable) with KokkosBatched::SerialGemm: X = F Op^T along xi, Y = Op G
// along eta.
#pragma once

#include <KokkosBatched_Gemm_Decl.hpp>
#include <KokkosBatched_Gemm_Serial_Impl.hpp>

#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler_normal.hpp"
#include "portaflow/schemes/highorder/element_operators.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

using E2 = physics::Euler<2>;

// What a stage kernel reads and writes.
struct StageArrays {
  Field2D w, un, target;  // stage input, U^n, output
  Field2D metrics;        // (5, J, I)
  Field2D fluxes_x, fluxes_y;
  Real a = 0, b = 1, dt = 0;  // target = a un + b (w + dt R)
};

template <HighOrderMethod M, DivergenceKind D>
struct MethodTraits {
  static constexpr bool kDg = M == HighOrderMethod::kDg;
  static constexpr bool kNdg = M == HighOrderMethod::kNdg;
  static constexpr bool kChainRule = M == HighOrderMethod::kCpr && D == DivergenceKind::kChainRule;
};

KOKKOS_INLINE_FUNCTION E2::State load_state(const Field2D& w, Index J, Index I) {
  E2::State s;
  for (int v = 0; v < E2::kNumVars; ++v) s[v] = w(v, J, I);
  return s;
}

// Contravariant flux along xi (dir 0) or eta (dir 1) at point (J, I).
KOKKOS_INLINE_FUNCTION E2::State contravariant_flux(const Field2D& w, const Field2D& metrics,
                                                    int dir, Index J, Index I,
                                                    const physics::IdealGas& gas) {
  return physics::normal_flux(load_state(w, J, I), metrics(2 * dir, J, I),
                              metrics(2 * dir + 1, J, I), gas);
}

// The common last step: R = -1/J [div + lifted face jumps], and the stage update of point (J, I).
// end_*: the interior contravariant flux at the element ends (zero for dg).
template <int N>
KOKKOS_INLINE_FUNCTION void finish_point(const StageArrays& s, const LineOperators<N>& ops, Index J,
                                         Index I, const E2::State& div, const E2::State& end_xm,
                                         const E2::State& end_xp, const E2::State& end_ym,
                                         const E2::State& end_yp) {
  const Index ex = I / N, ey = J / N;
  const int a = I - ex * N, b = J - ey * N;
  const Real inv_jac = s.metrics(4, J, I);
  for (int v = 0; v < E2::kNumVars; ++v) {
    const Real xi_part = ops.lift_plus[a] * (s.fluxes_x(v, J, ex + 1) - end_xp[v]) -
                         ops.lift_minus[a] * (s.fluxes_x(v, J, ex) - end_xm[v]);
    const Real eta_part = ops.lift_plus[b] * (s.fluxes_y(v, ey + 1, I) - end_yp[v]) -
                          ops.lift_minus[b] * (s.fluxes_y(v, ey, I) - end_ym[v]);
    const Real rate = -inv_jac * (div[v] + (xi_part + eta_part));
    s.target(v, J, I) = s.a * s.un(v, J, I) + s.b * (s.w(v, J, I) + s.dt * rate);
  }
}

// ---- flat: one thread per solution point -----------------------------------------------------

// The residual and update of point (J, I), reading its element's row and column from memory.
// (A function rather than the kernel's body: nvcc's extended lambdas may not first capture a
// variable inside `if constexpr`.)
template <int N, HighOrderMethod M, DivergenceKind D>
KOKKOS_INLINE_FUNCTION void flat_point_update(const StageArrays& s, const LineOperators<N>& ops,
                                              const physics::IdealGas& gas, Index J, Index I) {
  using Traits = MethodTraits<M, D>;
  const Index i0 = (I / N) * N, j0 = (J / N) * N;
  const int a = I - i0, b = J - j0;
  E2::State div, end_xm, end_xp, end_ym, end_yp;
  for (int v = 0; v < E2::kNumVars; ++v) div[v] = end_xm[v] = end_xp[v] = end_ym[v] = end_yp[v] = 0;
  if constexpr (Traits::kChainRule) {
    E2::State dq_xi, dq_eta;
    for (int v = 0; v < E2::kNumVars; ++v) dq_xi[v] = dq_eta[v] = 0;
    for (int c = 0; c < N; ++c) {
      const Real d_xi = ops.derivative[a * N + c], d_eta = ops.derivative[b * N + c];
      for (int v = 0; v < E2::kNumVars; ++v) {
        dq_xi[v] += d_xi * s.w(v, J, i0 + c);
        dq_eta[v] += d_eta * s.w(v, j0 + c, I);
      }
    }
    const E2::State q = load_state(s.w, J, I);
    const auto ax =
        physics::normal_jacobian_times(q, s.metrics(0, J, I), s.metrics(1, J, I), dq_xi, gas);
    const auto ay =
        physics::normal_jacobian_times(q, s.metrics(2, J, I), s.metrics(3, J, I), dq_eta, gas);
    for (int v = 0; v < E2::kNumVars; ++v) div[v] = ax[v] + ay[v];
  } else if constexpr (Traits::kNdg) {
    // The derivatives of f and g along xi (the row) and eta (the column), then the metrics.
    E2::State f_xi, g_xi, f_eta, g_eta;
    for (int v = 0; v < E2::kNumVars; ++v) f_xi[v] = g_xi[v] = f_eta[v] = g_eta[v] = 0;
    for (int c = 0; c < N; ++c) {
      const Real d_xi = ops.derivative[a * N + c], d_eta = ops.derivative[b * N + c];
      const E2::State q_row = load_state(s.w, J, i0 + c), q_col = load_state(s.w, j0 + c, I);
      const auto f_row = E2::flux(q_row, 0, gas), g_row = E2::flux(q_row, 1, gas);
      const auto f_col = E2::flux(q_col, 0, gas), g_col = E2::flux(q_col, 1, gas);
      for (int v = 0; v < E2::kNumVars; ++v) {
        f_xi[v] += d_xi * f_row[v];
        g_xi[v] += d_xi * g_row[v];
        f_eta[v] += d_eta * f_col[v];
        g_eta[v] += d_eta * g_col[v];
      }
    }
    const Real xi_x = s.metrics(0, J, I), xi_y = s.metrics(1, J, I);
    const Real eta_x = s.metrics(2, J, I), eta_y = s.metrics(3, J, I);
    for (int v = 0; v < E2::kNumVars; ++v)
      div[v] = xi_x * f_xi[v] + xi_y * g_xi[v] + eta_x * f_eta[v] + eta_y * g_eta[v];
  } else {
    // dg: div = -(S Ft + S Gt); cpr with flux interpolation: div = D Ft + D Gt.
    for (int c = 0; c < N; ++c) {
      const auto f = contravariant_flux(s.w, s.metrics, 0, J, i0 + c, gas);
      const auto g = contravariant_flux(s.w, s.metrics, 1, j0 + c, I, gas);
      const Real op_xi = Traits::kDg ? -ops.weak_derivative[a * N + c] : ops.derivative[a * N + c];
      const Real op_eta = Traits::kDg ? -ops.weak_derivative[b * N + c] : ops.derivative[b * N + c];
      for (int v = 0; v < E2::kNumVars; ++v) div[v] += op_xi * f[v] + op_eta * g[v];
      if (!Traits::kDg && c == 0) {
        end_xm = f;
        end_ym = g;
      }
      if (!Traits::kDg && c == N - 1) {
        end_xp = f;
        end_yp = g;
      }
    }
  }
  if constexpr (Traits::kChainRule || Traits::kNdg) {
    // The interior contravariant flux at the element's Lobatto end points, for the lifted jumps
    // (the flux-interpolation branch has them from its loop).
    end_xm = contravariant_flux(s.w, s.metrics, 0, J, i0, gas);
    end_xp = contravariant_flux(s.w, s.metrics, 0, J, i0 + N - 1, gas);
    end_ym = contravariant_flux(s.w, s.metrics, 1, j0, I, gas);
    end_yp = contravariant_flux(s.w, s.metrics, 1, j0 + N - 1, I, gas);
  }
  finish_point<N>(s, ops, J, I, div, end_xm, end_xp, end_ym, end_yp);
}

template <int N, HighOrderMethod M, DivergenceKind D>
void residual_update_flat(const StageArrays& s, const LineOperators<N>& ops, Index nx, Index ny,
                          const physics::IdealGas& gas) {
  par_for(
      "highorder.residual_flat", IndexBox2D{{0, ny * N}, {0, nx * N}},
      KOKKOS_LAMBDA(Index J, Index I) { flat_point_update<N, M, D>(s, ops, gas, J, I); });
}

// ---- team: a tile of kTile elements of one element row per team ----------------------------

template <int N>
struct TeamTile {
  // Elements per team: about 128 points, so a GPU team is a few warps.
  static constexpr int kElements = (128 / (N * N)) > 0 ? 128 / (N * N) : 1;
  static constexpr int kPoints = kElements * N * N;
};

template <int N, HighOrderMethod M, DivergenceKind D>
void residual_update_team(const StageArrays& s, const LineOperators<N>& ops, Index nx, Index ny,
                          const physics::IdealGas& gas) {
  using Traits = MethodTraits<M, D>;
  using Tile = TeamTile<N>;
  constexpr int kNv = E2::kNumVars;
  constexpr int kMatrices = kNv * Tile::kElements;  // (var, element) pairs
  using Matrices = ScratchView<Real***>;            // (var * kElements + e, b, a)
  using Small = ScratchView<Real**>;
  const Index tiles_x = (nx + Tile::kElements - 1) / Tile::kElements;
  const std::size_t bytes = 5 * Matrices::shmem_size(kMatrices, N, N) + Small::shmem_size(N, N);
  ProfilingRegion region("highorder.residual_team");
  TeamPolicy policy(tiles_x * ny, Kokkos::AUTO);
  policy.set_scratch_size(0, Kokkos::PerTeam(bytes));
  Kokkos::parallel_for(
      "highorder.residual_team", policy, KOKKOS_LAMBDA(const TeamMember& member) {
        const Index ey = member.league_rank() / tiles_x;
        const Index ex0 = (member.league_rank() % tiles_x) * Tile::kElements;
        const int elements = ex0 + Tile::kElements <= nx ? Tile::kElements : nx - ex0;
        Matrices q(member.team_scratch(0), kMatrices, N, N);
        Matrices f(member.team_scratch(0), kMatrices, N, N);
        Matrices g(member.team_scratch(0), kMatrices, N, N);
        Matrices x(member.team_scratch(0), kMatrices, N, N);
        Matrices y(member.team_scratch(0), kMatrices, N, N);
        Small op(member.team_scratch(0), N, N);
        // The volume operator: -S for dg (so that div = X + Y throughout), D for cpr.
        Kokkos::parallel_for(Kokkos::TeamThreadRange(member, N * N), [&](int k) {
          op(k / N, k % N) = Traits::kDg ? -ops.weak_derivative[k] : ops.derivative[k];
        });
        // Phase 1: the tile's state and contravariant fluxes into scratch.
        const int points = elements * N * N;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(member, points), [&](int p) {
          const int e = p / (N * N), b = (p / N) % N, a = p % N;
          const Index J = ey * N + b, I = (ex0 + e) * N + a;
          const E2::State u = load_state(s.w, J, I);
          const auto fl = physics::normal_flux(u, s.metrics(0, J, I), s.metrics(1, J, I), gas);
          const auto gl = physics::normal_flux(u, s.metrics(2, J, I), s.metrics(3, J, I), gas);
          for (int v = 0; v < kNv; ++v) {
            q(v * Tile::kElements + e, b, a) = u[v];
            f(v * Tile::kElements + e, b, a) = fl[v];
            g(v * Tile::kElements + e, b, a) = gl[v];
          }
        });
        member.team_barrier();
        // Phase 2: X = F op^T, Y = op G per (var, element) (of Q instead for the chain rule).
        Kokkos::parallel_for(Kokkos::TeamThreadRange(member, kNv * elements), [&](int k) {
          const int m = (k / elements) * Tile::kElements + k % elements;
          const auto along_xi =
              Kokkos::subview(Traits::kChainRule ? q : f, m, Kokkos::ALL, Kokkos::ALL);
          const auto along_eta =
              Kokkos::subview(Traits::kChainRule ? q : g, m, Kokkos::ALL, Kokkos::ALL);
          const auto xm = Kokkos::subview(x, m, Kokkos::ALL, Kokkos::ALL);
          const auto ym = Kokkos::subview(y, m, Kokkos::ALL, Kokkos::ALL);
          using namespace KokkosBatched;
          SerialGemm<Trans::NoTranspose, Trans::Transpose, Algo::Gemm::Unblocked>::invoke(
              Real(1), along_xi, op, Real(0), xm);
          SerialGemm<Trans::NoTranspose, Trans::NoTranspose, Algo::Gemm::Unblocked>::invoke(
              Real(1), op, along_eta, Real(0), ym);
        });
        member.team_barrier();
        // Phase 3: lifted face terms and the update, per point.
        Kokkos::parallel_for(Kokkos::TeamThreadRange(member, points), [&](int p) {
          const int e = p / (N * N), b = (p / N) % N, a = p % N;
          const Index J = ey * N + b, I = (ex0 + e) * N + a;
          E2::State div, end_xm, end_xp, end_ym, end_yp;
          for (int v = 0; v < kNv; ++v) {
            const int m = v * Tile::kElements + e;
            if (Traits::kDg) {
              end_xm[v] = end_xp[v] = end_ym[v] = end_yp[v] = 0;
            } else {
              end_xm[v] = f(m, b, 0);
              end_xp[v] = f(m, b, N - 1);
              end_ym[v] = g(m, 0, a);
              end_yp[v] = g(m, N - 1, a);
            }
            div[v] = x(m, b, a) + y(m, b, a);
          }
          if constexpr (Traits::kChainRule) {
            E2::State q_point, dq_xi, dq_eta;
            for (int v = 0; v < kNv; ++v) {
              q_point[v] = q(v * Tile::kElements + e, b, a);
              dq_xi[v] = x(v * Tile::kElements + e, b, a);
              dq_eta[v] = y(v * Tile::kElements + e, b, a);
            }
            const auto ax = physics::normal_jacobian_times(q_point, s.metrics(0, J, I),
                                                           s.metrics(1, J, I), dq_xi, gas);
            const auto ay = physics::normal_jacobian_times(q_point, s.metrics(2, J, I),
                                                           s.metrics(3, J, I), dq_eta, gas);
            for (int v = 0; v < kNv; ++v) div[v] = ax[v] + ay[v];
          }
          finish_point<N>(s, ops, J, I, div, end_xm, end_xp, end_ym, end_yp);
        });
      });
}

}  // namespace portaflow::highorder
