// Implicit residual smoothing of the multi-block Runge-Kutta stages: the line solves
// invert (1 - epsilon delta^2) along every index direction of every block (2D rotated blocks and
// 3D blocks with several orientations), the directional coefficients switch a direction off
// where its radius share is small, and multigrid with smoothing still converges to the
// single-grid solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "multiblock_manufactured.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/cube_mesh.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {
namespace {

// Host copies of (var, node) arrays.
using HostMatrix = std::vector<std::vector<double>>;

template <int Dim>
HostMatrix to_host(const DeviceView<Real**>& view) {
  const auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), view);
  HostMatrix out(h.extent(0), std::vector<double>(h.extent(1)));
  for (std::size_t v = 0; v < h.extent(0); ++v)
    for (std::size_t n = 0; n < h.extent(1); ++n) out[v][n] = h(v, n);
  return out;
}

// (1 - e delta_d^2) applied along direction d of every block, with the smoother's natural
// closure (1 + e) x_0 - e x_1 at both ends of each line; e(d, node) gives the row's coefficient.
template <class Coefficient>
HostMatrix apply_line_operator(const BlockTable& table, int d, const HostMatrix& x,
                               const Coefficient& e) {
  HostMatrix y = x;
  for (int b = 0; b < table.count; ++b) {
    const BlockExtent& block = table.blocks[b];
    const int n = block.nodes[d], stride = block.stride(d);
    for (int local = 0; local < block.nodes[0] * block.nodes[1] * block.nodes[2]; ++local) {
      const int node = block.offset + local;
      const int q = (local / stride) % n;
      const double c = e(d, node);
      for (std::size_t v = 0; v < x.size(); ++v) {
        double value = x[v][node];
        if (q > 0) value += c * (x[v][node] - x[v][node - stride]);
        if (q < n - 1) value += c * (x[v][node] - x[v][node + stride]);
        y[v][node] = value;
      }
    }
  }
  return y;
}

// Random residuals and time steps, smoothed on the device; then the line operators applied on
// the host in the reverse order must give dt R back. Returns the largest misfit relative to
// max |dt R|.
template <int Dim, class Coefficient>
double smoothing_misfit(const Fields<Dim>& fields, Real epsilon, bool directional,
                        const Coefficient& e, int team_size = 0) {
  const int nodes = fields.table.total_nodes;
  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-1, 1), positive(0.2, 2);
  auto residual = Kokkos::create_mirror_view(fields.residual);
  auto time_step = Kokkos::create_mirror_view(fields.time_step);
  for (int n = 0; n < nodes; ++n) {
    time_step(n) = positive(random);
    for (int v = 0; v < Dim + 2; ++v) residual(v, n) = uniform(random);
  }
  Kokkos::deep_copy(fields.residual, residual);
  Kokkos::deep_copy(fields.time_step, time_step);
  HostMatrix update = to_host<Dim>(fields.residual);
  for (auto& row : update)
    for (int n = 0; n < nodes; ++n) row[n] *= time_step(n);

  smooth_residual<Dim>(fields, epsilon, directional, team_size);
  HostMatrix smoothed = to_host<Dim>(fields.residual);
  for (auto& row : smoothed)
    for (int n = 0; n < nodes; ++n) row[n] *= time_step(n);
  for (int d = Dim - 1; d >= 0; --d) smoothed = apply_line_operator(fields.table, d, smoothed, e);

  double misfit = 0, scale = 0;
  for (std::size_t v = 0; v < update.size(); ++v)
    for (int n = 0; n < nodes; ++n) {
      const double d = std::fabs(smoothed[v][n] - update[v][n]);
      if (!(d <= misfit)) misfit = d;  // NaN-safe
      scale = std::max(scale, std::fabs(update[v][n]));
    }
  return misfit / scale;
}

TEST(ResidualSmoothing, InvertsTheLineOperatorsOfEveryBlock) {
  const RunConfig config = mms::base_config(2);  // small blocks: the order-2 operator
  const auto constant = [](int, int) { return 0.8; };
  MultiBlockSolver planar(config, mesh::four_block_mesh({9, 11}, {0, 1, 0, 1}, 0.08));
  EXPECT_LT(smoothing_misfit<2>(planar.fields(), Real(0.8), false, constant), 1e-13);
  MultiBlockSolver3 solid(config, mesh::cube_blocks_mesh({9, 7, 5}, {0, 1, 0, 1, 0, 1}, 0.05));
  EXPECT_LT(smoothing_misfit<3>(solid.fields(), Real(0.8), false, constant), 1e-13);
}

