#include "portaflow/schemes/fv/muscl_hancock_1d_solver.hpp"

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"

namespace portaflow::fv {

namespace {

using E1 = physics::Euler<1>;
constexpr int kN = E1::kNumVars;
constexpr Index kG = MusclHancock1DSolver::kGhosts;

KOKKOS_INLINE_FUNCTION E1::State load(const Field1D& u, Index i) {
  E1::State s;
  for (int v = 0; v < kN; ++v) s[v] = u(v, i);
  return s;
}

template <class Limiter, class Flux>
void muscl_hancock_step(const Field1D& u, const Field1D& fluxes, Index n, Real dt_over_dx,
                        const physics::IdealGas& gas) {
  const Real half = Real(0.5) * dt_over_dx;
  // Face f lies between interior cells f - 1 and f: field cells kG + f - 1 and kG + f.
  par_for(
      "muscl_hancock1d.face_fluxes", IndexRange{0, n + 1}, KOKKOS_LAMBDA(Index f) {
        const Index l = kG + f - 1, r = kG + f;
        // Face states (primitives with E and 1 / rho): what the Riemann solvers take.
        const auto left = evolved_face_states<1, Limiter>(load(u, l - 1), load(u, l),
                                                          load(u, l + 1), 0, half, gas);
        const auto right = evolved_face_states<1, Limiter>(load(u, r - 1), load(u, r),
                                                           load(u, r + 1), 0, half, gas);
        const auto flux = Flux::template flux<1>(left.plus, right.minus, 0, gas);
        for (int v = 0; v < kN; ++v) fluxes(v, f) = flux[v];
      });
  par_for(
      "muscl_hancock1d.update", IndexRange{0, n}, KOKKOS_LAMBDA(Index i) {
        for (int v = 0; v < kN; ++v) u(v, kG + i) += dt_over_dx * (fluxes(v, i) - fluxes(v, i + 1));
      });
}

}  // namespace

MusclHancock1DSolver::MusclHancock1DSolver(const RunConfig& config)
    : GridSolver1D(config, kN, kGhosts, "muscl_hancock1d.state"),
      fluxes_("muscl_hancock1d.fluxes", kN, config.mesh.cells[0] + 1) {
  sample_cell_centres();
}

double MusclHancock1DSolver::stable_time_step() {
  return config_.time.cfl * axis_.dx / max_wave_speed();  // Toro eq. 6.17
}

void MusclHancock1DSolver::advance(double dt) {
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  fill_ghosts_1d(state_, axis_.cells, config_.boundary.side[0], config_.boundary.side[1]);
  const Real dt_over_dx = static_cast<Real>(dt / axis_.dx);
  const auto u = state_;
  const auto f = fluxes_;
  const Index n = axis_.cells;
  dispatch_limiter_and_flux(config_.family<FvConfig>(), [&](auto limiter, auto flux) {
    muscl_hancock_step<decltype(limiter), decltype(flux)>(u, f, n, dt_over_dx, gas);
  });
  finish_step(dt);
}

}  // namespace portaflow::fv
