// The one place that knows every scheme: names for decks and `portaflow list`, and factories.
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/exact_riemann/exact_riemann_solver.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

const std::vector<SchemeInfo>& available_schemes() {
  static const std::vector<SchemeInfo> schemes = {
      {"exact_riemann", SchemeKind::kExactRiemann, 1,
       "exact solution of a 1D Riemann problem (Toro ch. 4) sampled on the mesh"},
  };
  return schemes;
}

std::unique_ptr<Solver> make_solver(const RunConfig& config) {
  switch (config.scheme) {
    case SchemeKind::kExactRiemann:
      return std::make_unique<ExactRiemannSolver>(config);
  }
  throw Error("internal error: no factory for scheme '" + config.scheme_name + "'");
}

}  // namespace portaflow
