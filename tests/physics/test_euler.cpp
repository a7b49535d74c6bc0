// Unit tests of the pointwise ideal-gas Euler physics (include/portaflow/physics/euler.hpp), in 1,
// 2 and 3 dimensions. These are identities of the equations, so every threshold is round-off (a
// multiple of machine epsilon on the size of the terms involved) except the finite-difference
// Jacobian check, whose threshold is the truncation/round-off balance of a central difference.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <type_traits>

#include "portaflow/core/types.hpp"
#include "portaflow/physics/euler.hpp"

namespace {

using portaflow::Real;
using portaflow::physics::Euler;
using portaflow::physics::IdealGas;

constexpr Real kEps = std::numeric_limits<Real>::epsilon();

template <class DimTag>
class EulerTest : public ::testing::Test {
 public:
  static constexpr int kDim = DimTag::value;

  // Primitive states: subsonic, supersonic and at rest, with unequal velocity components so that a
  // mixed-up direction index changes the answer. Kinetic and internal energy are of the same order,
  // so recovering p from E loses at most a factor ~2 to cancellation.
  static constexpr int kNumStates = 3;
  static typename Euler<kDim>::State primitive_state(int which) {
    using Eq = Euler<kDim>;
    const Real rho[kNumStates] = {Real(1.3), Real(0.2), Real(4.0)};
    const Real p[kNumStates] = {Real(2.1), Real(0.05), Real(7.5)};
    const Real vel[kNumStates][3] = {{Real(0.4), Real(-0.7), Real(0.25)},
                                     {Real(-0.9), Real(0.3), Real(0.6)},
                                     {Real(0), Real(0), Real(0)}};
    typename Eq::State w;
    w[Eq::kRho] = rho[which];
    for (int d = 0; d < kDim; ++d) w[Eq::kVel + d] = vel[which][d];
    w[Eq::kPressure] = p[which];
    return w;
  }
};

using Dimensions = ::testing::Types<std::integral_constant<int, 1>, std::integral_constant<int, 2>,
                                    std::integral_constant<int, 3>>;
class DimensionNames {
 public:
  template <class T>
  static std::string GetName(int) {
    return std::to_string(T::value) + "d";
  }
};
TYPED_TEST_SUITE(EulerTest, Dimensions, DimensionNames);

TYPED_TEST(EulerTest, PrimitiveConservativeRoundTrip) {
  using Eq = Euler<TestFixture::kDim>;
  const IdealGas gas{Real(1.4)};
  for (int s = 0; s < TestFixture::kNumStates; ++s) {
    const auto w = TestFixture::primitive_state(s);
    const auto u = Eq::to_conservative(w, gas);
    const auto w_back = Eq::to_primitive(u, gas);
    // rho is copied; each velocity is one multiply and one divide (2 roundings).
    EXPECT_EQ(w_back[Eq::kRho], w[Eq::kRho]);
    for (int d = 0; d < TestFixture::kDim; ++d) {
      EXPECT_NEAR(w_back[Eq::kVel + d], w[Eq::kVel + d], 4 * kEps * std::abs(w[Eq::kVel + d]));
    }
    // p comes back as (gamma - 1)(E - rho|u|^2/2): the subtraction's error is a few roundings of
    // E, so the bound is on (gamma - 1) E, not on p.
    EXPECT_NEAR(w_back[Eq::kPressure], w[Eq::kPressure],
                16 * kEps * (gas.gamma - 1) * u[Eq::kEnergy]);
  }
}

TYPED_TEST(EulerTest, FluxFromPrimitiveEqualsFlux) {
  using Eq = Euler<TestFixture::kDim>;
  const IdealGas gas{Real(1.4)};
  for (int s = 0; s < TestFixture::kNumStates; ++s) {
    const auto w = TestFixture::primitive_state(s);
    const auto u = Eq::to_conservative(w, gas);
    for (int dir = 0; dir < TestFixture::kDim; ++dir) {
      const auto f_w = Eq::flux_from_primitive(w, dir, gas);
      const auto f_u = Eq::flux(u, dir, gas);
      // Two evaluation orders of the same products; the conservative path recovers p from E by
      // cancellation, so the scale is E (1 + |u_n|) on top of the flux itself.
      const Real scale = u[Eq::kEnergy] * (1 + std::abs(w[Eq::kVel + dir])) + w[Eq::kRho];
      for (int k = 0; k < Eq::kNumVars; ++k) {
        EXPECT_NEAR(f_u[k], f_w[k], 32 * kEps * (scale + std::abs(f_w[k])))
            << "state " << s << ", dir " << dir << ", component " << k;
      }
    }
  }
}

TYPED_TEST(EulerTest, FluxJacobianMatchesCentralDifference) {
  using Eq = Euler<TestFixture::kDim>;
  using State = typename Eq::State;
  constexpr int n = Eq::kNumVars;
  const IdealGas gas{Real(1.4)};
  // Step h = eps^(1/3) |U_j| balances the O(h^2) truncation error of a central difference against
  // its O(eps/h) round-off; both are then O(eps^(2/3)) times the size of F and its derivatives
  // (4e-11 in double, 2e-5 in float). 100x that leaves room for the third derivative's constant.
  const Real cbrt_eps = std::cbrt(kEps);
  const Real tolerance_factor = 100 * cbrt_eps * cbrt_eps;
  for (int s = 0; s < TestFixture::kNumStates; ++s) {
    const State u = Eq::to_conservative(TestFixture::primitive_state(s), gas);
    for (int dir = 0; dir < TestFixture::kDim; ++dir) {
      const auto a = Eq::flux_jacobian(u, dir, gas);
      Real scale = 1;  // size of the Jacobian's entries (and of the flux, which is A U)
      for (int k = 0; k < n * n; ++k) scale = std::fmax(scale, std::abs(a[k]));
      for (int col = 0; col < n; ++col) {
        const Real h = cbrt_eps * std::fmax(std::abs(u[col]), Real(1));
        State u_plus = u;
        State u_minus = u;
        u_plus[col] += h;
        u_minus[col] -= h;
        const Real step = u_plus[col] - u_minus[col];  // the step actually taken, after rounding
        const auto f_plus = Eq::flux(u_plus, dir, gas);
        const auto f_minus = Eq::flux(u_minus, dir, gas);
        for (int row = 0; row < n; ++row) {
          const Real derivative = (f_plus[row] - f_minus[row]) / step;
          EXPECT_NEAR(a[row * n + col], derivative, tolerance_factor * scale)
              << "state " << s << ", dir " << dir << ", A(" << row << "," << col << ")";
        }
      }
    }
  }
}

TYPED_TEST(EulerTest, FluxJacobianTimesStateIsFlux) {
  using Eq = Euler<TestFixture::kDim>;
  constexpr int n = Eq::kNumVars;
  const IdealGas gas{Real(1.4)};
  // The Euler flux is homogeneous of degree 1 in U (the homogeneity property, Toro ch. 3), so
  // A(U) U = F(U) exactly.
  for (int s = 0; s < TestFixture::kNumStates; ++s) {
    const auto u = Eq::to_conservative(TestFixture::primitive_state(s), gas);
    for (int dir = 0; dir < TestFixture::kDim; ++dir) {
      const auto a = Eq::flux_jacobian(u, dir, gas);
      const auto f = Eq::flux(u, dir, gas);
      for (int row = 0; row < n; ++row) {
        Real product = 0;
        Real magnitude = std::abs(f[row]);
        for (int col = 0; col < n; ++col) {
          product += a[row * n + col] * u[col];
          magnitude += std::abs(a[row * n + col] * u[col]);
        }
        // Each entry of A carries a few roundings and the sum n more, on terms of size magnitude.
        EXPECT_NEAR(product, f[row], 4 * (n + 4) * kEps * magnitude)
            << "state " << s << ", dir " << dir << ", row " << row;
      }
    }
  }
}

TYPED_TEST(EulerTest, MaxWaveSpeed) {
  using Eq = Euler<TestFixture::kDim>;
  const IdealGas gas{Real(1.4)};
  for (int s = 0; s < TestFixture::kNumStates; ++s) {
    const auto w = TestFixture::primitive_state(s);
    const auto u = Eq::to_conservative(w, gas);
    const Real sound = std::sqrt(gas.gamma * w[Eq::kPressure] / w[Eq::kRho]);
    Real max_speed = 0;
    for (int dir = 0; dir < TestFixture::kDim; ++dir) {
      const Real expected = std::abs(w[Eq::kVel + dir]) + sound;
      max_speed = std::fmax(max_speed, expected);
      // p is recovered from E (cancellation below a factor 2 for these states), then a square
      // root and a sum: a handful of roundings.
      EXPECT_NEAR(Eq::max_wave_speed(u, dir, gas), expected, 16 * kEps * expected)
          << "state " << s << ", dir " << dir;
    }
    EXPECT_NEAR(Eq::max_wave_speed(u, gas), max_speed, 16 * kEps * max_speed) << "state " << s;
  }
}

TYPED_TEST(EulerTest, IsPhysicalRejectsNonPhysicalStates) {
  using Eq = Euler<TestFixture::kDim>;
  using State = typename Eq::State;
  const IdealGas gas{Real(1.4)};
  const State good = Eq::to_conservative(TestFixture::primitive_state(0), gas);
  EXPECT_TRUE(Eq::is_physical(good, gas));

  for (int k = 0; k < Eq::kNumVars; ++k) {
    State bad = good;
    bad[k] = std::numeric_limits<Real>::quiet_NaN();
    EXPECT_FALSE(Eq::is_physical(bad, gas)) << "NaN in component " << k;
    bad[k] = std::numeric_limits<Real>::infinity();
    EXPECT_FALSE(Eq::is_physical(bad, gas)) << "infinity in component " << k;
  }

  State negative_density = good;
  negative_density[Eq::kRho] = -good[Eq::kRho];
  EXPECT_FALSE(Eq::is_physical(negative_density, gas));

  State zero_density = good;
  zero_density[Eq::kRho] = 0;
  EXPECT_FALSE(Eq::is_physical(zero_density, gas));

  // E below the kinetic energy: negative pressure.
  State negative_pressure = good;
  negative_pressure[Eq::kEnergy] = Real(0.5) * Eq::kinetic_energy_density(good);
  EXPECT_FALSE(Eq::is_physical(negative_pressure, gas));

  // At rest with E = 0: exactly zero pressure, which is not positive.
  State zero_pressure = Eq::to_conservative(TestFixture::primitive_state(2), gas);
  zero_pressure[Eq::kEnergy] = 0;
  EXPECT_FALSE(Eq::is_physical(zero_pressure, gas));
}

}  // namespace

