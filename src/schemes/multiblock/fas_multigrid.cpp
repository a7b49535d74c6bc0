#include "portaflow/schemes/multiblock/fas_multigrid.hpp"

#include <cstdio>
#include <utility>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

// Nodes per used direction a coarse block keeps at least. The order-2 operator works on 3, but
// the NACA 0012 level-0 mesh with 4 levels (3-node wake blocks on the coarsest) blew up within
// 3 cycles at the wake cut's far-field corner; with 5 or more it converged at CFL 2.5 (at CFL 3
// the level-1 mesh with 4 levels, 5 x 7-node coarsest wake blocks, still blew up there).
constexpr int kMinimumCoarseNodes = 5;
static_assert(kMinimumCoarseNodes >= Sbp<2>::kMinNodes, "the order-2 operator needs 3 nodes");

// Sweeps of the correction smoothing (grid_transfer.hpp): 3 of eps = 0.2 let the NACA 0012 cycles
// converge; 1 or 2 diverged, as did eps 0.3 (a negative self weight in 2D).
constexpr int kCorrectionSweeps = 3;
// One residual evaluation is one of the Runge-Kutta cycle's five stages.
constexpr double kResidualShareOfCycle = 0.2;

// y(v, r) = sum_c matrix(r, c) x(v, c) + beta y(v, r) - minus(v, r) for every equation v and
// row r in one launch (minus may be empty). Not Kokkos-Kernels' spmv: that takes one launch per
// equation, and on a GPU a launch on a coarse level costs more than its work (the W-cycle's
// transfers went from 224 launches to 49).
void apply(const SparseMatrix& matrix, const DeviceView<Real**>& x, const DeviceView<Real**>& y,
           Real beta, const DeviceView<Real**>& minus = {}) {
  const auto row_map = matrix.graph.row_map;
  const auto entries = matrix.graph.entries;
  const auto values = matrix.values;
  const int vars = static_cast<int>(x.extent(0));
  const bool subtract = minus.extent(0) > 0;
  par_for(
      "multigrid.transfer", IndexRange{0, static_cast<Index>(matrix.numRows())},
      KOKKOS_LAMBDA(const Index row) {
        for (int v = 0; v < vars; ++v) {
          Real sum = 0;
          for (auto k = row_map(row); k < row_map(row + 1); ++k)
            sum += values(k) * x(v, entries(k));
          if (beta != Real(0)) sum += beta * y(v, row);
          if (subtract) sum -= minus(v, row);
          y(v, row) = sum;
        }
      });
}

// y := x - y, every equation in one launch.
void subtract_from(const DeviceView<Real**>& x, const DeviceView<Real**>& y) {
  const int vars = static_cast<int>(x.extent(0));
  par_for(
      "multigrid.difference", IndexRange{0, static_cast<Index>(x.extent(1))},
      KOKKOS_LAMBDA(const Index node) {
        for (int v = 0; v < vars; ++v) y(v, node) = x(v, node) - y(v, node);
      });
}

// The SBP mass H / J of each packed node (host copy, setup only).
template <int Dim>
std::vector<double> node_masses(const MultiBlockSolverOf<Dim>& solver) {
  const auto& f = solver.fields();
  const auto jacobian = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f.jacobian);
  const auto inverse_norm =
      Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f.inverse_norm);
  std::vector<double> mass(jacobian.extent(0));
  for (std::size_t n = 0; n < mass.size(); ++n) {
    double h = 1;
    for (std::size_t d = 0; d < inverse_norm.extent(0); ++d) h /= double(inverse_norm(d, n));
    mass[n] = h / double(jacobian(n));
  }
  return mass;
}

std::string level_nodes(int level, long long nodes) {
  return "multigrid level " + std::to_string(level) + ": " + std::to_string(nodes) + " nodes";
}

}  // namespace

