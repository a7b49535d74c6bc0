// The multi-block tests' settings and manufactured steady solution with its source, shared by the
// order tests (test_multiblock.cpp) and the multigrid tests (test_multiblock_multigrid.cpp).
#pragma once

#include <array>
#include <complex>

#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"

namespace portaflow::multiblock::mms {

// The tests' solver settings: M 0.63, alpha 2 (for the far field where a test keeps the free
// stream), dissipation 0.1, CFL 1.5, the flat kernel.
inline RunConfig base_config(int order) {
  RunConfig c;
  c.time.march = MarchKind::kSteady;
  c.scheme_name = "multiblock";
  c.physics.gamma = 1.4;
  c.family<MultiBlockOptions>().multiblock.order = order;
  c.family<MultiBlockOptions>().multiblock.dissipation = 0.1;
  c.time.cfl = 1.5;
  c.family<MultiBlockOptions>().freestream.mach = 0.63;
  c.family<MultiBlockOptions>().freestream.alpha_degrees = 2;
  c.execution.kernel = KernelChoice::kFlat;
  return c;
}

// The blunt-body decks' settings at Mach 5, alpha 0, single grid (inputs/multiblock/
// cylinder_mach5.yaml, sphere_mach5.yaml, cone_flare_mach5.yaml): shock capturing, rho H
// dissipated, dissipation 0.2, CFL 2.
inline RunConfig mach5_shock_config() {
  RunConfig c = base_config(2);
  auto& options = c.family<MultiBlockOptions>();
  options.freestream.mach = 5;
  options.freestream.alpha_degrees = 0;
  options.multiblock.dissipation = 0.2;
  options.multiblock.shock_capturing.enabled = true;
  options.multiblock.dissipate_total_enthalpy = true;
  c.time.cfl = 2;
  return c;
}

// A smooth subsonic flow (Mach about 0.6, inflow on the left and bottom) that solves
// dU/dt + div F(U) = S for S = div F(U_m); S is evaluated by complex-step differentiation,
// exact to round-off.
template <class T>
std::array<T, 4> manufactured(T x, T y) {
  using std::cos;
  using std::sin;
  return {1.0 + 0.1 * sin(2.0 * x + 0.5) * cos(1.5 * y),
          0.5 + 0.1 * cos(1.7 * x) * sin(2.0 * y + 0.3),
          0.3 + 0.1 * sin(1.3 * x + 0.2) * cos(1.1 * y),
          1.0 / 1.4 + 0.05 * cos(1.9 * x) * sin(1.4 * y + 0.1)};
}

template <class T>
void fluxes(T x, T y, std::array<T, 4>& f, std::array<T, 4>& g) {
  const auto w = manufactured(x, y);
  const T rho = w[0], u = w[1], v = w[2], p = w[3];
  const T energy = p / 0.4 + 0.5 * rho * (u * u + v * v);
  f = {rho * u, rho * u * u + p, rho * u * v, u * (energy + p)};
  g = {rho * v, rho * u * v, rho * v * v + p, v * (energy + p)};
}

inline std::array<double, 4> manufactured_source(double x, double y) {
  using C = std::complex<double>;
  const double h = 1e-30;
  std::array<C, 4> fx, gx, fy, gy;
  fluxes(C(x, h), C(y, 0), fx, gx);
  fluxes(C(x, 0), C(y, h), fy, gy);
  std::array<double, 4> s;
  for (int v = 0; v < 4; ++v) s[v] = fx[v].imag() / h + gy[v].imag() / h;
  return s;
}

}  // namespace portaflow::multiblock::mms
