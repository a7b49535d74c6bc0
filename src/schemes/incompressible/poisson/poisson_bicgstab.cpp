// BiCGSTAB (van der Vorst 1992) on the assembled Poisson matrix (poisson_matrix.hpp), right-
// preconditioned by one multigrid V-cycle (poisson_multigrid.hpp) or by the diagonal (Jacobi),
// with Kokkos-Kernels doing the linear algebra: KokkosSparse spmv, KokkosBlas dot / axpby /
// update / mult. The matrix is not symmetric on a curvilinear grid (the P, Q terms), hence
// BiCGSTAB and not CG. Each dot product the host needs is a wait for the device (on the GPU a
// few microseconds, more than an iteration's arithmetic on the airfoil grids), so the two
// pairs that are needed together, (t, t) with (t, s) and (r, r) with (r_hat, r), are each
// summed in one pass: three waits an iteration instead of five.
#include <KokkosBlas1_axpby.hpp>
#include <KokkosBlas1_dot.hpp>
#include <KokkosBlas1_mult.hpp>
#include <KokkosBlas1_update.hpp>
#include <KokkosSparse_spmv.hpp>
#include <cmath>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson_multigrid.hpp"

namespace portaflow::incompressible {

namespace {

struct DotPair {
  Real first = 0, second = 0;
};

// (a, b) and (c, d) in one pass and one wait.
DotPair dot_pair(const Vector& a, const Vector& b, const Vector& c, const Vector& d) {
  SumArray<double, 2> sums;
  par_reduce(
      "poisson.bicgstab.dot_pair", IndexRange{0, static_cast<Index>(a.extent(0))},
      KOKKOS_LAMBDA(const Index i, SumArray<double, 2>& acc) {
        acc.value[0] += double(a(i)) * double(b(i));
        acc.value[1] += double(c(i)) * double(d(i));
      },
      Kokkos::Sum<SumArray<double, 2>>(sums));
  return {Real(sums.value[0]), Real(sums.value[1])};
}

class BicgstabPoisson : public PoissonSolver {
 public:
  BicgstabPoisson(const PoissonDomain& domain, PreconditionerKind preconditioner, double tolerance,
                  long long max_iterations)
      : domain_(domain), tolerance_(tolerance), max_iterations_(max_iterations) {
    system_ = assemble_poisson_matrix(domain);
    if (preconditioner != PreconditionerKind::kJacobi)
      multigrid_ = std::make_unique<MultigridPreconditioner>(
          domain, system_, preconditioner == PreconditionerKind::kLineMultigrid);
    for (Vector* v : {&x_, &b_, &r_, &r_hat_, &p_, &v_, &s_, &t_, &y_, &z_})
      *v = Vector("poisson.bicgstab_vector", system_.rows);
  }

  PoissonResult solve(const NodeField& psi, const NodeField& omega) override {
    gather_poisson_system(domain_, system_, psi, omega, x_, b_);
    const ResidualNorms start = poisson_residual(domain_, psi, omega);
    const double scale = start.reference;
    const SparseMatrix& A = system_.matrix;
    // r = b - A x
    Kokkos::deep_copy(ExecSpace(), r_, b_);
    KokkosSparse::spmv("N", Real(-1), A, x_, Real(1), r_);
    Kokkos::deep_copy(ExecSpace(), r_hat_, r_);
    Kokkos::deep_copy(ExecSpace(), p_, Real(0));
    Kokkos::deep_copy(ExecSpace(), v_, Real(0));
    Real rho = 1, alpha = 1, w = 1;
    PoissonResult result;
    DotPair r_dots = dot_pair(r_, r_, r_hat_, r_);  // (r, r) and (r_hat, r)
    result.relative_residual = std::sqrt(r_dots.first) / scale;
    while (result.relative_residual > tolerance_ && result.iterations < max_iterations_) {
      const Real rho_next = r_dots.second;
      if (rho_next == 0) break;  // breakdown: stop and report the residual reached
      const Real beta = (rho_next / rho) * (alpha / w);
      rho = rho_next;
      KokkosBlas::axpby(-w, v_, Real(1), p_);    // p = p - w v
      KokkosBlas::axpby(Real(1), r_, beta, p_);  // p = r + beta p
      precondition(p_, y_);                      // y = M^-1 p
      KokkosSparse::spmv("N", Real(1), A, y_, Real(0), v_);
      alpha = rho / KokkosBlas::dot(r_hat_, v_);
      KokkosBlas::update(Real(1), r_, -alpha, v_, Real(0), s_);  // s = r - alpha v
      precondition(s_, z_);                                      // z = M^-1 s
      KokkosSparse::spmv("N", Real(1), A, z_, Real(0), t_);
      const DotPair t_dots = dot_pair(t_, t_, t_, s_);  // (t, t) and (t, s)
      const Real tt = t_dots.first;
      w = tt > 0 ? t_dots.second / tt : Real(0);
      KokkosBlas::update(alpha, y_, w, z_, Real(1), x_);     // x += alpha y + w z
      KokkosBlas::update(Real(1), s_, -w, t_, Real(0), r_);  // r = s - w t
      ++result.iterations;
      r_dots = dot_pair(r_, r_, r_hat_, r_);
      result.relative_residual = std::sqrt(r_dots.first) / scale;
      if (w == 0) break;
    }
    scatter_solution(system_, x_, psi);
    // The recursively updated residual can drift from the true one: report the true one.
    const ResidualNorms norms = poisson_residual(domain_, psi, omega);
    result.relative_residual = norms.residual / norms.reference;
    result.converged = result.relative_residual <= tolerance_;
    return result;
  }

 private:
  void precondition(const Vector& in, const Vector& out) {
    if (multigrid_)
      multigrid_->apply(in, out);
    else
      KokkosBlas::mult(Real(0), out, Real(1), system_.diagonal_inverse, in);
  }

  PoissonDomain domain_;
  double tolerance_;
  long long max_iterations_;
  PoissonMatrix system_;
  std::unique_ptr<MultigridPreconditioner> multigrid_;
  Vector x_, b_, r_, r_hat_, p_, v_, s_, t_, y_, z_;
};

}  // namespace

std::unique_ptr<PoissonSolver> make_bicgstab_poisson(const PoissonDomain& domain,
                                                     PreconditionerKind preconditioner,
                                                     double tolerance, long long max_iterations) {
  return std::make_unique<BicgstabPoisson>(domain, preconditioner, tolerance, max_iterations);
}

}  // namespace portaflow::incompressible
