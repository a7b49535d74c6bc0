// Ideal-gas Euler equations in 1, 2 or 3 dimensions, pointwise.
//
// Conservative state U = (rho, rho*u_1..rho*u_Dim, E), primitive W = (rho, u_1..u_Dim, p),
// p = (gamma - 1) (E - rho |u|^2 / 2). Every function works on one state in registers and is
// callable from kernels and from host tests alike.
#pragma once

#include "portaflow/core/types.hpp"

namespace portaflow::physics {

struct IdealGas {
  Real gamma = Real(1.4);
};

// A state in the form Riemann solvers use: the primitive variables W = (rho, u_1..u_Dim, p) with
// the total energy E and 1 / rho alongside, which a solver would otherwise recompute with a
// division each (E = p / (gamma - 1) + rho |u|^2 / 2). Made from a conservative state, where E is
// at hand and 1 / rho is needed for W anyway (Euler::face_state).
template <int Dim>
struct FaceState {
  Vec<Dim + 2> w;
  Real energy;
  Real inv_rho;
};

template <int Dim>
struct Euler {
  static_assert(Dim >= 1 && Dim <= 3, "Euler is defined in 1, 2 and 3 dimensions");
  // Enumerators rather than static constexpr members: Kokkos::Array::operator[] takes its index
  // by const reference, which ODR-uses a static member, and nvcc has no device definition of it.
  enum : int {
    kDim = Dim,
    kNumVars = Dim + 2,
    // Conservative variable indices.
    kRho = 0,
    kMom = 1,  // kMom + d is the momentum in direction d
    kEnergy = Dim + 1,
    // Primitive variable indices.
    kVel = 1,  // kVel + d is the velocity in direction d
    kPressure = Dim + 1,
  };

  using State = Vec<kNumVars>;
  using Matrix = Vec<kNumVars * kNumVars>;  // row-major: m[row * kNumVars + col]

  KOKKOS_INLINE_FUNCTION static Real kinetic_energy_density(const State& u) {
    Real m2 = 0;
    for (int d = 0; d < Dim; ++d) m2 += u[kMom + d] * u[kMom + d];
    return Real(0.5) * m2 / u[kRho];
  }

  KOKKOS_INLINE_FUNCTION static Real pressure(const State& u, const IdealGas& gas) {
    return (gas.gamma - 1) * (u[kEnergy] - kinetic_energy_density(u));
  }

  KOKKOS_INLINE_FUNCTION static Real sound_speed(Real rho, Real p, const IdealGas& gas) {
    return math::sqrt(gas.gamma * p / rho);
  }

  // One reciprocal of the density rather than a division per component (divisions cost several
  // multiplications' time on GPUs and CPUs alike; these run per face in every scheme).
  KOKKOS_INLINE_FUNCTION static FaceState<Dim> face_state(const State& u, const IdealGas& gas) {
    return face_state(u, gas, 1 / u[kRho]);
  }

  // The same with 1 / rho given (see reciprocal_pair).
  KOKKOS_INLINE_FUNCTION static FaceState<Dim> face_state(const State& u, const IdealGas& gas,
                                                          Real inv_rho) {
    FaceState<Dim> f;
    f.inv_rho = inv_rho;
    f.energy = u[kEnergy];
    f.w[kRho] = u[kRho];
    Real m2 = 0;
    for (int d = 0; d < Dim; ++d) {
      f.w[kVel + d] = u[kMom + d] * f.inv_rho;
      m2 += u[kMom + d] * u[kMom + d];
    }
    f.w[kPressure] = (gas.gamma - 1) * (u[kEnergy] - Real(0.5) * m2 * f.inv_rho);
    return f;
  }

  KOKKOS_INLINE_FUNCTION static State to_primitive(const State& u, const IdealGas& gas) {
    return face_state(u, gas).w;
  }

  // The same from a primitive state (the two divisions a face state saves are paid here).
  KOKKOS_INLINE_FUNCTION static FaceState<Dim> face_state_from_primitive(const State& w,
                                                                         const IdealGas& gas) {
    FaceState<Dim> f;
    f.w = w;
    f.inv_rho = 1 / w[kRho];
    Real v2 = 0;
    for (int d = 0; d < Dim; ++d) v2 += w[kVel + d] * w[kVel + d];
    f.energy = w[kPressure] / (gas.gamma - 1) + Real(0.5) * w[kRho] * v2;
    return f;
  }

