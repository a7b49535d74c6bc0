// scheme: muscl in 2D (muscl_solver.hpp).
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"
#include "portaflow/schemes/fv/fv_scheme.hpp"
#include "portaflow/schemes/fv/muscl_point.hpp"
#include "portaflow/schemes/fv/muscl_solver.hpp"
#include "portaflow/time/ssp_rk3.hpp"

namespace portaflow::fv {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
constexpr Index kG = kGhosts;

KOKKOS_INLINE_FUNCTION E2::State load(const Field2D& u, Index j, Index i) {
  E2::State s;
  for (int v = 0; v < kN; ++v) s[v] = u(v, j, i);
  return s;
}

// The flux through the face between storage cells (lj, li) and (lj + dj, li + di), direction
// dir, from the reconstructed plus value of the left cell and minus value of the right one.
template <class Reconstruction, class Flux>
KOKKOS_INLINE_FUNCTION E2::State face_flux(const Field2D& w, Index lj, Index li, Index dj, Index di,
                                           int dir, Real tvb, const physics::IdealGas& gas) {
  const Index rj = lj + dj, ri = li + di;
  const auto left = reconstructed_faces<2, Reconstruction>(
      load(w, lj - dj, li - di), load(w, lj, li), load(w, rj, ri), tvb, gas);
  const auto right = reconstructed_faces<2, Reconstruction>(load(w, lj, li), load(w, rj, ri),
                                                            load(w, rj + dj, ri + di), tvb, gas);
  return Flux::template flux<2>(E2::to_primitive(left.plus, gas),
                                E2::to_primitive(right.minus, gas), dir, gas);
}

// Face fluxes of state w: x faces (j, f) for j < ny, f <= nx and y faces (f, i) for f <= ny,
// i < nx, in one launch over (ny + 1) x (nx + 1).
template <class Reconstruction, class Flux>
void face_fluxes(const Field2D& w, const Field2D& fx, const Field2D& fy, Index nx, Index ny,
                 Real tvb_x, Real tvb_y, const physics::IdealGas& gas) {
  par_for(
      "muscl2d.face_fluxes", IndexBox2D{{0, ny + 1}, {0, nx + 1}}, KOKKOS_LAMBDA(Index j, Index i) {
        if (j < ny) {
          const auto f =
              face_flux<Reconstruction, Flux>(w, kG + j, kG + i - 1, 0, 1, 0, tvb_x, gas);
          for (int v = 0; v < kN; ++v) fx(v, j, i) = f[v];
        }
        if (i < nx) {
          const auto f =
              face_flux<Reconstruction, Flux>(w, kG + j - 1, kG + i, 1, 0, 1, tvb_y, gas);
          for (int v = 0; v < kN; ++v) fy(v, j, i) = f[v];
        }
      });
}

}  // namespace

Muscl2DSolver::Muscl2DSolver(const RunConfig& config)
    : GridSolver2D(config, kN, kGhosts, "muscl2d.state", Ranks::kBoxes),
      stage_("muscl2d.stage", kN, grid_.ny + 2 * kGhosts, grid_.nx + 2 * kGhosts),
      fluxes_x_("muscl2d.fluxes_x", kN, grid_.ny, grid_.nx + 1),
      fluxes_y_("muscl2d.fluxes_y", kN, grid_.ny + 1, grid_.nx) {
  sample_cell_centres();
}

double Muscl2DSolver::stable_time_step() {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto u = state_;
  const double inv_dx = 1 / grid_.dx, inv_dy = 1 / grid_.dy;
  // Unsplit: the x and y rates add (the forward-Euler stage's positivity condition).
  const double max_rate = par_max<double>(
      "muscl2d.max_wave_rate", interior(), KOKKOS_LAMBDA(Index j, Index i, double& acc) {
        const auto s = load(u, j, i);
        double rate = math::infinity();
        if (E2::is_physical(s, gas))
          rate = E2::max_wave_speed(s, 0, gas) * inv_dx + E2::max_wave_speed(s, 1, gas) * inv_dy;
        if (rate > acc) acc = rate;
      });
  return config_.time.cfl / ranks::max(max_rate);
}

void Muscl2DSolver::advance(double dt) {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const Index nx = grid_.nx, ny = grid_.ny;
  const Real dt_dx = static_cast<Real>(dt / grid_.dx), dt_dy = static_cast<Real>(dt / grid_.dy);
  const auto un = state_, stage = stage_, fx = fluxes_x_, fy = fluxes_y_;
  const Real tvb_x = static_cast<Real>(config_.family<FvConfig>().tvb_m * grid_.dx * grid_.dx);
  const Real tvb_y = static_cast<Real>(config_.family<FvConfig>().tvb_m * grid_.dy * grid_.dy);
  for (int k = 0; k < time::SspRk3::kStages; ++k) {
    // Stage k advances w = U^(k) (U^n first) and writes U^(k+1): into stage_, the last into state_.
    const Field2D w = k == 0 ? un : stage;
    const Field2D target = k + 1 == time::SspRk3::kStages ? un : stage;
    const Real a = static_cast<Real>(time::SspRk3::a[k]), b = static_cast<Real>(time::SspRk3::b[k]);
    // The faces read two cells along rows and columns only: the halo needs no corners.
    exchange_halo_both(w);
    fill_ghosts_2d(w, nx, ny, config_.boundary);
    dispatch_reconstruction_and_flux(config_.family<FvConfig>(), [&](auto reconstruction,
                                                                     auto flux) {
      face_fluxes<decltype(reconstruction), decltype(flux)>(w, fx, fy, nx, ny, tvb_x, tvb_y, gas);
    });
    par_for(
        "muscl2d.stage_update", IndexBox2D{{0, ny}, {0, nx}}, KOKKOS_LAMBDA(Index j, Index i) {
          for (int v = 0; v < kN; ++v) {
            // x and y parts summed first: x <-> y mirrored data give mirrored sums.
            const Real change =
                dt_dx * (fx(v, j, i) - fx(v, j, i + 1)) + dt_dy * (fy(v, j, i) - fy(v, j + 1, i));
            const Real euler = w(v, kG + j, kG + i) + change;
            target(v, kG + j, kG + i) = a * un(v, kG + j, kG + i) + b * euler;
          }
        });
  }
  finish_step(dt);
}

std::unique_ptr<Solver> make_muscl_solver(const RunConfig& config) {
  if (config.mesh.dimension == 1) return std::make_unique<Muscl1DSolver>(config);
  return std::make_unique<Muscl2DSolver>(config);
}

}  // namespace portaflow::fv
