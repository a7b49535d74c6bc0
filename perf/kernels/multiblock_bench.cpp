// Multi-block SBP-SAT kernels for portaflow-bench, on the scaling test of Elsen et al. 2008: one
// square block (n x n nodes = cells, warped so the metric is not trivial) with far-field faces on
// all sides, M = 0.63 free stream perturbed by a smooth bump so the dissipation and penalties work.
//
// multiblock.residual.*: the volume residual kernel alone (flux differences + dissipation),
// order 4. Compulsory bytes per node: read u (4), the metric (4), the spectral radii (2) and J
// (1), write the residual (4): 15 Reals. Flops per node, counted from residual_flat.cpp and
// riemann_roe.hpp's normal_flux (add/sub/mul/div = 1): normal flux 24 at each of the 4 stencil
// points per direction (192), their accumulation 2 x 4 x 4 x 2 (64), dissipation per direction
// 4 rows x (4 variables x (4 multiply-adds + 1) + weight 3) (2 x 4 x 39 = 312), scaling 4: 572.
// The team variant computes each flux once per tile point instead of 4 times per direction,
// but its halo points cost extra; the same 572 is declared for both.
//
// multiblock.cycle.*: one whole 5-stage Runge-Kutta cycle (5 x residual, penalties, stage
// update) per step(), counted as 5 node-stage updates per node, so the rate is node updates per
// RK stage. Per node-stage: compulsory bytes the residual's 15 + the update's read of u_start,
// residual, dt, metric and write of u and radii (4 + 4 + 1 + 4 + 4 + 2 = 19, u itself already
// counted) = 34 Reals; flops 572 + update 40 = 612, penalties not counted (face points only).
#include <cmath>

#include "perf/kernels/bench_problems.hpp"
#include "perf/kernels/multiblock_bench_config.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::bench {

namespace {

class MultiBlockCase final : public BenchCase {
 public:
  MultiBlockCase(long long cells, KernelChoice kernel, bool whole_cycle)
      : solver_(multiblock_bench_config(kernel), box(cells)),
        kernel_(kernel),
        whole_cycle_(whole_cycle) {
    solver_.set_state([](double x, double y) {
      const double bump = 0.05 * std::exp(-20 * ((x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5)));
      return std::array<double, 4>{1 + bump, 0.63, 0.02, 1 / 1.4 + bump};
    });
  }
  void step() override {
    if (whole_cycle_) {
      solver_.cycle();
    } else {
      multiblock::compute_volume_residual(4, kernel_, solver_.fields(), Real(0.1), gas_);
    }
  }
  long long cell_updates_per_step() const override {
    return (whole_cycle_ ? 5 : 1) * solver_.node_count();
  }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  static mesh::MultiBlockMesh box(long long cells) {
    const int n = std::max(9, static_cast<int>(std::lround(std::sqrt(double(cells)))));
    return mesh::box_mesh({n, n}, {0, 1, 0, 1}, 0.05);
  }
  multiblock::MultiBlockSolver solver_;
  KernelChoice kernel_;
  bool whole_cycle_;
  physics::IdealGas gas_;
};

BenchKernel multiblock_kernel(KernelChoice kernel, bool whole_cycle) {
  const std::string variant = kernel == KernelChoice::kTeam ? "team" : "flat";
  const std::string what = whole_cycle ? "cycle" : "residual";
  return {"multiblock." + what + "." + variant,
          "multiblock",
          what + "." + variant,
          whole_cycle ? "one 5-stage Runge-Kutta cycle with local time steps (an update = one "
                        "node through one stage), order-4 SBP, one n x n warped block with "
                        "far-field SAT faces (Elsen et al.'s test)"
                      : "the order-4 SBP volume residual (fluxes + dissipation) on one n x n "
                        "warped block",
          (whole_cycle ? 34.0 : 15.0) * sizeof(Real),
          whole_cycle ? 612.0 : 572.0,
          [kernel, whole_cycle](long long cells) {
            return std::make_unique<MultiBlockCase>(cells, kernel, whole_cycle);
          }};
}

[[maybe_unused]] const KernelRegistration kResidualFlat{
    multiblock_kernel(KernelChoice::kFlat, false)};
[[maybe_unused]] const KernelRegistration kResidualTeam{
    multiblock_kernel(KernelChoice::kTeam, false)};
[[maybe_unused]] const KernelRegistration kCycleFlat{multiblock_kernel(KernelChoice::kFlat, true)};
[[maybe_unused]] const KernelRegistration kCycleTeam{multiblock_kernel(KernelChoice::kTeam, true)};

}  // namespace

}  // namespace portaflow::bench
