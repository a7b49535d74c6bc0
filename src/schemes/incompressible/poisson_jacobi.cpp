// Seed 004's Poisson solver: point Jacobi, psi_new = psi + w r / diag, each sweep one kernel over
// the interior reading psi and writing a second buffer (no ordering between nodes, so it is the
// same on every backend). The weight w is kept in (0, 1]: for the five-point Laplacian the
// Jacobi iteration matrix has eigenvalues down to about -1 (the checkerboard mode), which any
// w > 1 amplifies, so "over-relaxed" Jacobi diverges there.
#include <cmath>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/laplacian_stencil.hpp"
#include "portaflow/schemes/incompressible/poisson.hpp"

namespace portaflow::incompressible {

namespace {

// Sweeps between residual checks: a reduction is a device synchronisation.
constexpr long long kCheckEvery = 10;

// One weighted Jacobi sweep from `from` into `to` (a free function: CUDA's extended lambdas may
// not live in private member functions).
void jacobi_sweep(const NodeGrid& grid, Real w, const NodeField& from, const NodeField& to,
                  const NodeField& omega) {
  const NodeGrid g = grid;
  par_for("incompressible.jacobi_sweep", interior(grid), KOKKOS_LAMBDA(const int j, const int i) {
    const Stencil s = laplacian_stencil(g, j, i);
    const Real residual = -omega(j, i) - s.centre * from(j, i) - neighbours(s, from, j, i);
    to(j, i) = from(j, i) + w * residual / s.centre;
  });
}

class JacobiPoisson : public PoissonSolver {
 public:
  JacobiPoisson(const NodeGrid& grid, double relaxation, double tolerance, long long max_iterations)
      : grid_(grid),
        relaxation_(relaxation),
        tolerance_(tolerance),
        max_iterations_(max_iterations),
        other_("poisson.jacobi_buffer", grid.nj, grid.ni) {
    require(relaxation > 0 && relaxation <= 1, "internal error: Jacobi weight outside (0, 1]");
  }

  PoissonResult solve(const NodeField& psi, const NodeField& omega) override {
    Kokkos::deep_copy(other_, psi);  // the boundary values, which no sweep writes
    PoissonResult result;
    NodeField from = psi, to = other_;
    while (true) {
      if (result.iterations % kCheckEvery == 0) {
        const ResidualNorms norms = poisson_residual(grid_, from, omega);
        result.relative_residual = norms.residual / norms.reference;
        result.converged = result.relative_residual <= tolerance_;
        if (result.converged || result.iterations >= max_iterations_) break;
      }
      jacobi_sweep(grid_, static_cast<Real>(relaxation_), from, to, omega);
      std::swap(from, to);
      ++result.iterations;
    }
    if (from.data() != psi.data()) Kokkos::deep_copy(psi, from);
    return result;
  }

 private:
  NodeGrid grid_;
  double relaxation_, tolerance_;
  long long max_iterations_;
  NodeField other_;
};

}  // namespace

std::unique_ptr<PoissonSolver> make_jacobi_poisson(const NodeGrid& grid, double relaxation,
                                                   double tolerance, long long max_iterations) {
  return std::make_unique<JacobiPoisson>(grid, relaxation, tolerance, max_iterations);
}

}  // namespace portaflow::incompressible
