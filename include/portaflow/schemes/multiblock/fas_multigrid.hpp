// Full Approximation Storage multigrid for the multi-block steady solver (Elsen et al. 2008,
// sec. 6.4; Jameson 1983, Jameson & Yoon 1986): the 5-stage Runge-Kutta cycle smooths every level;
// the coarse levels solve the SBP-SAT equations on every other node (mesh/coarsen_mesh.hpp) with
// the order-2 operator (any fine order) and multigrid.coarse_dissipation, driven by the forcing
//   P_H = R (dU/dt)_h - (dU/dt)_H(I u_h)
// (R: conservative restriction, I: injection), so that their solution's change is the fine
// grid's error; that change is averaged over neighbours (correction smoothing) and prolongated
// bilinearly (grid_transfer.hpp). At a converged fine state the forcing makes the injected state
// the coarse solution, so the multigrid fixed point is the single-grid one exactly. Everything
// stays on the device: each transfer is one kernel over a Kokkos-Kernels CrsMatrix for all
// equations at once. The coarsest level runs multigrid.coarsest_smoothing Runge-Kutta cycles
// a visit. The coarse levels' far-field data stay the free stream (the forcing absorbs the
// difference to the fine level's).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/multiblock/grid_transfer.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"

namespace portaflow::multiblock {

template <int Dim>
class MultiBlockSolverOf;

template <int Dim>
class FasMultigrid {
 public:
  using Solver = MultiBlockSolverOf<Dim>;
  // Builds levels 1 .. levels - 1 below `fine` (level 0). Throws InputError naming the block,
  // face or node when the mesh cannot be coarsened that often.
  FasMultigrid(const RunConfig& config, const Solver& fine);
  ~FasMultigrid();

  // One V- or W-cycle starting and ending on the fine level.
  void cycle(Solver& fine);
  // Shock capturing: holds every coarse level's sensor (from then on it may only rise).
  void hold_shock_sensors();
  void set_sensor_floor(Real floor);
  // The coarse levels' time in exchanging interface twins with other ranks.
  double exchange_seconds() const;

  int levels() const { return static_cast<int>(coarse_.size()) + 1; }
  // Runge-Kutta cycles on the coarsest level at each visit (the default resolved).
  int coarsest_smoothing() const { return settings_.coarsest_smoothing; }
  // Runge-Kutta cycles of node updates one multigrid cycle costs, over all levels.
  double node_cycles_per_cycle(long long fine_nodes) const;
  // How each level was coarsened, for the run log.
  const std::vector<std::string>& report() const { return report_; }

 private:
  void visit(int level, Solver& solver);
  Solver& below(int level) { return *coarse_[static_cast<std::size_t>(level)]; }

  MultigridConfig settings_;
  double correction_smoothing_;  // the neighbour weight in use (the default resolved)
  std::vector<std::unique_ptr<Solver>> coarse_;  // coarse_[l]: level l + 1
  std::vector<GridTransfer> transfers_;          // transfers_[l]: level l to l + 1
  std::vector<DeviceView<Real**>> injected_;     // per coarse level: I u_h
  std::vector<DeviceView<Real**>> scratch_;      // per coarse level
  std::vector<std::string> report_;
};

}  // namespace portaflow::multiblock
