// A 15-block mesh around a generic hypersonic forebody: a sphere-cone-cylinder-flare, the sequence
// of parts of the HIFiRE-1 flight experiment's body (Kimmel et al. 2007: a 7-degree cone, 2.5 mm
// nose, 33-degree flare) with a relatively larger nose, a steeper cone and a gentler flare
// (ConeFlareBody below), so that a mesh of a million nodes resolves the nose and the cone is long
// enough, 40 nose radii, for its pressure to approach the sharp cone's (Taylor & Maccoll 1933).
// Lengths are in nose radii; the axis is x (the nose at x = -1, its sphere centred at the origin),
// the flow comes from -x, incidence turns it towards +y, and the half body z >= 0 is meshed: the
// plane z = 0 is a symmetry plane.
//
// Blocks (k runs from the wall, kmin: slip wall, to the outer boundary, kmax: supersonic inflow):
// - the nose: the cubed-sphere layout of sphere_mesh (mesh/blunt_body_mesh.hpp) cut by the
//   symmetry plane: the cap and the side faces y = +1, z = +1, y = -1, the polar angle scaled so
//   the side faces end on the circle where the cone starts (4 blocks);
// - the first part of the cone, in the side faces' three azimuthal sectors (0-45, 45-135 and
//   135-180 degrees from +y, 3 blocks);
// - the rest of the cone, and the cylinder with the flare, each in four 45-degree sectors
//   (8 blocks): where the body widens the middle sector is cut in two, so the first cone block
//   of that sector meets two blocks on sub-faces of its downstream face.
// The plane x = (flare's end) is supersonic outflow. Nodes along the body are spaced in
// proportion to the body's radius (up to twice as far apart along the body as around it, where the
// conical flow changes slowly along its rays), and evenly from the wall to the outer boundary
// along straight lines: rays from the sphere's centre on the nose, normal to the cone, turning to
// normal to the axis over four nose radii around the cone-cylinder shoulder and normal to the axis
// on the cylinder and flare (so the outflow face is a plane). The outer boundary is a hyperbolic
// surface of revolution with sphere_mesh's vertex for `fit_mach` and its asymptotes at the cone
// angle + 13 degrees (beyond the sharp cone's shock at Mach 3 and above, and at 5 degrees
// incidence).
#pragma once

#include <array>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// The body's dimensions (nose radius 1).
struct ConeFlareBody {
  double cone_half_angle_degrees = 15;
  double cone_length = 40;  // along the axis, from where the cone meets the nose sphere
  double cylinder_length = 8;
  double flare_angle_degrees = 10;
  double flare_length = 8;  // along the axis
};

// The body's meridian: axial position and radius of the wall at arc length s from the nose's
// stagnation point, and where its parts end.
class ConeFlareMeridian {
 public:
  explicit ConeFlareMeridian(const ConeFlareBody& body = {});
  std::array<double, 2> wall(double s) const;  // {x, r}
  // Arc lengths where the sphere meets the cone, the cone the cylinder, the cylinder the flare,
  // and where the flare ends.
  double sphere_end() const { return sphere_end_; }
  double cone_end() const { return cone_end_; }
  double cylinder_end() const { return cylinder_end_; }
  double flare_end() const { return flare_end_; }
  const ConeFlareBody& body() const { return body_; }

 private:
  ConeFlareBody body_;
  double cone_angle_, flare_angle_;  // radians
  double sphere_end_, cone_end_, cylinder_end_, flare_end_;
};

// nodes: {across the nose cap (nodes - 1 a multiple of 4: the cap's middle and the sectors' cuts
// are kept by a coarser multigrid level), wall to outer boundary}. Throws InputError when the
// counts do not fit or fit_mach <= 1; three multigrid levels need (nodes - 1) a multiple of 8.
MultiBlockMesh cone_flare_mesh(std::array<int, 2> nodes, double fit_mach);

}  // namespace portaflow::mesh
