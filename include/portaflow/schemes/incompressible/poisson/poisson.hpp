// The stream-function Poisson equation lap psi = -omega at the interior nodes and the wake cut's,
// with the boundary rules of boundary_layout.hpp (Dirichlet, free-stream Neumann, the cut's
// twins), solved to ||-omega - lap psi||_2 <= tolerance ||omega||_2 from the
// initial guess in psi (the previous step's, so a time step needs few iterations). Two solvers
// (incompressible.poisson): the point Jacobi of Gohari et al. (2012), and BiCGSTAB on the assembled
// matrix with Kokkos-Kernels (KokkosSparse::CrsMatrix, spmv, KokkosBlas), preconditioned by a
// multigrid V-cycle or the diagonal (incompressible.preconditioner).
#pragma once

#include <memory>

#include "portaflow/schemes/incompressible/grid/boundary_layout.hpp"
#include "portaflow/schemes/incompressible/grid/node_grid.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"

namespace portaflow::incompressible {

struct PoissonResult {
  long long iterations = 0;  // Jacobi sweeps, or BiCGSTAB iterations (two spmv each)
  double relative_residual = 0;
  bool converged = false;
};

// A grid with its boundary rules: what the Poisson solvers are built for.
struct PoissonDomain {
  NodeGrid grid;
  BoundarySpec spec;
  BoundaryLayout layout;
  FreeStream stream;
};
PoissonDomain make_poisson_domain(const NodeGrid& grid, const BoundarySpec& spec,
                                  const FreeStream& stream);

class PoissonSolver {
 public:
  virtual ~PoissonSolver() = default;
  virtual PoissonResult solve(const NodeField& psi, const NodeField& omega) = 0;
};

// The one the config names; the other two for tests and benchmarks that compare them.
std::unique_ptr<PoissonSolver> make_poisson_solver(const PoissonDomain& domain,
                                                   const IncompressibleConfig& config);
std::unique_ptr<PoissonSolver> make_jacobi_poisson(const PoissonDomain& domain, double relaxation,
                                                   double tolerance, long long max_iterations);
// BiCGSTAB preconditioned by a multigrid V-cycle (point or line smoother) or by the diagonal.
std::unique_ptr<PoissonSolver> make_bicgstab_poisson(const PoissonDomain& domain,
                                                     PreconditionerKind preconditioner,
                                                     double tolerance, long long max_iterations);

// ||-omega - lap psi||_2 over the nodes that solve the equation, and ||omega||_2 there (1 when
// it is 0).
struct ResidualNorms {
  double residual = 0;
  double reference = 1;
};
ResidualNorms poisson_residual(const PoissonDomain& domain, const NodeField& psi,
                               const NodeField& omega);

}  // namespace portaflow::incompressible