  KOKKOS_INLINE_FUNCTION static State to_conservative(const State& w, const IdealGas& gas) {
    State u;
    u[kRho] = w[kRho];
    Real v2 = 0;
    for (int d = 0; d < Dim; ++d) {
      u[kMom + d] = w[kRho] * w[kVel + d];
      v2 += w[kVel + d] * w[kVel + d];
    }
    u[kEnergy] = w[kPressure] / (gas.gamma - 1) + Real(0.5) * w[kRho] * v2;
    return u;
  }

  // Physical flux F_dir(W) from a primitive state.
  KOKKOS_INLINE_FUNCTION static State flux_from_primitive(const State& w, int dir,
                                                          const IdealGas& gas) {
    return flux(face_state_from_primitive(w, gas), dir);  // its 1 / rho is unused, dropped
  }

  // Physical flux F_dir from a face state (no division).
  KOKKOS_INLINE_FUNCTION static State flux(const FaceState<Dim>& f, int dir) {
    const Real un = f.w[kVel + dir];
    State flux;
    flux[kRho] = f.w[kRho] * un;
    for (int d = 0; d < Dim; ++d) flux[kMom + d] = f.w[kRho] * un * f.w[kVel + d];
    flux[kMom + dir] += f.w[kPressure];
    flux[kEnergy] = un * (f.energy + f.w[kPressure]);
    return flux;
  }

  // Physical flux F_dir(U) from a conservative state.
  KOKKOS_INLINE_FUNCTION static State flux(const State& u, int dir, const IdealGas& gas) {
    return flux(u, dir, gas, 1 / u[kRho]);
  }

  // The same with 1 / rho given (see reciprocal_pair).
  KOKKOS_INLINE_FUNCTION static State flux(const State& u, int dir, const IdealGas& gas,
                                           Real inv_rho) {
    Real m2 = 0;
    for (int d = 0; d < Dim; ++d) m2 += u[kMom + d] * u[kMom + d];
    const Real p = (gas.gamma - 1) * (u[kEnergy] - Real(0.5) * m2 * inv_rho);
    const Real un = u[kMom + dir] * inv_rho;
    State f;
    f[kRho] = u[kMom + dir];
    for (int d = 0; d < Dim; ++d) f[kMom + d] = u[kMom + d] * un;
    f[kMom + dir] += p;
    f[kEnergy] = un * (u[kEnergy] + p);
    return f;
  }

  // Largest characteristic speed |u_dir| + a in direction dir.
  KOKKOS_INLINE_FUNCTION static Real max_wave_speed(const State& u, int dir, const IdealGas& gas) {
    const Real un = u[kMom + dir] / u[kRho];
    return math::fabs(un) + sound_speed(u[kRho], pressure(u, gas), gas);
  }

  // Largest characteristic speed over all directions, max_d |u_d| + a (for CFL limits).
  KOKKOS_INLINE_FUNCTION static Real max_wave_speed(const State& u, const IdealGas& gas) {
    Real umax = 0;
    for (int d = 0; d < Dim; ++d) umax = math::fmax(umax, math::fabs(u[kMom + d] / u[kRho]));
    return umax + sound_speed(u[kRho], pressure(u, gas), gas);
  }

