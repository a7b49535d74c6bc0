// physics/euler_normal.hpp against the Cartesian pieces it is made of.
#include <gtest/gtest.h>

#include "portaflow/physics/euler_normal.hpp"
#include "portaflow/physics/riemann_flux_choice.hpp"

namespace portaflow::physics {
namespace {

E2::State sample_state() {
  E2::State w;
  w[E2::kRho] = 1.3;
  w[E2::kVel] = 0.7;
  w[E2::kVel + 1] = -0.4;
  w[E2::kPressure] = 2.1;
  return E2::to_conservative(w, IdealGas{});
}

TEST(EulerNormal, NormalFluxIsTheProjectedFlux) {
  const IdealGas gas;
  const E2::State u = sample_state();
  const Real nx = 0.3, ny = -1.7;
  const auto f = E2::flux(u, 0, gas), g = E2::flux(u, 1, gas);
  const auto fn = normal_flux(u, nx, ny, gas);
  for (int v = 0; v < E2::kNumVars; ++v) EXPECT_NEAR(fn[v], nx * f[v] + ny * g[v], 1e-14);
}

TEST(EulerNormal, JacobianTimesMatchesTheJacobianMatrices) {
  const IdealGas gas;
  const E2::State u = sample_state();
  const E2::State du{0.1, -0.2, 0.35, 0.05};
  const Real nx = -0.6, ny = 1.1;
  const auto a = E2::flux_jacobian(u, 0, gas), b = E2::flux_jacobian(u, 1, gas);
  const auto r = normal_jacobian_times(u, nx, ny, du, gas);
  for (int row = 0; row < E2::kNumVars; ++row) {
    double expected = 0;
    for (int c = 0; c < E2::kNumVars; ++c)
      expected += (nx * a[row * E2::kNumVars + c] + ny * b[row * E2::kNumVars + c]) * du[c];
    EXPECT_NEAR(r[row], expected, 1e-13) << "row " << row;
  }
}

TEST(EulerNormal, RotatedFluxMatchesTheAxisFluxesAndScalesWithArea) {
  const IdealGas gas;
  const E2::State ul = sample_state();
  E2::State ur = ul;
  ur[E2::kRho] *= 0.8;
  ur[E2::kEnergy] *= 1.2;
  for (int dir = 0; dir < 2; ++dir) {
    const auto direct =
        HllcFlux::flux<2>(E2::to_primitive(ul, gas), E2::to_primitive(ur, gas), dir, gas);
    const Real area = 2.5;
    const auto rotated =
        rotated_riemann_flux<HllcFlux>(ul, ur, dir == 0 ? area : 0, dir == 1 ? area : 0, gas);
    for (int v = 0; v < E2::kNumVars; ++v) EXPECT_NEAR(rotated[v], area * direct[v], 1e-13);
  }
  // Consistency along a skew normal: equal states give the physical normal flux.
  const auto same = rotated_riemann_flux<RusanovFlux>(ul, ul, 0.8, -0.3, gas);
  const auto exact = normal_flux(ul, 0.8, -0.3, gas);
  for (int v = 0; v < E2::kNumVars; ++v) EXPECT_NEAR(same[v], exact[v], 1e-14);
}

}  // namespace
}  // namespace portaflow::physics
