// The incompressible solver's two kernels for portaflow-bench (Gohari et al. 2012): the vorticity
// update and the stream-function Poisson iteration, on a warped n x n grid of the unit square
// (n = sqrt(cells); every metric term non-zero, as on the C-grid) with smooth psi and omega.
//
// incompressible.vorticity_rate.{tiles2d,flat1d}: d omega / dt at the interior nodes, laminar,
// second-order upwind convection (vorticity_transport.hpp), the same body under Gohari et al.'s two
// thread-block shapes: one 1D range along rows (the seed's "1D CTA", the solver's) and 2D tiles.
// Compulsory bytes per node, in Reals: reads psi, omega, J, a, b, c, P, Q (8), writes the rate (1):
// 9. Flops per node, from the code: U and V 6 (two differences, 1 / J, two products), the two
// upwind differences 2 x 5, the stencil's coefficients 10, its 8 neighbours 16 and centre 2,
// nu times it and the sum 3: 47.
//
// incompressible.poisson.spmv: one KokkosSparse::spmv of the assembled Poisson matrix (9
// entries a row on a warped grid), the work of one BiCGSTAB half-iteration and of a multigrid
// smoothing sweep. Compulsory bytes per row: 9 values (Real) and 9 column indices (int), the row
// offset (SparseOffset), x and y (Real; x's neighbours from cache). Flops: 9 multiply-adds, 18.
//
// incompressible.poisson.jacobi: 10 sweeps of Gohari et al.'s point Jacobi (poisson_jacobi.cpp) per
// step, counted as 10 node updates per interior node; one residual check (two reductions, read
// back to the host) per 10 sweeps is part of the cost, as in the solver. Compulsory bytes per
// sweep and node, in Reals: reads psi, omega, a, b, c, P, Q (7), writes psi (1): 8. Flops: the
// stencil's coefficients 10, the residual 20, the update 3: 33.
#include <Kokkos_Core.hpp>
#include <KokkosSparse_spmv.hpp>
#include <cmath>

#include "perf/bench_registry.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"
#include "portaflow/schemes/incompressible/transport/vorticity_transport.hpp"

namespace portaflow::bench {

namespace {

using incompressible::LoopShape;
using incompressible::NodeField;
using incompressible::NodeGrid;

constexpr double kWarp = 0.05;     // small enough to keep every cell convex at 33^2
constexpr Real kViscosity = 1e-3;  // Re 1000 on the unit square
constexpr int kJacobiSweeps = 10;

int side(long long cells) {
  return std::max(17, static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells)))));
}

