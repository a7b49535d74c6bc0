// The finite-volume family's descriptors.
#include "portaflow/schemes/fv/fv_scheme.hpp"

namespace portaflow::fv {

const std::vector<SchemeDescriptor>& schemes() {
  static const std::vector<SchemeDescriptor> list{
      {"muscl_hancock", Dimensions::k1Dor2D,
       "Toro's MUSCL-Hancock: limited slopes, half-step evolution, Riemann solver at faces; 1D, "
       "or 2D with alternating x-y / y-x sweeps (Blakely's benchmark)",
       "The MUSCL-Hancock scheme (Toro 2009, sec. 14.4): slopes limited by one of Toro's four "
       "limiters, boundary-extrapolated values evolved by half a step, and the exact, HLLC or "
       "Rusanov Riemann solver at the faces; in 2D by dimensional splitting, x-y and y-x sweeps "
       "alternating (or averaged), as in Blakely's 2D Euler GPU solver (LSC lecture).",
       read_muscl_hancock_deck, muscl_hancock_choices, OutputKind::kCells,
       PORTAFLOW_SOLVER_FACTORY(make_muscl_hancock_solver)},
      {"muscl", Dimensions::k1Dor2D,
       "unsplit finite volume: MUSCL 2nd/3rd-order face values (minmod), Rusanov/HLLC/exact "
       "flux, SSP-RK3 (Zimmerman et al. 2018); 1D (planar, cylindrical, spherical) or 2D",
       "Unsplit finite volumes as compared by Zimmerman et al. (2018): second-order (minmod "
       "slopes) or third-order (van Leer's kappa = 1/3) face values with an optional TVB "
       "relaxation, a Rusanov, HLLC or exact flux, and the three-stage SSP Runge-Kutta scheme; "
       "in 1D also with cylindrical or spherical symmetry (x = r).",
       read_muscl_deck, muscl_choices, OutputKind::kCells,
       PORTAFLOW_SOLVER_FACTORY(make_muscl_solver)},
  };
  return list;
}

}  // namespace portaflow::fv
