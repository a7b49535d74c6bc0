// Options of the incompressible stream-function/vorticity family (seed 004, Gohari et al. 2012),
// read by src/io/deck/read_incompressible.cpp.
#pragma once

namespace portaflow {

enum class IncompressibleProblem {
  kLidDrivenCavity,  // unit square, lid y = 1 moving at lid_speed (Ghia, Ghia & Shin 1982)
};

// The stream-function Poisson solver: seed 004's point iteration, or a Krylov method on the
// assembled matrix (Kokkos-Kernels CrsMatrix and spmv).
enum class PoissonSolverKind { kJacobi, kBicgstab };
// BiCGSTAB's preconditioner: one geometric multigrid V-cycle, or the diagonal.
enum class PreconditionerKind { kMultigrid, kJacobi };

// Vorticity on a no-slip wall from the stream function one and two nodes off it: Thom's formula
// (first order) or Jensen's (second order, the one-sided stencil seed 004 uses for x_etaeta).
enum class WallVorticityKind { kThom, kJensen };

struct IncompressibleConfig {
  IncompressibleProblem problem = IncompressibleProblem::kLidDrivenCavity;
  double reynolds = 100;   // U L / nu with the lid speed and the domain's width
  double lid_speed = 1;
  int convection_order = 2;  // upwind differences of the vorticity's convection: 1 or 2
  WallVorticityKind wall_vorticity = WallVorticityKind::kJensen;
  PoissonSolverKind poisson = PoissonSolverKind::kBicgstab;
  PreconditionerKind preconditioner = PreconditionerKind::kMultigrid;
  double poisson_tolerance = 1e-10;        // ||b - A psi|| / ||b||
  long long poisson_max_iterations = 100000;
  double jacobi_relaxation = 1;  // weight of the Jacobi update, in (0, 1]
};

}  // namespace portaflow
