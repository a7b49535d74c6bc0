// MUSCL-Hancock 2D (dimensional splitting).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/muscl_hancock_1d_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"
#include "schemes/scheme_test_support.hpp"

namespace portaflow {
namespace {

using test::deck_config;
using test::run_to;

std::string cells2(int nx, int ny) {
  return "mesh.cells=[" + std::to_string(nx) + ", " + std::to_string(ny) + "]";
}

// Reference: the exact solution. Alternating x-y / y-x sweeps keep the splitting second order;
// TVD limiters clip the slopes at the sine's extrema (an O(dx) set), which keeps the L1 order
// below 2: at least 1.5 is asserted, as in 1D.
TEST(MusclHancock2D, DensityWaveOrder) {
  std::vector<double> errors;
  for (int n : {32, 64, 128}) {
    const RunConfig c = deck_config("fv/density_wave_2d.yaml", {cells2(n, n)});
    fv::MusclHancock2DSolver solver(c);
    run_to(solver, c.time.t_end);
    const auto s = solver.snapshot();
    const auto& rho = test::field(s, "rho");
    double sum = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const double x = 0.5 * (s.edges[0][i] + s.edges[0][i + 1]);
        const double y = 0.5 * (s.edges[1][j] + s.edges[1][j + 1]);
        sum += std::fabs(rho[j * n + i] -
                         exact_primitive(c.problem, c.mesh, c.physics.gamma, x, y, s.time)[0]);
      }
    errors.push_back(sum / (n * n));
  }
  const double order = test::observed_order(errors[1], errors[2], 64, 128);
  std::printf("[ muscl_hancock2d ] density wave L1(rho) %.3e %.3e %.3e, order %.2f (64-128)\n",
              errors[0], errors[1], errors[2], order);
  EXPECT_GE(order, 1.5);
}

// For data independent of y every y-flux difference vanishes, so each row follows the 1D scheme:
// equal to round-off after the same steps (dt equal: the x condition is the binding one).
TEST(MusclHancock2D, ReducesTo1DForYUniformData) {
  const RunConfig c1 = deck_config("fv/sod.yaml", {"mesh.cells=200"});
  const RunConfig c2 =
      deck_config("fv/riemann_2d_blakely.yaml",
                  {cells2(200, 4), "mesh.domain=[0, 1, 0, 1]", "problem.center_x=0.5",
                   "time.cfl=0.9", "problem.northeast={rho: 0.125, u: 0, v: 0, p: 0.1}",
                   "problem.southeast={rho: 0.125, u: 0, v: 0, p: 0.1}",
                   "problem.northwest={rho: 1, u: 0, v: 0, p: 1}",
                   "problem.southwest={rho: 1, u: 0, v: 0, p: 1}"});
  fv::MusclHancock1DSolver one(c1);
  fv::MusclHancock2DSolver two(c2);
  for (int step = 0; step < 100; ++step) {
    const double dt = one.stable_time_step();
    ASSERT_NEAR(dt, two.stable_time_step(), 1e-14 * dt);
    one.advance(dt);
    two.advance(dt);
  }
  const auto s1 = one.snapshot(), s2 = two.snapshot();
  for (const char* f : {"rho", "u", "p"})
    for (int j = 0; j < 4; ++j) {
      const auto& b = test::field(s2, f);
      std::vector<double> row(b.begin() + j * 200, b.begin() + (j + 1) * 200);
      EXPECT_LE(test::max_difference(test::field(s1, f), row), 1e-13 * test::max_abs(row)) << f;
    }
}

TEST(MusclHancock2D, ConservesToRoundOff) {
  {
    const RunConfig c = deck_config("fv/density_wave_2d.yaml", {cells2(40, 40)});
    fv::MusclHancock2DSolver solver(c);
    const auto before = solver.monitors();
    run_to(solver, 0.5);
    const auto after = solver.monitors();
    for (std::size_t k = 0; k < before.values.size(); ++k)
      EXPECT_NEAR(after.values[k], before.values[k], 1e-13 * std::fabs(before.values[k]))
          << before.names[k];
  }
  {
    const RunConfig c =
        deck_config("fv/riemann_2d_blakely.yaml",
                    {cells2(48, 48), "boundary.x_min=reflective", "boundary.x_max=reflective",
                     "boundary.y_min=reflective", "boundary.y_max=reflective",
                     "problem.northeast={rho: 1, u: 0, v: 0, p: 1}",
                     "problem.northwest={rho: 0.125, u: 0, v: 0, p: 0.1}",
                     "problem.southwest={rho: 0.125, u: 0, v: 0, p: 0.1}",
                     "problem.southeast={rho: 0.125, u: 0, v: 0, p: 0.1}"});
    fv::MusclHancock2DSolver solver(c);
    const auto before = solver.monitors();
    run_to(solver, 1.0);
    const auto after = solver.monitors();
    EXPECT_NEAR(after.values[0], before.values[0], 1e-13 * before.values[0]);
    EXPECT_NEAR(after.values[3], before.values[3], 1e-13 * before.values[3]);
  }
}

// The averaged splitting computes x-y and y-x from the same state and takes their mean, which is
// symmetric under x <-> y: eq. 5.1's symmetric data stay symmetric to round-off (1e-13 relative).
// (The alternating splitting is not symmetric within a step; its measured mean asymmetry at
// t = 0.15 was 2.3e-4, 2.7e-4, 1.9e-4 on 50^2, 100^2, 200^2: no clear decrease.)
TEST(MusclHancock2D, AveragedSplittingKeepsDiagonalSymmetry) {
  const RunConfig c = deck_config("fv/riemann_2d_blakely.yaml",
                                  {cells2(100, 100), "time.t_end=0.15", "fv.splitting=averaged"});
  fv::MusclHancock2DSolver solver(c);
  run_to(solver, c.time.t_end);
  const auto snapshot = solver.snapshot();
  const auto a = test::diagonal_asymmetry(snapshot, 100);
  std::printf("[ muscl_hancock2d ] averaged splitting, diagonal asymmetry: rho %.2e, u-v %.2e\n",
              a.rho, a.velocity);
  EXPECT_LE(a.rho, 1e-13 * test::max_abs(test::field(snapshot, "rho")));
  EXPECT_LE(a.velocity, 1e-13 * test::max_abs(test::field(snapshot, "u")));
}

// Whole steps with the backend's own sweep forms (tiles of lines on a CPU) against line walkers
// of 3 cells (execution.segment: segments that do not divide the lines, so the two-cell overlaps
// between walkers are exercised): the same arithmetic in another order of work, so equal to
// round-off (FMA contraction may differ), for both splittings, with reflective, periodic and
// transmissive sides.
TEST(MusclHancock2D, DefaultFormsAndWalkersAgree) {
  for (const char* splitting : {"alternating", "averaged"}) {
    const auto with = [&](std::vector<std::string> extra) {
      std::vector<std::string> settings{cells2(45, 38),
                                        "fv.flux=hllc",
                                        std::string("fv.splitting=") + splitting,
                                        "boundary.y_min=reflective",
                                        "boundary.x_min=periodic",
                                        "boundary.x_max=periodic",
                                        "problem.center_x=0.1",
                                        "problem.center_y=-0.15"};
      settings.insert(settings.end(), extra.begin(), extra.end());
      return deck_config("fv/riemann_2d_blakely.yaml", settings);
    };
    fv::MusclHancock2DSolver defaults(with({})), walkers(with({"execution.segment=3"}));
    for (int step = 0; step < 40; ++step) {
      const double dt = walkers.stable_time_step();
      ASSERT_NEAR(defaults.stable_time_step(), dt, 1e-13 * dt) << "step " << step;
      defaults.advance(dt);
      walkers.advance(dt);
    }
    const auto a = defaults.snapshot(), b = walkers.snapshot();
    for (const char* f : {"rho", "u", "v", "p"})
      EXPECT_LE(test::max_difference(test::field(a, f), test::field(b, f)),
                1e-12 * test::max_abs(test::field(b, f)))
          << splitting << " " << f;
  }
}

// A sweep's step for nx x ny cells: dt / h the same both ways, 1 / dx and 1 / dy, gamma 1.4.
fv::SplitStep2D sweep_step(Index nx, Index ny, Real dt_over_h, Real inv_dx, Real inv_dy) {
  fv::SplitStep2D step;
  step.dt_over_dx = step.dt_over_dy = dt_over_h;
  step.inv_dx = inv_dx;
  step.inv_dy = inv_dy;
  step.nx = nx;
  step.ny = ny;
  step.gas = physics::IdealGas{Real(1.4)};
  return step;
}

// One sweep along `dir` of `in` (nx x ny interior cells) as line walkers of `segment` cells, as
// tiles (teams on a GPU, vector loops on a CPU) and as rows (a GPU's x sweep by teams or warps
// walking rows; tiles elsewhere); expects the same new state and wave-rate
// maximum: the same arithmetic in another order of work, so round-off (FMA contraction may
// differ). An infinite rate (a non-physical result) must be infinite in both.
void expect_sweep_forms_alike(const Field2D& in, Index nx, Index ny, int dir,
                              const fv::SplitStep2D& step, const RunConfig& config, Index segment,
                              const std::string& what) {
  std::vector<std::vector<double>> results;
  std::vector<double> rates;
  using Form = fv::SweepLaunch::Form;
  for (auto form : {Form::kWalkers, Form::kTeams, Form::kRows, Form::kWarpRows}) {
    Field2D out("out", in.extent(0), in.extent(1), in.extent(2));
    fv::SweepRate rate("rate");
    fv::sweep_lines_2d(in, out, dir, step, config.family<FvConfig>(), config.boundary,
                       {segment, form}, &rate);
    double host_rate = 0;
    Kokkos::deep_copy(host_rate, rate.max);
    rates.push_back(host_rate);
    auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), out);
    std::vector<double> values;
    for (int v = 0; v < 4; ++v)
      for (Index j = 2; j < ny + 2; ++j)
        for (Index i = 2; i < nx + 2; ++i) values.push_back(host(v, j, i));
    results.push_back(values);
  }
  const double tolerance = 100 * std::numeric_limits<Real>::epsilon();
  EXPECT_GT(rates[0], 0) << what;
  for (std::size_t f = 1; f < results.size(); ++f) {  // each form against the walkers
    double largest = 0, difference = 0;
    for (std::size_t k = 0; k < results[0].size(); ++k) {
      largest = std::max(largest, std::fabs(results[0][k]));
      difference = std::max(difference, std::fabs(results[0][k] - results[f][k]));
    }
    EXPECT_LE(difference, tolerance * largest) << what << " dir " << dir << " form " << f;
    if (std::isinf(rates[0]) || std::isinf(rates[f]))
      EXPECT_EQ(rates[0], rates[f]) << what << " dir " << dir << " form " << f;
    else
      EXPECT_NEAR(rates[0], rates[f], tolerance * rates[0])
          << what << " dir " << dir << " form " << f;
  }
}

