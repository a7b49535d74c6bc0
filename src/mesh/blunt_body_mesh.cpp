#include "portaflow/mesh/blunt_body_mesh.hpp"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"
#include "portaflow/mesh/bow_shock_shape.hpp"

namespace portaflow::mesh {

namespace {

constexpr double kPi = 3.14159265358979323846;

// The outer boundary's margins over Billig's shock: room for the captured shock (a few cells
// wide) at every Mach number the shape is fitted for, and for the shock of a somewhat lower
// Mach number (a wider one).
constexpr double kStandoffMargin = 2.0;
constexpr double kRadiusMargin = 1.5;

// Points evenly spaced in arc length along the curve c(t), t in [0, 1].
template <class Curve>
std::vector<std::array<double, 2>> even_in_arc_length(const Curve& curve, int count) {
  constexpr int kSamples = 20000;
  std::vector<double> length(kSamples + 1, 0.0);
  auto previous = curve(0.0);
  for (int s = 1; s <= kSamples; ++s) {
    const auto here = curve(static_cast<double>(s) / kSamples);
    length[s] = length[s - 1] + std::hypot(here[0] - previous[0], here[1] - previous[1]);
    previous = here;
  }
  std::vector<std::array<double, 2>> points(static_cast<std::size_t>(count));
  int s = 0;
  for (int k = 0; k < count; ++k) {
    const double target = length[kSamples] * k / (count - 1);
    while (s < kSamples - 1 && length[s + 1] < target) ++s;
    const double f = (target - length[s]) / (length[s + 1] - length[s]);
    points[static_cast<std::size_t>(k)] = curve((s + f) / kSamples);
  }
  points.front() = curve(0.0);
  points.back() = curve(1.0);
  return points;
}

void check_fit_mach(const char* body, double fit_mach) {
  if (!(fit_mach > 1))
    throw InputError(std::string(body) +
                     " mesh: the outer boundary is fitted to the bow shock of a "
                     "supersonic stream; Mach " +
                     std::to_string(fit_mach) + " has none");
}

// tan(pi s / 4) for s in [-1, 1], exactly +-1 at the ends (the cube's edges, where blocks meet).
double equiangular(double s) {
  if (s == 1 || s == -1) return s;
  return std::tan(0.25 * kPi * s);
}

// Distance from the centre along the unit direction d (d[0] <= 0) to the hyperbolic surface of
// revolution with vertex `vertex` upstream and vertex radius `radius`.
double ray_to_outer(const std::array<double, 3>& d, double vertex, double radius, double mach) {
  return distance_to_hyperbola(0, 0, d[0], std::hypot(d[1], d[2]), vertex, radius, mach);
}

}  // namespace

std::array<double, 2> outer_boundary(bool sphere, double fit_mach) {
  const auto body = sphere ? BluntBody::kSphere : BluntBody::kCylinder;
  return {1 + kStandoffMargin * billig_standoff(body, fit_mach),
          kRadiusMargin * billig_vertex_radius(body, fit_mach)};
}

MultiBlockMesh sphere_mesh(std::array<int, 2> nodes, double fit_mach) {
  if (nodes[0] < 5 || nodes[0] % 2 == 0 || nodes[1] < 3)
    throw InputError("sphere mesh: " + std::to_string(nodes[0]) +
                     " nodes across the cap: must be odd and at least 5 (the cap's halves meet "
                     "at its middle node)");
  check_fit_mach("sphere", fit_mach);
  const auto shape = outer_boundary(true, fit_mach);
  const double vertex = shape[0], radius = shape[1];  // (a structured binding cannot be captured)
  const int n = nodes[0], half = (n + 1) / 2, nk = nodes[1];
  // A block: its node counts along i and j and the cube point of node (i, j).
  struct CubeFace {
    std::string name;
    int ni, nj;
    std::function<std::array<double, 3>(int, int)> cube;
  };
  auto across = [&](int i) { return equiangular(2.0 * i / (n - 1) - 1); };  // -1 .. 1
  auto cap_half = [&](int i, int sign) {  // 0 .. +-1 from the cap's middle
    return sign * equiangular(static_cast<double>(i) / (half - 1));
  };
  auto towards_equator = [&](int i) {  // -1 at the cap's edge .. 0 at the equator
    return -equiangular(1 - static_cast<double>(i) / (half - 1));
  };
  const std::vector<CubeFace> faces{
      {"cap_lower", half, n,
       [&](int i, int j) {
         return std::array<double, 3>{-1, cap_half(i, -1), across(j)};
       }},
      {"cap_upper", half, n,
       [&](int i, int j) {
         return std::array<double, 3>{-1, cap_half(i, 1), across(j)};
       }},
      {"side_y_plus", half, n,
       [&](int i, int j) {
         return std::array<double, 3>{towards_equator(i), 1, across(j)};
       }},
      {"side_y_minus", half, n,
       [&](int i, int j) {
         return std::array<double, 3>{towards_equator(i), -1, across(j)};
       }},
      {"side_z_plus", half, n,
       [&](int i, int j) {
         return std::array<double, 3>{towards_equator(i), across(j), 1};
       }},
      {"side_z_minus", half, n,
       [&](int i, int j) {
         return std::array<double, 3>{towards_equator(i), across(j), -1};
       }},
  };
  std::vector<BlockGrid> grids;
  for (const CubeFace& face : faces) {
    // Right-handed: (dx/di x dx/dj) must point away from the body (k's direction); otherwise i
    // runs the other way.
    const auto probe = [&](int i, int j) {
      const auto c = face.cube(i, j);
      const double r = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
      return std::array<double, 3>{c[0] / r, c[1] / r, c[2] / r};
    };
    const int mi = face.ni / 2, mj = face.nj / 2;
    const auto p0 = probe(mi, mj), pi = probe(mi + 1, mj), pj = probe(mi, mj + 1);
    // k runs outwards along the ray: from p0 to 2 p0.
    const bool flip = !right_handed(p0, pi, pj, {2 * p0[0], 2 * p0[1], 2 * p0[2]});
    BlockGrid g = sized_block(face.name, {face.ni, face.nj, nk});
    for (int j = 0; j < face.nj; ++j)
      for (int i = 0; i < face.ni; ++i) {
        const auto d = probe(flip ? face.ni - 1 - i : i, j);
        const double outer = ray_to_outer(d, vertex, radius, fit_mach);
        for (int k = 0; k < nk; ++k) {
          const double r = 1 + (outer - 1) * k / (nk - 1.0);
          const std::size_t at = g.index(i, j, k);
          g.x[at] = d[0] == 0 ? 0.0 : r * d[0];  // exactly in the outflow plane
          g.y[at] = r * d[1];
          g.z[at] = r * d[2];
        }
      }
    grids.push_back(std::move(g));
  }
  std::vector<BoundaryPatch> named;
  for (int b = 0; b < static_cast<int>(grids.size()); ++b) {
    named.push_back({{b, Face::kKMin}, BoundaryKind::kSlipWall});
    named.push_back({{b, Face::kKMax}, BoundaryKind::kSupersonicInflow});
  }
  return mesh_from_blocks(std::move(grids), named, BoundaryKind::kSupersonicOutflow, 1e-8);
}

MultiBlockMesh cylinder_mesh(std::array<int, 2> nodes, int blocks, double fit_mach) {
  if (blocks < 1 || nodes[0] < 3 || nodes[1] < 3 || (nodes[0] - 1) % blocks != 0)
    throw InputError("cylinder mesh: " + std::to_string(nodes[0]) +
                     " nodes around the body do not make " + std::to_string(blocks) +
                     " blocks of equal size (nodes - 1 must be a multiple of the block count)");
  check_fit_mach("cylinder", fit_mach);
  const auto shape = outer_boundary(false, fit_mach);
  const double vertex = shape[0], radius = shape[1];  // (a structured binding cannot be captured)
  // The outer hyperbola meets the outflow plane x = 0 at this height.
  const double top = hyperbola_height(vertex, radius, fit_mach, 0.0);
  const auto outer = even_in_arc_length(
      [&](double t) {
        const double y = top * (2 * t - 1);
        return std::array<double, 2>{-hyperbola_upstream(vertex, radius, fit_mach, y), y};
      },
      nodes[0]);
  const int ni = (nodes[0] - 1) / blocks + 1, nj = nodes[1];
  std::vector<BlockGrid> grids;
  for (int b = 0; b < blocks; ++b) {
    BlockGrid g;
    g.name = "cylinder_" + std::to_string(b);
    g.nodes = {ni, nj, 1};
    g.x.resize(g.node_count());
    g.y.resize(g.node_count());
    for (int i = 0; i < ni; ++i) {
      const int around = b * (ni - 1) + i;
      // From the bottom shoulder (phi = -90 deg) over the stagnation point to the top one.
      const double phi = kPi * (static_cast<double>(around) / (nodes[0] - 1) - 0.5);
      double wall[2] = {-std::cos(phi), std::sin(phi)};
      if (around == 0 || around == nodes[0] - 1) wall[0] = 0;  // exactly on the outflow plane
      const auto& far = outer[static_cast<std::size_t>(around)];
      for (int j = 0; j < nj; ++j) {
        const double f = static_cast<double>(j) / (nj - 1);
        g.x[g.index(i, j)] = wall[0] + f * (far[0] - wall[0]);
        g.y[g.index(i, j)] = wall[1] + f * (far[1] - wall[1]);
      }
    }
    grids.push_back(std::move(g));
  }
  std::vector<BoundaryPatch> named;
  for (int b = 0; b < blocks; ++b) {
    named.push_back({{b, Face::kJMin}, BoundaryKind::kSlipWall});
    named.push_back({{b, Face::kJMax}, BoundaryKind::kSupersonicInflow});
  }
  named.push_back({{0, Face::kIMin}, BoundaryKind::kSupersonicOutflow});
  named.push_back({{blocks - 1, Face::kIMax}, BoundaryKind::kSupersonicOutflow});
  return mesh_from_blocks(std::move(grids), named, BoundaryKind::kSupersonicOutflow, 1e-8);
}

}  // namespace portaflow::mesh
