#include "portaflow/schemes/incompressible/problems/surface_loads.hpp"

#include <algorithm>
#include <cmath>

namespace portaflow::incompressible {

namespace {

// d f / d xi and d f / d eta at (j, i): central inside, second-order one-sided at the ends.
double d_xi(const HostFlow& f, const std::vector<double>& g, int j, int i) {
  const auto at = [&](int ii) { return g[static_cast<std::size_t>(j) * f.ni + ii]; };
  if (i == 0) return 0.5 * (-3 * at(0) + 4 * at(1) - at(2));
  if (i == f.ni - 1) return 0.5 * (3 * at(i) - 4 * at(i - 1) + at(i - 2));
  return 0.5 * (at(i + 1) - at(i - 1));
}
double d_eta(const HostFlow& f, const std::vector<double>& g, int j, int i) {
  const auto at = [&](int jj) { return g[static_cast<std::size_t>(jj) * f.ni + i]; };
  if (j == 0) return 0.5 * (-3 * at(0) + 4 * at(1) - at(2));
  if (j == f.nj - 1) return 0.5 * (3 * at(j) - 4 * at(j - 1) + at(j - 2));
  return 0.5 * (at(j + 1) - at(j - 1));
}

}  // namespace

std::vector<double> pressure_field(const HostFlow& f, double nu, double speed) {
  const std::size_t n = static_cast<std::size_t>(f.ni) * f.nj;
  std::vector<double> dh_deta(n), p(n);
  for (int j = 0; j < f.nj; ++j)
    for (int i = 0; i < f.ni; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * f.ni + i;
      const double w_xi = d_xi(f, f.omega, j, i), w_eta = d_eta(f, f.omega, j, i);
      const double w_x = (f.y_eta[k] * w_xi - f.y_xi[k] * w_eta) / f.jacobian[k];
      const double w_y = (-f.x_eta[k] * w_xi + f.x_xi[k] * w_eta) / f.jacobian[k];
      const double hx = f.omega[k] * f.v[k] - nu * w_y;
      const double hy = -f.omega[k] * f.u[k] + nu * w_x;
      dh_deta[k] = f.x_eta[k] * hx + f.y_eta[k] * hy;
    }
  for (int i = 0; i < f.ni; ++i) {
    double h = 0.5 * speed * speed;
    for (int j = f.nj - 1; j >= 0; --j) {
      const std::size_t k = static_cast<std::size_t>(j) * f.ni + i;
      if (j < f.nj - 1) h -= 0.5 * (dh_deta[k] + dh_deta[k + f.ni]);
      p[k] = h - 0.5 * (f.u[k] * f.u[k] + f.v[k] * f.v[k]);
    }
  }
  return p;
}

Loads surface_loads(const HostFlow& f, const std::vector<double>& p, int wall_begin, int wall_end,
                    int leading_edge, double nu, double speed, double length,
                    double alpha_radians) {
  Loads loads;
  const int count = wall_end - wall_begin + 1;
  std::vector<double> dp_dxi(count), wall_p(count);
  for (int i = wall_begin; i <= wall_end; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);  // j = 0
    const double beta = f.x_xi[k] * f.x_eta[k] + f.y_xi[k] * f.y_eta[k];
    const double gamma = f.x_xi[k] * f.x_xi[k] + f.y_xi[k] * f.y_xi[k];
    dp_dxi[i - wall_begin] =
        nu * (beta * d_xi(f, f.omega, 0, i) - gamma * d_eta(f, f.omega, 0, i)) / f.jacobian[k];
  }
  const int start = leading_edge - wall_begin;
  wall_p[start] = p[static_cast<std::size_t>(leading_edge)];
  for (int m = start + 1; m < count; ++m)
    wall_p[m] = wall_p[m - 1] + 0.5 * (dp_dxi[m] + dp_dxi[m - 1]);
  for (int m = start - 1; m >= 0; --m)
    wall_p[m] = wall_p[m + 1] - 0.5 * (dp_dxi[m] + dp_dxi[m + 1]);
  const double dynamic = 0.5 * speed * speed;
  double fx_p = 0, fy_p = 0, fx_f = 0, fy_f = 0;
  for (int m = 0; m < count; ++m) {
    const std::size_t k = static_cast<std::size_t>(wall_begin + m);
    loads.x.push_back(f.x[k]);
    loads.y.push_back(f.y[k]);
    loads.cp.push_back(p[k] / dynamic);
    loads.cp_along_wall.push_back(wall_p[m] / dynamic);
    const double sign = wall_begin + m < leading_edge ? 1.0 : -1.0;
    loads.cf.push_back(sign * nu * f.omega[k] / dynamic);
    if (m + 1 == count) break;
    const double dx = f.x[k + 1] - f.x[k], dy = f.y[k + 1] - f.y[k];
    const double p_mean = 0.5 * (p[k] + p[k + 1]);
    const double w_mean = 0.5 * (f.omega[k] + f.omega[k + 1]);
    fx_p += p_mean * dy;
    fy_p -= p_mean * dx;
    fx_f -= nu * w_mean * dx;
    fy_f -= nu * w_mean * dy;
  }
  const double scale = 1 / (dynamic * length), c = std::cos(alpha_radians),
               s = std::sin(alpha_radians);
  loads.cd_pressure = scale * (fx_p * c + fy_p * s);
  loads.cd_friction = scale * (fx_f * c + fy_f * s);
  loads.cl = scale * (-(fx_p + fx_f) * s + (fy_p + fy_f) * c);
  loads.cp_closure = loads.cp_along_wall.back() - loads.cp_along_wall.front();
  loads.cp_jump = loads.cp.back() - loads.cp.front();
  for (int m = 0; m < count; ++m)
    loads.max_cp_difference =
        std::max(loads.max_cp_difference, std::fabs(loads.cp[m] - loads.cp_along_wall[m]));
  return loads;
}

}  // namespace portaflow::incompressible