  // Flux Jacobian A_dir = dF_dir/dU, row-major. Written in terms of the velocity components and
  // the total enthalpy H = (E + p) / rho (e.g. Toro, "Riemann Solvers and Numerical Methods for
  // Fluid Dynamics", sec. 3.2).
  KOKKOS_INLINE_FUNCTION static Matrix flux_jacobian(const State& u, int dir, const IdealGas& gas) {
    constexpr int n = kNumVars;
    const Real g1 = gas.gamma - 1;
    Real vel[Dim];
    Real v2 = 0;
    for (int d = 0; d < Dim; ++d) {
      vel[d] = u[kMom + d] / u[kRho];
      v2 += vel[d] * vel[d];
    }
    const Real un = vel[dir];
    const Real p = pressure(u, gas);
    const Real enthalpy = (u[kEnergy] + p) / u[kRho];
    Matrix a;
    for (int k = 0; k < n * n; ++k) a[k] = 0;
    // Mass row: d(rho u_n)/dU.
    a[kRho * n + kMom + dir] = 1;
    // Momentum rows: d(rho u_d u_n + p delta_dn)/dU.
    for (int d = 0; d < Dim; ++d) {
      const int row = (kMom + d) * n;
      a[row + kRho] = -vel[d] * un;
      a[row + kMom + d] += un;
      a[row + kMom + dir] += vel[d];
    }
    {
      const int row = (kMom + dir) * n;
      a[row + kRho] += Real(0.5) * g1 * v2;
      for (int d = 0; d < Dim; ++d) a[row + kMom + d] -= g1 * vel[d];
      a[row + kEnergy] += g1;
    }
    // Energy row: d(u_n (E + p))/dU.
    {
      const int row = kEnergy * n;
      a[row + kRho] = un * (Real(0.5) * g1 * v2 - enthalpy);
      for (int d = 0; d < Dim; ++d) a[row + kMom + d] = -g1 * vel[d] * un;
      a[row + kMom + dir] += enthalpy;
      a[row + kEnergy] = gas.gamma * un;
    }
    return a;
  }

  // A_dir * du without forming A: the directional derivative of the flux along du.
  KOKKOS_INLINE_FUNCTION static State jacobian_times(const State& u, int dir, const State& du,
                                                     const IdealGas& gas) {
    return jacobian_times(linearize(u, gas), dir, du);
  }

  // The quantities every flux and flux-Jacobian product at one state shares, computed once:
  // velocity, |u|^2, pressure and total enthalpy. A scheme that needs several products at the
  // same point (CE/SE needs six) saves the divisions and repeated sums of jacobian_times().
  struct Linearization {
    Real vel[Dim];
    Real v2;
    Real pressure;
    Real enthalpy;
    Real g1;  // gamma - 1
  };

  KOKKOS_INLINE_FUNCTION static Linearization linearize(const State& u, const IdealGas& gas) {
    Linearization lin;
    const Real inv_rho = 1 / u[kRho];
    lin.v2 = 0;
    for (int d = 0; d < Dim; ++d) {
      lin.vel[d] = u[kMom + d] * inv_rho;
      lin.v2 += lin.vel[d] * lin.vel[d];
    }
    lin.g1 = gas.gamma - 1;
    lin.pressure = lin.g1 * (u[kEnergy] - Real(0.5) * u[kRho] * lin.v2);
    lin.enthalpy = (u[kEnergy] + lin.pressure) * inv_rho;
    return lin;
  }

  // A_dir * du from a linearization: the same arithmetic as jacobian_times().
  KOKKOS_INLINE_FUNCTION static State jacobian_times(const Linearization& lin, int dir,
                                                     const State& du) {
    Real v_dot_dm = 0;
    for (int d = 0; d < Dim; ++d) v_dot_dm += lin.vel[d] * du[kMom + d];
    const Real un = lin.vel[dir];
    const Real dp = lin.g1 * (du[kEnergy] - v_dot_dm + Real(0.5) * lin.v2 * du[kRho]);
    const Real dm_n = du[kMom + dir] - un * du[kRho];
    State df;
    df[kRho] = du[kMom + dir];
    for (int d = 0; d < Dim; ++d) df[kMom + d] = un * du[kMom + d] + lin.vel[d] * dm_n;
    df[kMom + dir] += dp;
    df[kEnergy] = lin.enthalpy * dm_n + un * (du[kEnergy] + dp);
    return df;
  }

  // F_dir(U) from a linearization of U.
  KOKKOS_INLINE_FUNCTION static State flux(const State& u, const Linearization& lin, int dir) {
    const Real un = lin.vel[dir];
    State f;
    f[kRho] = u[kMom + dir];
    for (int d = 0; d < Dim; ++d) f[kMom + d] = u[kMom + d] * un;
    f[kMom + dir] += lin.pressure;
    f[kEnergy] = un * (u[kEnergy] + lin.pressure);
    return f;
  }

  // True when the state has finite values, positive density and positive pressure.
  KOKKOS_INLINE_FUNCTION static bool is_physical(const State& u, const IdealGas& gas) {
    for (int k = 0; k < kNumVars; ++k)
      if (!math::isfinite(u[k])) return false;
    return u[kRho] > 0 && pressure(u, gas) > 0;
  }
};

}  // namespace portaflow::physics
