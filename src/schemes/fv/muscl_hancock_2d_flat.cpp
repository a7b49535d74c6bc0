// The 2D MUSCL-Hancock helpers both variants share (ghosts, wave-rate maximum, default tile) and
// the flat, one-sweep-at-a-time kernels (muscl_hancock_2d_kernels.hpp).
#include <type_traits>

#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_kernels.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"

namespace portaflow::fv {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
constexpr Index kG = 2;  // ghost layers

KOKKOS_INLINE_FUNCTION E2::State load(const Field2D& u, Index j, Index i) {
  E2::State s;
  for (int v = 0; v < kN; ++v) s[v] = u(v, j, i);
  return s;
}

// One 1D MUSCL-Hancock sweep in direction kDir (0: x, 1: y) over all rows or columns.
template <int kDir, class Limiter, class Flux>
void sweep_kernels(const Field2D& u, const Field2D& fluxes, Index nx, Index ny, Real dt_over_h,
                   const physics::IdealGas& gas) {
  const Real half = Real(0.5) * dt_over_h;
  constexpr Index dj = kDir == 1 ? 1 : 0, di = kDir == 0 ? 1 : 0;
  // Faces: (j, f) between cells f - 1 and f in x, or (f, i) in y (interior numbering).
  const IndexBox2D faces{{0, ny + dj}, {0, nx + di}};
  par_for(
      kDir == 0 ? "muscl_hancock2d.face_fluxes_x" : "muscl_hancock2d.face_fluxes_y", faces,
      KOKKOS_LAMBDA(Index j, Index i) {
        const Index rj = kG + j, ri = kG + i;    // the cell on the + side of the face
        const Index lj = rj - dj, li = ri - di;  // the cell on the - side
        const auto left = evolved_faces<2, Limiter>(load(u, lj - dj, li - di), load(u, lj, li),
                                                    load(u, lj + dj, li + di), kDir, half, gas);
        const auto right = evolved_faces<2, Limiter>(load(u, rj - dj, ri - di), load(u, rj, ri),
                                                     load(u, rj + dj, ri + di), kDir, half, gas);
        const auto flux = Flux::template flux<2>(E2::to_primitive(left.plus, gas),
                                                 E2::to_primitive(right.minus, gas), kDir, gas);
        for (int v = 0; v < kN; ++v) fluxes(v, j, i) = flux[v];
      });
  par_for(
      kDir == 0 ? "muscl_hancock2d.update_x" : "muscl_hancock2d.update_y",
      IndexBox2D{{0, ny}, {0, nx}}, KOKKOS_LAMBDA(Index j, Index i) {
        for (int v = 0; v < kN; ++v)
          u(v, kG + j, kG + i) += dt_over_h * (fluxes(v, j, i) - fluxes(v, j + dj, i + di));
      });
}

}  // namespace

void max_wave_rate_2d(const Field2D& u, const SplitStep2D& step, const RateView& rate) {
  const auto gas = step.gas;
  const double inv_dx = step.inv_dx, inv_dy = step.inv_dy;
  // Each sweep is a 1D step: its CFL condition in its own direction (Toro sec. 16.2).
  par_reduce(
      "muscl_hancock2d.max_wave_rate", IndexBox2D{{kG, kG + step.ny}, {kG, kG + step.nx}},
      KOKKOS_LAMBDA(Index j, Index i, double& acc) {
        const auto s = load(u, j, i);
        double r = math::infinity();
        if (E2::is_physical(s, gas))
          r = math::fmax(E2::max_wave_speed(s, 0, gas) * inv_dx,
                         E2::max_wave_speed(s, 1, gas) * inv_dy);
        if (r > acc) acc = r;
      },
      Kokkos::Max<double, MemSpace>(rate));
}

void sweep_flat_2d(const Field2D& u, const Field2D& fluxes, int dir, const SplitStep2D& step,
                   const FvConfig& fv) {
  dispatch_limiter_and_flux(fv, [&](auto limiter, auto flux) {
    using L = decltype(limiter);
    using F = decltype(flux);
    if (dir == 0)
      sweep_kernels<0, L, F>(u, fluxes, step.nx, step.ny, step.dt_over_dx, step.gas);
    else
      sweep_kernels<1, L, F>(u, fluxes, step.nx, step.ny, step.dt_over_dy, step.gas);
  });
}

void average_2d(const Field2D& out, const Field2D& a, const Field2D& b, const IndexBox2D& box) {
  par_for(
      "muscl_hancock2d.average_splittings", box, KOKKOS_LAMBDA(Index j, Index i) {
        for (int v = 0; v < kN; ++v) out(v, j, i) = Real(0.5) * (a(v, j, i) + b(v, j, i));
      });
}

// Defaults: on a GPU the tile's scratch (input tile + halo, evolved boundary values, face
// fluxes) must fit Kokkos 3.4's 40 KB of level-0 team scratch: 16 x 12 in double (4672 Reals,
// 37 KB), 16 x 16 in float (5840 Reals, 23 KB); on a CPU a team is one thread and a 32 x 32 tile
// keeps its 158 KB of scratch in L2.
TileShape2D muscl_hancock_tile(const ExecutionConfig& execution) {
  if (execution.tile[0] > 0) return {execution.tile[1], execution.tile[0]};
  constexpr bool host = std::is_same_v<ExecSpace::memory_space, HostSpace>;
  if (host) return {32, 32};
  return sizeof(Real) == 8 ? TileShape2D{12, 16} : TileShape2D{16, 16};
}

}  // namespace portaflow::fv
