// The one place that knows every scheme: names for decks and `portaflow list`, and factories.
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/cese/cese_solver.hpp"
#include "portaflow/schemes/exact_riemann/exact_riemann_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_1d_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"
#include "portaflow/schemes/fv/muscl_solver.hpp"
#include "portaflow/schemes/highorder/highorder_solver.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

const std::vector<SchemeInfo>& available_schemes() {
  static const std::vector<SchemeInfo> schemes = {
      {"exact_riemann", SchemeKind::kExactRiemann, 1,
       "exact solution of a 1D Riemann problem (Toro ch. 4) sampled on the mesh"},
      {"cese1d", SchemeKind::kCese1D, 1,
       "Chang's space-time CE/SE a-alpha scheme (seed 000, eqs. 3.11-3.16)"},
      {"cese2d", SchemeKind::kCese2D, 2,
       "CE/SE on the quadrilateral staggered mesh (seed 000, eqs. 3.17-3.33, Algorithm 5)"},
      {"muscl_hancock", SchemeKind::kMusclHancock, 0,
       "Toro's MUSCL-Hancock: limited slopes, half-step evolution, Riemann solver at faces; "
       "1D, or 2D with alternating x-y / y-x sweeps (seed 003)"},
      {"muscl", SchemeKind::kMuscl, 0,
       "unsplit finite volume: MUSCL 2nd/3rd-order face values (minmod), Rusanov/HLLC/exact "
       "flux, SSP-RK3 (seed 002); 1D (planar, cylindrical, spherical) or 2D"},
      {"multiblock", SchemeKind::kMultiBlock, 2,
       "curvilinear multi-block SBP finite differences (order 2 or 4) with artificial "
       "dissipation, SAT boundaries and interfaces, 5-stage Runge-Kutta with local time steps to "
       "a steady state (seed 001)"},
      {"dg", SchemeKind::kDg, 2,
       "discontinuous Galerkin on quadrilaterals, P1-P3: Gauss-Legendre points, weak form by "
       "quadrature, Rusanov/HLLC face flux, SSP-RK3 (seed 002, sec. 2.3)"},
      {"cpr", SchemeKind::kCpr, 2,
       "correction procedure via reconstruction (flux reconstruction) on quadrilaterals, P1-P3: "
       "Gauss-Lobatto points, Radau correction, chain-rule divergence (seed 002, sec. 2.2)"},
      {"ndg", SchemeKind::kNdg, 2,
       "nodal discontinuous Galerkin in strong form on quadrilaterals, P1-P3: Gauss-Lobatto "
       "points, differentiation and lifting matrices (seed 002, sec. 2.4)"},
      {"sd", SchemeKind::kSd, 2,
       "spectral difference on quadrilaterals, P1-P3: Gauss-Legendre solution points, "
       "Gauss-Lobatto flux points (seed 002, sec. 2.5)"},
  };
  return schemes;
}

std::unique_ptr<Solver> make_solver(const RunConfig& config) {
  switch (config.scheme) {
    case SchemeKind::kExactRiemann:
      return std::make_unique<ExactRiemannSolver>(config);
    case SchemeKind::kCese1D:
      return std::make_unique<cese::Cese1DSolver>(config);
    case SchemeKind::kCese2D:
      return std::make_unique<cese::Cese2DSolver>(config);
    case SchemeKind::kMusclHancock:
      if (config.mesh.dimension == 1) return std::make_unique<fv::MusclHancock1DSolver>(config);
      return std::make_unique<fv::MusclHancock2DSolver>(config);
    case SchemeKind::kMuscl:
      if (config.mesh.dimension == 1) return std::make_unique<fv::Muscl1DSolver>(config);
      return std::make_unique<fv::Muscl2DSolver>(config);
    case SchemeKind::kDg:
    case SchemeKind::kCpr:
    case SchemeKind::kNdg:
    case SchemeKind::kSd:
      return highorder::make_highorder_solver(config);
    case SchemeKind::kMultiBlock:
      // A steady-state scheme: it has cycles and residuals, not time steps.
      throw Error("internal error: the multiblock scheme marches to a steady state and has no "
                  "time-accurate Solver; build it with make_steady_solver and run it with "
                  "run_to_steady");
  }
  throw Error("internal error: no factory for scheme '" + config.scheme_name + "'");
}

}  // namespace portaflow
