#include "portaflow/schemes/incompressible/turbulence/baldwin_lomax.hpp"

#include "portaflow/core/parallel.hpp"

namespace portaflow::incompressible {

void baldwin_lomax(const NodeGrid& grid, const NodeField& u, const NodeField& v,
                   const NodeField& omega, int wall_begin, int wall_end, Real nu,
                   const NodeField& nu_t, const BaldwinLomaxConstants& constants) {
  const NodeGrid g = grid;
  const BaldwinLomaxConstants c = constants;
  par_for(
      "incompressible.baldwin_lomax", IndexRange{0, grid.ni}, KOKKOS_LAMBDA(const int i) {
        const bool wall = i >= wall_begin && i <= wall_end;
        const Real x0 = g.x(0, i), y0 = g.y(0, i);
        const Real u_tau = math::sqrt(nu * math::fabs(omega(0, i)));
        auto distance = [&](int j) {
          const Real dx = g.x(j, i) - x0, dy = g.y(j, i) - y0;
          return math::sqrt(dx * dx + dy * dy);
        };
        auto damping = [&](Real y) {
          return wall ? 1 - math::exp(-y * u_tau / (nu * c.a_plus)) : Real(1);
        };
        // Pass 1: F_max, y_max and the speeds' range along the line.
        Real f_max = 0, y_max = 0, speed_max = 0, speed_min = wall ? Real(0) : Real(1e300);
        for (int j = 0; j < g.nj; ++j) {
          const Real y = distance(j);
          const Real f = y * math::fabs(omega(j, i)) * damping(y);
          if (f > f_max) {
            f_max = f;
            y_max = y;
          }
          const Real speed = math::sqrt(u(j, i) * u(j, i) + v(j, i) * v(j, i));
          speed_max = math::fmax(speed_max, speed);
          speed_min = math::fmin(speed_min, speed);
        }
        const Real u_dif = speed_max - speed_min;
        Real f_wake = 0;
        if (f_max > 0) f_wake = math::fmin(y_max * f_max, c.c_wk * y_max * u_dif * u_dif / f_max);
        // Pass 2: inner from the wall until it first exceeds the outer value, outer beyond.
        bool outer = false;
        for (int j = 0; j < g.nj; ++j) {
          const Real y = distance(j);
          const Real l = c.kappa * y * damping(y);
          const Real inner = l * l * math::fabs(omega(j, i));
          Real value = 0;
          if (y_max > 0) {
            const Real ratio = c.c_kleb * y / y_max;
            const Real r2 = ratio * ratio;
            value = c.k_clauser * c.c_cp * f_wake / (1 + Real(5.5) * r2 * r2 * r2);
          }
          outer = outer || (j > 0 && inner > value);
          nu_t(j, i) = outer ? value : inner;
        }
      });
}

}  // namespace portaflow::incompressible
