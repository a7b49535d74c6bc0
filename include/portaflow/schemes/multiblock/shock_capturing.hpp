// Shock capturing for the multi-block SBP-SAT solver: a pressure sensor that switches on a
// low-order, SBP-compatible artificial dissipation at shocks and switches off the high-order one
// there (the blend of Jameson, Schmidt & Turkel 1981 in the summation-by-parts form of Mattsson,
// Svärd & Nordström 2004).
//
// Sensor. Along each index direction d the Jameson pressure switch
//   nu_d = |p(r+1) - 2 p(r) + p(r-1)| / (p(r+1) + 2 p(r) + p(r-1))
// (at a block's first and last node the stencil of its neighbour), nu the largest over the
// directions and then over the node and its index neighbours (a captured shock's middle node can
// have nu near 0), and, where a node within two index steps is supersonic (a shock has supersonic
// flow on its upstream side; without this rule the leading and trailing edges of a subsonic
// NACA 0012 on the coarse mesh switched it on; within one step, the Mach 5 cylinder's shock lost
// its downstream dissipation and blew up),
//   sensor = clamp((nu - threshold) / (saturation - threshold), 0, 1), else 0.
// nu is O(h^2) in smooth flow and of order 0.05-0.8 at a captured shock; below the threshold the
// sensor is exactly 0, so a subsonic flow is computed as without shock capturing, bit for bit.
//
// Dissipation. Per direction, -k H^-1 D_1^T B D_1 w with D_1 the undivided first difference
// (n - 1 rows, between nodes r and r + 1), B its row weights
//   B = max(sensor(r), sensor(r + 1)) (lambda_d(r) + lambda_d(r + 1)) / 2,
// lambda_d the spectral radius: w^T H (H^-1 D_1^T B D_1 w) = |D_1 w|_B^2 >= 0, so it only
// dissipates, with no boundary closure to choose (Mattsson et al. 2004 with p = 1). k = 0.5 is
// the dissipation of first-order upwinding. w is (rho, rho u, ..., rho H), not the energy: the
// steady 1D balance F(u) - k B w' = const then holds with the free stream's total enthalpy H
// through the whole shock profile (Jameson's choice), so the captured shock conserves H. The
// high-order dissipation's node weights are multiplied by 1 - sensor (both volume kernels).
// Both act within blocks; blocks meet through the upwind SAT interface penalty.
#pragma once

#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_fields.hpp"

namespace portaflow::multiblock {

// fields.sensor from the current state u (fields.pressure_switch is its scratch).
// floor: the least sensor anywhere (1 during the start-up: low-order dissipation everywhere).
// rising_only (once the sensor is held, see multiblock_config.hpp): each node keeps the larger of
// its sensor and the new one, so the sensor can no longer switch back and forth (and the march
// cannot cycle), yet still follows a shock that moves on.
template <int Dim>
void compute_shock_sensor(const Fields<Dim>& fields, const ShockCapturingConfig& settings,
                          Real floor, bool rising_only, const physics::IdealGas& gas);

// residual += J (-k sum_d H_d^-1 D_1^T B_d D_1 w), k = settings.coefficient.
template <int Dim>
void add_shock_dissipation(const Fields<Dim>& fields, Real coefficient, int order,
                           const physics::IdealGas& gas);

}  // namespace portaflow::multiblock
