// The grid, boundary rules and start of each flow the stream-function/vorticity solver knows
// (incompressible_config.hpp): the cavity's uniform grid, the airfoil's elliptic C-grid
// (generated on the device by default, with its quality report), the flat plate's stretched grid.
#pragma once

#include <optional>
#include <string>

#include "portaflow/config/run_config.hpp"
#include "portaflow/mesh/elliptic_grid.hpp"
#include "portaflow/schemes/incompressible/grid/boundary_layout.hpp"

namespace portaflow::incompressible {

struct FlowSetup {
  NodeGrid grid;
  BoundarySpec spec;
  FreeStream stream;
  BoxWalls walls;
  Real psi_wall = 0;  // psi on the airfoil or plate: psi_inf at the trailing edge / plate
  double speed = 1;   // free stream or lid speed
  double length = 1;  // chord, plate length or cavity width
  // The no-slip wall along j = 0 (airfoil, plate): its first and last i, and where its two sides
  // meet (the airfoil's leading edge; the plate's leading edge, its first node).
  int wall_begin = -1, wall_end = -1, leading_edge = -1;
  std::optional<mesh::StructuredGrid2D> generated;  // the airfoil's C-grid, for grid.xyz
  std::string report;                               // what was built: printed once at the start
};

FlowSetup make_flow_setup(const RunConfig& config);

}  // namespace portaflow::incompressible
