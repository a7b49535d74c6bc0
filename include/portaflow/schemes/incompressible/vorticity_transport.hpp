// The vorticity transport of seed 004's eq. 7 at the interior nodes,
//   omega_t = -(U omega_xi + V omega_eta) + nu lap omega,   U = psi_eta / J, V = -psi_xi / J,
// with upwind differences (first or second order) for the convection and the central Laplacian
// (laplacian_stencil.hpp) for the diffusion; the no-slip wall vorticity; the velocities.
#pragma once

#include <array>

#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/incompressible/node_grid.hpp"

namespace portaflow::incompressible {

// d omega / dt at the interior nodes into rhs (boundary entries untouched).
void vorticity_rate(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                    int convection_order, const NodeField& rhs);

// The largest stable explicit step: cfl / max(|U| + |V| + 2 nu (a + c)) over the interior (the
// convective and viscous limits of forward Euler added); NaN where a NaN is found.
double stable_time_step(const NodeGrid& grid, const NodeField& psi, Real nu, double cfl);

// The walls of a box of nodes (the cavity): each side's wall velocity (u, v), in the order
// i = 0 (west), i = ni - 1 (east), j = 0 (south), j = nj - 1 (north).
struct BoxWalls {
  std::array<std::array<Real, 2>, 4> velocity{};
};

// Vorticity on the four walls from psi (Thom's or Jensen's formula, incompressible_config.hpp),
// for a wall along which psi is constant: omega_w = -(metric) psi_nn, with psi_n at the wall
// from the wall's velocity. The corners take the north/south walls' value.
void wall_vorticity(const NodeGrid& grid, const NodeField& psi, const BoxWalls& walls,
                    WallVorticityKind kind, const NodeField& omega);

// u = psi_y, v = -psi_x at every node (one-sided differences on the boundary, then the walls'
// own velocities on the walls).
void velocities(const NodeGrid& grid, const NodeField& psi, const BoxWalls& walls,
                const NodeField& u, const NodeField& v);

}  // namespace portaflow::incompressible
