#include "portaflow/mesh/cone_flare_mesh.hpp"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"
#include "portaflow/mesh/blunt_body_mesh.hpp"
#include "portaflow/mesh/bow_shock_shape.hpp"

namespace portaflow::mesh {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDegree = kPi / 180;
// The outer boundary's asymptotes over the cone angle (see the header).
constexpr double kOuterOverCone = 13 * kDegree;
// Arc length over which the lines from the wall turn from normal to the cone to normal to the
// axis, centred on the shoulder: the lines fan out smoothly instead of at a kink.
constexpr double kShoulderTurn = 4.0;

// tan(pi s / 4) for s in [-1, 1], exactly +-1 at the ends (as in sphere_mesh).
double equiangular(double s) {
  if (s == 1 || s == -1) return s;
  return std::tan(0.25 * kPi * s);
}

// A point of the body's surface: arc length along the meridian and azimuth, as the azimuth's
// cosine and sine (exact at the symmetry plane, where z must be 0).
struct SurfacePoint {
  double s;
  double cos_phi, sin_phi;
};

SurfacePoint at_azimuth(double s, double phi) {
  if (phi == 0) return {s, 1, 0};
  if (phi == kPi) return {s, -1, 0};
  return {s, std::cos(phi), std::sin(phi)};
}

// The mesh in the meridian plane: the wall at arc length s, the direction of the line from it to
// the outer boundary (polar angle psi from -x), and the line's length.
class MeridianMesh {
 public:
  MeridianMesh(const ConeFlareMeridian& meridian, double fit_mach) : meridian_(meridian) {
    const auto shape = outer_boundary(true, fit_mach);
    vertex_ = shape[0];
    radius_ = shape[1];
    const double cone = meridian.body().cone_half_angle_degrees * kDegree;
    asymptote_mach_ = 1 / std::sin(cone + kOuterOverCone);
  }

  // {x, r} of the wall at s and of the line's end on the outer boundary.
  std::array<std::array<double, 2>, 2> line(double s) const {
    const auto wall = meridian_.wall(s);
    const auto d = direction(s);
    const double length = distance_to_outer(wall, d);
    return {wall, {wall[0] + length * d[0], wall[1] + length * d[1]}};
  }

 private:
  std::array<double, 2> direction(double s) const {
    const double cone_normal = 0.5 * kPi - meridian_.body().cone_half_angle_degrees * kDegree;
    double psi = 0.5 * kPi;
    if (s <= meridian_.sphere_end()) {
      psi = s;  // a ray from the sphere's centre
    } else if (s < meridian_.cone_end() - 0.5 * kShoulderTurn) {
      psi = cone_normal;
    } else if (s < meridian_.cone_end() + 0.5 * kShoulderTurn) {
      const double f = (s - (meridian_.cone_end() - 0.5 * kShoulderTurn)) / kShoulderTurn;
      psi = cone_normal + f * (0.5 * kPi - cone_normal);
    }
    if (psi == 0.5 * kPi) return {0.0, 1.0};  // exactly normal to the axis: a planar outflow face
    return {-std::cos(psi), std::sin(psi)};
  }

  double distance_to_outer(const std::array<double, 2>& wall,
                           const std::array<double, 2>& d) const {
    if (!(hyperbola_upstream(vertex_, radius_, asymptote_mach_, wall[1]) + wall[0] > 0))
      throw Error("cone_flare mesh: the body pierces its outer boundary");
    return distance_to_hyperbola(wall[0], wall[1], d[0], d[1], vertex_, radius_, asymptote_mach_);
  }