// Teams of several threads solve by cyclic reduction (the GPU's way); where the backend allows
// more than one thread a team, the CPU runs it too.
TEST(ResidualSmoothing, CyclicReductionInvertsTheLineOperators) {
  const int threads = std::min(4, ExecSpace().concurrency());
  if (threads < 2) GTEST_SKIP() << "one thread a team on this backend: Thomas only";
  const RunConfig config = mms::base_config(2);
  const auto constant = [](int, int) { return 0.8; };
  MultiBlockSolver planar(config, mesh::four_block_mesh({9, 11}, {0, 1, 0, 1}, 0.08));
  EXPECT_LT(smoothing_misfit<2>(planar.fields(), Real(0.8), false, constant, threads), 1e-13);
  MultiBlockSolver3 solid(config, mesh::cube_blocks_mesh({9, 7, 5}, {0, 1, 0, 1, 0, 1}, 0.05));
  EXPECT_LT(smoothing_misfit<3>(solid.fields(), Real(0.8), false, constant, threads), 1e-13);
}

// Radii 1000 : 1 (a cell 1000 times longer along j than along i): Martinelli's coefficients
// give i its epsilon (radius share 1 / (1 + 0.125 / 1000)) and j none (share 1 / 126, so the
// coefficient is clamped to 0); the j lines are left alone.
TEST(ResidualSmoothing, DirectionalCoefficientsFollowTheRadiusShares) {
  MultiBlockSolver solver(mms::base_config(2), mesh::box_mesh({9, 7}, {0, 1, 0, 1}, 0.0));
  const auto& fields = solver.fields();
  auto radius = Kokkos::create_mirror_view(fields.spectral_radius);
  for (int n = 0; n < fields.table.total_nodes; ++n) {
    radius(0, n) = 1000;
    radius(1, n) = 1;
  }
  Kokkos::deep_copy(fields.spectral_radius, radius);
  const double epsilon = 1.0, share = 1 / (1 + 0.125 / 1000);
  const double along_i = 0.25 * ((1 + 4 * epsilon) * share * share - 1);
  const auto expected = [&](int d, int) { return d == 0 ? along_i : 0.0; };
  EXPECT_LT(smoothing_misfit<2>(fields, Real(epsilon), true, expected), 1e-13);
  // The same field with j smoothed too does not invert: the check can tell the two apart.
  const auto both = [&](int, int) { return along_i; };
  EXPECT_GT(smoothing_misfit<2>(fields, Real(epsilon), true, both), 1e-3);
}

// The manufactured problem on the rotated four-block mesh: W-cycles with directional smoothing
// at twice the unsmoothed CFL reach the single-grid solution (the smoothed residual has the same
// zeros), in fewer cycles than the single grid.
TEST(ResidualSmoothing, MultigridWithSmoothingReachesTheSingleGridSolution) {
  auto converge = [](int levels, double smoothing, double cfl, long long& cycles) {
    RunConfig c = mms::base_config(4);
    c.family<MultiBlockOptions>().multiblock.multigrid.levels = levels;
    c.family<MultiBlockOptions>().multiblock.multigrid.w_cycle = true;
    c.family<MultiBlockOptions>().multiblock.multigrid.residual_smoothing = smoothing;
    c.time.cfl = cfl;
    MultiBlockSolver solver(c, mesh::four_block_mesh({33, 33}, {0, 1, 0, 1}, 0.08));
    solver.set_state([](double x, double y) {
      auto w = mms::manufactured(x, y);
      w[0] += 0.05 * std::sin(7 * x) * std::sin(5 * y);
      return w;
    });
    solver.set_far_field([](double x, double y) { return mms::manufactured(x, y); });
    solver.set_source(mms::manufactured_source);
    const auto first = solver.residual_norms();
    for (cycles = 0; cycles < 20000; ++cycles) {
      const auto norms = solver.residual_norms();
      double drop = 0;  // NaN-safe: a NaN ends the loop below
      for (int v = 0; v < 4; ++v)
        if (!(norms[v] / first[v] <= drop)) drop = norms[v] / first[v];
      if (drop < 1e-10 || !(drop < 1e3)) break;
      solver.cycle();
    }
    return solver.host_state();
  };
  const double cfl = mms::base_config(4).time.cfl;
  long long single_cycles = 0, smoothed_cycles = 0;
  const auto single = converge(1, 0.0, cfl, single_cycles);
  const auto smoothed = converge(3, 1.0, 2 * cfl, smoothed_cycles);
  std::printf(
      "manufactured, order 4, 33x33 four blocks: single grid %lld cycles, W(3 levels) with "
      "directional smoothing at CFL %.2g %lld\n",
      single_cycles, 2 * cfl, smoothed_cycles);
  ASSERT_LT(smoothed_cycles, 20000);
  double change = 0;  // NaN-safe
  for (std::size_t k = 0; k < single.size(); ++k)
    if (!(std::fabs(single[k] - smoothed[k]) <= change))
      change = std::fabs(single[k] - smoothed[k]);
  EXPECT_LT(change, 1e-8);
  EXPECT_LT(smoothed_cycles, single_cycles / 2);
}

}  // namespace
}  // namespace portaflow::multiblock
