#include "portaflow/schemes/incompressible/grid/boundary_layout.hpp"

#include <vector>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"

namespace portaflow::incompressible {

namespace {

// The wall-normal second derivative of psi at a wall node, from the two nodes off it (one_off,
// two_off), and psi_n at the wall along the direction into the domain.
KOKKOS_INLINE_FUNCTION Real psi_nn(Real wall, Real one_off, Real two_off, Real psi_n,
                                   WallVorticityKind kind) {
  if (kind == WallVorticityKind::kThom) return 2 * (one_off - wall - psi_n);
  return Real(0.5) * (8 * one_off - two_off - 7 * wall) - 3 * psi_n;
}

struct HostLayout {
  int ni, nj;
  std::vector<std::int8_t> psi, omega;
  std::vector<int> link;
  HostLayout(int ni_, int nj_)
      : ni(ni_),
        nj(nj_),
        psi(static_cast<std::size_t>(ni_) * nj_, kPsiSolve),
        omega(psi.size(), kOmegaTransport),
        link(psi.size(), -1) {}
  std::size_t at(int j, int i) const { return static_cast<std::size_t>(j) * ni + i; }
  void set(int j, int i, PsiRule p, OmegaRule o, int l) {
    psi[at(j, i)] = p;
    omega[at(j, i)] = o;
    link[at(j, i)] = l;
  }
  int node(int j, int i) const { return j * ni + i; }
};

void cavity(HostLayout& h) {
  for (int j = 0; j < h.nj; ++j) {
    h.set(j, 0, kPsiFixed, kOmegaWall, 0);
    h.set(j, h.ni - 1, kPsiFixed, kOmegaWall, 1);
  }
  for (int i = 0; i < h.ni; ++i) {  // the corners take the south and north walls' value
    h.set(0, i, kPsiFixed, kOmegaWall, 2);
    h.set(h.nj - 1, i, kPsiFixed, kOmegaWall, 3);
  }
}

// Outflow at i = 0 and ni - 1 for j in [from, nj - 2].
void outflow(HostLayout& h, int from) {
  for (int j = from; j < h.nj - 1; ++j) {
    h.set(j, 0, kPsiNeumann, kOmegaCopy, h.node(j, 1));
    h.set(j, h.ni - 1, kPsiNeumann, kOmegaCopy, h.node(j, h.ni - 2));
  }
}

void airfoil(HostLayout& h, int seam) {
  outflow(h, 1);
  for (int i = 0; i < h.ni; ++i) h.set(h.nj - 1, i, kPsiFixed, kOmegaFixed, -1);
  for (int i = seam; i <= h.ni - 1 - seam; ++i) h.set(0, i, kPsiFixed, kOmegaWall, 2);
  for (int i = 1; i < seam; ++i) h.set(0, h.ni - 1 - i, kPsiTwin, kOmegaTwin, h.node(0, i));
  // The cut's outflow ends are one node: both follow (0, 1), not each other (one kernel sets all).
  h.set(0, 0, kPsiNeumann, kOmegaCopy, h.node(0, 1));
  h.set(0, h.ni - 1, kPsiNeumann, kOmegaCopy, h.node(0, 1));
}

void flat_plate(HostLayout& h, int plate_begin, int plate_end) {
  outflow(h, 1);
  for (int i = 1; i < h.ni; ++i) h.set(h.nj - 1, i, kPsiNeumann, kOmegaFixed, h.node(h.nj - 2, i));
  h.set(h.nj - 1, h.ni - 1, kPsiNeumann, kOmegaFixed, h.node(h.nj - 2, h.ni - 2));
  for (int j = 0; j < h.nj; ++j) h.set(j, 0, kPsiFixed, kOmegaFixed, -1);
  for (int i = 0; i < h.ni; ++i)
    h.set(0, i, kPsiFixed, i >= plate_begin && i <= plate_end ? kOmegaWall : kOmegaFixed,
          i >= plate_begin && i <= plate_end ? 2 : -1);
}

template <class T>
DeviceView<T**> to_device(const std::vector<T>& host, int ni, int nj, const std::string& label) {
  DeviceView<T**> view(label, nj, ni);
  Kokkos::deep_copy(
      view, Kokkos::View<const T**, Kokkos::LayoutRight, Kokkos::HostSpace>(host.data(), nj, ni));
  return view;
}

}  // namespace

BoundaryLayout make_boundary_layout(const BoundarySpec& spec, int ni, int nj) {
  HostLayout h(ni, nj);
  switch (spec.problem) {
    case IncompressibleProblem::kLidDrivenCavity:
      cavity(h);
      break;
    case IncompressibleProblem::kAirfoil:
      airfoil(h, spec.seam);
      break;
    case IncompressibleProblem::kFlatPlate:
      flat_plate(h, spec.plate_begin, spec.plate_end);
      break;
  }
  BoundaryLayout layout;
  layout.psi_rule = to_device(h.psi, ni, nj, "incompressible.psi_rule");
  layout.omega_rule = to_device(h.omega, ni, nj, "incompressible.omega_rule");
  layout.link = to_device(h.link, ni, nj, "incompressible.link");
  return layout;
}

void apply_psi_rules(const NodeGrid& grid, const BoundaryLayout& layout, const FreeStream& stream,
                     const NodeField& psi) {
  const NodeGrid g = grid;
  const BoundaryLayout l = layout;
  const FreeStream s = stream;
  const int ni = g.ni;
  par_for(
      "incompressible.psi_rules", IndexBox2D{{0, g.nj}, {0, g.ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        const std::int8_t rule = l.psi_rule(j, i);
        if (rule != kPsiNeumann && rule != kPsiTwin) return;
        const int lj = l.link(j, i) / ni, li = l.link(j, i) % ni;
        psi(j, i) = rule == kPsiTwin ? psi(lj, li)
                                     : psi(lj, li) + s.psi(g.x(j, i), g.y(j, i)) -
                                           s.psi(g.x(lj, li), g.y(lj, li));
      });
}

DeviceView<std::int8_t**> still_walls(const BoundaryLayout& layout, const BoxWalls& walls) {
  const BoundaryLayout l = layout;
  const BoxWalls w = walls;
  DeviceView<std::int8_t**> still("incompressible.still_wall", l.omega_rule.extent(0),
                                  l.omega_rule.extent(1));
  par_for(
      "incompressible.still_walls",
      IndexBox2D{{0, static_cast<int>(still.extent(0))}, {0, static_cast<int>(still.extent(1))}},
      KOKKOS_LAMBDA(const int j, const int i) {
        const bool wall = l.omega_rule(j, i) == kOmegaWall;
        still(j, i) = wall && w.velocity[l.link(j, i)][0] == 0 && w.velocity[l.link(j, i)][1] == 0;
      });
  return still;
}

void apply_omega_rules(const NodeGrid& grid, const BoundaryLayout& layout, const BoxWalls& walls,
                       WallVorticityKind kind, const NodeField& psi, const NodeField& omega) {
  const NodeGrid g = grid;
  const BoundaryLayout l = layout;
  const BoxWalls w = walls;
  const int ni = g.ni;
  par_for(
      "incompressible.omega_rules", IndexBox2D{{0, g.nj}, {0, g.ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        const std::int8_t rule = l.omega_rule(j, i);
        if (rule == kOmegaCopy || rule == kOmegaTwin) {
          omega(j, i) = omega(l.link(j, i) / ni, l.link(j, i) % ni);
          return;
        }
        if (rule != kOmegaWall) return;
        // psi_n at the wall from its velocity, then omega = -(metric) psi_nn: along i for
        // the west and east walls (metric a), along j for the south and north ones (c).
        const int side = l.link(j, i);
        const int step = side % 2 == 0 ? 1 : -1;
        const int di = side < 2 ? step : 0, dj = side < 2 ? 0 : step;
        const Real uw = w.velocity[side][0], vw = w.velocity[side][1];
        const Real psi_along = side < 2 ? g.x_xi(j, i) * (-vw) + g.y_xi(j, i) * uw
                                        : g.x_eta(j, i) * (-vw) + g.y_eta(j, i) * uw;
        const Real second = psi_nn(psi(j, i), psi(j + dj, i + di), psi(j + 2 * dj, i + 2 * di),
                                   step * psi_along, kind);
        omega(j, i) = -(side < 2 ? g.a(j, i) : g.c(j, i)) * second;
      });
}

namespace {

// d/ds at the middle of three values at arc lengths -back, 0, ahead: the Lagrange parabola's
// slope, exact for a quadratic in s.
KOKKOS_INLINE_FUNCTION Real slope_between(Real before, Real here, Real after, Real back,
                                          Real ahead) {
  return (-ahead / (back * (back + ahead))) * before + ((ahead - back) / (back * ahead)) * here +
         (back / (ahead * (back + ahead))) * after;
}

// The derivatives of psi, x and y across a wall's first node, along the grid line that leaves the
// wall (index step (dj, di)), with respect to the arc length along that line (any parameter
// serves, used for all three): next to a no-slip wall psi grows like the square of the distance,
// and on a stretched line the index-space central difference (psi(+1) - psi(-1)) / 2 then reads
// the velocity (1 + r) / 2 times too high for a spacing ratio r (4.7 % at the plate's first node),
// where this slope is exact.
struct LineSlopes {
  Real psi, x, y;
};
template <class F>
KOKKOS_INLINE_FUNCTION LineSlopes wall_line_slopes(const NodeGrid& g, const F& psi, int j, int i,
                                                   int dj, int di) {
  const auto distance = [&](int ja, int ia, int jb, int ib) {
    const Real dx = g.x(ja, ia) - g.x(jb, ib), dy = g.y(ja, ia) - g.y(jb, ib);
    return math::sqrt(dx * dx + dy * dy);
  };
  const int j0 = j - dj, i0 = i - di, j2 = j + dj, i2 = i + di;
  const Real back = distance(j, i, j0, i0), ahead = distance(j2, i2, j, i);
  return {slope_between(psi(j0, i0), psi(j, i), psi(j2, i2), back, ahead),
          slope_between(g.x(j0, i0), g.x(j, i), g.x(j2, i2), back, ahead),
          slope_between(g.y(j0, i0), g.y(j, i), g.y(j2, i2), back, ahead)};
}

}  // namespace

void velocities(const NodeGrid& grid, const BoundaryLayout& layout, const BoxWalls& walls,
                const NodeField& psi, const NodeField& u, const NodeField& v) {
  const NodeGrid g = grid;
  const BoundaryLayout l = layout;
  const BoxWalls w = walls;
  const int ni = g.ni, nj = g.nj;
  par_for(
      "incompressible.velocities", IndexBox2D{{0, nj}, {0, ni}},
      KOKKOS_LAMBDA(const int j, const int i) {
        if (l.omega_rule(j, i) == kOmegaWall) {
          u(j, i) = w.velocity[l.link(j, i)][0];
          v(j, i) = w.velocity[l.link(j, i)][1];
          return;
        }
        const auto f = reflected(psi, ni);
        const bool cut = j == 0 && i > 0 && i < ni - 1 && (i < g.seam || i > ni - 1 - g.seam);
        Real psi_xi, psi_eta;
        if (i == 0)
          psi_xi = Real(0.5) * (-3 * f(j, 0) + 4 * f(j, 1) - f(j, 2));
        else if (i == ni - 1)
          psi_xi = Real(0.5) * (3 * f(j, i) - 4 * f(j, i - 1) + f(j, i - 2));
        else
          psi_xi = Real(0.5) * (f(j, i + 1) - f(j, i - 1));
        if (j == 0 && !cut)
          psi_eta = Real(0.5) * (-3 * f(0, i) + 4 * f(1, i) - f(2, i));
        else if (j == nj - 1)
          psi_eta = Real(0.5) * (3 * f(j, i) - 4 * f(j - 1, i) + f(j - 2, i));
        else
          psi_eta = Real(0.5) * (f(j + 1, i) - f(j - 1, i));
        Real x_xi = g.x_xi(j, i), y_xi = g.y_xi(j, i), x_eta = g.x_eta(j, i), y_eta = g.y_eta(j, i);
        // A wall's first node: slopes by arc length across it (wall_line_slopes).
        const auto wall = [&](int jw, int iw) {
          return jw >= 0 && jw < nj && iw >= 0 && iw < ni && l.omega_rule(jw, iw) == kOmegaWall;
        };
        if (j > 0 && j < nj - 1 && (wall(j - 1, i) || wall(j + 1, i))) {
          const LineSlopes s = wall_line_slopes(g, f, j, i, 1, 0);
          psi_eta = s.psi;
          x_eta = s.x;
          y_eta = s.y;
        }
        if (i > 0 && i < ni - 1 && (wall(j, i - 1) || wall(j, i + 1))) {
          const LineSlopes s = wall_line_slopes(g, f, j, i, 0, 1);
          psi_xi = s.psi;
          x_xi = s.x;
          y_xi = s.y;
        }
        const Real inv_j = 1 / (x_xi * y_eta - x_eta * y_xi);
        u(j, i) = (-x_eta * psi_xi + x_xi * psi_eta) * inv_j;
        v(j, i) = -(y_eta * psi_xi - y_xi * psi_eta) * inv_j;
      });
}

}  // namespace portaflow::incompressible