  const ConeFlareMeridian& meridian_;
  double vertex_, radius_, asymptote_mach_;
};

// A block of the body's surface: its node counts and the surface point of node (i, j).
struct SurfaceBlock {
  std::string name;
  int ni, nj;
  std::function<SurfacePoint(int, int)> at;
};

// The node at fraction eta of the way from the wall to the outer boundary.
std::array<double, 3> position(const std::array<std::array<double, 2>, 2>& line,
                               const SurfacePoint& p, double eta) {
  const double x = eta == 1 ? line[1][0] : line[0][0] + eta * (line[1][0] - line[0][0]);
  const double r = eta == 1 ? line[1][1] : line[0][1] + eta * (line[1][1] - line[0][1]);
  return {x, r * p.cos_phi, r * p.sin_phi};
}

BlockGrid volume_block(const SurfaceBlock& surface, const MeridianMesh& meridian, int nk) {
  // Right-handed: (dx/di x dx/dj) . dx/dk > 0 at the middle; otherwise i runs the other way.
  const int mi = surface.ni / 2, mj = surface.nj / 2;
  auto at = [&](int i, int j, double eta) {
    const SurfacePoint p = surface.at(i, j);
    return position(meridian.line(p.s), p, eta);
  };
  const auto p0 = at(mi, mj, 0), pi = at(mi + 1, mj, 0), pj = at(mi, mj + 1, 0);
  const bool flip = !right_handed(p0, pi, pj, at(mi, mj, 0.1));
  BlockGrid g = sized_block(surface.name, {surface.ni, surface.nj, nk});
  for (int j = 0; j < surface.nj; ++j)
    for (int i = 0; i < surface.ni; ++i) {
      const SurfacePoint p = surface.at(flip ? surface.ni - 1 - i : i, j);
      const auto line = meridian.line(p.s);
      for (int k = 0; k < nk; ++k) {
        const auto x = position(line, p, static_cast<double>(k) / (nk - 1));
        const std::size_t n = g.index(i, j, k);
        g.x[n] = x[0];
        g.y[n] = x[1];
        g.z[n] = x[2];
      }
    }
  return g;
}

// The nose: a cube-face point, projected onto the unit sphere, at its polar angle theta from -x
// and azimuth from +y; theta scaled so the cube's equator (x = 0) lands where the cone starts.
SurfacePoint nose_point(const ConeFlareMeridian& meridian, double cx, double cy, double cz) {
  const double rho = std::hypot(cy, cz);
  const double theta = std::atan2(rho, -cx);
  const double s = meridian.sphere_end() * (theta / (0.5 * kPi));
  if (rho == 0) return {s, 1, 0};
  return {s, cy / rho, cz / rho};
}

// Arc lengths of the nodes along the body behind the nose. On the cone they are spaced in
// proportion to the radius, as the conical flow's self-similar solution asks: step (the azimuthal
// spacing in radians) times the radius times an aspect that grows from 1 where the cone starts to
// 2 where its radius has doubled (the flow varies slowly along the rays), and about as far apart
// as the cone's last ones on the cylinder and flare. The counts are multiples of 4: every block
// coarsens regularly over three multigrid levels.
struct AxialNodes {
  std::vector<double> cone;            // from where the cone starts to where it ends
  std::vector<double> cylinder_flare;  // from the shoulder to the flare's end
};

constexpr double kAlongOverAround = 2;  // cell aspect on the cone, away from the nose

AxialNodes axial_nodes(const ConeFlareMeridian& meridian, double step) {
  const double s0 = meridian.sphere_end(), s1 = meridian.cone_end();
  const double r0 = meridian.wall(s0)[1], r1 = meridian.wall(s1)[1];
  // Nodes per unit arc length, integrated along the cone (midpoint rule, fine samples).
  constexpr int kSamples = 20000;
  std::vector<double> count(kSamples + 1, 0.0);
  for (int k = 0; k < kSamples; ++k) {
    const double r = meridian.wall(s0 + (s1 - s0) * (k + 0.5) / kSamples)[1];
    count[k + 1] =
        count[k] + (s1 - s0) / kSamples / (r * step * std::min(kAlongOverAround, r / r0));
  }
  const int intervals = std::max(8, (static_cast<int>(std::lround(count.back())) + 3) / 4 * 4);
  AxialNodes nodes;
  int k = 0;
  for (int n = 0; n <= intervals; ++n) {
    if (n == 0 || n == intervals) {
      nodes.cone.push_back(n == 0 ? s0 : s1);
      continue;
    }
    const double target = count.back() * n / intervals;
    while (count[k + 1] < target) ++k;
    const double f = (target - count[k]) / (count[k + 1] - count[k]);
    nodes.cone.push_back(s0 + (s1 - s0) * (k + f) / kSamples);
  }
  const double length = meridian.flare_end() - s1;
  const double spacing = r1 * step * kAlongOverAround;
  const int rear = std::max(4, (static_cast<int>(std::lround(length / spacing)) + 3) / 4 * 4);
  for (int n = 0; n <= rear; ++n)
    nodes.cylinder_flare.push_back(n == rear ? meridian.flare_end() : s1 + length * n / rear);
  return nodes;
}

void check_nodes(std::array<int, 2> nodes, double fit_mach) {
  if (nodes[0] < 9 || (nodes[0] - 1) % 4 != 0)
    throw InputError("cone_flare mesh: " + std::to_string(nodes[0]) +
                     " nodes across the nose cap: must be at least 9, and one more than a "
                     "multiple of 4 (the cap's middle and the sectors' cuts are nodes every "
                     "coarser multigrid level keeps)");
  if (nodes[1] < 3)
    throw InputError("cone_flare mesh: " + std::to_string(nodes[1]) +
                     " nodes from the wall to the outer boundary: at least 3");
  if (!(fit_mach > 1))
    throw InputError(
        "cone_flare mesh: the outer boundary is fitted to the bow shock of a supersonic "
        "stream; Mach " +
        std::to_string(fit_mach) + " has none");
}

// The body's boundaries: the wall and the outer boundary by k face, the faces lying in the plane
// z = 0 symmetry, the rest (the outflow plane) supersonic outflow.
std::vector<BoundaryPatch> named_faces(const std::vector<BlockGrid>& grids) {
  std::vector<BoundaryPatch> named;
  for (int b = 0; b < static_cast<int>(grids.size()); ++b) {
    const BlockGrid& g = grids[b];
    named.push_back({{b, Face::kKMin}, BoundaryKind::kSlipWall});
    named.push_back({{b, Face::kKMax}, BoundaryKind::kSupersonicInflow});
    for (const Face face : {Face::kIMin, Face::kIMax, Face::kJMin, Face::kJMax}) {
      const int d = face_direction(face);
      const int fixed = face_is_max(face) ? g.nodes[d] - 1 : 0;
      bool in_plane = true;
      for (int k = 0; k < g.nodes[2] && in_plane; ++k)
        for (int t = 0; t < g.nodes[1 - d] && in_plane; ++t)
          in_plane = g.z[d == 0 ? g.index(fixed, t, k) : g.index(t, fixed, k)] == 0;
      if (in_plane) named.push_back({{b, face}, BoundaryKind::kSymmetry});
    }
  }
  return named;
}

}  // namespace

