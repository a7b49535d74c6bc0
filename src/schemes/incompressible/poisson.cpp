#include "portaflow/schemes/incompressible/poisson.hpp"

#include <cmath>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/laplacian_stencil.hpp"

namespace portaflow::incompressible {

ResidualNorms poisson_residual(const NodeGrid& grid, const NodeField& psi,
                               const NodeField& omega) {
  const NodeGrid g = grid;
  const double residual = par_sum<double>(
      "incompressible.poisson_residual", interior(grid), KOKKOS_LAMBDA(const int j, const int i, double& sum) {
        const double r = -omega(j, i) - laplacian(g, psi, j, i);
        sum += r * r;
      });
  const double reference = par_sum<double>(
      "incompressible.vorticity_norm", interior(grid), KOKKOS_LAMBDA(const int j, const int i, double& sum) {
        sum += static_cast<double>(omega(j, i)) * omega(j, i);
      });
  ResidualNorms norms;
  norms.residual = std::sqrt(residual);
  norms.reference = reference > 0 ? std::sqrt(reference) : 1.0;
  return norms;
}

std::unique_ptr<PoissonSolver> make_poisson_solver(const NodeGrid& grid,
                                                   const IncompressibleConfig& config) {
  if (config.poisson == PoissonSolverKind::kJacobi)
    return make_jacobi_poisson(grid, config.jacobi_relaxation, config.poisson_tolerance,
                               config.poisson_max_iterations);
  return make_bicgstab_poisson(grid, config.preconditioner == PreconditionerKind::kMultigrid,
                               config.poisson_tolerance, config.poisson_max_iterations);
}

}  // namespace portaflow::incompressible
