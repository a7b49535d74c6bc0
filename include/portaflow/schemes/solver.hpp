// The host-side interface every scheme offers the run driver: a time step from its stability
// limit, an advance, and host copies of its state for output. Virtual calls happen once per step
// on the host, never inside kernels.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/schemes/run_config.hpp"

namespace portaflow {

// A named cell-centred field copied to the host.
struct HostField {
  std::string name;
  std::vector<double> values;  // one per cell, x fastest
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

// A solution at the nodes of a curvilinear grid (a .vts for ParaView): points[0] x points[1]
// nodes, i fastest, (x, y, z) per node; fields one value per node.
struct CurvilinearNodesSnapshot {
  std::array<int, 2> points{0, 0};
  std::vector<double> coordinates;
  std::vector<HostField> point_fields;
};

// Host copy of a solution, ready for the writers: on a rectilinear mesh (cell edges per
// direction, fields per cell), or, when `elements` is set, on high-order elements (fields are
// then the element averages, edges empty), or, when `nodes` is set, at the nodes of a
// curvilinear grid (fields and edges empty).
struct SolutionSnapshot {
  int dimension = 1;
  double time = 0;
  long long step = 0;
  std::array<std::vector<double>, 3> edges;  // cell edge coordinates per direction
  std::vector<HostField> fields;             // rho, u (v, w), p
  std::optional<LagrangeQuadSnapshot> elements;
  std::optional<CurvilinearNodesSnapshot> nodes;
};

// A small table a solver writes at the end of a run (<name>.csv in output.dir): a profile, a
// comparison with published data.
struct ResultTable {
  std::string name;
  std::vector<std::string> header;
  std::vector<std::vector<double>> columns;
};

// Domain integrals of the conserved variables: sum over cells of U * cell volume.
struct ConservedTotals {
  std::vector<std::string> names;  // mass, momentum_x, ..., energy
  std::vector<double> values;
};

// The first cell found with NaN, rho <= 0 or p <= 0.
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

class Solver {
 public:
  virtual ~Solver() = default;

  virtual double time() const = 0;
  virtual long long cell_count() const = 0;

  // The largest stable time step (CFL condition). Returns 0 or a non-finite number when some cell
  // is non-physical, so the driver checks that every step at no extra cost.
  virtual double stable_time_step() = 0;

  // Advances the solution by dt.
  virtual void advance(double dt) = 0;

  virtual SolutionSnapshot snapshot() const = 0;
  virtual ConservedTotals conserved_totals() const = 0;
  virtual std::optional<NonPhysicalCell> find_nonphysical() const = 0;

  // Errors against the problem's exact solution at the current time, named, for the run's final
  // report; empty where the scheme does not compute them.
  virtual std::vector<std::pair<std::string, double>> exact_errors() const { return {}; }

  // A line about the run since the previous output (e.g. how many elements a limiter touched),
  // printed with each output frame; empty for none. May reset the counts it reports.
  virtual std::string output_note() { return {}; }

  // Tables written beside final.* when the run ends (none by default).
  virtual std::vector<ResultTable> final_tables() const { return {}; }
  // Files describing the run's setup (e.g. a grid it generated), written into the output folder
  // once at the start (none by default).
  virtual void write_setup_files(const std::filesystem::path& /*folder*/) const {}
  // Checkpoint and restart. restore_state() throws Error if the arrays do not fit this solver.
  virtual SolverState save_state() const = 0;
  virtual void restore_state(const SolverState& state) = 0;
};

// Builds the solver a deck asks for (one factory per scheme, see schemes/registry.cpp).
std::unique_ptr<Solver> make_solver(const RunConfig& config);

// Scheme names and one-line descriptions, for `portaflow list`.
struct SchemeInfo {
  const char* name;
  SchemeKind kind;
  int dimension;  // 0: 1 or 2, as mesh.cells says (an integer or [nx, ny]); -1: 2 or 3 (the mesh's)
  const char* description;
};
const std::vector<SchemeInfo>& available_schemes();

}  // namespace portaflow
