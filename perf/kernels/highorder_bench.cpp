// The element methods for portaflow-bench (issues 22, 26): one SSP-RK3 stage of dg and cpr
// (Rusanov, cpr's chain rule; flat and team residual kernels) and of ndg and sd (flat) at P1-P3, on
// Zimmerman et al.'s (2018) isentropic vortex
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
// ndg: cpr's bytes; flops: Cartesian fluxes f, g 30, their derivatives along both directions
// 4 x 4 x 2N, the metrics 4 x 7, end fluxes 4 x 19 / N, lifts and update 56, faces 208 / N:
//   ndg: 30 + 32N + 28 + 76 / N + 56 + 208 / N.
// sd: the residual reads w, U^n (8), 1 / J (1), writes 4, reads the flux-point normals
// (2 (N + 1) N per direction per element: 4 + 4 / N per point) and the face fluxes (16 / N); the
// face kernel reads every point's trace (8), writes 8 / N and reads the normals 4 / N:
//   sd: 25 + 32 / N Reals. Flops: the N - 1 interior flux points per line, each an
// interpolation 4 x 2N and a normal flux 19, shared by the line's N points, both directions
// 2 (N - 1)(8N + 19) / N; the flux derivative 2 x 4 x 2(N + 1); the update 16; faces as dg's
// 2 (104 + 16N) / N:  sd: 2 (N - 1)(8N + 19) / N + 16 (N + 1) + 16 + (208 + 32N) / N.
// muscl (per cell-stage): 28 Reals (w, U^n, target 12, face fluxes written 8 and read 8), flops
// not counted (0).
#include <array>

#include "perf/kernels/bench_problems.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/muscl_solver.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/highorder/highorder_solver.hpp"

namespace portaflow::bench {

namespace {

RunConfig vortex_config(long long cells, int points) {
  const int n =
      std::max(2, static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells)) / points)));
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
  explicit MusclStagesCase(const RunConfig& config) : solver_(config) {
    dt_ = solver_.stable_time_step();
  }
  void step() override { solver_.advance(dt_); }
  long long cell_updates_per_step() const override { return 3 * solver_.cell_count(); }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  fv::Muscl2DSolver solver_;
  double dt_ = 0;
};

const char* method_name(HighOrderMethod method) {
  switch (method) {
    case HighOrderMethod::kCpr:
      return "cpr";
    case HighOrderMethod::kNdg:
      return "ndg";
    case HighOrderMethod::kSd:
      return "sd";
    default:
      return "dg";
  }
}

const char* method_description(HighOrderMethod method) {
  switch (method) {
    case HighOrderMethod::kCpr:
      return "cpr (Lobatto points, Radau correction, chain rule)";
    case HighOrderMethod::kNdg:
      return "ndg (Lobatto points, strong form, lifting matrices)";
    case HighOrderMethod::kSd:
      return "sd (Gauss solution points, Lobatto flux points)";
    default:
      return "dg (Gauss points, weak form)";
  }
}

// The compulsory Reals and flops per DoF-stage (the header's counts).
std::array<double, 2> element_costs(HighOrderMethod method, int n) {
  switch (method) {
    case HighOrderMethod::kCpr:
      return {17.0 + 44.0 / n, 38.0 + 16.0 * n + 74.0 + 76.0 / n + 56.0 + 208.0 / n};
    case HighOrderMethod::kNdg:
      return {17.0 + 44.0 / n, 30.0 + 32.0 * n + 28.0 + 76.0 / n + 56.0 + 208.0 / n};
    case HighOrderMethod::kSd:
      return {25.0 + 32.0 / n, 2.0 * (n - 1) * (8.0 * n + 19.0) / n + 16.0 * (n + 1) + 16.0 +
                                   (208.0 + 32.0 * n) / n};
    default:
      return {25.0 + 28.0 / n, 38.0 + 16.0 * n + 56.0 + (208.0 + 32.0 * n) / n};
  }
}

BenchKernel element_kernel(HighOrderMethod method, int degree, KernelChoice kernel) {
  const int n = degree + 1;
  const std::string name = std::string(method_name(method)) + "_p" + std::to_string(degree);
  const std::string variant = kernel == KernelChoice::kTeam ? "team" : "flat";
  const auto costs = element_costs(method, n);
  return {
      "highorder." + name + "." + variant,
      "highorder." + name,
      variant,
      "one SSP-RK3 stage of " + std::string(method_description(method)) + " P" +
          std::to_string(degree) + ", Rusanov, " +
          (kernel == KernelChoice::kTeam ? "team residual (tiles in scratch, KokkosBatched gemm)"
                                         : "flat residual (a thread per point)") +
          "; isentropic vortex, n x n elements with n (k + 1) = sqrt(cells), per DoF",
      costs[0] * sizeof(Real),
      costs[1],
      [method, degree, kernel, n](long long cells) {
        RunConfig c = vortex_config(cells, n);
        c.family<HighOrderConfig>().method = method;
        c.family<HighOrderConfig>().degree = degree;
        c.execution.kernel = kernel;
        return std::make_unique<StageCase>(c);
      }};
}

[[maybe_unused]] const bool kRegistered = [] {
  for (HighOrderMethod method :
       {HighOrderMethod::kDg, HighOrderMethod::kCpr, HighOrderMethod::kNdg, HighOrderMethod::kSd})
    for (int degree = 1; degree <= kHighOrderMaxDegree; ++degree) {
      register_kernel(element_kernel(method, degree, KernelChoice::kFlat));
      if (method == HighOrderMethod::kDg || method == HighOrderMethod::kCpr)
        register_kernel(element_kernel(method, degree, KernelChoice::kTeam));
    }
  register_kernel(
      {"muscl2d.muscl3_rusanov", "muscl2d", "flat",
       "one full unsplit muscl step (MUSCL3 minmod-TVB, Rusanov, SSP-RK3), counted as 3 "
       "cell-stage updates per cell; isentropic vortex, n x n = cells",
       28.0 * sizeof(Real), 0.0, [](long long cells) {
         RunConfig c = vortex_config(cells, 1);
         c.time.cfl = 0.4;
         c.family<FvConfig>().reconstruction = ReconstructionKind::kMuscl3;
         c.family<FvConfig>().limiter = LimiterKind::kMinmod;
         c.family<FvConfig>().tvb_m = 50;
         c.family<FvConfig>().flux = FluxKind::kRusanov;
         return std::make_unique<MusclStagesCase>(c);
       }});
  return true;
}();

}  // namespace

}  // namespace portaflow::bench