namespace portaflow::physics {
namespace {

// jacobian_times(u, dir, du) must equal flux_jacobian(u, dir) * du: both are A_dir du, one
// formed without the matrix. Agreement to a few ulps of the largest term is the round-off bound.
template <int Dim>
void check_jacobian_times() {
  using E = Euler<Dim>;
  const IdealGas gas{Real(1.4)};
  typename E::State w, du;
  w[E::kRho] = Real(1.3);
  for (int d = 0; d < Dim; ++d) w[E::kVel + d] = Real(0.7) - Real(0.9) * d;
  w[E::kPressure] = Real(2.1);
  const auto u = E::to_conservative(w, gas);
  for (int k = 0; k < E::kNumVars; ++k) du[k] = Real(0.3) + Real(0.17) * k * (k % 2 ? -1 : 1);
  for (int dir = 0; dir < Dim; ++dir) {
    const auto a = E::flux_jacobian(u, dir, gas);
    const auto product = E::jacobian_times(u, dir, du, gas);
    for (int r = 0; r < E::kNumVars; ++r) {
      Real expected = 0, scale = 0;
      for (int c = 0; c < E::kNumVars; ++c) {
        expected += a[r * E::kNumVars + c] * du[c];
        scale += std::fabs(a[r * E::kNumVars + c] * du[c]);
      }
      EXPECT_NEAR(product[r], expected, 16 * std::numeric_limits<Real>::epsilon() * scale)
          << "Dim " << Dim << " dir " << dir << " row " << r;
    }
  }
}

TEST(EulerJacobianTimes, MatchesMatrixProduct) {
  check_jacobian_times<1>();
  check_jacobian_times<2>();
  check_jacobian_times<3>();
}

}  // namespace
}  // namespace portaflow::physics
