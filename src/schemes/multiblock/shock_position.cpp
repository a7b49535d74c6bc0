// The captured shock's position along the wall-normal lines of the multi-block solution (see
// schemes/multiblock/shock_position.hpp), and shock.csv.
#include "portaflow/schemes/multiblock/shock_position.hpp"

#include <algorithm>
#include <cmath>

#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/mesh/bow_shock_shape.hpp"
#include "portaflow/physics/pitot_pressure.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"
#include "portaflow/schemes/multiblock/wall_nodes.hpp"

namespace portaflow::multiblock {

std::optional<double> shock_crossing(const std::vector<double>& p, double p_inf) {
  const int n = static_cast<int>(p.size());
  if (n < 3) return std::nullopt;
  int steepest = 0;  // the largest rise from node k + 1 (outer) to node k
  for (int k = 1; k + 1 < n; ++k)
    if (p[k] - p[k + 1] > p[steepest] - p[steepest + 1]) steepest = k;
  const double level = 0.5 * (p_inf + p[std::max(steepest - 2, 0)]);
  for (int m = n - 1; m > 0; --m)
    if (p[m] < level && level <= p[m - 1]) return m - (level - p[m]) / (p[m - 1] - p[m]);
  return std::nullopt;
}

template <int Dim>
std::vector<ShockPoint> MultiBlockSolverOf<Dim>::shock_positions() const {
  using Eq = physics::Euler<Dim>;
  const std::vector<double> state = host_state();
  const int total = fields_.table.total_nodes;
  const double p_inf = freestream_primitive(config_)[3];
  // Records: boundary index, block, node, span node, wall x y z, wall p, found, shock x y z.
  constexpr std::size_t kRecord = 12;
  std::vector<double> mine;
  for_each_wall_node(*whole_, owned_, [&](const WallNode& wall) {
    const auto& block = whole_->blocks[static_cast<std::size_t>(wall.block)];
    const int n = block.nodes[wall.normal];
    std::array<int, 3> ijk = wall.ijk;
    std::vector<double> p(static_cast<std::size_t>(n));
    std::vector<std::array<double, 3>> at(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {  // r = 0 on the wall
      ijk[wall.normal] = wall.from_max ? n - 1 - r : r;
      const std::size_t index = block.index(ijk[0], ijk[1], ijk[2]);
      const int node = fields_.table.blocks[wall.local_block].offset + static_cast<int>(index);
      typename Eq::State u;
      for (int v = 0; v < Eq::kNumVars; ++v) u[v] = static_cast<Real>(state[v * total + node]);
      p[static_cast<std::size_t>(r)] = Eq::pressure(u, gas_);
      at[static_cast<std::size_t>(r)] = mesh::node_position(block, ijk);
    }
    const auto crossing = shock_crossing(p, p_inf);
    std::array<double, 3> shock{0, 0, 0};
    if (crossing) {
      const int low = std::min(static_cast<int>(*crossing), n - 2);
      const double f = *crossing - low;
      for (int c = 0; c < 3; ++c)
        shock[c] = (1 - f) * at[static_cast<std::size_t>(low)][c] +
                   f * at[static_cast<std::size_t>(low) + 1][c];
    }
    mine.insert(mine.end(), {double(wall.boundary), double(wall.block), double(wall.along),
                             double(wall.span), at[0][0], at[0][1], at[0][2], p[0],
                             crossing ? 1.0 : 0.0, shock[0], shock[1], shock[2]});
  });
  const std::vector<double> all = gather_wall_records(mine, kRecord);
  std::vector<ShockPoint> points;
  for (std::size_t r = 0; r < all.size() / kRecord; ++r) {
    const double* x = &all[r * kRecord];
    ShockPoint point;
    point.block = whole_->blocks[static_cast<std::size_t>(x[1])].name;
    point.node = int(x[2]);
    point.span_node = int(x[3]);
    for (int c = 0; c < 3; ++c) point.wall[c] = x[4 + c];
    point.wall_pressure = x[7];
    point.found = x[8] != 0;
    if (point.found) {
      for (int c = 0; c < 3; ++c) point.shock[c] = x[9 + c];
      point.distance = std::sqrt((x[9] - x[4]) * (x[9] - x[4]) + (x[10] - x[5]) * (x[10] - x[5]) +
                                 (x[11] - x[6]) * (x[11] - x[6]));
    }
    points.push_back(point);
  }
  return points;
}

template <int Dim>
double MultiBlockSolverOf<Dim>::total_enthalpy_error() const {
  using Eq = physics::Euler<Dim>;
  const auto w = freestream_primitive(config_);
  const double gamma = config_.physics.gamma;
  const Real h_inf =
      static_cast<Real>(gamma / (gamma - 1) * w[3] / w[0] + 0.5 * (w[1] * w[1] + w[2] * w[2]));
  const auto u = fields_.u;
  const physics::IdealGas gas = gas_;
  const double largest = par_max<Real>(
      "multiblock.total_enthalpy_error", IndexRange{0, fields_.table.total_nodes},
      KOKKOS_LAMBDA(const int node, Real& m) {
        typename Eq::State s;
        for (int v = 0; v < Eq::kNumVars; ++v) s[v] = u(v, node);
        const Real h = (s[Eq::kEnergy] + Eq::pressure(s, gas)) / s[Eq::kRho];
        m = math::fmax(m, math::fabs(h / h_inf - 1));
      });
  return ranks::max(largest);
}

template <int Dim>
std::vector<std::pair<std::string, double>> MultiBlockSolverOf<Dim>::exact_errors() const {
  const MultiBlockOptions& options = config_.family<MultiBlockOptions>();
  const double mach = options.freestream.mach;
  const bool cylinder = options.mesh.kind == MultiBlockMeshKind::kCylinder;
  if (!(cylinder || options.mesh.kind == MultiBlockMeshKind::kSphere) || !(mach > 1)) return {};
  const auto body = cylinder ? mesh::BluntBody::kCylinder : mesh::BluntBody::kSphere;
  const std::vector<ShockPoint> shock = shock_positions();
  // The stagnation line: from the wall node furthest upstream along the free stream.
  const double alpha = options.freestream.alpha_degrees * 3.14159265358979323846 / 180;
  const auto upstream = [&](const ShockPoint& s) {
    return s.wall[0] * std::cos(alpha) + s.wall[1] * std::sin(alpha);
  };
  const auto stagnation = std::min_element(
      shock.begin(), shock.end(),
      [&](const ShockPoint& a, const ShockPoint& b) { return upstream(a) < upstream(b); });
  std::vector<std::pair<std::string, double>> errors;
  if (stagnation != shock.end() && stagnation->found)
    errors.push_back({"shock stand-off on the stagnation line / Billig (1967) - 1",
                      stagnation->distance / mesh::billig_standoff(body, mach) - 1});
  if (stagnation != shock.end()) {
    const double pitot = physics::rayleigh_pitot_ratio(mach, config_.physics.gamma) *
                         freestream_primitive(config_)[3];
    errors.push_back(
        {"stagnation-point pressure / Rayleigh pitot - 1", stagnation->wall_pressure / pitot - 1});
  }
  errors.push_back({"largest |total enthalpy / free stream's - 1|", total_enthalpy_error()});
  return errors;
}

template std::vector<ShockPoint> MultiBlockSolverOf<2>::shock_positions() const;
template std::vector<ShockPoint> MultiBlockSolverOf<3>::shock_positions() const;
template double MultiBlockSolverOf<2>::total_enthalpy_error() const;
template double MultiBlockSolverOf<3>::total_enthalpy_error() const;
template std::vector<std::pair<std::string, double>> MultiBlockSolverOf<2>::exact_errors() const;
template std::vector<std::pair<std::string, double>> MultiBlockSolverOf<3>::exact_errors() const;

}  // namespace portaflow::multiblock
