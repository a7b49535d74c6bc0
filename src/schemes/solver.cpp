#include "portaflow/schemes/solver.hpp"

#include <cmath>
#include <limits>

namespace portaflow {

double TimeAccurateSolver::step(double max_dt) {
  const double stable = stable_time_step();
  if (std::isnan(stable) || !(stable > 0)) return std::numeric_limits<double>::quiet_NaN();
  const double dt = std::fmin(stable, max_dt);
  advance(dt);
  return dt;
}

double SteadySolver::step(double /*max_dt*/) {
  cycle();
  return 0;
}

}  // namespace portaflow