// The two forms of a flat sweep, line walkers and teams over tiles of lines, give the same new
// state and wave-rate maximum: one sweep each way from a developed state, with periodic and
// reflective ends, lines longer than a tile (300 > 256 cells along x, 70 > 32 along y) and line
// counts that do not fill the last tile (300 columns, 32 per y tile on a CPU, 8 on a GPU).
TEST(MusclHancock2D, TeamsAndWalkersSweepAlike) {
  RunConfig config = deck_config(
      "fv/riemann_2d_blakely.yaml",
      {cells2(300, 70), "fv.flux=hllc", "boundary.x_min=reflective", "boundary.y_min=periodic",
       "boundary.y_max=periodic", "problem.center_x=0.13", "problem.center_y=0.07"});
  fv::MusclHancock2DSolver solver(config);
  for (int step = 0; step < 30; ++step) solver.advance(solver.stable_time_step());
  const Field2D& in = solver.state_field();
  const fv::SplitStep2D step = sweep_step(300, 70, Real(0.3), Real(300), Real(300));
  for (int dir : {0, 1})
    expect_sweep_forms_alike(in, 300, 70, dir, step, config, 7, "riemann_2d_blakely");
}

// The same on rough data, where a CPU's vector loops (muscl_hancock_simd_tiles.hpp) must choose per
// lane what the walkers choose per cell by branches: random states cell to cell (speeds up to
// Mach ~3, pressure over two decades), so faces are supersonic either way or subsonic, and many
// cells' half steps leave a non-physical state (the first-order fallback; counted, so the test
// fails if the data stop reaching it); every limiter with HLLC and Rusanov, both directions.
TEST(MusclHancock2D, TeamsAndWalkersSweepAlikeOnRoughData) {
  using E = physics::Euler<2>;
  constexpr Index nx = 300, ny = 70;
  const physics::IdealGas gas{Real(1.4)};
  Field2D in("in", 4, ny + 4, nx + 4);
  auto host_in = Kokkos::create_mirror_view(in);
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(0, 1);
  for (Index j = 2; j < ny + 2; ++j)
    for (Index i = 2; i < nx + 2; ++i) {
      E::State w;
      w[E::kRho] = Real(0.05 + unit(random));
      w[E::kVel] = Real(6 * unit(random) - 3);
      w[E::kVel + 1] = Real(6 * unit(random) - 3);
      w[E::kPressure] = Real(0.01 * std::pow(100.0, unit(random)));
      const E::State u = E::to_conservative(w, gas);
      for (int v = 0; v < 4; ++v) host_in(v, j, i) = u[v];
    }
  Kokkos::deep_copy(in, host_in);
  const fv::SplitStep2D step = sweep_step(nx, ny, Real(0.02), Real(300), Real(300));
  int fallbacks = 0;   // cells along x whose van Leer half step is non-physical
  int supersonic = 0;  // faces along x supersonic on both sides
  for (Index j = 2; j < ny + 2; ++j)
    for (Index i = 3; i < nx + 1; ++i) {
      E::State a, b, c;
      for (int v = 0; v < 4; ++v) {
        a[v] = host_in(v, j, i - 1);
        b[v] = host_in(v, j, i);
        c[v] = host_in(v, j, i + 1);
      }
      const auto f = fv::half_step_faces<2, physics::VanLeerLimiter>(a, b, c, 0, Real(0.01), gas);
      if (!E::is_physical(f.minus, gas) || !E::is_physical(f.plus, gas)) ++fallbacks;
      // A face whose two cells both move faster than sound the same way along x.
      const auto w = E::to_primitive(b, gas), w_next = E::to_primitive(c, gas);
      const double a_here = E::sound_speed(w[E::kRho], w[E::kPressure], gas);
      const double a_next = E::sound_speed(w_next[E::kRho], w_next[E::kPressure], gas);
      if ((w[E::kVel] > a_here && w_next[E::kVel] > a_next) ||
          (w[E::kVel] < -a_here && w_next[E::kVel] < -a_next))
        ++supersonic;
    }
  std::printf("[ muscl_hancock2d ] rough data: %d first-order fallbacks, %d supersonic faces\n",
              fallbacks, supersonic);
  // About half of what this seed gives (7831 fallbacks and 5876 supersonic faces of 20860
  // cells): the test asks that the data reach both paths, not for an exact count.
  EXPECT_GT(fallbacks, 3900);
  EXPECT_GT(supersonic, 2900);
  for (const char* limiter : {"first_order", "minbee", "van_leer", "superbee"})
    for (const char* flux : {"hllc", "rusanov"}) {
      const RunConfig config = deck_config(
          "fv/riemann_2d_blakely.yaml",
          {cells2(nx, ny), std::string("fv.flux=") + flux, std::string("fv.limiter=") + limiter,
           "boundary.x_min=reflective", "boundary.y_min=periodic", "boundary.y_max=periodic"});
      for (int dir : {0, 1})
        expect_sweep_forms_alike(in, nx, ny, dir, step, config, 5,
                                 std::string(limiter) + " " + flux);
    }
}

