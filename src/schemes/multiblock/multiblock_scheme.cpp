// The multi-block family's descriptor.
#include "portaflow/schemes/multiblock/multiblock_scheme.hpp"

namespace portaflow::multiblock {

const std::vector<SchemeDescriptor>& schemes() {
  static const std::vector<SchemeDescriptor> list{
      {"multiblock",
       Dimensions::k2Dor3D,
       "2D and 3D curvilinear multi-block SBP finite differences (order 2 or 4) with artificial "
       "dissipation, SAT boundaries and interfaces, 5-stage Runge-Kutta with local time steps and "
       "FAS multigrid to a steady state (after Elsen et al. 2008)",
       "The Euler equations in curvilinear coordinates on structured multi-block meshes, in the "
       "style of the NSSUS code of Elsen, LeGresley & Darve (2008): vertex-centred "
       "summation-by-parts differences of interior order 2 or 4 with SBP artificial dissipation "
       "(Mattsson, Svard & Nordstrom 2004), simultaneous-approximation-term penalties for far "
       "field, slip walls, symmetry planes and block interfaces (sub-faces included), Jameson's "
       "5-stage Runge-Kutta with local time steps, implicit residual smoothing and FAS multigrid "
       "(Jameson 1983) to a steady state; meshes from generators (boxes, cubes, NACA 0012 "
       "C-meshes, extruded) or Plot3D files.",
       read_deck,
       choices,
       OutputKind::kBlocks,
       PORTAFLOW_SOLVER_FACTORY(make_solver),
       {"surface_cp.csv", "forces.csv"},
       PORTAFLOW_SOLVER_FACTORY(check_mesh_file)},
  };
  return list;
}

}  // namespace portaflow::multiblock
