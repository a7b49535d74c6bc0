// The one place that builds every scheme: the factories (their names: scheme_list.cpp).
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/cese/cese_solver.hpp"
#include "portaflow/schemes/exact_riemann/exact_riemann_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_1d_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"
#include "portaflow/schemes/fv/muscl_solver.hpp"
#include "portaflow/schemes/highorder/highorder_solver.hpp"
#include "portaflow/schemes/incompressible/streamfunction_vorticity_solver.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

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
    case SchemeKind::kStreamfunctionVorticity:
      return incompressible::make_streamfunction_vorticity_solver(config);
    case SchemeKind::kMultiBlock:
      // A steady-state scheme: it has cycles and residuals, not time steps.
      throw Error(
          "internal error: the multiblock scheme marches to a steady state and has no "
          "time-accurate Solver; build it with make_steady_solver and run it with "
          "run_to_steady");
  }
  throw Error("internal error: no factory for scheme '" + config.scheme_name + "'");
}

}  // namespace portaflow
