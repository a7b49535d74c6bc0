// The vorticity transport of eqs. 6-7 of Gohari et al. (2012) at the interior nodes,
//   omega_t = -(u . grad omega) + lap((nu + nu_t) omega)
// (nu_t: the Baldwin-Lomax eddy viscosity, baldwin_lomax.hpp; an empty view: laminar, nu lap omega)
// with upwind differences (first or second order) for the convection, in flux form
//   J (u . grad omega) = d(psi_eta omega)/dxi - d(psi_xi omega)/deta   (conserves circulation)
// or advective, U omega_xi + V omega_eta with U = psi_eta / J, V = -psi_xi / J (ConvectionForm,
// incompressible_config.hpp), and the central Laplacian (laplacian_stencil.hpp) for the
// diffusion; the stable time step. The boundaries' rules are in boundary_layout.hpp.
#pragma once

#include "portaflow/schemes/incompressible/grid/node_grid.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"

namespace portaflow::incompressible {

// How the interior's threads are laid out (the CTA question of Gohari et al. 2012): one 1D range
// along rows (their "1D CTA", the solver's), or 2D tiles of the box (par_for's MDRange).
// perf/kernels/incompressible_bench.cpp measures both: on the H200 at 1024^2 the rows update
// 2.67e10 nodes/s, the tiles 1.96e10; on 16 cores both 5.6e8 (perf/results/SUMMARY.md; the
// advective form, before the flux form became the default).
enum class LoopShape { kFlat1D, kTiles2D };

// The convection's differences: upwind order (1 or 2) and form; for the flux form, 1 on the
// nodes of stationary no-slip walls (still_walls, boundary_layout.hpp; empty: none known), next
// to which the face fluxes follow psi's quadratic rise.
struct ConvectionScheme {
  int order = 2;
  ConvectionForm form = ConvectionForm::kConservative;
  DeviceView<std::int8_t**> still_wall;
};

// d omega / dt at the interior nodes and the wake cut's owner nodes into rhs (others untouched).
void vorticity_rate(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                    const ConvectionScheme& convection, const NodeField& rhs,
                    const NodeField& nu_t = {}, LoopShape shape = LoopShape::kFlat1D);

// One SSP-RK2 (Heun) stage with the rates of `omega`, written as they are computed (no rate array,
// no second kernel), at the interior nodes and the cut's owners:
//   first stage   out = omega + dt R(omega)                 (out must not alias omega)
//   second stage  out = (start + omega + dt R(omega)) / 2   (out may alias start, not omega)
struct StageUpdate {
  NodeField start, out;
  Real dt = 0;
  bool average = false;  // the second stage
};
void vorticity_stage(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                     const ConvectionScheme& convection, const StageUpdate& stage,
                     const NodeField& nu_t = {});

// The largest stable explicit step: cfl / max(|U| + |V| + 2 (nu + nu_t) (a + c)) over the
// interior (the convective and viscous limits of forward Euler added); NaN where a NaN is found.
double stable_time_step(const NodeGrid& grid, const NodeField& psi, Real nu, double cfl,
                        const NodeField& nu_t = {});

}  // namespace portaflow::incompressible
