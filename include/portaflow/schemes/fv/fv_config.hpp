// The finite-volume family's deck options (schemes muscl_hancock and muscl), read by
// read_fv_deck.cpp.
#pragma once

#include "portaflow/schemes/common/flux_kind.hpp"

namespace portaflow {

// muscl_hancock: Toro's four (sec. 14.4); muscl: minmod or none (unlimited).
enum class LimiterKind { kFirstOrder, kMinbee, kVanLeer, kSuperbee, kMinmod, kNone };

// 2D dimensional splitting: x-y on even steps and y-x on odd ones (as in Blakely, LSC lecture), or
// the average of x-y and y-x from the same state (symmetric under x <-> y, twice the sweeps).
enum class SplittingKind { kAlternating, kAveraged };

// muscl: the reconstruction of face values from cell values.
enum class ReconstructionKind {
  kMuscl2,  // linear, slope minmod(backward, forward) (or central when unlimited)
  kMuscl3,  // van Leer's kappa = 1/3 scheme (third-order face values), minmod-limited or not
};

// muscl in 1D: planar, or the radial equations with cylindrical or spherical symmetry (x = r).
enum class GeometryKind { kPlanar, kCylindrical, kSpherical };

struct FvConfig {
  LimiterKind limiter = LimiterKind::kVanLeer;
  FluxKind flux = FluxKind::kExact;
  SplittingKind splitting = SplittingKind::kAlternating;
  ReconstructionKind reconstruction = ReconstructionKind::kMuscl2;
  GeometryKind geometry = GeometryKind::kPlanar;
  double tvb_m = 0;  // muscl: differences below tvb_m h^2 are not limited (0: plain minmod)
};

}  // namespace portaflow
