#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"

#include <algorithm>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"

namespace portaflow::fv {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
constexpr Index kG = MusclHancock2DSolver::kGhosts;

KOKKOS_INLINE_FUNCTION E2::State load(const Field2D& u, Index j, Index i) {
  E2::State s;
  for (int v = 0; v < kN; ++v) s[v] = u(v, j, i);
  return s;
}

// Ghost cells (fv_ghosts.hpp), the normal momentum negated at a reflective side.
void fill_ghosts(const Field2D& u, Index nx, Index ny, const BoundaryConfig& b) {
  const BoundaryKind xl = b.side[0], xh = b.side[1], yl = b.side[2], yh = b.side[3];
  // x sides over interior rows, then y sides over the full width (corners get both).
  par_for(
      "muscl_hancock2d.fill_ghosts_x", IndexBox2D{{kG, kG + ny}, {0, 2 * kG}},
      KOKKOS_LAMBDA(Index j, Index k) {
        const bool low = k < kG;
        const Index layer = low ? k : k - kG;
        const BoundaryKind kind = low ? xl : xh;
        const Index ghost = ghost_index(low, layer, nx, kG);
        const Index source = ghost_source(kind, low, layer, nx, kG);
        for (int v = 0; v < kN; ++v)
          u(v, j, ghost) = (kind == BoundaryKind::kReflective && v == 1 ? -1 : 1) * u(v, j, source);
      });
  par_for(
      "muscl_hancock2d.fill_ghosts_y", IndexBox2D{{0, 2 * kG}, {0, nx + 2 * kG}},
      KOKKOS_LAMBDA(Index k, Index i) {
        const bool low = k < kG;
        const Index layer = low ? k : k - kG;
        const BoundaryKind kind = low ? yl : yh;
        const Index ghost = ghost_index(low, layer, ny, kG);
        const Index source = ghost_source(kind, low, layer, ny, kG);
        for (int v = 0; v < kN; ++v)
          u(v, ghost, i) = (kind == BoundaryKind::kReflective && v == 2 ? -1 : 1) * u(v, source, i);
      });
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

MusclHancock2DSolver::MusclHancock2DSolver(const RunConfig& config)
    : GridSolver2D(config, kN, kGhosts, "muscl_hancock2d.state"),
      fluxes_("muscl_hancock2d.fluxes", kN, config.mesh.cells[1] + 1, config.mesh.cells[0] + 1) {
  // Point values at the cell centres (second-order representatives of the cell averages).
  const physics::IdealGas gas{static_cast<Real>(config.physics.gamma)};
  auto host = Kokkos::create_mirror_view(state_);
  for (int j = 0; j < grid_.ny; ++j)
    for (int i = 0; i < grid_.nx; ++i) {
      const double x = grid_.x_min + (i + 0.5) * grid_.dx, y = grid_.y_min + (j + 0.5) * grid_.dy;
      const auto w = is_smooth(config.problem)
                         ? exact_primitive(config.problem, config.mesh, config.physics.gamma, x, y, 0)
                         : initial_primitive(config.problem, config.physics.gamma, x, y);
      E2::State prim;
      for (int v = 0; v < kN; ++v) prim[v] = static_cast<Real>(w[v]);
      const auto u = E2::to_conservative(prim, gas);
      for (int v = 0; v < kN; ++v) host(v, kG + j, kG + i) = u[v];
    }
  Kokkos::deep_copy(state_, host);
}

double MusclHancock2DSolver::stable_time_step() {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto u = state_;
  const double inv_dx = 1 / grid_.dx, inv_dy = 1 / grid_.dy;
  // Each sweep is a 1D step: its CFL condition in its own direction (Toro sec. 16.2).
  const double max_rate = par_max<double>(
      "muscl_hancock2d.max_wave_rate", interior(), KOKKOS_LAMBDA(Index j, Index i, double& acc) {
        const auto s = load(u, j, i);
        double rate = math::infinity();
        if (E2::is_physical(s, gas)) {
          rate = math::fmax(E2::max_wave_speed(s, 0, gas) * inv_dx, E2::max_wave_speed(s, 1, gas) * inv_dy);
        }
        if (rate > acc) acc = rate;
      });
  return config_.time.cfl / max_rate;
}

void MusclHancock2DSolver::sweep(const Field2D& u, int dir, double dt) {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  fill_ghosts(u, grid_.nx, grid_.ny, config_.boundary);
  const auto f = fluxes_;
  const Index nx = grid_.nx, ny = grid_.ny;
  const Real ratio = static_cast<Real>(dt / (dir == 0 ? grid_.dx : grid_.dy));
  dispatch_limiter_and_flux(config_.fv, [&](auto limiter, auto flux) {
    using L = decltype(limiter);
    using F = decltype(flux);
    if (dir == 0)
      sweep_kernels<0, L, F>(u, f, nx, ny, ratio, gas);
    else
      sweep_kernels<1, L, F>(u, f, nx, ny, ratio, gas);
  });
}

void MusclHancock2DSolver::advance(double dt) {
  if (config_.fv.splitting == SplittingKind::kAveraged) {
    // x-y on the state, y-x on a copy, then their mean (each is conservative, so is the mean).
    if (other_.extent(0) == 0) other_ = Field2D("muscl_hancock2d.other", state_.extent(0), state_.extent(1), state_.extent(2));
    Kokkos::deep_copy(other_, state_);
    sweep(state_, 0, dt);
    sweep(state_, 1, dt);
    sweep(other_, 1, dt);
    sweep(other_, 0, dt);
    const auto a = state_, b = other_;
    par_for(
        "muscl_hancock2d.average_splittings", interior(), KOKKOS_LAMBDA(Index j, Index i) {
          for (int v = 0; v < kN; ++v) a(v, j, i) = Real(0.5) * (a(v, j, i) + b(v, j, i));
        });
  } else {
    // x-y on even steps, y-x on odd ones.
    const int first = steps_ % 2 == 0 ? 0 : 1;
    sweep(state_, first, dt);
    sweep(state_, 1 - first, dt);
  }
  finish_step(dt);
}






}  // namespace portaflow::fv
