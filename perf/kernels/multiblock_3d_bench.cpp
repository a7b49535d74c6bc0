// 3D multi-block SBP-SAT cycles for portaflow-bench: the block-size scaling test of Elsen et al.
// 2008 (Fig. 7: one cube block of growing size, far-field faces) and the same problem cut into many
// small blocks (the seed's stated weakness: small blocks idle the GPU; here every block is packed
// into one launch). Warped cube, M = 0.63 free stream with a smooth bump so dissipation and
// penalties work; order 4 (multiblock_bench_config.hpp); the flat residual kernel (the only one in
// 3D).
//
// multiblock3d.cycle.*: one whole 5-stage Runge-Kutta cycle per step(), counted as 5 node-stage
// updates per node, so the rate is node updates per RK stage (the seed's Fig. 7 unit).
// Compulsory bytes per node-stage, in Reals: the residual reads u (5), the metric (9), the
// spectral radii (3) and J (1) and writes the residual (5); the stage update reads u_start (5),
// the residual (5), dt (1) and the metric (9) and writes u (5) and the radii (3): 51.
// Flops per node-stage, counted as for 2D (multiblock_bench.cpp) with 3 directions and 5
// variables: normal fluxes 31 at 4 stencil points x 3 directions (372), their accumulation
// 2 x 4 x 5 x 3 (120), dissipation 3 directions x 4 rows x (5 x 9 + 3) (576), scaling 5, stage
// update and radii 60: 1133.
#include <cmath>

#include "perf/kernels/bench_problems.hpp"
#include "perf/kernels/multiblock_bench_config.hpp"
#include "portaflow/mesh/cube_mesh.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::bench {

namespace {

constexpr std::array<double, 6> kUnitCube{0, 1, 0, 1, 0, 1};

// One n^3 block, n = cbrt(cells) (at least 9, the order-4 operator's minimum).
mesh::MultiBlockMesh one_block(long long cells) {
  const int n = std::max(9, static_cast<int>(std::lround(std::cbrt(double(cells)))));
  return mesh::cube_mesh({n, n, n}, kUnitCube, 0.05);
}

// 4 x 4 x 3 = 48 blocks (the most one launch takes) of b^3 nodes, 48 b^3 ~ cells.
mesh::MultiBlockMesh many_blocks(long long cells) {
  const int b = std::max(9, static_cast<int>(std::lround(std::cbrt(double(cells) / 48))));
  return mesh::cube_array_mesh({4, 4, 3}, b, kUnitCube, 0.05);
}

class CubeCycle final : public BenchCase {
 public:
  explicit CubeCycle(mesh::MultiBlockMesh mesh)
      : solver_(multiblock_bench_config(KernelChoice::kFlat), std::move(mesh)) {
    solver_.set_state([](double x, double y, double z) {
      const double r2 = (x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5) + (z - 0.5) * (z - 0.5);
      const double bump = 0.05 * std::exp(-20 * r2);
      return std::array<double, 5>{1 + bump, 0.63, 0.02, 0.01, 1 / 1.4 + bump};
    });
  }
  void step() override { solver_.cycle(); }
  long long cell_updates_per_step() const override { return 5 * solver_.node_count(); }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  multiblock::MultiBlockSolver3 solver_;
};

BenchKernel cube_kernel(bool many) {
  const std::string variant = many ? "blocks48" : "one_block";
  return {
      "multiblock3d.cycle." + variant,
      "multiblock3d",
      "cycle." + variant,
      many ? "one 5-stage Runge-Kutta cycle (an update = one node through one stage), "
             "order-4 SBP, the warped cube cut into 4 x 4 x 3 blocks of b^3 nodes with "
             "interface SAT between them, all packed into one launch per kernel"
           : "one 5-stage Runge-Kutta cycle (an update = one node through one stage), "
             "order-4 SBP, one warped n^3 cube block with far-field SAT faces (Elsen et al. 2008, "
             "Fig. 7)",
      51.0 * sizeof(Real),
      1133.0,
      [many](long long cells) {
        return std::make_unique<CubeCycle>(many ? many_blocks(cells) : one_block(cells));
      }};
}

[[maybe_unused]] const KernelRegistration kOneBlock{cube_kernel(false)};
[[maybe_unused]] const KernelRegistration kManyBlocks{cube_kernel(true)};

}  // namespace

}  // namespace portaflow::bench
