// The turbulent flat plate's yardsticks (problems/turbulent_plate.hpp): the two skin-friction laws
// and the wall-units profile they are compared with. The shipped Re 1e7 deck and its figures:
// perf/cases/flat_plate/ (it runs for many minutes, so not here).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "portaflow/schemes/incompressible/problems/turbulent_plate.hpp"

namespace portaflow::incompressible {
namespace {

// Two independent correlations of the same measurements: they agree to 0.4 % over the range the
// deck is checked on, so a slip in either formula shows.
TEST(TurbulentPlate, SkinFrictionLawsAgreeWithEachOther) {
  for (double re_x = 1e6; re_x <= 1e7 * 1.0001; re_x *= std::pow(10.0, 0.25)) {
    const double s = schlichting_cf(re_x), w = white_cf(re_x);
    EXPECT_NEAR(w / s, 1.0, 0.005) << "Re_x = " << re_x;
  }
  EXPECT_NEAR(schlichting_cf(1e6), 0.0037455, 1e-6);  // (12 - 0.65)^-2.3
  EXPECT_NEAR(white_cf(1e7), 0.0025704, 1e-6);        // 0.455 / ln^2(6e5)
}

// A plate whose x = 0.5 line follows the log law for u_tau = 0.04 (nu = 1e-7): the profile finds
// that line, scales it by the wall shear the loads give, and reads the law back; scaling u by
// 1.1 shows as a 10 % error.
struct LogLawPlate {
  HostFlow flow;
  Loads loads;
};
LogLawPlate log_law_plate(double nu, double u_tau, double scale) {
  LogLawPlate p;
  HostFlow& f = p.flow;
  f.ni = 11;
  f.nj = 60;
  const std::size_t n = static_cast<std::size_t>(f.ni) * f.nj;
  f.x.resize(n);
  f.y.resize(n);
  f.u.assign(n, 0.0);
  for (int j = 0; j < f.nj; ++j)
    for (int i = 0; i < f.ni; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * f.ni + i;
      f.x[k] = 0.1 * i;
      f.y[k] = j == 0 ? 0.0 : 1e-6 * std::pow(1.15, j);
      const double y_plus = f.y[k] * u_tau / nu;
      if (j > 0) f.u[k] = scale * u_tau * log_law_u_plus(y_plus);
    }
  for (int i = 0; i < f.ni; ++i) {
    p.loads.x.push_back(f.x[i]);
    p.loads.cf.push_back(2 * u_tau * u_tau);  // U = 1
  }
  return p;
}

TEST(TurbulentPlate, WallUnitsProfileReadsTheLogLawBack) {
  const double nu = 1e-7, u_tau = 0.04;
  for (const double scale : {1.0, 1.1}) {
    const LogLawPlate p = log_law_plate(nu, u_tau, scale);
    const WallUnitsProfile profile =
        wall_units_profile(p.flow, p.loads, 0, p.flow.ni - 1, 1, nu, 0.5);
    EXPECT_DOUBLE_EQ(profile.x, 0.5);
    EXPECT_NEAR(profile.u_tau, u_tau, 1e-15);
    ASSERT_EQ(profile.y_plus.size(), static_cast<std::size_t>(p.flow.nj - 1));
    int in_log_region = 0;
    for (double y_plus : profile.y_plus) in_log_region += y_plus >= 30 && y_plus <= 300;
    EXPECT_GE(in_log_region, 10);
    const std::vector<double> no_re_theta(p.loads.x.size(), 0.0);
    const auto errors = turbulent_plate_errors(p.loads, no_re_theta, profile, 1e7, 1);
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_NEAR(errors[3].second, scale - 1, 1e-12) << errors[3].first;
  }
}

// Cf on the law itself reads 0 error against it; 3 % above Schlichting reads 3 %.
TEST(TurbulentPlate, SkinFrictionErrorsMeasureTheWorstStation) {
  Loads loads;
  for (int k = 0; k <= 20; ++k) {
    const double x = 0.05 * k + 0.05;
    loads.x.push_back(x);
    loads.cf.push_back(schlichting_cf(1e7 * x) * (x > 0.6 && x < 0.7 ? 1.03 : 1.0));
  }
  const std::vector<double> no_re_theta(loads.x.size(), 0.0);
  const auto errors = turbulent_plate_errors(loads, no_re_theta, WallUnitsProfile{}, 1e7, 1);
  EXPECT_NEAR(errors[0].second, 0.03, 1e-12) << errors[0].first;
  EXPECT_GT(errors[1].second, 0.03 - 0.005);
  EXPECT_DOUBLE_EQ(errors[2].second, 0.0);
  EXPECT_DOUBLE_EQ(errors[3].second, 0.0);
}

// The momentum thickness of a linear profile u / U = y / delta below delta (1 above) is delta / 6;
// Coles-Fernholz at Re_theta = 1e4 is 2 / (ln(1e4) / 0.384 + 4.127)^2; stations before the
// leading edge (x <= 0) get no Re_theta.
TEST(TurbulentPlate, MomentumThicknessAndColesFernholz) {
  HostFlow f;
  f.ni = 2;
  f.nj = 2001;
  const double delta = 0.01, nu = 1e-6;
  for (int j = 0; j < f.nj; ++j)
    for (int i = 0; i < f.ni; ++i) {
      const double y = 2 * delta * j / (f.nj - 1);
      f.x.push_back(i == 0 ? -0.1 : 0.5);
      f.y.push_back(y);
      f.u.push_back(std::min(y / delta, 1.0));
    }
  EXPECT_NEAR(momentum_thickness(f, 1, 1) / (delta / 6), 1.0, 1e-5);
  const std::vector<double> re_theta = momentum_thickness_reynolds(f, 0, 1, 1, nu);
  ASSERT_EQ(re_theta.size(), 2u);
  EXPECT_EQ(re_theta[0], 0.0);
  EXPECT_NEAR(re_theta[1], delta / 6 / nu, 1e-4 * delta / 6 / nu);
  const double edge = std::log(1e4) / 0.384 + 4.127;
  EXPECT_DOUBLE_EQ(coles_fernholz_cf(1e4), 2 / (edge * edge));
}

}  // namespace
}  // namespace portaflow::incompressible
