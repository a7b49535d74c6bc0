// The host-side interface of a steady-state solver (the multi-block SBP-SAT scheme): one
// Runge-Kutta cycle with local time steps at a time, residual norms to watch convergence, forces
// on walls, and host copies of the solution for output. The steady driver (app/) runs it.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "portaflow/schemes/run_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

// One curvilinear block's nodes and node fields on the host.
struct BlockSnapshot {
  std::string name;
  std::array<int, 3> nodes{1, 1, 1};
  std::vector<double> coordinates;  // (x, y, z) per node, i fastest
  std::vector<HostField> fields;    // one value per node, i fastest
};

struct MultiBlockSnapshot {
  long long cycle = 0;
  std::vector<BlockSnapshot> blocks;
};

// Pressure coefficient at one wall node.
struct SurfacePoint {
  std::string block;
  int node = 0;  // node index along the wall
  double x = 0, y = 0, cp = 0;
  int span_node = -1;  // 3D: the node index along the wall's second direction; 2D: -1
  double z = 0;
};

// Pressure force on every slip-wall patch, as coefficients on the free-stream dynamic pressure
// and unit reference length: lift normal to the free stream, drag along it.
struct ForceCoefficients {
  double lift = 0, drag = 0;
};

class SteadySolver {
 public:
  virtual ~SteadySolver() = default;

  virtual long long node_count() const = 0;
  virtual long long cycles() const = 0;
  // Names of the equations, in the order of residual_norms(): mass, momentum_x, ..., energy.
  virtual std::vector<std::string> equation_names() const = 0;

  // One explicit multistage Runge-Kutta cycle with local time steps (or one multigrid cycle).
  virtual void cycle() = 0;
  // Work of one cycle() in Runge-Kutta cycles of node updates (node_count() without multigrid).
  virtual double node_cycles_per_cycle() const { return static_cast<double>(node_count()); }
  // Lines for the run log on how the solver was set up (multigrid levels); empty by default.
  virtual std::vector<std::string> setup_report() const { return {}; }
  // L2 norm over all nodes of dU/dt per equation, from the first stage of the last cycle (before
  // the first cycle: of the initial state).
  virtual std::vector<double> residual_norms() = 0;

  virtual ForceCoefficients forces() const = 0;
  virtual std::vector<SurfacePoint> surface_pressure() const = 0;
  // Node fields rho, u, v, (w,) p, mach, cp per block.
  virtual MultiBlockSnapshot snapshot() const = 0;
  virtual std::optional<NonPhysicalCell> find_nonphysical() const = 0;
};

std::unique_ptr<SteadySolver> make_steady_solver(const RunConfig& config);

}  // namespace portaflow