template <int Dim>
FasMultigrid<Dim>::FasMultigrid(const RunConfig& config, const Solver& fine)
    : settings_(config.family<MultiBlockOptions>().multiblock.multigrid),
      correction_smoothing_(settings_.correction_smoothing < 0 ? 0.4 / Dim
                                                               : settings_.correction_smoothing) {
  // Each node averages 2 Dim neighbours: a weight of 1 / (2 Dim) or more leaves it a negative
  // weight of its own, and the sweeps then amplify odd-even modes instead of damping them (the
  // 2D default 0.2 blew up the extruded NACA 0012 in 3D within 23 cycles).
  if (!(correction_smoothing_ < 0.5 / Dim))
    throw InputError("multigrid.correction_smoothing is " +
                     std::to_string(settings_.correction_smoothing) + "; on a " +
                     std::to_string(Dim) + "D mesh each node averages " + std::to_string(2 * Dim) +
                     " neighbours, so it must be below 1/" + std::to_string(2 * Dim) +
                     " (leave it out for the default, 0.4/" + std::to_string(Dim) + ")");
  if (settings_.coarsest_smoothing <= 0)
    settings_.coarsest_smoothing = settings_.pre_smoothing + settings_.post_smoothing;
  RunConfig coarse_config = config;
  coarse_config.family<MultiBlockOptions>().multiblock.multigrid.levels = 1;
  coarse_config.family<MultiBlockOptions>().multiblock.far_field_vortex = false;
  // The coarse levels only supply corrections (the forcing ties them to the fine operator), so
  // they use the order-2 operator: it works on fewer nodes per direction (order 4 needs 9, which
  // would give the NACA 0012 level-0 mesh's 17-node wake blocks one coarse level), and it damps
  // more.
  coarse_config.family<MultiBlockOptions>().multiblock.order = 2;
  coarse_config.family<MultiBlockOptions>().multiblock.dissipation = settings_.coarse_dissipation;
  report_.push_back(level_nodes(0, fine.node_count()) + " (the mesh)");
  const Solver* above = &fine;
  for (int level = 1; level < settings_.levels; ++level) {
    mesh::CoarseMesh coarse;
    try {
      coarse = mesh::coarsen(above->mesh(), kMinimumCoarseNodes, level);
    } catch (const InputError& e) {
      const auto& m = config.family<MultiBlockOptions>().mesh;
      const std::string where =
          m.kind == MultiBlockMeshKind::kPlot3d ? "mesh file '" + m.plot3d_file + "': " : "";
      throw InputError(where + e.what() + " (multigrid.levels is " +
                       std::to_string(settings_.levels) + ")");
    }
    const auto lines = mesh::describe_coarsening(above->mesh(), coarse);
    // Each coarse block on the rank of its fine block: the transfers stay within blocks.
    auto solver =
        std::make_unique<Solver>(coarse_config, std::move(coarse.mesh), fine.block_owner());
    report_.push_back(level_nodes(level, solver->node_count()));
    for (const auto& line : lines) report_.push_back("  " + line);
    std::vector<mesh::BlockCoarsening> plan;  // this rank's blocks'
    for (const int b : above->owned_blocks())
      plan.push_back(coarse.blocks[static_cast<std::size_t>(b)]);
    transfers_.push_back(build_grid_transfer(above->fields().table, solver->fields().table, plan,
                                             node_masses(*above), correction_smoothing_));
    injected_.emplace_back("multigrid.injected", Solver::kNumVars,
                           solver->fields().table.total_nodes);
    scratch_.emplace_back("multigrid.scratch", Solver::kNumVars,
                          solver->fields().table.total_nodes);
    coarse_.push_back(std::move(solver));
    above = coarse_.back().get();
  }
  char line[120];
  std::snprintf(line, sizeof line, "coarse corrections: %d averaging sweeps, neighbour weight %.4g",
                kCorrectionSweeps, correction_smoothing_);
  report_.push_back(line);
}

template <int Dim>
FasMultigrid<Dim>::~FasMultigrid() = default;

