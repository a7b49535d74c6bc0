// The device arrays of the multi-block solver: every block packed into one allocation per field
// (see block_table.hpp), and the face points where SAT penalties act (the sub-face streams of
// Elsen et al. 2008: boundary and interface work runs over these points only, never the whole
// volume).
#pragma once

#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/multiblock/block_table.hpp"

namespace portaflow::multiblock {

template <int Dim>
struct Fields {
  static constexpr int kNumVars = Dim + 2;
  BlockTable table;
  DeviceView<Real**> coordinates;  // (c, node): x, y (, z)
  // Row d of the metric: grad(xi_d) / J, the (non-unit) normal of a xi_d = const surface whose
  // length is that surface's area per unit index. In 2D: grad(xi)/J = (y_eta, -x_eta),
  // grad(eta)/J = (-y_xi, x_xi). Stored as (d * Dim + c, node).
  DeviceView<Real**> metric;
  DeviceView<Real*> jacobian;          // J = 1 / det(d x / d xi)
  DeviceView<Real**> u;                // (var, node) conservative state
  DeviceView<Real**> u_start;          // the state at the start of the Runge-Kutta cycle
  DeviceView<Real**> residual;         // (var, node) dU/dt
  DeviceView<Real**> spectral_radius;  // (d, node) |grad(xi_d)/J . u| + a |grad(xi_d)/J|
  DeviceView<Real*> time_step;         // local time step
  // (d, node) 1 / H_d at the node: 1 inside, up to 48/17 on a boundary row. The boundary rows
  // and the SAT penalties act with this weight, so the local time step includes it (without
  // it a node where four blocks meet went unstable at CFL 2).
  DeviceView<Real**> inverse_norm;
  DeviceView<Real**> source;  // (var, node) added to dU/dt; empty: none (MMS only)
  // Shock capturing (schemes/multiblock/shock_capturing.hpp); both empty when it is off.
  // sensor: 0 in smooth flow, 1 at a shock: the weight of the low-order dissipation, and 1 -
  // sensor that of the high-order one. pressure_switch: the raw switch the sensor comes from.
  DeviceView<Real*> sensor;
  DeviceView<Real*> pressure_switch;
  Real shock_coefficient = 0;  // multiblock.shock_capturing.coefficient (0: off)
  // multiblock.dissipation_variable total_enthalpy: the high-order dissipation acts on rho H
  // rather than on the energy E.
  bool dissipate_total_enthalpy = false;
};

// rho H = E + p at packed node `node`: the dissipated variable in the energy's place where the
// total enthalpy is to be kept (Jameson, Schmidt & Turkel 1981): a steady balance F(u)' = (B
// w')' with w = (rho, rho u, rho H) holds with H constant, as the free stream's.
template <int Dim>
KOKKOS_INLINE_FUNCTION Real total_enthalpy_density(const DeviceView<Real**>& u, int node,
                                                   const physics::IdealGas& gas) {
  typename physics::Euler<Dim>::State s;
  for (int v = 0; v < Dim + 2; ++v) s[v] = u(v, node);
  return s[physics::Euler<Dim>::kEnergy] + physics::Euler<Dim>::pressure(s, gas);
}

enum FacePointKind : int {
  kFarFieldPoint = 0,
  kWallPoint = 1,  // slip walls and symmetry planes
  kInterfacePoint = 2,
  kInflowPoint = 3,   // supersonic inflow: the whole external state imposed
  kOutflowPoint = 4,  // supersonic outflow: no penalty
};

// One entry per (face node, face) pair; a node on two faces (a corner) or on two sub-faces has
// two entries, and each adds its penalty.
struct FacePoints {
  int count = 0;
  DeviceView<int*> node;  // packed node index
  // Interface: the coinciding node of the other block, or -2 - c where another rank owns it
  // (its state is column c of `remote`); else -1.
  DeviceView<int*> twin;
  DeviceView<int*> direction;        // the face's normal index direction d
  DeviceView<int*> kind;             // FacePointKind
  DeviceView<Real*> side;            // -1 on a minimum face, +1 on a maximum face (outward)
  DeviceView<Real*> inverse_norm;    // 1 / H_d at the node (the SBP boundary weight)
  DeviceView<Real*> surface_weight;  // product of the tangential H weights (wall integrals)
  DeviceView<Real**> external;       // (var, point) the far-field state
  DeviceView<Real**> remote;         // (var, c) twin states received from other ranks
  // The same points by node, so that one thread adds all of a node's penalties in a fixed order
  // (no atomics: a run repeats bitwise on a GPU too): the nodes that have face points, in
  // increasing order, and node q's points points_of_node[first_point(q) .. first_point(q + 1)),
  // increasing.
  int node_count = 0;
  DeviceView<int*> nodes;           // node_count
  DeviceView<int*> first_point;     // node_count + 1
  DeviceView<int*> points_of_node;  // count
};

}  // namespace portaflow::multiblock
