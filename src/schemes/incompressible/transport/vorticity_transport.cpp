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

// The face value of omega between the nodes lo and lo + 1 (offsets along one index from the
// node being updated) for a flux moving at `speed`: the upwind node's value extrapolated
// linearly from the two upwind nodes (second order), or the upwind node's (first order, and
// where no second upwind node exists: `behind` nodes behind lo, `beyond` nodes beyond lo + 1).
template <class Along>
KOKKOS_INLINE_FUNCTION Real face_value(Real speed, const Along& f, int lo, int behind, int beyond,
                                       int order) {
  if (order == 1) return speed > 0 ? f(lo) : f(lo + 1);
  if (speed > 0)
    return behind >= 1 ? Real(1.5) * f(lo) - Real(0.5) * f(lo - 1)
                       : Real(0.5) * (f(lo) + f(lo + 1));
  return beyond >= 1 ? Real(1.5) * f(lo + 1) - Real(0.5) * f(lo + 2)
                     : Real(0.5) * (f(lo) + f(lo + 1));
}

// psi at the corner (j0 + 1/2, i0 + 1/2) of the four nodes (j0..j0 + 1, i0..i0 + 1): their mean,
// or, where two of them are on a stationary no-slip wall and the other two one cell off it, the
// wall's value plus a quarter of the rise to the others: psi grows like the square of the
// distance from such a wall, so the mean would put twice the flow through the half cell next to
// it. Measured, it changes nothing visible (the coarse plate of test_incompressible_plate.cpp:
// 5.33 % either way) and costs 16 mask reads a node: a candidate for removal.
template <class F, class Wall>
KOKKOS_INLINE_FUNCTION Real corner_psi(const F& psi, const Wall& wall, int j0, int i0) {
  const Real a = psi(j0, i0), b = psi(j0, i0 + 1), c = psi(j0 + 1, i0), d = psi(j0 + 1, i0 + 1);
  const bool wa = wall(j0, i0), wb = wall(j0, i0 + 1), wc = wall(j0 + 1, i0),
             wd = wall(j0 + 1, i0 + 1);
  const auto off_wall = [](Real on_wall, Real off) {
    return on_wall + Real(0.25) * (off - on_wall);
  };
  if (wa && wb && !wc && !wd) return off_wall(Real(0.5) * (a + b), Real(0.5) * (c + d));
  if (wc && wd && !wa && !wb) return off_wall(Real(0.5) * (c + d), Real(0.5) * (a + b));
  if (wa && wc && !wb && !wd) return off_wall(Real(0.5) * (a + c), Real(0.5) * (b + d));
  if (wb && wd && !wa && !wc) return off_wall(Real(0.5) * (b + d), Real(0.5) * (a + c));
  return Real(0.25) * (a + b + c + d);
}

// J (u . grad omega) at (j, i) in flux form: d(U omega)/dxi + d(V omega)/deta with U = psi_eta,
// V = -psi_xi through the four faces, each the difference of psi between its two corners
// (corner_psi), so the fluxes cancel in pairs between neighbours and sum to zero round any node
// (discretely divergence-free): the total vorticity changes only by the boundary's fluxes.
template <class F, class Wall>
KOKKOS_INLINE_FUNCTION Real flux_convection(const F& psi, const F& omega, const Wall& wall,
                                            int order, int room_below, int room_above,
                                            int room_back, int room_ahead, int j, int i) {
  const auto along_i = [&](int m) { return omega(j, i + m); };
  const auto along_j = [&](int m) { return omega(j + m, i); };
  const Real ne = corner_psi(psi, wall, j, i), se = corner_psi(psi, wall, j - 1, i),
             nw = corner_psi(psi, wall, j, i - 1), sw = corner_psi(psi, wall, j - 1, i - 1);
  const Real east = ne - se, west = nw - sw, north = nw - ne, south = sw - se;
  return east * face_value(east, along_i, 0, room_back, room_ahead - 1, order) -
         west * face_value(west, along_i, -1, room_back - 1, room_ahead, order) +
         north * face_value(north, along_j, 0, room_below, room_above - 1, order) -
         south * face_value(south, along_j, -1, room_below - 1, room_above, order);
}

// Whether (j, i) is a node of a stationary no-slip wall (ConvectionScheme::still_wall; rows
// below the cut, j < 0, never are).
struct StillWall {
  DeviceView<std::int8_t**> mask;
  KOKKOS_INLINE_FUNCTION bool operator()(int j, int i) const {
    return mask.extent(0) > 0 && j >= 0 && mask(j, i) != 0;
  }
};

