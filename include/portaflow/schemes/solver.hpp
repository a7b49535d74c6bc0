// The host-side interface every solver offers the run driver (src/driver/run_loop.cpp), whether it
// marches in time to t_end or in cycles to a steady state: one step or cycle at a time, what to
// record, host copies of its state for output, and its state for checkpoints. Virtual calls happen
// once per step on the host, never inside kernels.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow {

// A named field copied to the host: one value per cell, element average or node, i fastest.
struct HostField {
  std::string name;
  std::vector<double> values;
};

// A high-order solution's elements as VTK Lagrange quadrilaterals of degree `order`: each element's
// (order + 1)^2 points in VTK's Lagrange ordering (corners counter-clockwise from (-1, -1); edge
// points bottom, right, top, left, each in increasing xi or eta; interior points xi fastest),
// at equispaced reference positions, with the solution polynomial's values there.
struct LagrangeQuadSnapshot {
  int order = 1;
  long long elements = 0;
  std::vector<double> points;           // x, y, z per point, element after element
  std::vector<HostField> point_fields;  // rho, u, v, p at the points
};

// One curvilinear block's nodes and node fields: nodes[0] x nodes[1] (x nodes[2]), i fastest.
struct BlockSnapshot {
  std::string name;
  std::array<int, 3> nodes{1, 1, 1};
  std::vector<double> coordinates;  // (x, y, z) per node
  std::vector<HostField> fields;    // one value per node
};

// Host copy of a solution, ready for the writers; `kind` says which members hold it:
//   kCells:    `edges` (cell edges per direction) and `fields` (one value per cell);
//   kElements: `elements`, and `fields` as the element averages;
//   kNodes:    `blocks[0]`, the nodes of one curvilinear grid;
//   kBlocks:   `blocks`, one per mesh block.
// A snapshot of one rank of a run decomposed over ranks (docs/mpi.md). Cells or elements: its
// data are its box's; `boxes` holds every rank's box, (first cell or element, count) per
// direction, so rank 0 can write the parallel index (.pvtr, .pvtu) that names the pieces without
// asking the others. Blocks: its `blocks` are the rank's own; `block_ids` their indices in the
// whole mesh, and `block_names` every block's name, for the multi-block index (.vtm).
struct SnapshotPart {
  int rank = 0;
  std::array<long long, 2> whole{1, 1};         // cells of the whole grid
  std::vector<std::array<long long, 4>> boxes;  // per rank: i0, j0, nx, ny
  std::vector<int> block_ids;
  std::vector<std::string> block_names;
};

struct SolutionSnapshot {
  OutputKind kind = OutputKind::kCells;
  int dimension = 1;
  double time = 0;
  long long step = 0;
  std::array<std::vector<double>, 3> edges;
  std::vector<HostField> fields;
  std::optional<LagrangeQuadSnapshot> elements;
  std::vector<BlockSnapshot> blocks;
  std::optional<SnapshotPart> part;  // set on every rank of a decomposed run
};

// A small table a solver writes when the run ends (<name>.csv in output.dir): a profile, a
// comparison with published data, forces. An optional leading column of text (`label_header`,
// `labels`), then numbers.
struct ResultTable {
  std::string name;
  std::vector<std::string> header;
  std::vector<std::vector<double>> columns;
  std::string label_header;
  std::vector<std::string> labels;
};

// Named values recorded in every history row: the domain integrals of the conserved variables
// (sum over cells of U * cell volume), or for a steady flow past a body its lift and drag.
struct Monitors {
  std::vector<std::string> names;
  std::vector<double> values;
  // The values are the conserved variables' domain integrals: the run's end summary gives their
  // change over the run.
  bool conserved_totals = false;
};

// The first cell (or node) found with NaN, rho <= 0 or p <= 0.
struct NonPhysicalCell {
  std::array<long long, 3> index{0, 0, 0};
  std::array<double, 3> position{0, 0, 0};
  double rho = 0;
  double pressure = 0;
  int block = -1;     // multi-block meshes: the block (index = node (i, j, k) in it); else -1
  int dimension = 0;  // 3: say (i, j, k) and (x, y, z) even at k = 0, z = 0
  // For solvers without density and pressure (incompressible): what is wrong there, replacing
  // the "rho = ..., p = ..." of the message.
  std::string what;
};

// A solver's state for restart: raw copies of the arrays that define it (in the build's Real,
// so a restart on the same backend and precision continues bit for bit).
struct SolverState {
  double time = 0;
  long long steps = 0;
  struct Array {
    std::string name;
    std::vector<std::size_t> extents;
    std::vector<unsigned char> bytes;
  };
  std::vector<Array> arrays;
};

