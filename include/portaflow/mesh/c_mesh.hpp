// The three-block C-mesh around the NACA 0012 airfoil of Elsen et al. (2008, sec. 7.3, Fig. 10:
// M = 0.63, alpha = 2 degrees, inviscid), made from one elliptic C-grid (elliptic_grid.hpp) split
// at the trailing edge.
//
// The single C-grid: i runs from the lower outflow boundary along the lower side of the wake cut
// to the trailing edge, around the airfoil (lower surface TE -> LE -> upper surface TE), then along
// the upper side of the cut to the upper outflow boundary; j runs from the surface or cut (j = 0)
// to the far field. The wake cut is y = 0 from the trailing edge (1, 0) to x = 1 + R, R =
// far_field_chords, its nodes duplicated (the two sides coincide bit for bit) and clustered
// towards the trailing edge (geometric growth, first interval equal to the surface interval at the
// trailing edge). The far boundary is a C: a semicircle of radius R centred at the trailing edge,
// from (1, -R) through (1 - R, 0) to (1, R), and the straight lines y = -R and y = R from x = 1
// to the outflow plane x = 1 + R. With the centre at the trailing edge the two block interfaces
// there start as straight vertical lines, and every far-field node is at least R - 1 chords from
// the airfoil.
//
// Node distributions (fine level; c_mesh.cpp says why each was chosen):
// - airfoil: 128 intervals per side by arc length, Vinokur two-sided stretching, about 0.0025
//   chords at the leading edge and 0.004 at the trailing edge (airfoil.hpp);
// - j: the first spacing off the airfoil is 0.002 chords (kCMeshWallSpacing) with the j-lines
//   leaving the wall at 90 degrees (elliptic wall control); off the cut it grows from 0.002 at
//   the trailing edge to R / 384 at the outflow; the spacing then grows by at most ~10 % per cell;
// - far field: the semicircle's nodes follow the turn of the surface normal (3/4) blended with an
//   even spread in angle (1/4); the lines y = +-R follow the cut's x (3/4) blended with a
//   geometric spread (1/4); the outflow plane is stretched geometrically from the cut.
//
// Blocks, in this order, each right-handed (positive cell areas):
//   0 "wake_lower": i from the outflow to the trailing edge along the cut, j towards y = -R;
//   1 "airfoil":    i from the trailing edge round the airfoil (clockwise) back to it, j outwards;
//   2 "wake_upper": i from the trailing edge to the outflow along the cut, j towards y = +R.
// Interfaces: wake_lower imax - airfoil imin, airfoil imax - wake_upper imin (both along j, not
// reversed), and the cut wake_lower jmin - wake_upper jmin, reversed. Boundaries: airfoil jmin is
// a slip wall; every jmax face and the outflow faces (wake_lower imin, wake_upper imax) are far
// field.
#pragma once

#include "portaflow/mesh/airfoil.hpp"
#include "portaflow/mesh/c_grid_shape.hpp"
#include "portaflow/mesh/elliptic_grid.hpp"
#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

// The start (boundaries and transfinite interior) and the requested spacing per i-line.
StructuredGrid2D airfoil_c_grid_start(const CGridShape& shape, std::vector<double>& wall_spacing);

// The smoothed grid: `options` with the shape's wall spacing, by the host generator or the
// device one (elliptic_grid_device.hpp, same arithmetic); symmetric sections symmetrized exactly.
StructuredGrid2D airfoil_c_grid(const CGridShape& shape, EllipticGridOptions options,
                                bool on_device, EllipticGridReport* report = nullptr);

// The fine C-grid as one structured block of (2 * 64 + 256 + 1) x 97 nodes, generated afresh
// (no cache): transfinite interpolation, then solve_elliptic_grid with the wall spacing and
// orthogonality control on the airfoil and the cut. The grid is exactly mirror symmetric about
// y = 0: node (ni-1-i, j) is (x, -y) of node (i, j). `report`, when given, receives the
// elliptic solver's convergence. Deterministic (same nodes bit for bit on every call with the
// same build). Throws portaflow::InputError unless far_field_chords >= 2.
StructuredGrid2D naca0012_fine_c_grid(double far_field_chords,
                                      EllipticGridReport* report = nullptr);

// That grid before the elliptic smoothing (boundaries and the transfinite interior), and the
// wall spacing it asks of the smoothing, one value per i-line: the start that the host and the
// device generators (elliptic_grid_device.hpp) are compared from.
StructuredGrid2D naca0012_c_grid_start(double far_field_chords, std::vector<double>& wall_spacing);

// The three-block mesh at `level` 0, 1 or 2 (airfoil block 65/129/257 nodes round, wake blocks
// 17/33/65 along the cut, 25/49/97 in j), validated. The fine grid is generated once per
// far_field_chords in a process and cached (generation takes ~2 s on one core); coarser levels are
// its every 2nd or 4th node exactly, so solutions on the three levels nest for Richardson
// extrapolation. Throws portaflow::InputError for another level or far_field_chords < 2.
// Thread-safe.
MultiBlockMesh naca0012_c_mesh(int level, double far_field_chords);

// Cell quality of the blocks of a 2D mesh, for reports and tests.
struct MeshQuality {
  double min_cell_area = 0.0, max_cell_area = 0.0;
  // Largest area ratio of two cells of one block that share an edge (smoothness of the spacing).
  double max_neighbour_area_ratio = 0.0;
  // Largest |corner angle - 90 degrees| over all cell corners (skewness).
  double max_skew_degrees = 0.0;
  // Largest ratio of a cell's longer to shorter mean side length.
  double max_aspect_ratio = 0.0;
};
MeshQuality measure_quality(const MultiBlockMesh& mesh);

// The grid-quality report of an airfoil C-grid (printed by the incompressible solver): the cells
// (measure_quality: areas, whose positive minimum is the Jacobian's positivity, and skewness) and
// the wall: how far the j-lines leave it from 90 degrees and the first spacing reached.
struct CGridQuality {
  MeshQuality cells;
  double max_wall_angle_error_degrees = 0.0;
  double min_first_spacing = 0.0, max_first_spacing = 0.0;  // |r(i, 1) - r(i, 0)| on the wall
};
CGridQuality c_grid_quality(const StructuredGrid2D& grid, const CGridShape& shape);

}  // namespace portaflow::mesh
