#include "portaflow/schemes/incompressible/poisson/poisson.hpp"

#include <cmath>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/incompressible/poisson/laplacian_stencil.hpp"

namespace portaflow::incompressible {

PoissonDomain make_poisson_domain(const NodeGrid& grid, const BoundarySpec& spec,
                                  const FreeStream& stream) {
  return {grid, spec, make_boundary_layout(spec, grid.ni, grid.nj), stream};
}

ResidualNorms poisson_residual(const PoissonDomain& domain, const NodeField& psi,
                               const NodeField& omega) {
  const NodeGrid g = domain.grid;
  const auto rule = domain.layout.psi_rule;
  const int ni = g.ni;
  const IndexBox2D all{{0, g.nj}, {0, g.ni}};
  const double residual = par_sum<double>(
      "incompressible.poisson_residual", all, KOKKOS_LAMBDA(const int j, const int i, double& sum) {
        if (rule(j, i) != kPsiSolve) return;
        const double r = -omega(j, i) - laplacian(g, reflected(psi, ni), j, i);
        sum += r * r;
      });
  const double reference = par_sum<double>(
      "incompressible.vorticity_norm", all, KOKKOS_LAMBDA(const int j, const int i, double& sum) {
        if (rule(j, i) == kPsiSolve) sum += static_cast<double>(omega(j, i)) * omega(j, i);
      });
  ResidualNorms norms;
  norms.residual = std::sqrt(residual);
  norms.reference = reference > 0 ? std::sqrt(reference) : 1.0;
  return norms;
}

std::unique_ptr<PoissonSolver> make_poisson_solver(const PoissonDomain& domain,
                                                   const IncompressibleConfig& config) {
  if (config.poisson == PoissonSolverKind::kJacobi)
    return make_jacobi_poisson(domain, config.jacobi_relaxation, config.poisson_tolerance,
                               config.poisson_max_iterations);
  return make_bicgstab_poisson(domain, config.preconditioner, config.poisson_tolerance,
                               config.poisson_max_iterations);
}

}  // namespace portaflow::incompressible
