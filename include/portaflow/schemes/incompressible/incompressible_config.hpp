// Options of the incompressible stream-function/vorticity family (Gohari et al. 2012),
// read by src/io/deck/read_incompressible.cpp.
#pragma once

#include "portaflow/mesh/c_grid_shape.hpp"
#include "portaflow/mesh/elliptic_grid.hpp"

namespace portaflow {

enum class IncompressibleProblem {
  kLidDrivenCavity,  // unit square, lid y = 1 moving at lid_speed (Ghia, Ghia & Shin 1982)
  kAirfoil,          // a NACA 4-digit section on an elliptic C-grid (Gohari et al. 2012)
  kFlatPlate,        // a plate of length 1 at zero incidence (Blasius; Gohari et al. 2012, Fig. 10)
};

// The stream-function Poisson solver: the point iteration of Gohari et al. (2012), or a Krylov
// method on the assembled matrix (Kokkos-Kernels CrsMatrix and spmv).
enum class PoissonSolverKind { kJacobi, kBicgstab };
// BiCGSTAB's preconditioner: one geometric multigrid V-cycle with a point or an alternating
// line (i lines, then j lines) Jacobi smoother, or the diagonal.
enum class PreconditionerKind { kMultigrid, kLineMultigrid, kJacobi };

// Vorticity on a no-slip wall from the stream function one and two nodes off it: Thom's formula
// (first order) or Jensen's (second order, the one-sided stencil Gohari et al. (2012) use for
// x_etaeta).
enum class WallVorticityKind { kThom, kJensen };

// How the vorticity's convection is differenced. Conservative: the flux form of eq. 6 of Gohari
// et al. (2012), d(u omega)/dx + d(v omega)/dy, as differences of face fluxes whose speeds come
// from psi and are divergence-free to round-off, so the domain's total vorticity (the
// circulation) changes only by what crosses its boundary. Advective: the transformed form of
// their eq. 7, U omega_xi + V omega_eta, which does not conserve it: on the coarse wake of a
// C-grid it loses lift (docs/user-guide/incompressible.md, Validation).
enum class ConvectionForm { kConservative, kAdvective };

// The flat plate's grid: x from -upstream to 1 + downstream with the plate on [0, 1]
// of y = 0, y from 0 to `height`, geometrically stretched from wall_spacing. Without a trailing
// edge the wall runs on to the outflow: Blasius' semi-infinite plate (lengths still in units of
// the first 1, where Re is taken).
struct FlatPlateGrid {
  int cells_x = 160, cells_y = 64;
  double wall_spacing = 2e-4, height = 0.5;
  double upstream = 0.25, downstream = 0.25;
  bool trailing_edge = true;
};

// The airfoil's C-grid and how it is generated (Gohari et al. 2012, eqs. 1-5).
struct AirfoilGrid {
  mesh::CGridShape shape;
  bool on_device = true;  // the Kokkos generator (else the host one, its reference)
  mesh::EllipticGridOptions elliptic;
};

struct IncompressibleConfig {
  IncompressibleProblem problem = IncompressibleProblem::kLidDrivenCavity;
  // U L / nu: the lid speed and the domain's width (cavity), the free stream and the chord
  // (airfoil) or the plate's length (flat plate).
  double reynolds = 100;
  double lid_speed = 1;
  double free_stream_speed = 1;
  double angle_of_attack_degrees = 0;
  // Added to psi on an airfoil (the free stream's value at the trailing edge): psi on the body
  // sets the circulation, so the lift follows it (docs/user-guide/incompressible.md).
  double body_psi_offset = 0;
  AirfoilGrid airfoil;
  FlatPlateGrid plate;
  int convection_order = 2;  // upwind differences of the vorticity's convection: 1 or 2
  ConvectionForm convection_form = ConvectionForm::kConservative;
  bool baldwin_lomax =
      false;  // the Baldwin-Lomax eddy viscosity (airfoil, flat plate); else laminar
  WallVorticityKind wall_vorticity = WallVorticityKind::kJensen;
  PoissonSolverKind poisson = PoissonSolverKind::kBicgstab;
  PreconditionerKind preconditioner = PreconditionerKind::kMultigrid;
  double poisson_tolerance = 1e-10;  // ||b - A psi|| / ||b||
  long long poisson_max_iterations = 100000;
  double jacobi_relaxation = 1;  // weight of the Jacobi update, in (0, 1]
};

}  // namespace portaflow
