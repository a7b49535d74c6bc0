#include "portaflow/schemes/incompressible/problems/validation.hpp"

#include <algorithm>
#include <cmath>

#include "portaflow/schemes/incompressible/problems/blasius.hpp"
#include "portaflow/schemes/incompressible/problems/ghia_cavity.hpp"

namespace portaflow::incompressible {

namespace {

// Linear interpolation of (coordinates, values), coordinates increasing, at `at`.
double interpolate(const std::vector<double>& coordinates, const std::vector<double>& values,
                   double at) {
  const auto upper = std::upper_bound(coordinates.begin(), coordinates.end(), at);
  if (upper == coordinates.begin()) return values.front();
  if (upper == coordinates.end()) return values.back();
  const std::size_t k = static_cast<std::size_t>(upper - coordinates.begin());
  const double t = (at - coordinates[k - 1]) / (coordinates[k] - coordinates[k - 1]);
  return (1 - t) * values[k - 1] + t * values[k];
}

}  // namespace

std::pair<ResultTable, ResultTable> centre_lines(const HostFlow& f) {
  ResultTable u_line{"centreline_u", {"y", "u"}, {{}, {}}};
  ResultTable v_line{"centreline_v", {"x", "v"}, {{}, {}}};
  const int i_mid = f.ni / 2, j_mid = f.nj / 2;
  for (int j = 0; j < f.nj; ++j) {
    u_line.columns[0].push_back(f.y[j * f.ni + i_mid]);
    u_line.columns[1].push_back(f.u[j * f.ni + i_mid]);
  }
  for (int i = 0; i < f.ni; ++i) {
    v_line.columns[0].push_back(f.x[j_mid * f.ni + i]);
    v_line.columns[1].push_back(f.v[j_mid * f.ni + i]);
  }
  return {u_line, v_line};
}

std::optional<GhiaComparison> ghia_comparison(const HostFlow& flow, double reynolds,
                                              double lid_speed, double width) {
  const auto ghia = ghia_profiles(reynolds);
  if (!ghia || flow.ni % 2 == 0 || flow.nj % 2 == 0 || lid_speed != 1 || width != 1)
    return std::nullopt;
  const auto tables = centre_lines(flow);
  GhiaComparison c;
  for (std::size_t k = 0; k < ghia->y.size(); ++k) {
    c.line.push_back(0);
    c.coordinate.push_back(ghia->y[k]);
    c.computed.push_back(interpolate(tables.first.columns[0], tables.first.columns[1], ghia->y[k]));
    c.published.push_back(ghia->u[k]);
    c.suspect.push_back(0);
  }
  for (std::size_t k = 0; k < ghia->x.size(); ++k) {
    c.line.push_back(1);
    c.coordinate.push_back(ghia->x[k]);
    c.computed.push_back(
        interpolate(tables.second.columns[0], tables.second.columns[1], ghia->x[k]));
    c.published.push_back(ghia->v[k]);
    c.suspect.push_back(static_cast<int>(k) == ghia->suspect_v ? 1 : 0);
  }
  return c;
}

ResultTable ghia_table(const GhiaComparison& c) {
  return {"ghia_comparison",
          {"line", "coordinate", "computed", "ghia", "suspect"},
          {c.line, c.coordinate, c.computed, c.published, c.suspect}};
}

std::vector<std::pair<std::string, double>> ghia_errors(const GhiaComparison& c, double lid_speed) {
  double u_max = 0, v_max = 0;
  for (std::size_t k = 0; k < c.line.size(); ++k) {
    if (c.suspect[k]) continue;
    const double d = std::fabs(c.computed[k] - c.published[k]) / lid_speed;
    (c.line[k] == 0 ? u_max : v_max) = std::max(c.line[k] == 0 ? u_max : v_max, d);
  }
  return {{"max |u - Ghia| / U_lid on x = 0.5", u_max},
          {"max |v - Ghia| / U_lid on y = 0.5", v_max}};
}

BlasiusProfile blasius_profile(const HostFlow& f, int wall_begin, int wall_end, double speed,
                               double nu) {
  int line = wall_begin;
  for (int i = wall_begin; i <= wall_end; ++i)
    if (std::fabs(f.x[i] - 0.5) < std::fabs(f.x[line] - 0.5)) line = i;
  BlasiusProfile b;
  b.x = f.x[line];
  for (int j = 0; j < f.nj; ++j) {
    const std::size_t k = static_cast<std::size_t>(j) * f.ni + line;
    const double eta = f.y[k] * std::sqrt(speed / (nu * b.x));
    if (eta > 8) break;
    b.eta.push_back(eta);
    b.computed.push_back(f.u[k] / speed);
    b.exact.push_back(blasius_velocity(eta));
  }
  return b;
}

std::vector<std::pair<std::string, double>> blasius_errors(const Loads& l, const BlasiusProfile& b,
                                                           double reynolds, double length) {
  double cf_error = 0;
  for (std::size_t k = 0; k < l.x.size(); ++k) {
    const double x = l.x[k] / length;
    if (x < 0.1 || x > 0.9) continue;
    const double scaled = l.cf[k] * std::sqrt(reynolds * x) / (2 * kBlasiusWallShear);
    cf_error = std::max(cf_error, std::fabs(scaled - 1));
  }
  double u_error = 0;
  for (std::size_t k = 0; k < b.eta.size(); ++k)
    u_error = std::max(u_error, std::fabs(b.computed[k] - b.exact[k]));
  return {{"max |Cf sqrt(Re_x) / 0.664 - 1| on 0.1 <= x <= 0.9", cf_error},
          {"max |u / U - f'(eta)| at x = " + std::to_string(b.x).substr(0, 6), u_error}};
}

std::vector<ResultTable> airfoil_surface_tables(const Loads& l, double chord) {
  std::vector<double> x = l.x, y = l.y;
  for (double& c : x) c /= chord;
  for (double& c : y) c /= chord;
  return {{"surface",
           {"x_over_c", "y_over_c", "Cp", "Cf", "Cp_along_wall"},
           {x, y, l.cp, l.cf, l.cp_along_wall}}};
}

std::vector<ResultTable> plate_surface_tables(const Loads& l, const BlasiusProfile& b,
                                              double reynolds, double length) {
  std::vector<double> x = l.x;
  for (double& c : x) c /= length;
  std::vector<double> scaled(l.cf.size());
  for (std::size_t k = 0; k < scaled.size(); ++k)
    scaled[k] = l.cf[k] * std::sqrt(reynolds * std::max(x[k], 0.0));
  return {{"surface", {"x", "Cp", "Cf", "Cf_sqrt_Re_x"}, {x, l.cp, l.cf, scaled}},
          {"blasius_profile", {"eta", "u_over_U", "blasius"}, {b.eta, b.computed, b.exact}}};
}

}  // namespace portaflow::incompressible
