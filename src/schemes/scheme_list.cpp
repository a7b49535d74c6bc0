// Every scheme's name, kind and one-line description, for decks and `portaflow list`. Apart from
// the factories (registry.cpp) so that the deck reader needs no solver, nor Kokkos (fuzz/).
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

const std::vector<SchemeInfo>& available_schemes() {
  static const std::vector<SchemeInfo> schemes = {
      {"exact_riemann", SchemeKind::kExactRiemann, 1,
       "exact solution of a 1D Riemann problem (Toro ch. 4) sampled on the mesh"},
      {"cese1d", SchemeKind::kCese1D, 1,
       "Chang's space-time CE/SE a-alpha scheme (CE/SE GPU thesis 2016, eqs. 3.11-3.16)"},
      {"cese2d", SchemeKind::kCese2D, 2,
       "CE/SE on the quadrilateral staggered mesh (CE/SE GPU thesis 2016, eqs. 3.17-3.33, "
       "Algorithm 5)"},
      {"muscl_hancock", SchemeKind::kMusclHancock, 0,
       "Toro's MUSCL-Hancock: limited slopes, half-step evolution, Riemann solver at faces; "
       "1D, or 2D with alternating x-y / y-x sweeps (Blakely, LSC lecture)"},
      {"muscl", SchemeKind::kMuscl, 0,
       "unsplit finite volume: MUSCL 2nd/3rd-order face values (minmod), Rusanov/HLLC/exact "
       "flux, SSP-RK3 (Zimmerman et al. 2018); 1D (planar, cylindrical, spherical) or 2D"},
      {"multiblock", SchemeKind::kMultiBlock, -1,
       "2D and 3D curvilinear multi-block SBP finite differences (order 2 or 4) with artificial "
       "dissipation, SAT boundaries and interfaces, 5-stage Runge-Kutta with local time steps to "
       "a steady state (Elsen et al. 2008)"},
      {"dg", SchemeKind::kDg, 2,
       "discontinuous Galerkin on quadrilaterals, P1-P3: Gauss-Legendre points, weak form by "
       "quadrature, Rusanov/HLLC face flux, SSP-RK3 (Zimmerman et al. 2018, sec. 2.3)"},
      {"cpr", SchemeKind::kCpr, 2,
       "correction procedure via reconstruction (flux reconstruction) on quadrilaterals, P1-P3: "
       "Gauss-Lobatto points, Radau correction, chain-rule divergence (Zimmerman et al. 2018, "
       "sec. 2.2)"},
      {"ndg", SchemeKind::kNdg, 2,
       "nodal discontinuous Galerkin in strong form on quadrilaterals, P1-P3: Gauss-Lobatto "
       "points, differentiation and lifting matrices (Zimmerman et al. 2018, sec. 2.4)"},
      {"sd", SchemeKind::kSd, 2,
       "spectral difference on quadrilaterals, P1-P3: Gauss-Legendre solution points, "
       "Gauss-Lobatto flux points (Zimmerman et al. 2018, sec. 2.5)"},
      {"streamfunction_vorticity", SchemeKind::kStreamfunctionVorticity, 2,
       "incompressible Navier-Stokes as vorticity transport (1st/2nd-order upwind, central "
       "diffusion, explicit SSP-RK2) and a stream-function Poisson equation (Jacobi or "
       "Kokkos-Kernels BiCGSTAB) on curvilinear nodes (Gohari et al. 2012); the lid-driven cavity"},
  };
  return schemes;
}

}  // namespace portaflow
