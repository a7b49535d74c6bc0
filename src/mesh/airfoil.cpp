// NACA 00tt geometry and surface node distribution (see airfoil.hpp).
#include "portaflow/mesh/airfoil.hpp"

#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {
namespace {

// The thickness polynomial in u = sqrt(x): y_t = 5 t (a0 u + a1 u^2 + a2 u^4 + a3 u^6 + a4 u^8).
// In u the curve x = u^2, y = y_t(u) is smooth at the leading edge (dy/du is finite there), so
// Gauss quadrature of the arc length and Newton's method both converge fast.
constexpr double kA0 = 0.2969, kA1 = -0.1260, kA2 = -0.3516, kA3 = 0.2843, kA4 = -0.1036;

double thickness_in_u(double thickness, double u) {
  const double u2 = u * u;
  return 5.0 * thickness * u * (kA0 + u * (kA1 + u2 * (kA2 + u2 * (kA3 + u2 * kA4))));
}

double thickness_slope_in_u(double thickness, double u) {
  const double u2 = u * u;
  return 5.0 * thickness *
         (kA0 + u * (2.0 * kA1 + u2 * (4.0 * kA2 + u2 * (6.0 * kA3 + u2 * 8.0 * kA4))));
}

// |d(x, y)/du| along the surface.
double speed_in_u(double thickness, double u) {
  const double dx = 2.0 * u, dy = thickness_slope_in_u(thickness, u);
  return std::sqrt(dx * dx + dy * dy);
}

// 5-point Gauss-Legendre rule on [a, b]: exact to degree 9, so with kPanels panels the arc length
// is accurate to round-off for the smooth integrand above.
double gauss_arc_length(double thickness, double a, double b) {
  static constexpr double kNodes[5] = {0.0, -0.5384693101056831, 0.5384693101056831,
                                       -0.9061798459386640, 0.9061798459386640};
  static constexpr double kWeights[5] = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                         0.2369268850561891, 0.2369268850561891};
  const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
  double sum = 0.0;
  for (int q = 0; q < 5; ++q) sum += kWeights[q] * speed_in_u(thickness, mid + half * kNodes[q]);
  return half * sum;
}

constexpr int kPanels = 256;

// Cumulative arc length at the panel ends u = k / kPanels.
std::vector<double> panel_arc_lengths(double thickness) {
  std::vector<double> cumulative(kPanels + 1, 0.0);
  for (int k = 0; k < kPanels; ++k) {
    cumulative[k + 1] =
        cumulative[k] + gauss_arc_length(thickness, static_cast<double>(k) / kPanels,
                                         static_cast<double>(k + 1) / kPanels);
  }
  return cumulative;
}

// The parameter u at which the arc length from the leading edge equals s: Newton's method inside
// the panel that holds s (the arc length is strictly increasing, its derivative is the speed).
double parameter_at_arc_length(double thickness, const std::vector<double>& cumulative, double s) {
  int k = 0;
  while (k < kPanels - 1 && cumulative[k + 1] <= s) ++k;
  const double u_lo = static_cast<double>(k) / kPanels, u_hi = static_cast<double>(k + 1) / kPanels;
  double u = 0.5 * (u_lo + u_hi);
  for (int iteration = 0; iteration < 50; ++iteration) {
    const double residual = cumulative[k] + gauss_arc_length(thickness, u_lo, u) - s;
    const double step = residual / speed_in_u(thickness, u);
    u = std::fmin(std::fmax(u - step, u_lo), u_hi);
    if (std::fabs(step) < 1e-15) break;
  }
  return u;
}

