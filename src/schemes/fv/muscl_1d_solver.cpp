// scheme: muscl in 1D, planar or radially symmetric (muscl_solver.hpp). With x = r and
// alpha = 1 (cylindrical) or 2 (spherical), the finite-volume form over the shell
// [r_{i-1/2}, r_{i+1/2}] of volume V_i = (r_{i+1/2}^{alpha+1} - r_{i-1/2}^{alpha+1})/(alpha+1) is
//   dU_i/dt = -(A_{i+1/2} F_{i+1/2} - A_{i-1/2} F_{i-1/2}) / V_i + S_i,   A = r^alpha,
//   S_i = (0, p_i (A_{i+1/2} - A_{i-1/2}) / V_i, 0)
// (Toro sec. 17.2's source terms in conservative, volume-weighted form): mass and energy are
// conserved exactly, the face at r = 0 has no area, and alpha = 0 gives the planar scheme.
#include <cmath>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"
#include "portaflow/schemes/fv/muscl_point.hpp"
#include "portaflow/schemes/fv/muscl_solver.hpp"
#include "portaflow/time/ssp_rk3.hpp"

namespace portaflow::fv {

namespace {

using E1 = physics::Euler<1>;
constexpr int kN = E1::kNumVars;
constexpr Index kG = kGhosts;

KOKKOS_INLINE_FUNCTION E1::State load(const Field1D& u, Index i) {
  E1::State s;
  for (int v = 0; v < kN; ++v) s[v] = u(v, i);
  return s;
}

template <class Reconstruction, class Flux>
void face_fluxes(const Field1D& w, const Field1D& fluxes, Index n, Real tvb,
                 const physics::IdealGas& gas) {
  // Face f lies between interior cells f - 1 and f: storage cells kG + f - 1 and kG + f.
  par_for(
      "muscl1d.face_fluxes", IndexRange{0, n + 1}, KOKKOS_LAMBDA(Index f) {
        const Index l = kG + f - 1, r = kG + f;
        const auto left = reconstructed_faces<1, Reconstruction>(load(w, l - 1), load(w, l),
                                                                 load(w, r), tvb, gas);
        const auto right = reconstructed_faces<1, Reconstruction>(load(w, l), load(w, r),
                                                                  load(w, r + 1), tvb, gas);
        const auto flux = Flux::template flux<1>(E1::to_primitive(left.plus, gas),
                                                 E1::to_primitive(right.minus, gas), 0, gas);
        for (int v = 0; v < kN; ++v) fluxes(v, f) = flux[v];
      });
}

int geometry_exponent(GeometryKind g) {
  return g == GeometryKind::kCylindrical ? 1 : g == GeometryKind::kSpherical ? 2 : 0;
}

}  // namespace

Muscl1DSolver::Muscl1DSolver(const RunConfig& config)
    : GridSolver1D(config, kN, kGhosts, "muscl1d.state"),
      stage_("muscl1d.stage", kN, config.mesh.cells[0] + 2 * kGhosts),
      fluxes_("muscl1d.fluxes", kN, config.mesh.cells[0] + 1) {
  sample_cell_centres();
}

double Muscl1DSolver::stable_time_step() {
  return config_.time.cfl * axis_.dx / max_wave_speed();  // Toro eq. 6.17
}

void Muscl1DSolver::advance(double dt) {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const Index n = axis_.cells;
  const int alpha = geometry_exponent(config_.family<FvConfig>().geometry);
  const double x_min = axis_.x_min, dx = axis_.dx;
  const auto un = state_, stage = stage_, fl = fluxes_;
  const Real tvb = static_cast<Real>(config_.family<FvConfig>().tvb_m * dx * dx);
  for (int k = 0; k < time::SspRk3::kStages; ++k) {
    const Field1D w = k == 0 ? un : stage;
    const Field1D target = k + 1 == time::SspRk3::kStages ? un : stage;
    const Real a = static_cast<Real>(time::SspRk3::a[k]), b = static_cast<Real>(time::SspRk3::b[k]);
    fill_ghosts_1d(w, n, config_.boundary.side[0], config_.boundary.side[1]);
    dispatch_reconstruction_and_flux(
        config_.family<FvConfig>(), [&](auto reconstruction, auto flux) {
          face_fluxes<decltype(reconstruction), decltype(flux)>(w, fl, n, tvb, gas);
        });
    par_for(
        "muscl1d.stage_update", IndexRange{0, n}, KOKKOS_LAMBDA(Index i) {
          // Face areas and the cell volume (planar: 1, 1 and dx).
          const double r_lo = x_min + i * dx, r_hi = r_lo + dx;
          const double area_lo = alpha == 0 ? 1 : (alpha == 1 ? r_lo : r_lo * r_lo);
          const double area_hi = alpha == 0 ? 1 : (alpha == 1 ? r_hi : r_hi * r_hi);
          const double volume = alpha == 0 ? dx : (r_hi * area_hi - r_lo * area_lo) / (alpha + 1);
          const Real c_lo = static_cast<Real>(dt * area_lo / volume);
          const Real c_hi = static_cast<Real>(dt * area_hi / volume);
          const auto s = load(w, kG + i);
          const Real pressure_force =
              static_cast<Real>(dt * (area_hi - area_lo) / volume) * E1::pressure(s, gas);
          for (int v = 0; v < kN; ++v) {
            Real euler = s[v] + (c_lo * fl(v, i) - c_hi * fl(v, i + 1));
            if (v == E1::kMom) euler += pressure_force;
            target(v, kG + i) = a * un(v, kG + i) + b * euler;
          }
        });
  }
  finish_step(dt);
}

}  // namespace portaflow::fv
