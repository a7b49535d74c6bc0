// The stream-function Poisson equation lap psi = -omega at the interior nodes, psi held on the
// boundary (Dirichlet), solved to ||-omega - lap psi||_2 <= tolerance ||omega||_2 from the
// initial guess in psi (the previous step's, so a time step needs few iterations). Two solvers
// (incompressible.poisson): seed 004's point Jacobi, and BiCGSTAB on the assembled matrix with
// Kokkos-Kernels (KokkosSparse::CrsMatrix, spmv, KokkosBlas), preconditioned by a multigrid
// V-cycle or the diagonal (incompressible.preconditioner).
#pragma once

#include <memory>

#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/incompressible/node_grid.hpp"

namespace portaflow::incompressible {

struct PoissonResult {
  long long iterations = 0;  // Jacobi sweeps, or BiCGSTAB iterations (two spmv each)
  double relative_residual = 0;
  bool converged = false;
};

class PoissonSolver {
 public:
  virtual ~PoissonSolver() = default;
  virtual PoissonResult solve(const NodeField& psi, const NodeField& omega) = 0;
};

// The one the config names; the other two for tests and benchmarks that compare them.
std::unique_ptr<PoissonSolver> make_poisson_solver(const NodeGrid& grid,
                                                   const IncompressibleConfig& config);
std::unique_ptr<PoissonSolver> make_jacobi_poisson(const NodeGrid& grid, double relaxation,
                                                   double tolerance, long long max_iterations);
// BiCGSTAB preconditioned by a multigrid V-cycle (multigrid) or by the diagonal.
std::unique_ptr<PoissonSolver> make_bicgstab_poisson(const NodeGrid& grid, bool multigrid,
                                                     double tolerance, long long max_iterations);

// ||-omega - lap psi||_2 over the interior nodes, and ||omega||_2 there (1 when it is 0).
struct ResidualNorms {
  double residual = 0;
  double reference = 1;
};
ResidualNorms poisson_residual(const NodeGrid& grid, const NodeField& psi, const NodeField& omega);

}  // namespace portaflow::incompressible