// Root of an increasing function on [lo, hi] by bisection: deterministic and always converges.
template <class F>
double bisect_increasing(F f, double lo, double hi) {
  for (int iteration = 0; iteration < 200 && hi - lo > 1e-15 * hi; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) < 0.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

double naca00_half_thickness(double thickness, double x) {
  return 5.0 * thickness * (kA0 * std::sqrt(x) + x * (kA1 + x * (kA2 + x * (kA3 + x * kA4))));
}

double naca00_side_length(double thickness) { return panel_arc_lengths(thickness)[kPanels]; }

std::vector<double> vinokur_two_sided(int intervals, double first_spacing, double last_spacing) {
  require(intervals >= 1 && first_spacing > 0.0 && last_spacing > 0.0,
          "vinokur_two_sided needs at least one interval and positive end spacings (got " +
              std::to_string(intervals) + " intervals, spacings " + std::to_string(first_spacing) +
              " and " + std::to_string(last_spacing) + ").");
  const double n = intervals;
  // Vinokur's A (asymmetry) and B (overall stretching) from the end slopes ds/dxi ~ n * spacing.
  const double a = std::sqrt(last_spacing / first_spacing);
  const double b = 1.0 / (n * std::sqrt(first_spacing * last_spacing));
  // The stretching parameter is found once; B > 1 clusters nodes at the ends (tanh form,
  // sinh(dy) / dy = B), B < 1 spreads them (tan form, sin(dy) / dy = B), B = 1 is uniform.
  const bool tanh_form = b > 1.0 + 1e-9, tan_form = b < 1.0 - 1e-9;
  double dy = 0.0;
  if (tanh_form) dy = bisect_increasing([b](double d) { return std::sinh(d) / d - b; }, 1e-9, 60.0);
  if (tan_form) {
    dy = bisect_increasing([b](double d) { return b - std::sin(d) / d; }, 1e-9, M_PI - 1e-12);
  }
  std::vector<double> s(intervals + 1);
  for (int k = 0; k <= intervals; ++k) {
    const double xi = k / n;
    double u = xi;
    if (tanh_form) u = 0.5 * (1.0 + std::tanh(dy * (xi - 0.5)) / std::tanh(0.5 * dy));
    if (tan_form) u = 0.5 * (1.0 + std::tan(dy * (xi - 0.5)) / std::tan(0.5 * dy));
    s[k] = u / (a + (1.0 - a) * u);
  }
  s[0] = 0.0;
  s[intervals] = 1.0;
  return s;
}

std::vector<std::array<double, 2>> naca00_surface_nodes(double thickness, int intervals_per_side,
                                                        double le_spacing, double te_spacing) {
  require(thickness > 0.0 && thickness < 0.5 && intervals_per_side >= 2,
          "naca00_surface_nodes needs a thickness in (0, 0.5) and at least 2 intervals per side.");
  const std::vector<double> cumulative = panel_arc_lengths(thickness);
  const double side_length = cumulative[kPanels];
  const std::vector<double> fraction =
      vinokur_two_sided(intervals_per_side, le_spacing / side_length, te_spacing / side_length);

  // Upper side, leading edge (k = 0) to trailing edge (k = intervals_per_side).
  std::vector<std::array<double, 2>> upper(intervals_per_side + 1);
  for (int k = 1; k < intervals_per_side; ++k) {
    const double u = parameter_at_arc_length(thickness, cumulative, fraction[k] * side_length);
    upper[k] = {u * u, thickness_in_u(thickness, u)};
  }
  upper[0] = {0.0, 0.0};
  upper[intervals_per_side] = {1.0, 0.0};  // the closed trailing edge, exactly

  std::vector<std::array<double, 2>> nodes;
  nodes.reserve(2 * intervals_per_side + 1);
  for (int k = intervals_per_side; k > 0; --k) nodes.push_back({upper[k][0], 0.0 - upper[k][1]});
  for (int k = 0; k <= intervals_per_side; ++k) nodes.push_back(upper[k]);
  return nodes;
}

std::optional<NacaFourDigit> parse_naca_four_digit(const std::string& text) {
  std::string digits;
  std::size_t k = 0;
  const auto skip_spaces = [&] {
    while (k < text.size() && (text[k] == ' ' || text[k] == '-' || text[k] == '_')) ++k;
  };
  skip_spaces();
  if (text.size() - k >= 4) {
    std::string head = text.substr(k, 4);
    for (char& c : head) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (head == "NACA") k += 4;
  }
  skip_spaces();
  for (; k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])); ++k)
    digits += text[k];
  skip_spaces();
  if (k != text.size() || digits.size() != 4) return std::nullopt;
  NacaFourDigit section;
  const int m = digits[0] - '0', p = digits[1] - '0', tt = std::stoi(digits.substr(2));
  if (tt == 0 || (m == 0) != (p == 0)) return std::nullopt;
  section.designation = "NACA " + digits;
  section.camber = m / 100.0;
  section.camber_position = p / 10.0;
  section.thickness = tt / 100.0;
  return section;
}

std::vector<std::array<double, 2>> naca4_surface_nodes(const NacaFourDigit& section,
                                                       int intervals_per_side, double le_spacing,
                                                       double te_spacing) {
  std::vector<std::array<double, 2>> nodes =
      naca00_surface_nodes(section.thickness, intervals_per_side, le_spacing, te_spacing);
  if (section.camber == 0.0) return nodes;
  const double m = section.camber, p = section.camber_position;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const double x = nodes[k][0], half = nodes[k][1];  // half < 0 on the lower side
    // The camber line: two parabolas meeting at x = p (Abbott & von Doenhoff eq. 6.6).
    const double ahead = x < p;
    const double scale = ahead ? m / (p * p) : m / ((1.0 - p) * (1.0 - p));
    const double y_c =
        ahead ? scale * (2.0 * p * x - x * x) : scale * ((1.0 - 2.0 * p) + 2.0 * p * x - x * x);
    const double theta = std::atan(scale * 2.0 * (p - x));
    nodes[k] = {x - half * std::sin(theta), y_c + half * std::cos(theta)};
  }
  nodes.front() = {1.0, 0.0};  // the closed trailing edge and the leading edge, exactly
  nodes.back() = {1.0, 0.0};
  nodes[intervals_per_side] = {0.0, 0.0};
  return nodes;
}

}  // namespace portaflow::mesh
