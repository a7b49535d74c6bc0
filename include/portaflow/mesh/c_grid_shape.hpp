// The node counts and spacings of an airfoil C-grid (c_mesh.hpp builds it), and their check, in
// a file of their own so the deck reader (and its fuzz target) need no grid generator.
#pragma once

#include "portaflow/mesh/airfoil.hpp"

namespace portaflow::mesh {

// The fine (level 2) grid; levels 1 and 0 take every 2nd and every 4th node of it.
inline constexpr int kCMeshWakeIntervals = 64;      // along each wake block (65 nodes)
inline constexpr int kCMeshAirfoilIntervals = 256;  // round the airfoil, TE to TE (257 nodes)
inline constexpr int kCMeshNormalIntervals = 96;    // from the wall to the far field (97 nodes)
inline constexpr double kCMeshWallSpacing = 0.002;  // first spacing off the airfoil, chords
inline constexpr double kCMeshLeadingEdgeSpacing = 0.0025;  // along the surface, chords
inline constexpr double kCMeshTrailingEdgeSpacing = 0.004;  // along the surface and the cut
inline constexpr double kNaca0012Thickness = 0.12;

// The C-grid of c_mesh.hpp for any NACA 4-digit section and node counts (as in Gohari et al. 2012;
// NACA 0012's three-block mesh is the default shape). Sections with camber are not mirror
// symmetric:
// their upper half is built as the lower half of the mirrored section.
struct CGridShape {
  NacaFourDigit section{"NACA 0012", 0.0, 0.0, kNaca0012Thickness};
  int wake_intervals = kCMeshWakeIntervals;        // along each side of the cut
  int airfoil_intervals = kCMeshAirfoilIntervals;  // round the airfoil, TE to TE (even)
  int normal_intervals = kCMeshNormalIntervals;    // from the wall to the far field
  double wall_spacing = kCMeshWallSpacing;
  double le_spacing = kCMeshLeadingEdgeSpacing;
  double te_spacing = kCMeshTrailingEdgeSpacing;
  double far_field_chords = 20.0;

  int nodes_i() const { return 2 * wake_intervals + airfoil_intervals + 1; }
  int nodes_j() const { return normal_intervals + 1; }
  int leading_edge() const { return wake_intervals + airfoil_intervals / 2; }  // its i
  int trailing_edge_lower() const { return wake_intervals; }
  int trailing_edge_upper() const { return nodes_i() - 1 - wake_intervals; }
};

// Throws portaflow::InputError when the shape cannot be built: far_field_chords < 2, odd or too
// few airfoil intervals, non-positive spacings, or a grid too coarse for its wall spacing (the
// geometric growth from wall_spacing to the far field over normal_intervals above 25 % a cell).
void check_c_grid_shape(const CGridShape& shape);

// Throws portaflow::InputError unless far_field_chords >= 2 (the far-field semicircle is centred
// at the trailing edge and must enclose the airfoil).
void require_far_field_chords(double far_field_chords);

}  // namespace portaflow::mesh
