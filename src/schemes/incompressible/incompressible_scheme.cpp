// The incompressible family's descriptor.
#include "portaflow/schemes/incompressible/incompressible_scheme.hpp"

namespace portaflow::incompressible {

const std::vector<SchemeDescriptor>& schemes() {
  static const std::vector<SchemeDescriptor> list{
      {"streamfunction_vorticity",
       Dimensions::k2D,
       "incompressible Navier-Stokes as vorticity transport and a stream-function Poisson "
       "equation on curvilinear nodes: lid-driven cavity, NACA 4-digit airfoils on an elliptic "
       "C-grid, flat plate; laminar or Baldwin-Lomax (after Gohari et al. 2012)",
       "The 2D incompressible Navier-Stokes equations in stream-function/vorticity form on the "
       "nodes of a structured curvilinear grid, as Gohari, Esfahanian & Moqtaderi (2012) solve "
       "them on GPUs: the vorticity transported with first- or second-order upwind convection "
       "and central diffusion, marched explicitly (two-stage SSP Runge-Kutta), the stream "
       "function from its Poisson equation after each stage (BiCGSTAB from Kokkos-Kernels with a "
       "multigrid, line-multigrid or diagonal preconditioner, or Gohari et al.'s point Jacobi "
       "iteration), Jensen's or "
       "Thom's wall vorticity, and the Baldwin & Lomax (1978) eddy viscosity. Flows: the "
       "lid-driven cavity (against Ghia, Ghia & Shin 1982), NACA 4-digit airfoils on an "
       "elliptically generated C-grid (Sorenson 1980), and a flat plate (laminar against "
       "Blasius, turbulent against the skin-friction laws and the law of the wall).",
       read_deck,
       choices,
       OutputKind::kNodes,
       PORTAFLOW_SOLVER_FACTORY(make_solver),
       {"grid.xyz", "surface.csv", "centreline_u.csv", "centreline_v.csv", "ghia_comparison.csv",
        "blasius_profile.csv", "wall_units_profile.csv"},
       nullptr,
       // Many small kernels a step (the Poisson solve's iterations and reductions): with passive
       // waiting one thread beat two on the 2-core build machine up to 256 x 256 (cavity, 100
       // steps: 5.2 s against 5.6 s) and on the 192 x 64 airfoil grid (6.7 s against 10.9 s).
       1 << 17},
  };
  return list;
}

}  // namespace portaflow::incompressible
