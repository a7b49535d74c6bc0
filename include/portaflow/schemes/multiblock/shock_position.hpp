// Where a captured bow shock stands: along each wall-normal grid line (from a slip-wall node
// through its block to the opposite face), the point at which the pressure, walked in from the
// outer end, first crosses halfway between the free stream's and the level just behind the
// jump. The line's node two steps wallward of its steepest pressure rise gives that level; the
// crossing is interpolated linearly between the two nodes around it. The row of the wall node
// furthest upstream (the stagnation point of a symmetric body) gives the stand-off distance.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace portaflow::multiblock {

// The crossing on a line of pressures p[0] (wall) .. p[n - 1] (outer end), as a fractional node
// index (between m - 1 and m: m - 1 + (1 - f)); none when the pressure never rises above the
// halfway level.
std::optional<double> shock_crossing(const std::vector<double>& p, double p_inf);

// One wall node's line.
struct ShockPoint {
  std::string block;
  int node = 0, span_node = -1;  // along the wall (as surface_cp.csv), -1 in 2D
  double wall[3] = {0, 0, 0};
  double wall_pressure = 0;
  bool found = false;  // false: no shock on this line (the other fields below are 0)
  double shock[3] = {0, 0, 0};
  double distance = 0;  // from the wall node
};

}  // namespace portaflow::multiblock
