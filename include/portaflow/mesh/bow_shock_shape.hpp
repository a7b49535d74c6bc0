// Bow shocks of blunt bodies in a supersonic stream: Billig's correlations (Billig 1967, for
// gamma = 1.4: stand-off distance and shock radius at the vertex, from experiments) with his
// hyperbola for the shock shape. Host-only plain C++: the blunt-body generators fit their outer
// boundary to the shock (mesh/blunt_body_mesh.hpp), and the solver and the tests compare with it.
#pragma once

#include <cmath>

namespace portaflow::mesh {

enum class BluntBody { kCylinder, kSphere };

// Shock stand-off distance over the body's nose radius (Billig 1967).
inline double billig_standoff(BluntBody body, double mach) {
  return body == BluntBody::kCylinder ? 0.386 * std::exp(4.67 / (mach * mach))
                                      : 0.143 * std::exp(3.24 / (mach * mach));
}

// Radius of curvature of the shock at its vertex over the nose radius (Billig 1967).
inline double billig_vertex_radius(BluntBody body, double mach) {
  return body == BluntBody::kCylinder ? 1.386 * std::exp(1.8 / std::pow(mach - 1, 0.75))
                                      : 1.143 * std::exp(0.54 / std::pow(mach - 1, 1.2));
}

// A shock hyperbola with the vertex `vertex` upstream of the nose's centre, vertex radius
// `radius` and the asymptotes at the Mach angle beta = asin(1 / mach): the distance upstream of
// the centre at height y (Billig 1967: x = R + Delta - Rc cot^2 beta (sqrt(1 + y^2 tan^2 beta /
// Rc^2) - 1)).
inline double hyperbola_upstream(double vertex, double radius, double mach, double y) {
  const double cot2 = mach * mach - 1;  // cot^2 of the Mach angle
  return vertex - radius * cot2 * (std::sqrt(1 + y * y / (cot2 * radius * radius)) - 1);
}

// Distance from the point (x, r) of the meridian plane along the unit direction (dx, dr) to the
// hyperbola above (the point inside it, the direction leaving it: along the line the hyperbola's
// upstream distance falls while the line's grows, so their gap has one root, found by bisection).
inline double distance_to_hyperbola(double x, double r, double dx, double dr, double vertex,
                                    double radius, double mach) {
  auto gap = [&](double t) {
    return hyperbola_upstream(vertex, radius, mach, r + t * dr) + x + t * dx;
  };
  double low = 0, high = 1;
  while (gap(high) > 0) high *= 2;
  for (int k = 0; k < 200 && high - low > 1e-15 * high; ++k) {
    const double mid = 0.5 * (low + high);
    (gap(mid) > 0 ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

// Billig's shock: its distance upstream of the centre of a nose of radius 1 at height y.
inline double billig_shock_upstream(BluntBody body, double mach, double y) {
  return hyperbola_upstream(1 + billig_standoff(body, mach), billig_vertex_radius(body, mach), mach,
                            y);
}

// The height at which a hyperbola (as above) reaches x_upstream (<= vertex).
inline double hyperbola_height(double vertex, double radius, double mach, double x_upstream) {
  const double cot2 = mach * mach - 1;
  const double root = 1 + (vertex - x_upstream) / (radius * cot2);
  return radius * std::sqrt(cot2 * (root * root - 1));
}

}  // namespace portaflow::mesh
