// Elliptic (Poisson) generation of one 2D structured block: the Thompson-Thames-Mastin equations
// with Sorenson-type control of the spacing and angle at the j = 0 boundary, and the
// transfinite-interpolation starting guess. Used for the NACA 0012 C-mesh of Elsen et al. (2008);
// meant for the C-grid of Gohari et al. (2012) too (their sec. 2.1, eqs. 1-5, follow
// Sorenson 1980).
//
// References:
//   TWM  Thompson, Warsi & Mastin, "Numerical Grid Generation: Foundations and Applications",
//        North-Holland 1985: ch. 6 (elliptic generation systems and their control functions) and
//        ch. 3 (transfinite interpolation).
//   S80  Sorenson, "A computer program to generate two-dimensional grids about airfoils and other
//        shapes by the use of Poisson's equation", NASA TM-81198, 1980 (control functions that
//        impose the first spacing and the angle at a boundary, decaying like exp(-a eta)).
//   SS79 Steger & Sorenson, "Automatic mesh-point clustering near a boundary in grid generation
//        with elliptic partial differential equations", J. Comput. Phys. 33, 405, 1979 (the
//        iterative update of those control functions from the spacing and angle errors).
//   TM80 Thomas & Middlecoff, "Direct control of the grid point distribution in meshes generated
//        by elliptic equations", AIAA J. 18, 652, 1980 (control functions scaled by the metric
//        and taken from the boundary stretching).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace portaflow::mesh {

// Nodes of one 2D structured block: node (i, j) is entry i + ni * j of x and y.
struct StructuredGrid2D {
  int ni = 0, nj = 0;
  std::vector<double> x, y;

  StructuredGrid2D() = default;
  StructuredGrid2D(int ni_, int nj_)
      : ni(ni_), nj(nj_), x(static_cast<std::size_t>(ni_) * nj_), y(x.size()) {}
  std::size_t index(int i, int j) const {
    return static_cast<std::size_t>(i) + static_cast<std::size_t>(ni) * j;
  }
};

// intervals + 1 positions from 0 to length whose spacings grow (or shrink) by one constant ratio,
// the first being first_spacing: first_spacing (r^n - 1) / (r - 1) = length. A constant ratio is
// the smoothest one-sided stretching a second-order scheme can ask for (its truncation error grows
// with r - 1 only). The last value is exactly length.
std::vector<double> geometric_stretching(int intervals, double first_spacing, double length);

// Fills the interior nodes of `grid` (its four boundary edges already set) by transfinite
// interpolation (TWM ch. 3.8): along each i-line a straight segment from node (i, 0) to node
// (i, nj-1) with geometric_stretching spacing whose first interval is first_spacing[i] (one value
// for all lines, or ni values), plus the Boolean-sum correction that makes the result match the
// side edges i = 0 and i = ni-1, blended in i by the normalised arc length along j = 0.
void transfinite_interpolation(StructuredGrid2D& grid, const std::vector<double>& first_spacing);

struct EllipticGridOptions {
  int max_iterations = 20000;
  // Stop when no node moved by more than this fraction of its distance to the previous node of
  // its line in one iteration (wall cells and far-field cells count alike).
  double tolerance = 1e-6;
  // Over-relaxation of the j-line and i-line solves. The j-lines cross thin wall cells, where
  // the coefficients change fastest from one iteration to the next; more than ~1.5 there made
  // the C-mesh's wake cut oscillate. The i-lines carry the slow, smooth modes and take more.
  double relaxation_j = 1.3;
  double relaxation_i = 1.85;
  // a in exp(-a j): how fast the wall corrections p, q fade into the field, per j index.
  double decay_rate = 0.1;
  // Requested first spacing |r(i,1) - r(i,0)| at j = 0: one value, or ni values; empty: no
  // spacing control.
  std::vector<double> wall_spacing;
  // Make the j-lines leave j = 0 at 90 degrees.
  bool control_orthogonality = true;
  // Step of the wall corrections per iteration: gain * arctan(error), the error being the
  // relative spacing error (control_gain) or the angle error in radians (orthogonality_gain)
  // (SS79). At 0.05 the angle's correction converged last, ~1 % per iteration (879 iterations to
  // 1e-6 on the 193 x 65 NACA 0012 grid); at 0.2 the line SOR is the slower part (570; 0.1 gave
  // 568, 0.5 the same). 0.2 on the spacing made it oscillate.
  double control_gain = 0.05;
  double orthogonality_gain = 0.2;
  // Bound on |p| and |q| (index units; must stay below 2, see solve_elliptic_grid).
  double control_limit = 1.0;
  // Keep the stretching of the starting grid: phi_0, psi_0 below from the starting grid.
  bool keep_initial_stretching = true;
  // Start from the grid generated on every other node (elliptic_grid_sequencing.hpp), where the
  // caller asks for it (airfoil_c_grid does).
  bool sequencing = true;
};

