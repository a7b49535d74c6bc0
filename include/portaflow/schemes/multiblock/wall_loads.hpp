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
// and the mesh's reference area: lift normal to the free stream (in the x-y plane), drag along
// it, and the pitching moment about the z axis through the reference point on the reference
// area times the reference length, positive nose up (turning the flow's +x towards -y).
struct ForceCoefficients {
  double lift = 0, drag = 0, pitching_moment = 0;
};

// What the coefficients are taken on (multiblock_solver.hpp, find_force_reference()).
struct ForceReference {
  double area = 1, length = 1;
  double point[3] = {0.25, 0, 0};
};

}  // namespace portaflow::multiblock
