#include "portaflow/schemes/incompressible/transport/vorticity_transport.hpp"

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/poisson/laplacian_stencil.hpp"

namespace portaflow::incompressible {

namespace {

// speed * d omega / d(direction) by upwinding along one index: f(m) is omega m nodes along it,
// `room_back` / `room_ahead` how many nodes exist behind and ahead.
template <class Along>
KOKKOS_INLINE_FUNCTION Real upwind(Real speed, const Along& f, int room_back, int room_ahead,
                                   int order) {
  if (speed > 0) {
    if (order == 2 && room_back >= 2) return speed * Real(0.5) * (3 * f(0) - 4 * f(-1) + f(-2));
    return speed * (f(0) - f(-1));
  }
  if (order == 2 && room_ahead >= 2) return speed * Real(0.5) * (-3 * f(0) + 4 * f(1) - f(2));
  return speed * (f(1) - f(0));
}

// (nu + nu_t) omega, the diffused quantity of eq. 6 of Gohari et al. (2012) with an eddy viscosity.
template <class F>
struct EddyDiffused {
  F omega, nu_t;
  Real nu;
  KOKKOS_INLINE_FUNCTION Real operator()(int j, int i) const {
    return (nu + nu_t(j, i)) * omega(j, i);
  }
};

// d omega / dt at (j, i), f reading psi, omega and nu_t (Reflected on the cut): upwinded
// convection (order 2 where two nodes exist upwind, else 1) and the central Laplacian of nu omega
// (laminar: nu times that of omega, the same to round-off) or of (nu + nu_t) omega.
template <bool Turbulent, class F>
KOKKOS_INLINE_FUNCTION Real rate_at(const NodeGrid& g, const F& psi, const F& omega, const F& nu_t,
                                    Real nu, int order, int room_below, int room_ahead, int j,
                                    int i) {
  const Real inv_j = 1 / g.jacobian(j, i);
  const Real U = Real(0.5) * (psi(j + 1, i) - psi(j - 1, i)) * inv_j;
  const Real V = -Real(0.5) * (psi(j, i + 1) - psi(j, i - 1)) * inv_j;
  const auto along_i = [&](int m) { return omega(j, i + m); };
  const auto along_j = [&](int m) { return omega(j + m, i); };
  const Real convection = upwind(U, along_i, i, room_ahead, order) +
                          upwind(V, along_j, room_below, g.nj - 1 - j, order);
  if constexpr (Turbulent) {
    return -convection + laplacian(g, EddyDiffused<F>{omega, nu_t, nu}, j, i);
  } else {
    return -convection + nu * laplacian(g, omega, j, i);
  }
}

// Where a node's rate goes: into a rate array, or straight into an SSP-RK2 stage (StageUpdate).
struct IntoRate {
  NodeField rhs;
  KOKKOS_INLINE_FUNCTION void operator()(int j, int i, Real rate) const { rhs(j, i) = rate; }
};
struct IntoStage {
  NodeField omega, start, out;
  Real dt;
  bool average;
  KOKKOS_INLINE_FUNCTION void operator()(int j, int i, Real rate) const {
    const Real next = omega(j, i) + dt * rate;
    out(j, i) = average ? Real(0.5) * (start(j, i) + next) : next;
  }
};

// The rates, laminar or with the eddy viscosity as a compile-time choice (no per-node branch),
// handed to `into` node by node.
template <bool Turbulent, class Into>
void rates(const NodeGrid& grid, const NodeField& psi, const NodeField& omega,
           const NodeField& nu_t, Real nu, int order, const Into& into, LoopShape shape) {
  const NodeGrid g = grid;
  const auto rate = KOKKOS_LAMBDA(const int j, const int i) {
    // j rows below: at j = 1 only the cut or wall, so first order there along j.
    into(j, i, rate_at<Turbulent>(g, psi, omega, nu_t, nu, order, j, g.ni - 1 - i, j, i));
  };
  if (shape == LoopShape::kFlat1D)
    par_for_flattened("incompressible.vorticity_rate_flat", interior(grid), rate);
  else
    par_for("incompressible.vorticity_rate", interior(grid), rate);
  if (grid.seam <= 1) return;
  const int ni = g.ni;
  // Along the cut the i-line ends at the trailing edge (beyond it, it follows the lower surface,
  // which the upper side's twin would not see): no reach past it, so a symmetric flow stays so.
  const int trailing_edge = g.seam;
  par_for(
      "incompressible.vorticity_rate_cut", seam_owners(grid), KOKKOS_LAMBDA(const int i) {
        into(0, i,
             rate_at<Turbulent>(
                 g, across_cut(psi, ni, trailing_edge), across_cut(omega, ni, trailing_edge),
                 across_cut(nu_t, ni, trailing_edge), nu, order, 2, trailing_edge - i, 0, i));
      });
}

// Laminar (omega stands in for the eddy viscosity, never read) or turbulent.
template <class Into>
void rates_into(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                int order, const NodeField& nu_t, const Into& into, LoopShape shape) {
  if (nu_t.extent(0) > 0)
    rates<true>(grid, psi, omega, nu_t, nu, order, into, shape);
  else
    rates<false>(grid, psi, omega, omega, nu, order, into, shape);
}

template <bool Turbulent>
double largest_rate(const NodeGrid& grid, const NodeField& psi, const NodeField& nu_t, Real nu) {
  const NodeGrid g = grid;
  return par_max<double>(
      "incompressible.stable_rate", interior(grid),
      KOKKOS_LAMBDA(const int j, const int i, double& m) {
        const Real inv_j = 1 / g.jacobian(j, i);
        const Real U = Real(0.5) * (psi(j + 1, i) - psi(j - 1, i)) * inv_j;
        const Real V = Real(0.5) * (psi(j, i + 1) - psi(j, i - 1)) * inv_j;
        // A constant condition, folded at compile time (not `if constexpr`: CUDA lambdas may not
        // first-capture inside one).
        const Real viscosity = Turbulent ? nu + nu_t(j, i) : nu;
        const double r = math::fabs(U) + math::fabs(V) + 2 * viscosity * (g.a(j, i) + g.c(j, i));
        // A NaN must win the max: NaN compares false, so pass it on explicitly.
        m = (r != r || r > m) ? r : m;
      });
}

}  // namespace

void vorticity_rate(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                    int convection_order, const NodeField& rhs, const NodeField& nu_t,
                    LoopShape shape) {
  rates_into(grid, psi, omega, nu, convection_order, nu_t, IntoRate{rhs}, shape);
}

void vorticity_stage(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                     int convection_order, const StageUpdate& stage, const NodeField& nu_t) {
  rates_into(grid, psi, omega, nu, convection_order, nu_t,
             IntoStage{omega, stage.start, stage.out, stage.dt, stage.average}, LoopShape::kFlat1D);
}

double stable_time_step(const NodeGrid& grid, const NodeField& psi, Real nu, double cfl,
                        const NodeField& nu_t) {
  const double rate = nu_t.extent(0) > 0 ? largest_rate<true>(grid, psi, nu_t, nu)
                                         : largest_rate<false>(grid, psi, psi, nu);
  return rate != rate ? rate : cfl / rate;
}

}  // namespace portaflow::incompressible
