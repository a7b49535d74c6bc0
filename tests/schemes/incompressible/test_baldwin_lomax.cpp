// Baldwin-Lomax: the device kernel against a plain host evaluation of the model's
// definition (AIAA 78-257) on a boundary-layer profile, for wall lines (van Driest damping, y+
// from the wall vorticity) and for lines off the wall (no damping, U_dif = max - min speed).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "portaflow/schemes/incompressible/turbulence/baldwin_lomax.hpp"

namespace portaflow::incompressible {
namespace {

// The model written out once more, on one line of (y, speed, |omega|) values.
std::vector<double> reference_line(const std::vector<double>& y, const std::vector<double>& speed,
                                   const std::vector<double>& vorticity, bool wall, double nu) {
  const double kappa = 0.4, a_plus = 26, k = 0.0168, c_cp = 1.6, c_kleb = 0.3, c_wk = 0.25;
  const double u_tau = std::sqrt(nu * vorticity[0]);
  auto damping = [&](double yy) { return wall ? 1 - std::exp(-yy * u_tau / nu / a_plus) : 1.0; };
  double f_max = 0, y_max = 0, s_max = 0, s_min = wall ? 0 : 1e300;
  for (std::size_t j = 0; j < y.size(); ++j) {
    const double f = y[j] * vorticity[j] * damping(y[j]);
    if (f > f_max) {
      f_max = f;
      y_max = y[j];
    }
    s_max = std::max(s_max, speed[j]);
    s_min = std::min(s_min, speed[j]);
  }
  const double f_wake =
      std::min(y_max * f_max, c_wk * y_max * (s_max - s_min) * (s_max - s_min) / f_max);
  std::vector<double> nu_t(y.size());
  bool outer = false;
  for (std::size_t j = 0; j < y.size(); ++j) {
    const double inner = std::pow(kappa * y[j] * damping(y[j]), 2) * vorticity[j];
    const double out = k * c_cp * f_wake / (1 + 5.5 * std::pow(c_kleb * y[j] / y_max, 6));
    outer = outer || (j > 0 && inner > out);
    nu_t[j] = outer ? out : inner;
  }
  return nu_t;
}

TEST(BaldwinLomax, MatchesTheModelsDefinitionOnWallAndWakeLines) {
  // A 1 x 0.5 box, j = 0 the wall for i in [4, 12], a wake-like line elsewhere; a tanh boundary
  // layer u = U tanh(y / delta) (delta 0.02, Re 1e5), growing slowly with x, v = 0.
  const int ni = 17, nj = 81;
  NodeGrid g = make_cartesian_grid(ni, nj, 0, 1, 0, 0.5);
  const double nu = 1e-5;
  NodeField u("u", nj, ni), v("v", nj, ni), omega("omega", nj, ni), nu_t("nu_t", nj, ni);
  auto hu = Kokkos::create_mirror_view(u);
  auto hw = Kokkos::create_mirror_view(omega);
  auto hx = Kokkos::create_mirror_view_and_copy(HostSpace(), g.x);
  auto hy = Kokkos::create_mirror_view_and_copy(HostSpace(), g.y);
  for (int j = 0; j < nj; ++j)
    for (int i = 0; i < ni; ++i) {
      const double delta = 0.02 * (1 + hx(j, i)), y = hy(j, i);
      const double t = std::tanh(y / delta);
      hu(j, i) = 0.2 + 0.8 * t;  // off the wall lines a wake: the speed's minimum is 0.2
      hw(j, i) = -0.8 * (1 - t * t) / delta;
    }
  Kokkos::deep_copy(u, hu);
  Kokkos::deep_copy(omega, hw);
  const int wall_begin = 4, wall_end = 12;
  baldwin_lomax(g, u, v, omega, wall_begin, wall_end, Real(nu), nu_t);
  auto got = Kokkos::create_mirror_view_and_copy(HostSpace(), nu_t);
  double worst = 0, largest = 0;
  for (int i = 0; i < ni; ++i) {
    std::vector<double> y(nj), speed(nj), vorticity(nj);
    for (int j = 0; j < nj; ++j) {
      y[j] = hy(j, i) - hy(0, i);
      speed[j] = std::fabs(hu(j, i));
      vorticity[j] = std::fabs(hw(j, i));
    }
    const bool wall = i >= wall_begin && i <= wall_end;
    const auto expected = reference_line(y, speed, vorticity, wall, nu);
    for (int j = 0; j < nj; ++j) {
      worst = std::max(worst, std::fabs(got(j, i) - expected[j]));
      largest = std::max(largest, expected[j]);
    }
    EXPECT_EQ(got(0, i), 0) << "line " << i;
  }
  std::printf(
      "Baldwin-Lomax on a tanh layer: largest nu_t %.3e (%.1f nu), largest deviation from "
      "the definition %.2e\n",
      largest, largest / nu, worst);
  EXPECT_LT(worst, 1e-12 * largest);
  EXPECT_GT(largest, 10 * nu);  // a turbulent layer at Re 1e5: eddy viscosity well above nu
  // Van Driest damping acts on the wall lines only: next to the wall their nu_t is far smaller.
  EXPECT_LT(got(1, 8), 0.5 * got(1, 0));
}

}  // namespace
}  // namespace portaflow::incompressible
