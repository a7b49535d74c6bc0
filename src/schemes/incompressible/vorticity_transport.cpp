#include "portaflow/schemes/incompressible/vorticity_transport.hpp"

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/laplacian_stencil.hpp"

namespace portaflow::incompressible {

namespace {

// speed * d omega / d(direction) by upwinding along one index: f(m) is omega m nodes along it,
// `room_back` / `room_ahead` how many nodes exist behind and ahead.
template <class Along>
KOKKOS_INLINE_FUNCTION Real upwind(Real speed, const Along& f, int room_back, int room_ahead,
                                   int order) {
  if (speed > 0) {
    if (order == 2 && room_back >= 2)
      return speed * Real(0.5) * (3 * f(0) - 4 * f(-1) + f(-2));
    return speed * (f(0) - f(-1));
  }
  if (order == 2 && room_ahead >= 2) return speed * Real(0.5) * (-3 * f(0) + 4 * f(1) - f(2));
  return speed * (f(1) - f(0));
}

// The wall-normal second derivative of psi at a wall node, from the two nodes off it (one_off,
// two_off), and psi_n at the wall along the direction into the domain.
KOKKOS_INLINE_FUNCTION Real psi_nn(Real wall, Real one_off, Real two_off, Real psi_n,
                                   WallVorticityKind kind) {
  if (kind == WallVorticityKind::kThom) return 2 * (one_off - wall - psi_n);
  return Real(0.5) * (8 * one_off - two_off - 7 * wall) - 3 * psi_n;
}

}  // namespace

void vorticity_rate(const NodeGrid& grid, const NodeField& psi, const NodeField& omega, Real nu,
                    int convection_order, const NodeField& rhs) {
  const NodeGrid g = grid;
  const int ni = g.ni, nj = g.nj, order = convection_order;
  par_for("incompressible.vorticity_rate", interior(grid), KOKKOS_LAMBDA(const int j, const int i) {
    const Real inv_j = 1 / g.jacobian(j, i);
    const Real U = Real(0.5) * (psi(j + 1, i) - psi(j - 1, i)) * inv_j;
    const Real V = -Real(0.5) * (psi(j, i + 1) - psi(j, i - 1)) * inv_j;
    const auto along_i = [&](int m) { return omega(j, i + m); };
    const auto along_j = [&](int m) { return omega(j + m, i); };
    const Real convection = upwind(U, along_i, i, ni - 1 - i, order) +
                            upwind(V, along_j, j, nj - 1 - j, order);
    rhs(j, i) = -convection + nu * laplacian(g, omega, j, i);
  });
}

double stable_time_step(const NodeGrid& grid, const NodeField& psi, Real nu, double cfl) {
  const NodeGrid g = grid;
  const double rate = par_max<double>(
      "incompressible.stable_rate", interior(grid), KOKKOS_LAMBDA(const int j, const int i, double& m) {
        const Real inv_j = 1 / g.jacobian(j, i);
        const Real U = Real(0.5) * (psi(j + 1, i) - psi(j - 1, i)) * inv_j;
        const Real V = Real(0.5) * (psi(j, i + 1) - psi(j, i - 1)) * inv_j;
        const double r = math::fabs(U) + math::fabs(V) + 2 * nu * (g.a(j, i) + g.c(j, i));
        // A NaN must win the max: NaN compares false, so pass it on explicitly.
        m = (r != r || r > m) ? r : m;
      });
  return rate != rate ? rate : cfl / rate;
}

void wall_vorticity(const NodeGrid& grid, const NodeField& psi, const BoxWalls& walls,
                    WallVorticityKind kind, const NodeField& omega) {
  const NodeGrid g = grid;
  const int ni = g.ni, nj = g.nj;
  const BoxWalls w = walls;
  // West and east walls (i = 0, ni - 1), their corners left to the north and south walls.
  par_for("incompressible.wall_vorticity_xi", IndexRange{1, nj - 1}, KOKKOS_LAMBDA(const int j) {
    for (int side = 0; side < 2; ++side) {
      const int i = side == 0 ? 0 : ni - 1, step = side == 0 ? 1 : -1;
      const Real uw = w.velocity[side][0], vw = w.velocity[side][1];
      // psi along +xi at the wall, then into the domain (step): psi_n = step * psi_xi.
      const Real psi_xi = g.x_xi(j, i) * (-vw) + g.y_xi(j, i) * uw;
      const Real second = psi_nn(psi(j, i), psi(j, i + step), psi(j, i + 2 * step), step * psi_xi, kind);
      omega(j, i) = -g.a(j, i) * second;
    }
  });
  par_for("incompressible.wall_vorticity_eta", IndexRange{0, ni}, KOKKOS_LAMBDA(const int i) {
    for (int side = 0; side < 2; ++side) {
      const int j = side == 0 ? 0 : nj - 1, step = side == 0 ? 1 : -1;
      const Real uw = w.velocity[2 + side][0], vw = w.velocity[2 + side][1];
      const Real psi_eta = g.x_eta(j, i) * (-vw) + g.y_eta(j, i) * uw;
      const Real second = psi_nn(psi(j, i), psi(j + step, i), psi(j + 2 * step, i), step * psi_eta, kind);
      omega(j, i) = -g.c(j, i) * second;
    }
  });
}

void velocities(const NodeGrid& grid, const NodeField& psi, const BoxWalls& walls,
                const NodeField& u, const NodeField& v) {
  const NodeGrid g = grid;
  const int ni = g.ni, nj = g.nj;
  const BoxWalls w = walls;
  par_for("incompressible.velocities", IndexBox2D{{0, nj}, {0, ni}}, KOKKOS_LAMBDA(const int j, const int i) {
    int side = -1;
    if (i == 0) side = 0;
    if (i == ni - 1) side = 1;
    if (j == 0) side = 2;
    if (j == nj - 1) side = 3;
    if (side >= 0) {
      u(j, i) = w.velocity[side][0];
      v(j, i) = w.velocity[side][1];
      return;
    }
    const Real psi_xi = Real(0.5) * (psi(j, i + 1) - psi(j, i - 1));
    const Real psi_eta = Real(0.5) * (psi(j + 1, i) - psi(j - 1, i));
    const Real inv_j = 1 / g.jacobian(j, i);
    u(j, i) = (-g.x_eta(j, i) * psi_xi + g.x_xi(j, i) * psi_eta) * inv_j;
    v(j, i) = -(g.y_eta(j, i) * psi_xi - g.y_xi(j, i) * psi_eta) * inv_j;
  });
}

}  // namespace portaflow::incompressible
