// Pressure, skin friction and forces of a stream-function/vorticity solution (Gohari et al. 2012,
// eq. 8), computed on the host from node fields (a diagnostic: once per history row or output).
//
// The momentum equation written for the total head H = p + |u|^2 / 2 (density 1),
//   grad H = -u_t + omega (v, -u) + nu (-omega_y, omega_x),
// is integrated (trapezoidal rule, u_t neglected: exact for steady flow) along every j-line from
// the outer boundary, where H = U^2 / 2 (p_inf = 0), inwards: p = H - |u|^2 / 2 at every node,
// the wall included; the forces use that wall pressure. Eq. 8 of Gohari et al. integrates along the
// wall instead: on a stationary no-slip wall u = 0, so dp/dxi = nu (beta omega_xi -
// gamma omega_eta) / J exactly, started here at the leading edge from the j-line's value. Its
// wall-normal derivative of omega needs the wall layer resolved far better than the j-line sums
// do (on the coarse NACA 0012 grids it gave a negative pressure drag), so it is reported beside
// them (Cp_along_wall, its mismatch at the trailing edge, its largest difference) as a check.
// The wall shear is -nu omega e_xi (e_xi the unit vector along the wall), and the forces are sums
// over the wall's segments of -p n ds and the shear.
#pragma once

#include <vector>

namespace portaflow::incompressible {

// Host copies of the fields (j, i), i fastest.
struct HostFlow {
  int ni = 0, nj = 0;
  std::vector<double> x, y, x_xi, x_eta, y_xi, y_eta, jacobian, omega, u, v;
};

struct Loads {
  std::vector<double> x, y, cp, cf;   // at the wall nodes, wall_begin .. wall_end
  std::vector<double> cp_along_wall;  // eq. 8
  double cl = 0, cd_pressure = 0, cd_friction = 0;
  // Eq. 8's Cp at the wall's last node minus at its first, both reached from the leading edge:
  // for an airfoil the two sides of the trailing edge (0 in the limit); and its largest
  // difference from Cp.
  double cp_closure = 0, max_cp_difference = 0;
  // Cp (the j-line integrals') at the wall's last node minus at its first: for an airfoil the
  // jump across the trailing edge, which a single-valued pressure makes 0 in steady flow. Both
  // are only diagnostics of the body's psi: eq. 8's closure holds the error of its one-sided
  // d omega / dn at the wall (O(1) in Cp on the shipped grids), and this jump neglects u_t and
  // crosses the trailing edge's boundary layers (docs/user-guide/incompressible.md, Validation).
  double cp_jump = 0;
};

// p everywhere (j-line integrals of H from the outer boundary j = nj - 1).
std::vector<double> pressure_field(const HostFlow& f, double nu, double speed);

// The wall j = 0 from wall_begin to wall_end; leading_edge: where the integral along the wall
// starts, and where Cf's sign turns: Cf = +2 nu omega / U^2 before it (an airfoil's lower side,
// where downstream is -e_xi), -2 nu omega / U^2 from it on, so attached flow has Cf > 0.
// Coefficients per U^2 / 2 and per `length` (chord or plate).
Loads surface_loads(const HostFlow& f, const std::vector<double>& p, int wall_begin, int wall_end,
                    int leading_edge, double nu, double speed, double length, double alpha_radians);

}  // namespace portaflow::incompressible