// d omega / dt at (j, i), f reading psi, omega and nu_t (Reflected on the cut): the convection
// upwinded (order 2 where two nodes exist upwind, else 1) in flux form (Conservative) or as
// U omega_xi + V omega_eta, and the central Laplacian of nu omega (laminar: nu times that of
// omega, the same to round-off) or of (nu + nu_t) omega.
template <bool Turbulent, bool Conservative, class F>
KOKKOS_INLINE_FUNCTION Real rate_at(const NodeGrid& g, const F& psi, const F& omega, const F& nu_t,
                                    const StillWall& wall, Real nu, int order, int room_below,
                                    int room_ahead, int j, int i) {
  const Real inv_j = 1 / g.jacobian(j, i);
  Real convection;
  if constexpr (Conservative) {
    convection =
        flux_convection(psi, omega, wall, order, room_below, g.nj - 1 - j, i, room_ahead, j, i) *
        inv_j;
  } else {
    const Real U = Real(0.5) * (psi(j + 1, i) - psi(j - 1, i)) * inv_j;
    const Real V = -Real(0.5) * (psi(j, i + 1) - psi(j, i - 1)) * inv_j;
    const auto along_i = [&](int m) { return omega(j, i + m); };
    const auto along_j = [&](int m) { return omega(j + m, i); };
    convection = upwind(U, along_i, i, room_ahead, order) +
                 upwind(V, along_j, room_below, g.nj - 1 - j, order);
  }
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

// The rates, laminar or with the eddy viscosity and flux or advective form as compile-time
// choices (no per-node branch), handed to `into` node by node.
template <bool Turbulent, bool Conservative, class Into>
void rates(const NodeGrid& grid, const NodeField& psi, const NodeField& omega,
           const NodeField& nu_t, Real nu, const ConvectionScheme& convection, const Into& into,
           LoopShape shape) {
  const NodeGrid g = grid;
  const int order = convection.order;
  const StillWall wall{convection.still_wall};
  const auto rate = KOKKOS_LAMBDA(const int j, const int i) {
    // j rows below: at j = 1 only the cut or wall, so first order there along j.
    into(j, i,
         rate_at<Turbulent, Conservative>(g, psi, omega, nu_t, wall, nu, order, j, g.ni - 1 - i, j,
                                          i));
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
             rate_at<Turbulent, Conservative>(
                 g, across_cut(psi, ni, trailing_edge), across_cut(omega, ni, trailing_edge),
                 across_cut(nu_t, ni, trailing_edge), wall, nu, order, 2, trailing_edge - i, 0, i));
      });
}

// Laminar (omega stands in for the eddy viscosity, never read) or turbulent; flux or
// advective form.
template <bool Conservative, class Into>
void rates_of_form(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                   const ConvectionScheme& convection, const NodeField& nu_t, const Into& into,
                   LoopShape shape) {
  if (nu_t.extent(0) > 0)
    rates<true, Conservative>(grid, psi, omega, nu_t, nu, convection, into, shape);
  else
    rates<false, Conservative>(grid, psi, omega, omega, nu, convection, into, shape);
}
template <class Into>
void rates_into(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                const ConvectionScheme& convection, const NodeField& nu_t, const Into& into,
                LoopShape shape) {
  if (convection.form == ConvectionForm::kConservative)
    rates_of_form<true>(grid, psi, omega, nu, convection, nu_t, into, shape);
  else
    rates_of_form<false>(grid, psi, omega, nu, convection, nu_t, into, shape);
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
                    const ConvectionScheme& convection, const NodeField& rhs, const NodeField& nu_t,
                    LoopShape shape) {
  rates_into(grid, psi, omega, nu, convection, nu_t, IntoRate{rhs}, shape);
}

void vorticity_stage(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                     const ConvectionScheme& convection, const StageUpdate& stage,
                     const NodeField& nu_t) {
  rates_into(grid, psi, omega, nu, convection, nu_t,
             IntoStage{omega, stage.start, stage.out, stage.dt, stage.average}, LoopShape::kFlat1D);
}

double stable_time_step(const NodeGrid& grid, const NodeField& psi, Real nu, double cfl,
                        const NodeField& nu_t) {
  const double rate = nu_t.extent(0) > 0 ? largest_rate<true>(grid, psi, nu_t, nu)
                                         : largest_rate<false>(grid, psi, psi, nu);
  return rate != rate ? rate : cfl / rate;
}

}  // namespace portaflow::incompressible
