#include "portaflow/schemes/incompressible/problems/turbulent_plate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace portaflow::incompressible {

double schlichting_cf(double re_x) { return std::pow(2 * std::log10(re_x) - 0.65, -2.3); }

double white_cf(double re_x) {
  const double l = std::log(0.06 * re_x);
  return 0.455 / (l * l);
}

double log_law_u_plus(double y_plus) { return std::log(y_plus) / kLogLawKappa + kLogLawIntercept; }

double coles_fernholz_cf(double re_theta) {
  const double u_plus_edge = std::log(re_theta) / 0.384 + 4.127;
  return 2 / (u_plus_edge * u_plus_edge);
}

double momentum_thickness(const HostFlow& f, int i, double speed) {
  double theta = 0;
  for (int j = 1; j < f.nj; ++j) {
    const std::size_t k = static_cast<std::size_t>(j) * f.ni + i, below = k - f.ni;
    const double a = f.u[below] / speed, b = f.u[k] / speed;
    theta += 0.5 * (a * (1 - a) + b * (1 - b)) * (f.y[k] - f.y[below]);
  }
  return theta;
}

std::vector<double> momentum_thickness_reynolds(const HostFlow& f, int wall_begin, int wall_end,
                                                double speed, double nu) {
  std::vector<double> re_theta;
  for (int i = wall_begin; i <= wall_end; ++i)
    re_theta.push_back(f.x[i] > 0 ? speed * momentum_thickness(f, i, speed) / nu : 0.0);
  return re_theta;
}

WallUnitsProfile wall_units_profile(const HostFlow& f, const Loads& l, int wall_begin, int wall_end,
                                    double speed, double nu, double station) {
  int line = wall_begin;
  for (int i = wall_begin; i <= wall_end; ++i)
    if (std::fabs(f.x[i] - station) < std::fabs(f.x[line] - station)) line = i;
  WallUnitsProfile p;
  p.x = f.x[line];
  p.re_x = speed * p.x / nu;
  p.cf = l.cf[static_cast<std::size_t>(line - wall_begin)];
  p.u_tau = speed * std::sqrt(std::max(p.cf, 0.0) / 2);
  if (p.u_tau <= 0) return p;
  for (int j = 1; j < f.nj; ++j) {
    const std::size_t k = static_cast<std::size_t>(j) * f.ni + line;
    const double y_plus = (f.y[k] - f.y[line]) * p.u_tau / nu;
    p.y_plus.push_back(y_plus);
    p.u_plus.push_back(f.u[k] / p.u_tau);
    p.log_law.push_back(log_law_u_plus(y_plus));
  }
  return p;
}

std::vector<std::pair<std::string, double>> turbulent_plate_errors(
    const Loads& l, const std::vector<double>& re_theta, const WallUnitsProfile& p, double reynolds,
    double length) {
  double schlichting = 0, white = 0, coles_fernholz = 0;
  for (std::size_t k = 0; k < l.x.size(); ++k) {
    const double x = l.x[k] / length;
    if (x < 0.1 || x > 1) continue;
    const double re_x = reynolds * x;
    schlichting = std::max(schlichting, std::fabs(l.cf[k] / schlichting_cf(re_x) - 1));
    white = std::max(white, std::fabs(l.cf[k] / white_cf(re_x) - 1));
    if (re_theta[k] > 1)
      coles_fernholz =
          std::max(coles_fernholz, std::fabs(l.cf[k] / coles_fernholz_cf(re_theta[k]) - 1));
  }
  double log_law = 0;
  for (std::size_t k = 0; k < p.y_plus.size(); ++k)
    if (p.y_plus[k] >= 30 && p.y_plus[k] <= 300)
      log_law = std::max(log_law, std::fabs(p.u_plus[k] / p.log_law[k] - 1));
  char station[96];
  std::snprintf(station, sizeof station, "at x = %.4g (Re_x = %.3g)", p.x, p.re_x);
  return {{"max |Cf / Schlichting - 1| on 0.1 <= x <= 1", schlichting},
          {"max |Cf / White - 1| on 0.1 <= x <= 1", white},
          {"max |Cf / Coles-Fernholz(Re_theta) - 1| on 0.1 <= x <= 1", coles_fernholz},
          {std::string("max |u+ / log law - 1| on 30 <= y+ <= 300 ") + station, log_law}};
}

std::vector<ResultTable> turbulent_plate_tables(const Loads& l, const std::vector<double>& re_theta,
                                                const WallUnitsProfile& p, double reynolds,
                                                double length) {
  const std::size_t n = l.x.size();
  std::vector<double> x(n), re_x(n), schlichting(n), white(n), coles_fernholz(n);
  for (std::size_t k = 0; k < n; ++k) {
    x[k] = l.x[k] / length;
    re_x[k] = reynolds * x[k];
    if (re_theta[k] > 1) coles_fernholz[k] = coles_fernholz_cf(re_theta[k]);
    // The laws mean nothing at and just behind the leading edge (nor are they defined there):
    // left as 0 below Re_x = 100.
    if (re_x[k] < 100) continue;
    schlichting[k] = schlichting_cf(re_x[k]);
    white[k] = white_cf(re_x[k]);
  }
  return {{"surface",
           {"x", "Re_x", "Cp", "Cf", "Cf_schlichting", "Cf_white", "Re_theta", "Cf_coles_fernholz"},
           {x, re_x, l.cp, l.cf, schlichting, white, re_theta, coles_fernholz}},
          {"wall_units_profile", {"y_plus", "u_plus", "log_law"}, {p.y_plus, p.u_plus, p.log_law}}};
}

}  // namespace portaflow::incompressible
