// The Rayleigh pitot formula: the stagnation pressure behind a normal shock (NACA Report 1135,
// Ames Research Staff 1953), what a blunt body's stagnation point sees in a supersonic stream.
#pragma once

#include <cmath>

namespace portaflow::physics {

// Pitot pressure over the free-stream static pressure: the stagnation pressure behind a normal
// shock at Mach mach > 1 (the Rayleigh pitot formula).
inline double rayleigh_pitot_ratio(double mach, double gamma) {
  const double m2 = mach * mach;
  const double a = (gamma + 1) * (gamma + 1) * m2 / (4 * gamma * m2 - 2 * (gamma - 1));
  return std::pow(a, gamma / (gamma - 1)) * (1 - gamma + 2 * gamma * m2) / (gamma + 1);
}

}  // namespace portaflow::physics
