// Shared by the scheme verification tests: configurations from the shipped decks (so the decks
// are exercised as shipped, with overrides), a bare time loop without output, and norms.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/physics/riemann_exact.hpp"
#include "portaflow/schemes/scheme_registry.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::test {

inline RunConfig deck_config(const std::string& deck,
                             const std::vector<std::string>& overrides = {}) {
  DeckReader reader =
      DeckReader::from_file(std::string(PORTAFLOW_SOURCE_DIR) + "/inputs/" + deck, overrides);
  return read_run_config(reader);
}

// Marches to t_end with the solver's own CFL step; returns the number of steps.
inline long long run_to(Solver& solver, double t_end, long long max_steps = 10000000) {
  long long steps = 0;
  while (solver.time() < t_end * (1 - 1e-12) && steps < max_steps) {
    const double dt = solver.step(t_end - solver.time());
    EXPECT_GT(dt, 0) << "non-physical state after step " << steps;
    if (!(dt > 0)) break;
    ++steps;
  }
  return steps;
}

inline const std::vector<double>& field(const SolutionSnapshot& s, const std::string& name) {
  for (const auto& f : s.fields)
    if (f.name == name) return f.values;
  ADD_FAILURE() << "no field " << name;
  static const std::vector<double> none;
  return none;
}

// Mean absolute difference (L1 norm per unit length for a uniform mesh).
inline double l1_difference(const std::vector<double>& a, const std::vector<double>& b) {
  EXPECT_EQ(a.size(), b.size());
  double sum = 0;
  for (std::size_t k = 0; k < a.size(); ++k) sum += std::fabs(a[k] - b[k]);
  return sum / static_cast<double>(a.size());
}

inline double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
  EXPECT_EQ(a.size(), b.size());
  double m = 0;
  for (std::size_t k = 0; k < a.size(); ++k) m = std::max(m, std::fabs(a[k] - b[k]));
  return m;
}

inline double max_abs(const std::vector<double>& a) {
  double m = 0;
  for (double v : a) m = std::max(m, std::fabs(v));
  return m;
}

// Largest differences of a square n x n snapshot from its mirror image across the diagonal:
// rho(x, y) - rho(y, x) and u(x, y) - v(y, x).
struct DiagonalAsymmetry {
  double rho = 0;
  double velocity = 0;
};

inline DiagonalAsymmetry diagonal_asymmetry(const SolutionSnapshot& s, int n) {
  const auto& rho = field(s, "rho");
  const auto& u = field(s, "u");
  const auto& v = field(s, "v");
  DiagonalAsymmetry a;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      a.rho = std::max(a.rho, std::fabs(rho[j * n + i] - rho[i * n + j]));
      a.velocity = std::max(a.velocity, std::fabs(u[j * n + i] - v[i * n + j]));
    }
  return a;
}

// The exact Riemann solution's density at the snapshot's cell centres.
inline std::vector<double> exact_riemann_density(const RunConfig& c, const SolutionSnapshot& s) {
  using physics::PrimitiveState1D;
  const auto& r = c.problem.riemann;
  const physics::IdealGas gas{static_cast<Real>(c.physics.gamma)};
  const PrimitiveState1D left{Real(r.left.rho), Real(r.left.u), Real(r.left.p)};
  const PrimitiveState1D right{Real(r.right.rho), Real(r.right.u), Real(r.right.p)};
  const auto star = physics::exact_star_region(left, right, gas);
  std::vector<double> rho;
  const auto& e = s.edges[0];
  for (std::size_t k = 0; k + 1 < e.size(); ++k) {
    const double x = 0.5 * (e[k] + e[k + 1]);
    rho.push_back(physics::exact_sample(left, right, star, gas, Real((x - r.x0) / s.time)).w.rho);
  }
  return rho;
}

// Positions of the steepest density drops of the radial explosion in two windows of a radial
// profile (r ascending): the midpoints between the samples of the largest decrease.
struct Fronts {
  double contact = 0, shock = 0;
};

inline Fronts steepest_drops(const std::vector<double>& x, const std::vector<double>& rho) {
  Fronts f;
  double contact_drop = 0, shock_drop = 0;
  for (std::size_t k = 0; k + 1 < x.size(); ++k) {
    const double mid = 0.5 * (x[k] + x[k + 1]), drop = rho[k] - rho[k + 1];
    if (mid > 0.5 && mid < 0.72 && drop > contact_drop) contact_drop = drop, f.contact = mid;
    if (mid >= 0.72 && mid < 0.95 && drop > shock_drop) shock_drop = drop, f.shock = mid;
  }
  return f;
}

// The fronts of a 1D (radial) solution's density over its cell centres.
inline Fronts fronts_of_1d(const SolutionSnapshot& s) {
  std::vector<double> x;
  for (std::size_t k = 0; k + 1 < s.edges[0].size(); ++k)
    x.push_back(0.5 * (s.edges[0][k] + s.edges[0][k + 1]));
  return steepest_drops(x, field(s, "rho"));
}

// Observed order from errors at resolutions n1 < n2.
inline double observed_order(double e1, double e2, double n1, double n2) {
  return std::log(e1 / e2) / std::log(n2 / n1);
}

}  // namespace portaflow::test
