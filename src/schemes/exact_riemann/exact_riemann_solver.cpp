#include "portaflow/schemes/exact_riemann/exact_riemann_solver.hpp"

#include <limits>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/physics/riemann_exact.hpp"
#include "portaflow/schemes/exact_riemann/exact_riemann_scheme.hpp"

namespace portaflow {

using Euler1 = physics::Euler<1>;

namespace {

// Writes the exact solution at `time` into `state` (a free function: nvcc forbids device lambdas
// in private member functions).
void sample_exact_solution(const RiemannProblemConfig& problem, double gamma,
                           const UniformAxis& axis, double time, const Field1D& state) {
  const physics::IdealGas gas{static_cast<Real>(gamma)};
  const physics::PrimitiveState1D left{static_cast<Real>(problem.left.rho),
                                       static_cast<Real>(problem.left.u),
                                       static_cast<Real>(problem.left.p)};
  const physics::PrimitiveState1D right{static_cast<Real>(problem.right.rho),
                                        static_cast<Real>(problem.right.u),
                                        static_cast<Real>(problem.right.p)};
  // The star region depends only on the two states: solve once on the host, sample per cell.
  const physics::StarRegion star = physics::exact_star_region(left, right, gas);
  const Real x0 = static_cast<Real>(problem.x0);
  const Real x_min = static_cast<Real>(axis.x_min);
  const Real dx = static_cast<Real>(axis.dx);
  const Real t = static_cast<Real>(time);
  auto u = state;
  par_for(
      "exact_riemann.sample", IndexRange{0, axis.cells}, KOKKOS_LAMBDA(Index i) {
        const Real x = x_min + (i + Real(0.5)) * dx;
        physics::PrimitiveState1D w;
        if (t > 0) {
          w = physics::exact_sample(left, right, star, gas, (x - x0) / t).w;
        } else {
          w = x < x0 ? left : right;
        }
        Euler1::State prim;
        prim[Euler1::kRho] = w.rho;
        prim[Euler1::kVel] = w.u;
        prim[Euler1::kPressure] = w.p;
        const Euler1::State cons = Euler1::to_conservative(prim, gas);
        for (int v = 0; v < Euler1::kNumVars; ++v) u(v, i) = cons[v];
      });
}

}  // namespace

ExactRiemannSolver::ExactRiemannSolver(const RunConfig& config)
    : problem_(config.problem.riemann),
      gamma_(config.physics.gamma),
      state_("exact_riemann.state", Euler1::kNumVars, config.mesh.cells[0]) {
  axis_.cells = config.mesh.cells[0];
  axis_.x_min = config.mesh.domain_min[0];
  axis_.dx = (config.mesh.domain_max[0] - config.mesh.domain_min[0]) / axis_.cells;
  sample_exact_solution(problem_, gamma_, axis_, 0, state_);
}

double ExactRiemannSolver::stable_time_step() { return std::numeric_limits<double>::infinity(); }

void ExactRiemannSolver::advance(double dt) {
  time_ += dt;
  ++steps_;
  sample_exact_solution(problem_, gamma_, axis_, time_, state_);
}

SolutionSnapshot ExactRiemannSolver::snapshot() const {
  return snapshot_1d(state_, IndexRange{0, axis_.cells}, axis_, gamma_, time_, steps_);
}

Monitors ExactRiemannSolver::monitors() const {
  return conserved_totals_1d(state_, IndexRange{0, axis_.cells}, axis_);
}

std::optional<NonPhysicalCell> ExactRiemannSolver::find_nonphysical() const {
  // A vacuum region (rho = p = 0) is the exact answer for some data, not a failure.
  return find_nonphysical_1d(state_, IndexRange{0, axis_.cells}, axis_, gamma_,
                             VacuumPolicy::kAllowed);
}

SolverState ExactRiemannSolver::save_state() const {
  return {time_, steps_, {}};  // the state is a function of time alone
}

void ExactRiemannSolver::restore_state(const SolverState& state) {
  time_ = state.time;
  steps_ = state.steps;
  sample_exact_solution(problem_, gamma_, axis_, time_, state_);
}

std::unique_ptr<Solver> exact_riemann::make_solver(const RunConfig& config) {
  return std::make_unique<ExactRiemannSolver>(config);
}

}  // namespace portaflow
