// Baldwin & Lomax's algebraic eddy viscosity (AIAA 78-257) for the stream-function/vorticity
// solver (Gohari et al. 2012, sec. 2.2: nu = 1/Re + nu_t, after Christensen's thesis, 1993). Each
// i-line of the body-fitted grid (j = 0 on the wall, the wake cut or the line ahead of a plate)
// is one profile, handled by one thread:
//   inner  nu_t = (kappa y D)^2 |omega|,   D = 1 - exp(-y+ / A+),  y+ = y sqrt(nu |omega_w|) / nu
//   outer  nu_t = K C_cp F_wake F_kleb(y),  F_wake = min(y_max F_max, C_wk y_max U_dif^2 / F_max)
//          F(y) = y |omega| D,  F_max at y_max,  F_kleb = 1 / (1 + 5.5 (C_kleb y / y_max)^6)
//   nu_t = inner from the wall up to the first node where inner exceeds outer, outer beyond.
// Constants kappa 0.4, A+ 26, K 0.0168, C_cp 1.6, C_kleb 0.3, C_wk 0.25. On wall lines y is the
// distance from the wall node and U_dif the largest speed on the line; off the wall (wake, ahead
// of a plate) there is no damping (D = 1), y is measured from the j = 0 node and U_dif is the
// largest minus the smallest speed. The model is on everywhere (fully turbulent: no transition).
#pragma once

#include "portaflow/schemes/incompressible/grid/node_grid.hpp"

namespace portaflow::incompressible {

struct BaldwinLomaxConstants {
  Real kappa = Real(0.4), a_plus = 26, k_clauser = Real(0.0168), c_cp = Real(1.6),
       c_kleb = Real(0.3), c_wk = Real(0.25);
};

// nu_t(j, i) from the velocity (u, v) and vorticity at every node; lines wall_begin ... wall_end
// (inclusive) are wall lines, the others start on a cut or an open line.
void baldwin_lomax(const NodeGrid& grid, const NodeField& u, const NodeField& v,
                   const NodeField& omega, int wall_begin, int wall_end, Real nu,
                   const NodeField& nu_t, const BaldwinLomaxConstants& constants = {});

}  // namespace portaflow::incompressible
