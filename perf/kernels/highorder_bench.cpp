// The element methods for portaflow-bench (issue 22): one SSP-RK3 stage of dg and cpr (Rusanov,
// cpr's chain rule) at P1-P3, flat and team residual kernels, on seed 002's isentropic vortex
// ([-5, 5]^2 periodic, n x n elements with n (k + 1) ~ sqrt(cells)), at the fixed dt of CFL
// 0.05. A step() is one stage (face fluxes, then the fused residual and update): the rate is
// DoF-updates per second per Runge-Kutta stage. Beside them, the finite-volume `muscl` (MUSCL3,
// Rusanov, SSP-RK3, same vortex) with one full step per step() counted as 3 cell-updates per cell,
// so its rate is per stage too and the seed's comparison (CPR P2 against FV per DoF) is direct.
//
// Compulsory bytes per DoF-stage, in Reals (N = k + 1 points per direction): the residual kernel
// reads w, U^n (4 + 4) and the metrics (5), writes the target (4), and reads the face fluxes of
// its element's faces (4 per face point, 2 faces per line of N points, two directions: 16 / N);
// the face kernel reads the traces (dg: every point once per direction, 8; cpr: the end points
// only, 16 / N), writes the face fluxes (8 / N) and reads the face normals (4 / N).
//   dg: 25 + 28 / N,   cpr: 17 + 44 / N.
// Flops per DoF-stage, counted from euler_normal.hpp and riemann_rusanov.hpp as written
// (add/sub/mul/div/sqrt = 1) for the work each point needs once (the flat kernel recomputes the
// fluxes of its row and column, N times each: that is its choice, not compulsory): contravariant
// fluxes 2 x 19; volume products 2 x 4 x 2N (dg: S F + S G; cpr: D q along both directions, then
// two Jacobian products 2 x 37 and four end fluxes' share 4 x 19 / N); lifted face terms and update
// 4 x 14; per face point a rotated Rusanov flux (2 rotations to primitives 2 x 16, sqrt and
// normalisation 6, Rusanov 58, rotation back 8: 104) and, for dg, two traces 2 x 4 x 2N, shared
// by N points per direction: 2 x (104 + 16N) / N (cpr: 2 x 104 / N).
//   dg: 38 + 16N + 56 + (208 + 32N) / N,   cpr: 38 + 16N + 74 + 76 / N + 56 + 208 / N.
// muscl (per cell-stage): 28 Reals (w, U^n, target 12, face fluxes written 8 and read 8), flops
// not counted (0).
#include "perf/kernels/bench_problems.hpp"
#include "portaflow/schemes/fv/muscl_solver.hpp"
#include "portaflow/schemes/highorder/highorder_solver.hpp"

namespace portaflow::bench {

namespace {

RunConfig vortex_config(long long cells, int points) {
  const int n = std::max(2, static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells)) / points)));
  RunConfig c;
  c.physics.gamma = 1.4;
  c.mesh.dimension = 2;
  c.mesh.cells = {n, n, 1};
  c.mesh.domain_min = {-5, -5, 0};
  c.mesh.domain_max = {5, 5, 1};
  c.problem.kind = ProblemKind::kIsentropicVortex;
  c.problem.mean = {1, 1, 0, 1};
  c.problem.strength = 5;
  c.time.cfl = 0.05;
  for (auto& side : c.boundary.side) side = BoundaryKind::kPeriodic;
  return c;
}

// One Runge-Kutta stage per step(), cycling through the three.
class StageCase final : public BenchCase {
 public:
  explicit StageCase(const RunConfig& config) : solver_(highorder::make_highorder_solver(config)) {
    dt_ = solver_->stable_time_step();
  }
  void step() override {
    solver_->stage(stage_, dt_);
    stage_ = (stage_ + 1) % 3;
  }
  long long cell_updates_per_step() const override { return solver_->cell_count(); }
  bool healthy() const override { return !solver_->find_nonphysical().has_value(); }

 private:
  std::unique_ptr<highorder::HighOrderSolver> solver_;
  double dt_ = 0;
  int stage_ = 0;
};

// A full muscl step, counted per stage.
class MusclStagesCase final : public BenchCase {
 public:
  explicit MusclStagesCase(const RunConfig& config) : solver_(config) { dt_ = solver_.stable_time_step(); }
  void step() override { solver_.advance(dt_); }
  long long cell_updates_per_step() const override { return 3 * solver_.cell_count(); }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  fv::Muscl2DSolver solver_;
  double dt_ = 0;
};

BenchKernel element_kernel(HighOrderMethod method, int degree, KernelChoice kernel) {
  const bool dg = method == HighOrderMethod::kDg;
  const int n = degree + 1;
  const std::string name = std::string(dg ? "dg" : "cpr") + "_p" + std::to_string(degree);
  const std::string variant = kernel == KernelChoice::kTeam ? "team" : "flat";
  const double reals = dg ? 25.0 + 28.0 / n : 17.0 + 44.0 / n;
  const double flops = dg ? 38.0 + 16.0 * n + 56.0 + (208.0 + 32.0 * n) / n
                          : 38.0 + 16.0 * n + 74.0 + 76.0 / n + 56.0 + 208.0 / n;
  return {"highorder." + name + "." + variant,
          "highorder." + name,
          variant,
          "one SSP-RK3 stage of " + std::string(dg ? "dg (Gauss points, weak form)" : "cpr (Lobatto points, Radau correction, chain rule)") +
              " P" + std::to_string(degree) + ", Rusanov, " +
              (kernel == KernelChoice::kTeam ? "team residual (tiles in scratch, KokkosBatched gemm)"
                                             : "flat residual (a thread per point)") +
              "; isentropic vortex, n x n elements with n (k + 1) = sqrt(cells), per DoF",
          reals * sizeof(Real),
          flops,
          [method, degree, kernel, n](long long cells) {
            RunConfig c = vortex_config(cells, n);
            c.scheme = method == HighOrderMethod::kDg ? SchemeKind::kDg : SchemeKind::kCpr;
            c.highorder.method = method;
            c.highorder.degree = degree;
            c.execution.kernel = kernel;
            return std::make_unique<StageCase>(c);
          }};
}

[[maybe_unused]] const bool kRegistered = [] {
  for (HighOrderMethod method : {HighOrderMethod::kDg, HighOrderMethod::kCpr})
    for (int degree = 1; degree <= kHighOrderMaxDegree; ++degree)
      for (KernelChoice kernel : {KernelChoice::kFlat, KernelChoice::kTeam})
        register_kernel(element_kernel(method, degree, kernel));
  register_kernel({"muscl2d.muscl3_rusanov", "muscl2d", "flat",
                   "one full unsplit muscl step (MUSCL3 minmod-TVB, Rusanov, SSP-RK3), counted as 3 "
                   "cell-stage updates per cell; isentropic vortex, n x n = cells",
                   28.0 * sizeof(Real), 0.0, [](long long cells) {
                     RunConfig c = vortex_config(cells, 1);
                     c.scheme = SchemeKind::kMuscl;
                     c.time.cfl = 0.4;
                     c.fv.reconstruction = ReconstructionKind::kMuscl3;
                     c.fv.limiter = LimiterKind::kMinmod;
                     c.fv.tvb_m = 50;
                     c.fv.flux = FluxKind::kRusanov;
                     return std::make_unique<MusclStagesCase>(c);
                   }});
  return true;
}();

}  // namespace

}  // namespace portaflow::bench