ConeFlareMeridian::ConeFlareMeridian(const ConeFlareBody& body)
    : body_(body),
      cone_angle_(body.cone_half_angle_degrees * kDegree),
      flare_angle_(body.flare_angle_degrees * kDegree) {
  sphere_end_ = 0.5 * kPi - cone_angle_;
  cone_end_ = sphere_end_ + body.cone_length / std::cos(cone_angle_);
  cylinder_end_ = cone_end_ + body.cylinder_length;
  flare_end_ = cylinder_end_ + body.flare_length / std::cos(flare_angle_);
}

std::array<double, 2> ConeFlareMeridian::wall(double s) const {
  if (s <= sphere_end_) return {-std::cos(s), std::sin(s)};
  const double x0 = -std::cos(sphere_end_), r0 = std::sin(sphere_end_);
  if (s <= cone_end_)
    return {x0 + (s - sphere_end_) * std::cos(cone_angle_),
            r0 + (s - sphere_end_) * std::sin(cone_angle_)};
  const double x1 = x0 + body_.cone_length, r1 = r0 + body_.cone_length * std::tan(cone_angle_);
  if (s <= cylinder_end_) return {x1 + (s - cone_end_), r1};
  const double x2 = x1 + body_.cylinder_length;
  if (s >= flare_end_)  // exactly the end plane
    return {x2 + body_.flare_length, r1 + body_.flare_length * std::tan(flare_angle_)};
  return {x2 + (s - cylinder_end_) * std::cos(flare_angle_),
          r1 + (s - cylinder_end_) * std::sin(flare_angle_)};
}

