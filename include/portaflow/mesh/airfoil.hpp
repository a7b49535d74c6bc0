// Geometry of symmetric NACA 4-digit airfoils (NACA 00tt) and node distributions along their
// surface, for the C-mesh generator (Elsen et al. 2008, sec. 7.3: NACA 0012) and the incompressible
// airfoil solver (Gohari et al. 2012, sec. 2.1). Chord 1, leading edge at x = 0, trailing edge
// at x = 1.
//
// The thickness polynomial uses -0.1036 instead of the original -0.1015 for the x^4 term, so the
// trailing edge closes at a sharp point (x = 1, y = 0): a C-mesh needs one trailing-edge node
// where the lower and upper surfaces and the wake cut meet.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace portaflow::mesh {

// Half thickness y_t(x) of the closed-trailing-edge NACA 00tt section, thickness = tt / 100:
//   y_t = 5 t (0.2969 sqrt(x) - 0.1260 x - 0.3516 x^2 + 0.2843 x^3 - 0.1036 x^4),  0 <= x <= 1.
double naca00_half_thickness(double thickness, double x);

// Arc length of one side (leading edge to trailing edge) of the section.
double naca00_side_length(double thickness);

// Vinokur's two-sided stretching (Vinokur 1983, J. Comput. Phys. 50, 215, eqs. for the tanh and
// tan forms): intervals + 1 values from 0 to 1 whose first and last intervals are close to
// first_spacing and last_spacing (both fractions of the total length). The tanh form makes the
// spacing change smoothly, with no jump in the growth ratio, which is why it is used where both
// ends must be clustered. The end values are exactly 0 and 1.
std::vector<double> vinokur_two_sided(int intervals, double first_spacing, double last_spacing);

// Nodes on the surface of the NACA 00tt section, ordered as a C-mesh's wall runs: from the
// trailing edge (1, 0) along the lower surface to the leading edge (0, 0) and along the upper
// surface back to (1, 0); 2 * intervals_per_side + 1 nodes, both trailing-edge nodes included.
// Along each side the nodes are placed by arc length with vinokur_two_sided, so the first interval
// at the leading edge is about le_spacing and the last one at the trailing edge about te_spacing
// (lengths in chords, measured along the surface). Every node lies on the curve exactly: it is
// evaluated at a parameter u = sqrt(x), in which the curve is a polynomial, found by Newton's
// method on the arc length. The lower side is the mirror image (x, -y) of the upper side, bit for
// bit, and the trailing and leading edges are exactly (1, 0) and (0, 0).
std::vector<std::array<double, 2>> naca00_surface_nodes(double thickness, int intervals_per_side,
                                                        double le_spacing, double te_spacing);

// A NACA 4-digit section "NACA mptt": maximum camber m / 100 at p / 10 of the chord, thickness
// tt / 100 (Abbott & von Doenhoff, "Theory of Wing Sections", sec. 6.4), with the closed trailing
// edge above.
struct NacaFourDigit {
  std::string designation;       // "NACA 2412"
  double camber = 0.0;           // m / 100
  double camber_position = 0.0;  // p / 10 (0 when m = 0)
  double thickness = 0.12;       // tt / 100
};

// "NACA 0012", "naca2412", "0012": the four digits, optionally after NACA (any case, spaces
// allowed between). None for anything else, or for a camber without its position (m > 0, p = 0),
// a position without camber, or zero thickness.
std::optional<NacaFourDigit> parse_naca_four_digit(const std::string& text);

// naca00_surface_nodes for any 4-digit section: the symmetric section's nodes at the same
// thickness (so the same arc-length distribution along the chord), each moved onto the cambered
// surface: (x, +-y_t) -> (x -+ y_t sin theta, y_c +- y_t cos theta), theta the camber line's
// slope angle. Identical, bit for bit, to naca00_surface_nodes when the camber is 0.
std::vector<std::array<double, 2>> naca4_surface_nodes(const NacaFourDigit& section,
                                                       int intervals_per_side, double le_spacing,
                                                       double te_spacing);

}  // namespace portaflow::mesh
