// The Poisson solver of Gohari et al. (2012): point Jacobi, psi_new = psi + w r / diag, each sweep
// one kernel over the interior reading psi and writing a second buffer (no ordering between nodes,
// so it is the same on every backend). The weight w is kept in (0, 1]: for the five-point Laplacian
// the Jacobi iteration matrix has eigenvalues down to about -1 (the checkerboard mode), which any
// w > 1 amplifies, so "over-relaxed" Jacobi diverges there.
#include <cmath>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/poisson/laplacian_stencil.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson.hpp"

namespace portaflow::incompressible {

namespace {

// Sweeps between residual checks: a reduction is a device synchronisation.
constexpr long long kCheckEvery = 10;

// One weighted Jacobi sweep from `from` into `to` (a free function: CUDA's extended lambdas may
// not live in private member functions): the interior, the wake cut's owners (read across the
// cut), then the Neumann and twin nodes from the new values.
void jacobi_sweep(const PoissonDomain& domain, Real w, const NodeField& from, const NodeField& to,
                  const NodeField& omega) {
  const NodeGrid g = domain.grid;
  par_for(
      "incompressible.jacobi_sweep", interior(g), KOKKOS_LAMBDA(const int j, const int i) {
        const Stencil s = laplacian_stencil(g, j, i);
        const Real residual = -omega(j, i) - s.centre * from(j, i) - neighbours(s, from, j, i);
        to(j, i) = from(j, i) + w * residual / s.centre;
      });
  if (g.seam > 1) {
    const int ni = g.ni;
    par_for(
        "incompressible.jacobi_sweep_cut", seam_owners(g), KOKKOS_LAMBDA(const int i) {
          const Stencil s = laplacian_stencil(g, 0, i);
          const Real residual =
              -omega(0, i) - s.centre * from(0, i) - neighbours(s, reflected(from, ni), 0, i);
          to(0, i) = from(0, i) + w * residual / s.centre;
        });
  }
  apply_psi_rules(g, domain.layout, domain.stream, to);
}

class JacobiPoisson : public PoissonSolver {
 public:
  JacobiPoisson(const PoissonDomain& domain, double relaxation, double tolerance,
                long long max_iterations)
      : domain_(domain),
        relaxation_(relaxation),
        tolerance_(tolerance),
        max_iterations_(max_iterations),
        other_("poisson.jacobi_buffer", domain.grid.nj, domain.grid.ni) {
    require(relaxation > 0 && relaxation <= 1, "internal error: Jacobi weight outside (0, 1]");
  }

  PoissonResult solve(const NodeField& psi, const NodeField& omega) override {
    Kokkos::deep_copy(ExecSpace(), other_, psi);  // the boundary values, which no sweep writes
    PoissonResult result;
    NodeField from = psi, to = other_;
    while (true) {
      if (result.iterations % kCheckEvery == 0) {
        const ResidualNorms norms = poisson_residual(domain_, from, omega);
        result.relative_residual = norms.residual / norms.reference;
        result.converged = result.relative_residual <= tolerance_;
        if (result.converged || result.iterations >= max_iterations_) break;
      }
      jacobi_sweep(domain_, static_cast<Real>(relaxation_), from, to, omega);
      std::swap(from, to);
      ++result.iterations;
    }
    if (from.data() != psi.data()) Kokkos::deep_copy(ExecSpace(), psi, from);
    return result;
  }

 private:
  PoissonDomain domain_;
  double relaxation_, tolerance_;
  long long max_iterations_;
  NodeField other_;
};

}  // namespace

std::unique_ptr<PoissonSolver> make_jacobi_poisson(const PoissonDomain& domain, double relaxation,
                                                   double tolerance, long long max_iterations) {
  return std::make_unique<JacobiPoisson>(domain, relaxation, tolerance, max_iterations);
}

}  // namespace portaflow::incompressible
