// What a stream-function/vorticity run is compared with, computed on the host from its fields:
// the cavity's centrelines against Ghia, Ghia & Shin (1982), the flat plate's skin friction and
// velocity profile against Blasius, and the surface tables (Cp, Cf) of an airfoil or a plate.
// The solver only gathers the fields (problems/surface_loads.hpp's HostFlow and Loads); the
// comparisons live here.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/schemes/incompressible/problems/surface_loads.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::incompressible {

// u on the node line nearest mid-width (centreline_u.csv: y, u), v on the one nearest
// mid-height (centreline_v.csv: x, v).
std::pair<ResultTable, ResultTable> centre_lines(const HostFlow& flow);

// Ghia's tabulated points, their values interpolated from our centrelines; line 0: u along
// x = 0.5, 1: v along y = 0.5.
struct GhiaComparison {
  std::vector<double> line, coordinate, computed, published, suspect;
};
// When the run is the unit cavity with lid speed 1 at a tabulated Re, with node lines at
// x = 0.5 and y = 0.5 (odd node counts); else none.
std::optional<GhiaComparison> ghia_comparison(const HostFlow& flow, double reynolds,
                                              double lid_speed, double width);
// ghia_comparison.csv.
ResultTable ghia_table(const GhiaComparison& comparison);
// The largest |u - u_Ghia| and |v - v_Ghia| over the tabulated points, in units of the lid speed
// (the suspect Table II entry left out, ghia_cavity.hpp).
std::vector<std::pair<std::string, double>> ghia_errors(const GhiaComparison& comparison,
                                                        double lid_speed);

// u / U on the plate's j-line nearest x = 0.5 (from the wall's nodes wall_begin .. wall_end),
// against f'(eta), eta = y sqrt(U / (nu x)), up to eta = 8.
struct BlasiusProfile {
  double x = 0;
  std::vector<double> eta, computed, exact;
};
BlasiusProfile blasius_profile(const HostFlow& flow, int wall_begin, int wall_end, double speed,
                               double nu);
// Against Blasius: Cf sqrt(Re_x) / 0.664 - 1 over 10 % .. 90 % of the plate, and u / U against
// f'(eta) on the profile's line.
std::vector<std::pair<std::string, double>> blasius_errors(const Loads& loads,
                                                           const BlasiusProfile& profile,
                                                           double reynolds, double length);

// surface.csv: an airfoil's x / c, y / c, Cp, Cf and eq. 8's Cp along the wall; a plate's x, Cp,
// Cf and Cf sqrt(Re_x), with blasius_profile.csv (`profile`).
std::vector<ResultTable> airfoil_surface_tables(const Loads& loads, double chord);
std::vector<ResultTable> plate_surface_tables(const Loads& loads, const BlasiusProfile& profile,
                                              double reynolds, double length);

}  // namespace portaflow::incompressible