// psi of a cell of rotating flow and omega = -lap psi of it, on the grid's nodes.
void smooth_flow(const NodeGrid& g, const NodeField& psi, const NodeField& omega) {
  const NodeField x = g.x, y = g.y;
  constexpr double kPi = 3.14159265358979323846;
  par_for(
      "bench.incompressible_flow", IndexBox2D{{0, g.nj}, {0, g.ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        const double s = math::sin(kPi * x(j, i)) * math::sin(kPi * y(j, i));
        psi(j, i) = s;
        omega(j, i) = 2 * kPi * kPi * s;
      });
}

// The grid, its Dirichlet Poisson domain (the cavity's rules: psi fixed on the boundary) and
// the fields, made once per case.
struct WarpedProblem {
  NodeGrid grid;
  incompressible::PoissonDomain domain;
  NodeField psi, omega, rate;
  explicit WarpedProblem(long long cells)
      : grid(incompressible::make_warped_square_grid(side(cells), kWarp)),
        domain(incompressible::make_poisson_domain(grid, incompressible::BoundarySpec{},
                                                   incompressible::FreeStream{})),
        psi("bench.psi", grid.nj, grid.ni),
        omega("bench.omega", grid.nj, grid.ni),
        rate("bench.rate", grid.nj, grid.ni) {
    smooth_flow(grid, psi, omega);
  }
  long long interior_nodes() const { return static_cast<long long>(grid.ni - 2) * (grid.nj - 2); }
};

class VorticityRate final : public BenchCase {
 public:
  VorticityRate(long long cells, LoopShape shape) : problem_(cells), shape_(shape) {}
  void step() override {
    // The solver's default: second order, flux form.
    incompressible::vorticity_rate(problem_.grid, problem_.psi, problem_.omega, kViscosity,
                                   incompressible::ConvectionScheme{}, problem_.rate, {}, shape_);
  }
  long long cell_updates_per_step() const override { return problem_.interior_nodes(); }
  bool healthy() const override { return finite(problem_.rate); }

  static bool finite(const NodeField& f) {
    const int bad = par_sum<int>(
        "bench.finite", IndexBox2D{{0, f.extent_int(0)}, {0, f.extent_int(1)}},
        KOKKOS_LAMBDA(const int j, const int i, int& n) {
          if (!math::isfinite(f(j, i))) ++n;
        });
    return bad == 0;
  }

 private:
  WarpedProblem problem_;
  LoopShape shape_;
};

class PoissonSpmv final : public BenchCase {
 public:
  explicit PoissonSpmv(long long cells)
      : problem_(cells), matrix_(incompressible::assemble_poisson_matrix(problem_.domain)) {
    x_ = incompressible::Vector("bench.x", matrix_.rows);
    y_ = incompressible::Vector("bench.y", matrix_.rows);
    Kokkos::deep_copy(x_, Real(1));
  }
  void step() override { KokkosSparse::spmv("N", Real(1), matrix_.matrix, x_, Real(0), y_); }
  long long cell_updates_per_step() const override { return matrix_.rows; }

 private:
  WarpedProblem problem_;
  incompressible::PoissonMatrix matrix_;
  incompressible::Vector x_, y_;
};

class PoissonJacobi final : public BenchCase {
 public:
  explicit PoissonJacobi(long long cells)
      : problem_(cells),
        solver_(incompressible::make_jacobi_poisson(problem_.domain, 1.0, 0.0, kJacobiSweeps)) {}
  void step() override { solver_->solve(problem_.psi, problem_.omega); }
  long long cell_updates_per_step() const override {
    return kJacobiSweeps * problem_.interior_nodes();
  }
  bool healthy() const override { return VorticityRate::finite(problem_.psi); }

 private:
  WarpedProblem problem_;
  std::unique_ptr<incompressible::PoissonSolver> solver_;
};

BenchKernel rate_kernel(LoopShape shape) {
  const bool flat = shape == LoopShape::kFlat1D;
  return {
      flat ? "incompressible.vorticity_rate.flat1d" : "incompressible.vorticity_rate.tiles2d",
      "incompressible",
      flat ? "vorticity_rate.flat1d" : "vorticity_rate.tiles2d",
      std::string("d omega / dt at the interior nodes of a warped n x n grid (laminar, "
                  "second-order upwind, central diffusion), ") +
          (flat ? "one 1D range along rows (Gohari et al.'s 1D thread blocks; the solver's loop)"
                : "2D tiles of the box"),
      9.0 * sizeof(Real),
      47.0,
      [shape](long long cells) { return std::make_unique<VorticityRate>(cells, shape); }};
}

[[maybe_unused]] const KernelRegistration kRateTiles{rate_kernel(LoopShape::kTiles2D)};
[[maybe_unused]] const KernelRegistration kRateFlat{rate_kernel(LoopShape::kFlat1D)};
[[maybe_unused]] const KernelRegistration kSpmv{BenchKernel{
    "incompressible.poisson.spmv", "incompressible", "poisson.spmv",
    "one KokkosSparse::spmv of the stream-function Poisson matrix of a warped n x n grid (9 "
    "entries a row), an update = one row",
    9.0 * (sizeof(Real) + sizeof(int)) + sizeof(SparseOffset) + 2.0 * sizeof(Real), 18.0,
    [](long long cells) { return std::make_unique<PoissonSpmv>(cells); }}};
[[maybe_unused]] const KernelRegistration kJacobi{BenchKernel{
    "incompressible.poisson.jacobi", "incompressible", "poisson.jacobi",
    "10 point-Jacobi sweeps (Gohari et al.'s Poisson solver, weight 1) on a warped n x n grid, "
    "with "
    "the solver's one residual check (read back to the host) per 10 sweeps; an update = one "
    "node through one sweep",
    8.0 * sizeof(Real), 33.0,
    [](long long cells) { return std::make_unique<PoissonJacobi>(cells); }}};

}  // namespace

}  // namespace portaflow::bench