MultiBlockMesh cone_flare_mesh(std::array<int, 2> nodes, double fit_mach) {
  check_nodes(nodes, fit_mach);
  const ConeFlareMeridian meridian;
  const MeridianMesh planes(meridian, fit_mach);
  const int n = nodes[0], half = (n + 1) / 2, nk = nodes[1];
  // Nose cube faces, as in sphere_mesh: equiangular across (-1 .. 1), from the cap's middle
  // (0 .. 1), and from the cap's edge to the equator (-1 .. 0).
  auto across = [=](int i) { return equiangular(2.0 * i / (n - 1) - 1); };
  auto from_middle = [=](int i) { return equiangular(static_cast<double>(i) / (half - 1)); };
  auto to_equator = [=](int i) { return -equiangular(1 - static_cast<double>(i) / (half - 1)); };
  const double step = 0.5 * kPi / (n - 1);  // azimuthal spacing at the nose's edge
  const AxialNodes axial = axial_nodes(meridian, step);
  // The first cone blocks end where their 90-degree block holds about as many nodes as each
  // 45-degree block of the rest (a node kept by every coarser level: a multiple of 4).
  const int cone_nodes = static_cast<int>(axial.cone.size());
  int cut = (cone_nodes - 1) * (half - 1) / (n - 1 + half - 1);
  cut = std::max(4, cut - cut % 4);
  // Azimuth of sector node j: sectors of (half - 1) intervals over 45 degrees.
  auto azimuth = [=](int sector_start, int j) {
    const int at = sector_start + j;
    return at == 4 * (half - 1) ? kPi : 0.25 * kPi * at / (half - 1);
  };
  std::vector<SurfaceBlock> surfaces{
      {"nose_cap", n, half,
       [=, &meridian](int i, int j) {
         return nose_point(meridian, -1, across(i), from_middle(j));
       }},
      {"nose_y_plus", half, half,
       [=, &meridian](int i, int j) {
         return nose_point(meridian, to_equator(i), 1, from_middle(j));
       }},
      {"nose_z_plus", half, n,
       [=, &meridian](int i, int j) { return nose_point(meridian, to_equator(i), across(j), 1); }},
      {"nose_y_minus", half, half,
       [=, &meridian](int i, int j) {
         return nose_point(meridian, to_equator(i), -1, from_middle(j));
       }},
  };
  // Behind the nose: {first azimuthal interval, intervals} per sector.
  const std::vector<std::array<int, 2>> wide{
      {0, half - 1}, {half - 1, n - 1}, {n + half - 2, half - 1}};
  const std::vector<std::array<int, 2>> narrow{
      {0, half - 1}, {half - 1, half - 1}, {2 * (half - 1), half - 1}, {3 * (half - 1), half - 1}};
  auto add_part = [&](const std::string& part, const std::vector<double>& s, int first, int last,
                      const std::vector<std::array<int, 2>>& sectors) {
    for (std::size_t k = 0; k < sectors.size(); ++k) {
      const auto sector = sectors[k];
      surfaces.push_back(
          {part + "_" + std::to_string(k), last - first + 1, sector[1] + 1,
           [=](int i, int j) { return at_azimuth(s[first + i], azimuth(sector[0], j)); }});
    }
  };
  add_part("cone_front", axial.cone, 0, cut, wide);
  add_part("cone_rear", axial.cone, cut, cone_nodes - 1, narrow);
  add_part("cylinder_flare", axial.cylinder_flare, 0,
           static_cast<int>(axial.cylinder_flare.size()) - 1, narrow);
  std::vector<BlockGrid> grids;
  for (const SurfaceBlock& surface : surfaces) grids.push_back(volume_block(surface, planes, nk));
  const auto named = named_faces(grids);
  return mesh_from_blocks(std::move(grids), named, BoundaryKind::kSupersonicOutflow, 1e-8);
}

}  // namespace portaflow::mesh
