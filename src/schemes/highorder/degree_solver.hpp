// The element methods at a compile-time number of points per direction N = k + 1 and method M
// (private to src/schemes/highorder): the Runge-Kutta stage as face fluxes, the fused
// residual-and-update kernel, then the limiter when the deck asks for it, with the flux, CPR's
// divergence and the kernel variant chosen once per stage on the host.
// highorder_{dg,cpr,ndg,sd}.cpp instantiate it for every degree up to kHighOrderMaxDegree (one
// method per file, so the four compile in parallel and each stays small).
#pragma once

#include <memory>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/physics/riemann_flux_choice.hpp"
#include "portaflow/schemes/highorder/element_faces.hpp"
#include "portaflow/schemes/highorder/element_limiter.hpp"
#include "portaflow/schemes/highorder/element_residual.hpp"
#include "portaflow/schemes/highorder/element_residual_sd.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/highorder/highorder_solver.hpp"
#include "portaflow/time/ssp_rk3.hpp"

namespace portaflow::highorder {

// The face fluxes highorder.flux offers (the exact solver is left out: its iterations would
// triple these files' compile time for no gain on smooth flows).
template <class Action>
void dispatch_element_flux(FluxKind flux, const Action& action) {
  if (flux == FluxKind::kHllc) return action(physics::HllcFlux{});
  if (flux == FluxKind::kRusanov) return action(physics::RusanovFlux{});
  throw Error("internal error: highorder.flux offers rusanov and hllc only");
}

template <int N, HighOrderMethod M>
class DegreeSolver final : public HighOrderSolver {
 public:
  explicit DegreeSolver(const RunConfig& config)
      : HighOrderSolver(config, N), ops_(to_line_operators<N>(tables_)) {}

  void advance(double dt) override {
    for (int k = 0; k < time::SspRk3::kStages; ++k) stage(k, dt);
    finish_step(dt);
  }

  void stage(int k, double dt) override {
    const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
    const Index nx = box_elements(0), ny = box_elements(1);
    const Field2D& w = stage_input(k);
    const FaceArrays faces{face_normals_x_, face_normals_y_, fluxes_x_, fluxes_y_};
    const auto face_fluxes = [&](FaceSet set) {
      dispatch_element_flux(options_.flux, [&](auto flux) {
        element_face_fluxes<N, decltype(flux), has_lobatto_points(M)>(
            w, faces, ops_, nx, ny, config_.boundary, gas, traces_, set);
      });
    };
    if (has_neighbours()) {
      // Over ranks: the faces inside the box while the edge traces travel, then the edges.
      element_box_traces<N, has_lobatto_points(M)>(w, traces_, ops_, nx, ny);
      start_trace_exchange();
      face_fluxes(FaceSet::kInner);
      finish_trace_exchange();
      face_fluxes(FaceSet::kEdges);
    } else {
      face_fluxes(FaceSet::kAll);
    }
    const StageArrays s{w,
                        state_,
                        stage_output(k),
                        metrics_,
                        fluxes_x_,
                        fluxes_y_,
                        static_cast<Real>(time::SspRk3::a[k]),
                        static_cast<Real>(time::SspRk3::b[k]),
                        static_cast<Real>(dt)};
    if constexpr (M == HighOrderMethod::kSd) {
      residual_update_sd<N>(s, SdFluxPointNormals{flux_normals_x_, flux_normals_y_}, ops_, nx, ny,
                            gas);
    } else if constexpr (M != HighOrderMethod::kCpr) {
      residual<DivergenceKind::kFluxInterpolation>(s, nx, ny, gas);
    } else if (options_.divergence == DivergenceKind::kChainRule) {
      residual<DivergenceKind::kChainRule>(s, nx, ny, gas);
    } else {
      residual<DivergenceKind::kFluxInterpolation>(s, nx, ny, gas);
    }
    if (limiter_on()) {
      const auto side = [&](int s) { return config_.boundary.side[s]; };
      const LimiterArrays arrays{element_means_,
                                 element_centroid_,
                                 weight_jac_device_,
                                 side(0) == BoundaryKind::kPeriodic,
                                 side(2) == BoundaryKind::kPeriodic,
                                 side(0) == BoundaryKind::kNeighbour,
                                 side(1) == BoundaryKind::kNeighbour,
                                 side(2) == BoundaryKind::kNeighbour,
                                 side(3) == BoundaryKind::kNeighbour};
      element_means<N>(stage_output(k), arrays, nx, ny);
      if (has_neighbours()) exchange_means();
      limit_elements<N>(stage_output(k), arrays, ops_, options_.limiter, gas, nx, ny,
                        limiter_stage_counts_, limiter_totals_);
    }
  }

 private:
  template <DivergenceKind D>
  void residual(const StageArrays& s, Index nx, Index ny, const physics::IdealGas& gas) {
    // ndg has the flat kernel only (the deck reader offers team for dg and cpr).
    if constexpr (M == HighOrderMethod::kDg || M == HighOrderMethod::kCpr) {
      if (kernel_ == KernelChoice::kTeam)
        return residual_update_team<N, M, D>(s, ops_, nx, ny, gas);
    }
    residual_update_flat<N, M, D>(s, ops_, nx, ny, gas);
  }

  LineOperators<N> ops_;
};

// The solver of method M for config.family<HighOrderConfig>().degree, searched over N = 2 .. max
// degree + 1.
template <HighOrderMethod M, int N = 2>
std::unique_ptr<HighOrderSolver> make_degree_solver(const RunConfig& config) {
  if constexpr (N > kHighOrderMaxDegree + 1) {
    throw Error("internal error: no element solver compiled for degree " +
                std::to_string(config.family<HighOrderConfig>().degree));
  } else {
    if (config.family<HighOrderConfig>().degree + 1 == N)
      return std::make_unique<DegreeSolver<N, M>>(config);
    return make_degree_solver<M, N + 1>(config);
  }
}

std::unique_ptr<HighOrderSolver> make_dg_solver(const RunConfig& config);   // highorder_dg.cpp
std::unique_ptr<HighOrderSolver> make_cpr_solver(const RunConfig& config);  // highorder_cpr.cpp
std::unique_ptr<HighOrderSolver> make_ndg_solver(const RunConfig& config);  // highorder_ndg.cpp
std::unique_ptr<HighOrderSolver> make_sd_solver(const RunConfig& config);   // highorder_sd.cpp

}  // namespace portaflow::highorder
