// The three-stage, third-order strong-stability-preserving Runge-Kutta method (Shu & Osher 1988;
// Gottlieb, Shu & Tadmor 2001, eq. 4.1), the time integrator of Zimmerman et al. (2018), written as
// the convex combinations the schemes apply per cell:
//   U1      = U^n + dt L(U^n)
//   U2      = 3/4 U^n + 1/4 (U1 + dt L(U1))
//   U^{n+1} = 1/3 U^n + 2/3 (U2 + dt L(U2))
// i.e. stage k: U^(k+1) = a_k U^n + b_k (U^(k) + dt L(U^(k))). Each stage is a forward-Euler step
// in convex combination, so it keeps whatever the forward-Euler step keeps (TVD, positivity) at
// the same CFL number.
#pragma once

namespace portaflow::time {

struct SspRk3 {
  static constexpr int kStages = 3;
  static constexpr double a[kStages] = {0.0, 0.75, 1.0 / 3.0};  // weight of U^n
  static constexpr double b[kStages] = {1.0, 0.25, 2.0 / 3.0};  // weight of the Euler step
};

}  // namespace portaflow::time
