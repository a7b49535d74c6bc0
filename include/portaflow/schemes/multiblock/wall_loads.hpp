// What a multi-block flow does to its walls: the pressure coefficient at each wall node and the
// pressure force as lift and drag coefficients.
#pragma once

#include <string>

namespace portaflow::multiblock {

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

}  // namespace portaflow::multiblock
