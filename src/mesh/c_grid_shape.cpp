// The check of an airfoil C-grid's shape (c_grid_shape.hpp).
#include "portaflow/mesh/c_grid_shape.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

void require_far_field_chords(double far_field_chords) {
  if (!(far_field_chords >= 2.0)) {
    throw InputError(
        "An airfoil C-grid needs far_field_chords >= 2 (the far-field semicircle "
        "is centred at the trailing edge and must enclose the airfoil), not " +
        std::to_string(far_field_chords) + ".");
  }
}

void check_c_grid_shape(const CGridShape& shape) {
  require_far_field_chords(shape.far_field_chords);
  const auto fail = [](const std::string& what) { throw InputError("C-grid: " + what); };
  if (shape.airfoil_intervals < 8 || shape.airfoil_intervals % 2 != 0)
    fail("airfoil_intervals must be even and at least 8, not " +
         std::to_string(shape.airfoil_intervals));
  if (shape.wake_intervals < 2 || shape.normal_intervals < 4)
    fail("wake_intervals must be at least 2 and normal_intervals at least 4");
  if (!(shape.wall_spacing > 0.0) || !(shape.le_spacing > 0.0) || !(shape.te_spacing > 0.0))
    fail("the wall, leading-edge and trailing-edge spacings must be positive");
  // Off the wall the nodes are spread geometrically to the far field: the ratio r of
  // s (r^n - 1) / (r - 1) = R. Above kMaxGrowth the grid is too coarse for the wall spacing
  // (the truncation error grows with r - 1; the elliptic smoothing cannot repair it).
  const int n = shape.normal_intervals;
  const double s = shape.wall_spacing, radius = shape.far_field_chords;
  if (s * n >= radius)
    fail("wall_spacing " + std::to_string(s) + " times normal_intervals " + std::to_string(n) +
         " reaches past the far field (" + std::to_string(radius) + " chords): make it smaller");
  double lo = 1.0 + 1e-12, hi = 10.0;
  for (int k = 0; k < 200; ++k) {
    const double r = 0.5 * (lo + hi);
    (s * (std::pow(r, n) - 1.0) / (r - 1.0) < radius ? lo : hi) = r;
  }
  constexpr double kMaxGrowth = 1.25;
  if (lo > kMaxGrowth) {
    char what[300];
    std::snprintf(what, sizeof what,
                  "normal_intervals %d are too few for wall_spacing %g: reaching the far field "
                  "at %g chords needs each cell %.3f times the last (at most %.2f); use more "
                  "normal_intervals or a larger wall_spacing",
                  n, s, radius, lo, kMaxGrowth);
    fail(what);
  }
}

}  // namespace portaflow::mesh