struct EllipticGridReport {
  int iterations = 0;
  double max_change = 0.0;  // largest relative node move in the last iteration (see tolerance)
  bool converged = false;   // max_change <= tolerance within max_iterations
  // Grid sequencing (elliptic_grid_sequencing.hpp): how many coarser grids gave the start, and
  // their iterations together (one on the next coarser grid costs about a quarter of one here).
  int coarse_levels = 0;
  int coarse_iterations = 0;
  // The wall corrections p(i), q(i) reached (ni values each).
  std::vector<double> p, q;
};

// The fixed parts of the control functions below: phi_0 and psi_0 per node (from the starting
// grid when keep_initial_stretching, else 0) and the decay exp(-a j) per j. Validates
// wall_spacing. Shared by the host and the device generator (elliptic_grid_device.hpp).
struct ControlStart {
  std::vector<double> phi_0, psi_0, decay;
  // The wall corrections p(i), q(i) to start from (ni values each); empty: zero.
  std::vector<double> p, q;
};
ControlStart control_start(const StructuredGrid2D& grid, const EllipticGridOptions& options);

// The first cell (i, j) (corner nodes (i..i+1, j..j+1), j slowest) whose area from its diagonals,
// ((r(i+1,j+1) - r(i,j)) x (r(i,j+1) - r(i+1,j))) / 2, is not positive: a folded or degenerate
// cell of a right-handed grid. -1 for none; else i + (ni - 1) * j.
long long first_folded_cell(const StructuredGrid2D& grid);
// The error both generators stop with when `cell` (as first_folded_cell gives it) has folded.
std::string folded_cell_message(const StructuredGrid2D& grid, long long cell, int iteration);

// Solves, for the interior nodes of `grid` (its boundary nodes are kept as they are), the Poisson
// grid equations in computational space (TWM ch. 6; Gohari et al. 2012, eq. 3), r = (x, y):
//   alpha r_xixi - 2 beta r_xieta + gamma r_etaeta = -J^2 (P r_xi + Q r_eta),
//   alpha = r_eta . r_eta,  beta = r_xi . r_eta,  gamma = r_xi . r_xi,
//   J = x_xi y_eta - x_eta y_xi,
// with the control functions scaled as P = phi alpha / J^2, Q = psi gamma / J^2 (TM80), so that
// phi and psi are stretching rates per index (-(r_xi . r_xixi) / |r_xi|^2 and the like) whatever
// the cell size: a wall cell of 0.002 and a far-field cell of 2 take the same values, and
// |phi|, |psi| < 2 is exactly the condition for non-negative neighbour coefficients.
//   phi = phi_0 + p(i) exp(-a j),  psi = psi_0 + q(i) exp(-a j).
// With keep_initial_stretching, phi_0 interpolates -(r_xi . r_xixi) / |r_xi|^2 of the j = 0 and
// j = nj-1 boundaries along each i-line (TM80), and psi_0 is the psi with which the starting grid
// satisfies the equations itself, so the boundaries' clustering and the starting grid's
// distribution along its i-lines survive the smoothing (otherwise zero).
// p, q are the wall corrections (S80, updated as in SS79): before every iteration they are nudged
// by gain * arctan(error) until the first spacing at j = 0 is wall_spacing and the j-lines leave
// j = 0 at 90 degrees. (Evaluating p, q directly from the grid equations at the wall, the S80 /
// Gohari et al. (2012) eq. 5 way, fed the field's r_etaeta back into the controls and made the
// iteration diverge along the C-mesh's wake cut.)
// Central differences; red-black line SOR along j (implicit across thin wall cells), then along
// i (implicit round the C), each with its own relaxation. A grid that is mirror symmetric under
// i -> ni-1-i stays symmetric to round-off. The grid must be right-handed (J > 0) with j = 0 the
// controlled boundary. Throws portaflow::Error for bad options, when the iteration diverges, or
// when a cell folds (first_folded_cell after an iteration): the message names the cell and the
// iteration.
EllipticGridReport solve_elliptic_grid(StructuredGrid2D& grid, const EllipticGridOptions& options);
// The same from given fixed parts of the controls (control_start of another grid with the same
// boundaries, e.g. the transfinite start when `grid` holds a better first guess): the grid it
// converges to is the one the plain call reaches from that other grid.
EllipticGridReport solve_elliptic_grid(StructuredGrid2D& grid, const EllipticGridOptions& options,
                                       const ControlStart& start);

}  // namespace portaflow::mesh
