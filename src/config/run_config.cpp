#include "portaflow/config/run_config.hpp"

#include "portaflow/core/error.hpp"

namespace portaflow {

void RunConfig::wrong_family(const char* asked) const {
  throw Error(std::string("internal error: the options of scheme '") + scheme_name +
              "' are not of the type asked for (" + asked + ")");
}

bool is_smooth(const ProblemConfig& problem) {
  return problem.kind == ProblemKind::kDensityWave ||
         problem.kind == ProblemKind::kIsentropicVortex;
}

}  // namespace portaflow