// How a march ended, for the tables a solver writes at the end.
struct MarchOutcome {
  long long steps = 0;
  bool converged = false;    // steady: every residual fell by time.residual_drop
  double residual_drop = 0;  // steady: the largest final / initial residual ratio
};

// Wall time of one named part of a solver's set-up (its mesh, say), for the run's time split.
struct SetupPhase {
  std::string name;
  double seconds = 0;
};

class Solver {
 public:
  virtual ~Solver() = default;

  // ---- The march ------------------------------------------------------------------------------
  virtual MarchKind march() const = 0;
  // Simulated time (0 for a steady march) and steps (cycles) taken.
  virtual double time() const = 0;
  virtual long long steps() const = 0;
  // Cells, solution points or nodes: what the throughput figure counts.
  virtual long long cell_count() const = 0;
  // True when the solver splits its problem over the run's ranks (core/ranks.hpp): then its
  // cell_count(), monitors(), find_nonphysical() and time steps are global (the latter two
  // collective calls every rank makes), and its snapshots are parts. Solvers that are not
  // decomposed run on one rank only.
  virtual bool decomposed() const { return false; }
  // A decomposed solver's wall time so far in exchanging halos with other ranks (this rank's).
  virtual double exchange_seconds() const { return 0; }
  // Point updates one step makes (cell_count() unless a cycle does more, e.g. multigrid), and
  // their name in the progress line.
  virtual double updates_per_step() const { return static_cast<double>(cell_count()); }
  virtual const char* update_name() const { return "cell-updates"; }

  // One step. A time-accurate solver advances by its stable time step clipped to max_dt and
  // returns the step taken; a steady one runs one cycle of local pseudo-time steps (max_dt is
  // not used) and returns 0. Returns NaN, advancing nothing, when some cell is non-physical.
  virtual double step(double max_dt) = 0;

  // Steady marches: L2 norms over all points of dU/dt per equation from the last cycle (before
  // the first: of the initial state), and the equations' names. Empty for time-accurate ones.
  virtual std::vector<std::string> residual_names() const { return {}; }
  virtual std::vector<double> residual_norms() { return {}; }

  // What every history row records besides the march's own columns.
  virtual Monitors monitors() const = 0;

  // ---- Outputs --------------------------------------------------------------------------------
  virtual SolutionSnapshot snapshot() const = 0;
  virtual std::optional<NonPhysicalCell> find_nonphysical() const = 0;
  // What to try when the solution went non-physical (ends the run's message).
  virtual std::string nonphysical_advice() const {
    return "Try a smaller time.cfl, or check the initial data.";
  }
  // Errors against the problem's exact solution or published data at the current time, named,
  // for the run's final report; empty where the scheme does not compute them.
  virtual std::vector<std::pair<std::string, double>> exact_errors() const { return {}; }
  // A line about the run since the previous output (e.g. how many elements a limiter touched),
  // printed with each output frame; empty for none. May reset the counts it reports.
  virtual std::string output_note() { return {}; }
  // Tables written beside final.* when the run ends (none by default).
  virtual std::vector<ResultTable> final_tables(const MarchOutcome& /*outcome*/) const {
    return {};
  }
  // Lines for the run log on how the solver was set up; empty by default.
  virtual std::vector<std::string> setup_report() const { return {}; }
  // Named parts of the set-up and their wall time (a mesh generated, say), for the time split.
  virtual std::vector<SetupPhase> setup_phases() const { return {}; }
  // Files describing the run's setup (e.g. a grid it generated), written into the output folder
  // once at the start (none by default).
  virtual void write_setup_files(const std::filesystem::path& /*folder*/) const {}

  // ---- Checkpoint and restart -----------------------------------------------------------------
  // restore_state() throws Error if the arrays do not fit this solver.
  virtual SolverState save_state() const = 0;
  virtual void restore_state(const SolverState& state) = 0;
};

// A solver that marches in time: it gives its stable time step (CFL condition) and advances by a
// given one; step() takes the smaller of that and the driver's limit.
class TimeAccurateSolver : public Solver {
 public:
  MarchKind march() const final { return MarchKind::kTimeAccurate; }
  // The largest stable time step. Returns 0 or a non-finite number when some cell is
  // non-physical, so the driver checks that every step at no extra cost.
  virtual double stable_time_step() = 0;
  // Advances the solution by dt.
  virtual void advance(double dt) = 0;
  double step(double max_dt) final;
};

// A solver that marches to a steady state in cycles of local time steps.
class SteadySolver : public Solver {
 public:
  MarchKind march() const final { return MarchKind::kSteady; }
  double time() const final { return 0; }
  // One cycle (e.g. of a multistage Runge-Kutta scheme, or one multigrid cycle).
  virtual void cycle() = 0;
  double step(double max_dt) final;
};

}  // namespace portaflow
