// Problems and the case shape the scheme benchmarks share, so each kernel times the same data
// the same way.
#pragma once

#include <cmath>

#include "perf/bench_registry.hpp"
#include "portaflow/config/run_config.hpp"

namespace portaflow::bench {

// eq. 5.1 of the CE/SE thesis (Lax & Liu configuration 3) on an n x n mesh over [-0.5, 0.5]^2,
// transmissive sides: the four-quadrant data of the CE/SE GPU thesis' and Blakely's 2D benchmarks.
inline RunConfig riemann_2d_config(long long cells) {
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells))));
  RunConfig c;
  c.physics.gamma = 1.4;
  c.mesh.dimension = 2;
  c.mesh.cells = {n, n, 1};
  c.mesh.domain_min = {-0.5, -0.5, 0};
  c.mesh.domain_max = {0.5, 0.5, 1};
  c.problem.kind = ProblemKind::kRiemann2D;
  c.problem.northeast = {1.5, 0.0, 0.0, 1.5};
  c.problem.northwest = {0.5323, 1.206, 0.0, 0.3};
  c.problem.southwest = {0.138, 1.206, 1.206, 0.029};
  c.problem.southeast = {0.5323, 0.0, 1.206, 0.3};
  return c;
}

// One full time step of a solver per step(), at a fixed dt (the CFL step of the initial state),
// so no host read-back per step.
template <class SolverType>
class SolverStepCase final : public BenchCase {
 public:
  explicit SolverStepCase(const RunConfig& config) : solver_(config) {
    dt_ = solver_.stable_time_step();
  }
  void step() override { solver_.advance(dt_); }
  long long cell_updates_per_step() const override { return solver_.cell_count(); }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  SolverType solver_;
  double dt_ = 0;
};

}  // namespace portaflow::bench