// A rated walker sweep reduces its maximum by a Kokkos reduction while the walkers are few
// (at most 256^2, what one launch of that reduction holds) and from one maximum a walker,
// reduced by a second kernel, past that (launch_line_sweep): both must give the new state's
// exact maximum, max_wave_rate_2d of the result, and the same state (round-off apart).
// 300 x 230 cells: y walkers of one cell are 69,000 (parts), of two cells 34,500 (reduction).
TEST(MusclHancock2D, RatedWalkersReduceTheExactMaximumFewOrMany) {
  constexpr Index nx = 300, ny = 230;
  RunConfig config = deck_config(
      "fv/riemann_2d_blakely.yaml",
      {cells2(nx, ny), "fv.flux=hllc", "problem.center_x=0.13", "problem.center_y=0.07"});
  fv::MusclHancock2DSolver solver(config);
  for (int step = 0; step < 20; ++step) solver.advance(solver.stable_time_step());
  const Field2D& in = solver.state_field();
  const fv::SplitStep2D step = sweep_step(nx, ny, Real(0.3), Real(nx), Real(ny));
  std::vector<double> maxima;
  std::vector<Field2D> results;
  for (Index segment : {1, 2}) {
    Field2D out("out", in.extent(0), in.extent(1), in.extent(2));
    fv::SweepRate rate("rate");
    fv::sweep_lines_2d(in, out, 1, step, config.family<FvConfig>(), config.boundary,
                       {segment, fv::SweepLaunch::Form::kWalkers}, &rate);
    fv::RateView reference("reference");
    fv::max_wave_rate_2d(out, step, reference);
    double swept = 0, direct = 0;
    Kokkos::deep_copy(swept, rate.max);
    Kokkos::deep_copy(direct, reference);
    EXPECT_GT(direct, 0);
    EXPECT_EQ(swept, direct) << "walkers of " << segment << " cells";
#if defined(KOKKOS_ENABLE_CUDA)
    const std::size_t lanes = std::is_same_v<ExecSpace, Kokkos::Cuda> ? 32 : 1;  // a warp's fold
#else
    const std::size_t lanes = 1;
#endif
    EXPECT_EQ(rate.parts.extent(0), segment == 1 ? (std::size_t(nx) * ny + lanes - 1) / lanes : 0)
        << "walkers of " << segment << " cells: parts used only past 256^2 walkers";
    maxima.push_back(swept);
    results.push_back(out);
  }
  EXPECT_EQ(maxima[0], maxima[1]);
  auto a = Kokkos::create_mirror_view_and_copy(HostSpace(), results[0]);
  auto b = Kokkos::create_mirror_view_and_copy(HostSpace(), results[1]);
  double difference = 0, largest = 0;
  for (int v = 0; v < 4; ++v)
    for (Index j = 2; j < ny + 2; ++j)
      for (Index i = 2; i < nx + 2; ++i) {
        difference = std::max(difference, double(std::fabs(a(v, j, i) - b(v, j, i))));
        largest = std::max(largest, double(std::fabs(a(v, j, i))));
      }
  // The same arithmetic per cell; FMA contraction may differ where a walker starts.
  EXPECT_LE(difference, 100 * std::numeric_limits<Real>::epsilon() * largest);
}