template <int Dim>
void FasMultigrid<Dim>::hold_shock_sensors() {
  for (auto& level : coarse_) level->hold_shock_sensor();
}

template <int Dim>
void FasMultigrid<Dim>::set_sensor_floor(Real floor) {
  for (auto& level : coarse_) level->set_sensor_floor(floor);
}

template <int Dim>
double FasMultigrid<Dim>::exchange_seconds() const {
  double seconds = 0;
  for (const auto& level : coarse_) seconds += level->exchange_seconds();
  return seconds;
}

template <int Dim>
double FasMultigrid<Dim>::node_cycles_per_cycle(long long fine_nodes) const {
  double total = 0, visits = 1;
  for (int level = 0; level < levels(); ++level) {
    const double nodes = level == 0 ? double(fine_nodes) : double(coarse_[level - 1]->node_count());
    const bool coarsest = level == levels() - 1;
    // A level above the coarsest also evaluates its residual for the restriction, and the level
    // below evaluates its own at the injected state.
    double work = coarsest ? settings_.coarsest_smoothing
                           : settings_.pre_smoothing + settings_.post_smoothing;
    if (!coarsest) work += kResidualShareOfCycle;
    if (level > 0) work += kResidualShareOfCycle;
    total += visits * nodes * work;
    if (settings_.w_cycle) visits *= 2;
  }
  return total;
}

template <int Dim>
void FasMultigrid<Dim>::cycle(Solver& fine) {
  visit(0, fine);
}

template <int Dim>
void FasMultigrid<Dim>::visit(int level, Solver& solver) {
  if (level + 1 == levels()) {  // the coarsest: its smoothing alone (levels() >= 2, so not 0)
    for (int s = 0; s < settings_.coarsest_smoothing; ++s) solver.runge_kutta_cycle(false);
    return;
  }
  // The fine level's residual norms come from the first smoothing cycle of each multigrid cycle.
  const bool record = level == 0;
  for (int s = 0; s < settings_.pre_smoothing; ++s) solver.runge_kutta_cycle(record && s == 0);
  Solver& coarse = below(level);
  const GridTransfer& transfer = transfers_[static_cast<std::size_t>(level)];
  const DeviceView<Real**> injected = injected_[static_cast<std::size_t>(level)];
  solver.compute_residual();  // dU/dt + this level's own forcing
  apply(transfer.injection, solver.fields().u, coarse.fields().u, Real(0));
  Kokkos::deep_copy(ExecSpace(), injected, coarse.fields().u);
  coarse.refresh_spectral_radii();
  const DeviceView<Real**> forcing = coarse.forcing();
  Kokkos::deep_copy(ExecSpace(), forcing, Real(0));
  coarse.compute_residual();  // the coarse operator alone at the injected state
  // forcing = restricted fine residual - coarse residual
  apply(transfer.restriction, solver.fields().residual, forcing, Real(0), coarse.fields().residual);

  const int visits = settings_.w_cycle ? 2 : 1;
  for (int k = 0; k < visits; ++k) visit(level + 1, coarse);

  subtract_from(coarse.fields().u, injected);  // injected := u_H - I u_h
  // The smoothing sweeps alternate between the two buffers.
  DeviceView<Real**> correction = injected;
  if (correction_smoothing_ > 0) {
    DeviceView<Real**> other = scratch_[static_cast<std::size_t>(level)];
    for (int sweep = 0; sweep < kCorrectionSweeps; ++sweep) {
      apply(transfer.correction_smoothing, correction, other, Real(0));
      std::swap(correction, other);
    }
  }
  apply(transfer.prolongation, correction, solver.fields().u, Real(1));
  solver.refresh_spectral_radii();
  for (int s = 0; s < settings_.post_smoothing; ++s)
    solver.runge_kutta_cycle(record && settings_.pre_smoothing == 0 && s == 0);
}

template class FasMultigrid<2>;
template class FasMultigrid<3>;

}  // namespace portaflow::multiblock
