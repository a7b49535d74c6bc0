// The fully turbulent flat plate against the skin-friction laws and the law of the wall: the
// check of the Baldwin & Lomax (1978) eddy viscosity on a boundary layer whose answer is known.
//   Schlichting (1979): Cf = (2 log10 Re_x - 0.65)^-2.3;
//   White (2006):       Cf = 0.455 / ln^2(0.06 Re_x);
//   the log law u+ = ln(y+) / 0.41 + 5.0 and the viscous sublayer u+ = y+ (White 2006),
// with u_tau = U sqrt(Cf / 2) the station's own friction velocity (from the computed wall shear).
// Beside them, a check that does not depend on the layer's history: Cf against the Coles-Fernholz
// relation at the station's own momentum-thickness Reynolds number, Cf = 2 (ln(Re_theta) / 0.384
// + 4.127)^-2 (Nagib, Chauhan & Monkewitz 2007). Integrated from the leading edge (d theta / dx =
// Cf / 2) that relation gives Cf 8-9 % below both laws above over 1e6 <= Re_x <= 1e7: the laws
// and the modern fit differ by that much (docs/user-guide/incompressible.md).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "portaflow/schemes/incompressible/problems/surface_loads.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::incompressible {

inline constexpr double kLogLawKappa = 0.41;
inline constexpr double kLogLawIntercept = 5.0;

double schlichting_cf(double re_x);
double white_cf(double re_x);
double log_law_u_plus(double y_plus);
double coles_fernholz_cf(double re_theta);

// Momentum thickness theta = int u / U (1 - u / U) dy along the j-line of wall node i (trapezoidal
// rule, wall to the top), per unit length.
double momentum_thickness(const HostFlow& flow, int i, double speed);

// u+ against y+ on the plate's j-line nearest x = station (from the wall's nodes wall_begin ..
// wall_end), up to the line's last node.
struct WallUnitsProfile {
  double x = 0, re_x = 0, cf = 0, u_tau = 0;
  std::vector<double> y_plus, u_plus, log_law;
};
WallUnitsProfile wall_units_profile(const HostFlow& flow, const Loads& loads, int wall_begin,
                                    int wall_end, double speed, double nu, double station);

// Re_theta at each wall node wall_begin .. wall_end (0 where the node is not on the plate).
std::vector<double> momentum_thickness_reynolds(const HostFlow& flow, int wall_begin, int wall_end,
                                                double speed, double nu);

// The largest |Cf / law - 1| of each law over Re_L / 10 <= Re_x <= Re_L (x from 10 % to 100 %
// of the plate), of |Cf / Coles-Fernholz(Re_theta) - 1| there, and the largest |u+ / log law - 1|
// over 30 <= y+ <= 300 on the profile.
std::vector<std::pair<std::string, double>> turbulent_plate_errors(
    const Loads& loads, const std::vector<double>& re_theta, const WallUnitsProfile& profile,
    double reynolds, double length);

// surface.csv: x, Re_x, Cp, Cf, both laws' Cf, Re_theta and Coles-Fernholz's Cf there;
// wall_units_profile.csv: y+, u+, the log law.
std::vector<ResultTable> turbulent_plate_tables(const Loads& loads,
                                                const std::vector<double>& re_theta,
                                                const WallUnitsProfile& profile, double reynolds,
                                                double length);

}  // namespace portaflow::incompressible