// raise_split_wave_rate skips the square root of cells that cannot raise the running maximum; the
// result must be exactly the maximum of split_wave_rate, in any order of the cells, including
// near-ties (states 1e-12 apart), cells whose rate is set by y rather than x, and cells whose
// pressure is a tiny difference of energies (kinetic energy up to ~3e11 times the internal),
// with the running maximum started from 0 or just under the result; a non-physical cell makes it
// infinite.
TEST(MusclHancock2D, RaisedWaveRateIsTheExactMaximum) {
  using E = physics::Euler<2>;
  const physics::IdealGas gas{Real(1.4)};
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<E::State> cells;
  for (int k = 0; k < 3000; ++k) {
    E::State w;
    w[0] = Real(0.1 + unit(random));
    w[1] = Real(2 * unit(random) - 1);
    w[2] = Real(3 * unit(random) - 1.5);
    w[3] = Real(0.1 + unit(random));
    if (k % 10 == 0) {  // fast and cold: |u| / c from 1 to 1e6
      const double mach = std::pow(10.0, 6 * unit(random));
      w[3] = Real(w[0] * (w[1] * w[1] + w[2] * w[2]) / (1.4 * mach * mach));
    }
    cells.push_back(E::to_conservative(w, gas));
    E::State twin = cells.back();  // a near-tie
    twin[3] *= Real(1 + 1e-12 * (unit(random) - 0.5));
    cells.push_back(twin);
  }
  const double inv_dx = 300, inv_dy = 170;
  const auto raise = [&](double rate, const E::State& s) {
    return fv::raise_split_wave_rate(rate, s, gas, inv_dx, inv_dy);
  };
  double expected = 0;
  for (const auto& s : cells)
    expected = std::max(expected, fv::split_wave_rate(s, gas, inv_dx, inv_dy));
  ASSERT_TRUE(std::isfinite(expected));
  for (int order = 0; order < 3; ++order) {
    if (order == 1)
      std::sort(cells.begin(), cells.end(), [&](const E::State& a, const E::State& b) {
        return fv::split_wave_rate(a, gas, inv_dx, inv_dy) <
               fv::split_wave_rate(b, gas, inv_dx, inv_dy);
      });
    if (order == 2) std::reverse(cells.begin(), cells.end());
    for (double start : {0.0, (1 - 1.0 / 64) * expected}) {
      double rate = start;
      int raised = 0;
      for (const auto& s : cells) {
        const double before = rate;
        rate = raise(rate, s);
        raised += rate > before;
      }
      EXPECT_EQ(rate, expected) << "order " << order << " start " << start;
      if (order == 2) EXPECT_LE(raised, 2);  // descending: the first cell (or its twin) sets it
    }
  }
  // Each cell against a running maximum just below its own rate must raise it to exactly that
  // rate (a skip there would lose the maximum); against one just above, leave it.
  for (const auto& s : cells) {
    const double own = fv::split_wave_rate(s, gas, inv_dx, inv_dy);
    EXPECT_EQ(raise(own * (1 + 1e-9), s), own * (1 + 1e-9));
    EXPECT_EQ(raise(own * (1 - 1e-9), s), own);
  }
  // Cells whose internal energy is below the rounding of their total (kinetic energy 1e14 to
  // 1e20 times it): split_wave_rate finds some non-physical (p <= 0 in its form), and a running
  // maximum far above their speed must still become infinite there (a skip test that computed p
  // in another form could pass them: one without the reciprocal did, until it was guarded).
  int vanishing = 0;
  for (int k = 0; k < 2000; ++k) {
    E::State w;
    w[0] = Real(0.1 + unit(random));
    w[1] = Real(2 * unit(random) - 1);
    w[2] = Real(2 * unit(random) - 1);
    const double kinetic = 0.5 * w[0] * (w[1] * w[1] + w[2] * w[2]);
    w[3] = Real(0.4 * kinetic * std::pow(10.0, -14 - 6 * unit(random)));
    const E::State s = E::to_conservative(w, gas);
    const double own = fv::split_wave_rate(s, gas, inv_dx, inv_dy);
    vanishing += std::isinf(own);
    EXPECT_EQ(raise(1e6, s), std::max(1e6, own)) << "cell " << k;
  }
  std::printf("[ muscl_hancock2d ] %d of 2000 cells non-physical in split_wave_rate's form\n",
              vanishing);
  EXPECT_GT(vanishing, 200);  // the data reach the case (680 with this seed; a tenth suffices)
  E::State bad = cells.front();
  bad[3] = -1;  // negative energy, so negative pressure
  EXPECT_TRUE(std::isinf(raise(expected, bad)));
  E::State no_density = cells.front();
  no_density[0] = 0;
  EXPECT_TRUE(std::isinf(raise(expected, no_density)));
  E::State negative = cells.front();
  for (int v = 0; v < 4; ++v) negative[v] = -negative[v];  // rho < 0 and E < 0: c^2 > 0 still
  EXPECT_TRUE(std::isinf(raise(expected, negative)));
  E::State not_a_number = cells.front();
  not_a_number[1] = std::numeric_limits<Real>::quiet_NaN();
  EXPECT_TRUE(std::isinf(raise(expected, not_a_number)));
}

