#include "portaflow/schemes/incompressible/problems/blasius.hpp"

#include <array>
#include <vector>

namespace portaflow::incompressible {

namespace {

constexpr double kStep = 1e-3, kEnd = 10.0;

std::vector<double> integrate() {
  using State = std::array<double, 3>;  // f, f', f''
  const auto rate = [](const State& s) { return State{s[1], s[2], -0.5 * s[0] * s[2]}; };
  State s{0, 0, kBlasiusWallShear};
  std::vector<double> velocity{0};
  const int steps = static_cast<int>(kEnd / kStep + 0.5);
  for (int n = 0; n < steps; ++n) {
    const auto add = [](const State& a, const State& b, double h) {
      return State{a[0] + h * b[0], a[1] + h * b[1], a[2] + h * b[2]};
    };
    const State k1 = rate(s), k2 = rate(add(s, k1, kStep / 2)), k3 = rate(add(s, k2, kStep / 2)),
                k4 = rate(add(s, k3, kStep));
    for (int c = 0; c < 3; ++c) s[c] += kStep / 6 * (k1[c] + 2 * k2[c] + 2 * k3[c] + k4[c]);
    velocity.push_back(s[1]);
  }
  return velocity;
}

}  // namespace

double blasius_velocity(double eta) {
  static const std::vector<double> table = integrate();
  if (eta <= 0) return 0;
  const double at = eta / kStep;
  const std::size_t k = static_cast<std::size_t>(at);
  if (k + 1 >= table.size()) return 1.0;
  const double t = at - k;
  return (1 - t) * table[k] + t * table[k + 1];
}

}  // namespace portaflow::incompressible
