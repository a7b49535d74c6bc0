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
  // Both sums in one pass: one wait for the device instead of two.
  SumArray<double, 2> sums;
  par_reduce(
      "incompressible.poisson_residual", IndexBox2D{{0, g.nj}, {0, g.ni}},
      KOKKOS_LAMBDA(const int j, const int i, SumArray<double, 2>& acc) {
        if (rule(j, i) != kPsiSolve) return;
        const double r = -omega(j, i) - laplacian(g, reflected(psi, ni), j, i);
        acc.value[0] += r * r;
        acc.value[1] += static_cast<double>(omega(j, i)) * omega(j, i);
      },
      Kokkos::Sum<SumArray<double, 2>>(sums));
  const double residual = sums.value[0], reference = sums.value[1];
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