// primitive_is_physical tests rho and p alone (finite, positive), on the grounds that a face
// state's p = (gamma - 1) (E - |m|^2 / (2 rho)) is not finite where a velocity or E is not. Every
// conservative state built from ordinary, extreme and non-finite values must get, through its
// face state, the verdict of Euler::is_physical (all of it finite, rho and p positive) and of
// the full test on the primitives (all four finite, rho and p positive).
TEST(MusclHancock2D, PhysicalityOnRhoAndPMatchesTheFullTest) {
  using E = physics::Euler<2>;
  const physics::IdealGas gas{Real(1.4)};
  const Real inf = std::numeric_limits<Real>::infinity();
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const Real big = std::numeric_limits<Real>::max();
  const Real tiny = std::numeric_limits<Real>::denorm_min();
  const std::vector<Real> values = {Real(1),   Real(-1), Real(0),  Real(1e-30), Real(1e30),
                                    Real(0.9), big / 4,  -big / 4, big,         tiny,
                                    inf,       -inf,     nan};
  const auto full_test = [](const E::State& w) {
    bool finite = true;
    for (int k = 0; k < E::kNumVars; ++k) finite = finite && std::isfinite(w[k]);
    return finite && w[E::kRho] > 0 && w[E::kPressure] > 0;
  };
  int physical = 0, checked = 0;
  for (const Real rho : values)
    for (const Real mx : values)
      for (const Real my : {Real(0.5), Real(-3), big, inf, nan})
        for (const Real energy : values) {
          const E::State s{rho, mx, my, energy};
          const auto w = E::face_state(s, gas).w;
          const bool verdict = fv::primitive_is_physical<2>(w);
          ASSERT_EQ(verdict, E::is_physical(s, gas))
              << "rho " << rho << ", m (" << mx << ", " << my << "), E " << energy;
          ASSERT_EQ(verdict, full_test(w))
              << "rho " << rho << ", m (" << mx << ", " << my << "), E " << energy;
          physical += full_test(w);
          ++checked;
        }
  EXPECT_GT(physical, 0);  // both verdicts occur
  EXPECT_LT(physical, checked);
}

}  // namespace
}  // namespace portaflow
