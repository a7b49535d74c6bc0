// The NACA 0012 three-block C-mesh of Elsen et al. (2008); see c_mesh.hpp.
#include "portaflow/mesh/c_mesh.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/airfoil.hpp"
#include "portaflow/mesh/elliptic_grid_device.hpp"
#include "portaflow/mesh/elliptic_grid_sequencing.hpp"

namespace portaflow::mesh {
namespace {

// How far the far-field nodes on the semicircle follow the direction of the surface normal at
// the nodes they face, against an even spread in angle. Evenly spread nodes (0) send the lines
// from the front third of the chord to the front of the circle and skew the fine grid's cells
// near the leading edge by up to 55 degrees (1200 cells beyond 45); 0.75 brings the largest skew
// to 41 degrees, at the price of far-field cells of up to ~3 chords in front of the airfoil.
constexpr double kFarFieldFollowsNormal = 0.75;

// How closely the far-field nodes on the lines y = -R, R follow the x of the cut nodes below them
// (1: the same x, so the j-lines across the wake start vertical; 0: a geometric spread from the
// semicircle's spacing at (1, -R)). Three quarters keeps those j-lines within ~10 degrees of
// vertical while the far boundary's spacing at (1, -R) is not the cut's 0.004 chords; with the
// geometric spread alone the wake lines tilt and ~800 wake cells of the fine grid are skewed by
// more than 30 degrees (none with three quarters).
constexpr double kFarLineFollowsCut = 0.75;

// First spacing off the cut at the outflow plane, as a fraction of R / (nj - 1) (the uniform
// spacing): a quarter keeps the j-lines across the wake stretched by only ~3 % per cell there.
constexpr double kOutflowSpacingFraction = 0.25;

double distance(double xa, double ya, double xb, double yb) { return std::hypot(xb - xa, yb - ya); }

// Boundary nodes and requested j = 0 spacing of the lower half, i in [0, leading edge], from
// `surface`: one side's nodes from the trailing edge to the leading edge, below the chord (the
// upper side is passed mirrored, see set_boundaries).
void set_half_boundaries(StructuredGrid2D& g, const CGridShape& shape,
                         const std::vector<std::array<double, 2>>& surface,
                         std::vector<double>& spacing) {
  const int wake = shape.wake_intervals, side = shape.airfoil_intervals / 2;
  const int normal = shape.normal_intervals, leading_edge = shape.leading_edge();
  const double radius = shape.far_field_chords;
  const int top = normal;
  // The cut continues the surface spacing at the trailing edge (no jump in i across it).
  const double te_interval = distance(surface[0][0], surface[0][1], surface[1][0], surface[1][1]);
  const std::vector<double> cut = geometric_stretching(wake, te_interval, radius);
  const double outflow_spacing = kOutflowSpacingFraction * radius / normal;
  const std::vector<double> outflow = geometric_stretching(normal, outflow_spacing, radius);

  // Wall and cut (j = 0). The cut's requested spacing grows geometrically in x from the wall
  // spacing at the trailing edge to outflow_spacing, so the j-lines stay smooth across y = 0.
  for (int i = 0; i <= wake; ++i) {
    const double along = cut[wake - i];
    g.x[g.index(i, 0)] = 1.0 + along;
    g.y[g.index(i, 0)] = 0.0;
    spacing[i] =
        shape.wall_spacing * std::pow(outflow_spacing / shape.wall_spacing, along / radius);
  }
  for (int i = wake; i <= leading_edge; ++i) {
    g.x[g.index(i, 0)] = surface[i - wake][0];
    g.y[g.index(i, 0)] = surface[i - wake][1];
    spacing[i] = shape.wall_spacing;
  }

  // Far-field semicircle, phi = -pi/2 - (pi/2) t from the bottom (1, -R) (t = 0) to (1 - R, 0)
  // (t = 1, the leading edge's node), t a blend (kFarFieldFollowsNormal) of the turn of the
  // surface normal since the trailing edge and an even spread. Along most of the chord the normal
  // barely turns, so the lines leaving it head out almost normally; the leading edge, where it
  // turns by 90 degrees, fans its lines over the front of the circle.
  std::vector<double> normal_angle(side + 1, 0.0);  // of the outward normal, -0.46 pi .. -pi
  for (int k = 1; k < side; ++k) {
    const double tx = surface[k + 1][0] - surface[k - 1][0];
    const double ty = surface[k + 1][1] - surface[k - 1][1];
    normal_angle[k] = std::atan2(tx, -ty);  // the left normal (-ty, tx) of the lower surface
  }
  for (int k = 0; k <= side; ++k) {
    double turn = (normal_angle[1] - normal_angle[k]) / (normal_angle[1] + M_PI);
    if (k == 0) turn = 0.0;
    if (k == side) turn = 1.0;
    const double t = kFarFieldFollowsNormal * turn +
                     (1.0 - kFarFieldFollowsNormal) * static_cast<double>(k) / side;
    const double phi = -0.5 * M_PI - 0.5 * M_PI * t;
    g.x[g.index(wake + k, top)] = 1.0 + radius * std::cos(phi);
    g.y[g.index(wake + k, top)] = radius * std::sin(phi);
  }
  g.x[g.index(wake, top)] = 1.0;  // the ends exactly, not cos(pi/2) ~ 6e-17
  g.y[g.index(wake, top)] = -radius;
  g.x[g.index(leading_edge, top)] = 1.0 - radius;
  g.y[g.index(leading_edge, top)] = 0.0;

  // Far-field line y = -R: a blend of the cut's x distribution and a geometric one starting with
  // the semicircle's spacing (see kFarLineFollowsCut).
  const double junction = distance(g.x[g.index(wake, top)], g.y[g.index(wake, top)],
                                   g.x[g.index(wake + 1, top)], g.y[g.index(wake + 1, top)]);
  const std::vector<double> spread = geometric_stretching(wake, junction, radius);
  for (int i = 0; i < wake; ++i) {
    const int k = wake - i;
    g.x[g.index(i, top)] =
        1.0 + (kFarLineFollowsCut * cut[k] + (1.0 - kFarLineFollowsCut) * spread[k]);
    g.y[g.index(i, top)] = -radius;
  }
  g.x[g.index(0, top)] = 1.0 + radius;  // the corner exactly

  // Outflow plane x = 1 + R, stretched from the cut with the spacing the cut asks for there.
  for (int j = 0; j <= top; ++j) {
    g.x[g.index(0, j)] = 1.0 + radius;
    g.y[g.index(0, j)] = 0.0 - outflow[j];
  }
}

void mirror_lower_half(StructuredGrid2D& g, int leading_edge) {
  for (int j = 0; j < g.nj; ++j) {
    for (int i = 0; i < leading_edge; ++i) {
      g.x[g.index(g.ni - 1 - i, j)] = g.x[g.index(i, j)];
      g.y[g.index(g.ni - 1 - i, j)] = 0.0 - g.y[g.index(i, j)];  // 0.0 - y: no -0.0 on the cut
    }
  }
}

// The elliptic iteration keeps the mirror symmetry only to round-off (~1e-12 chords: its i-line
// sweeps run one way); averaging the halves makes it exact, so a symmetric flow stays symmetric
// bit for bit. The leading-edge line lies on y = 0 by symmetry.
void symmetrize(StructuredGrid2D& g, int leading_edge) {
  for (int j = 0; j < g.nj; ++j) {
    for (int i = 0; i < leading_edge; ++i) {
      const std::size_t lower = g.index(i, j), upper = g.index(g.ni - 1 - i, j);
      g.x[lower] = 0.5 * (g.x[lower] + g.x[upper]);
      g.y[lower] = 0.5 * (g.y[lower] - g.y[upper]);
    }
    g.y[g.index(leading_edge, j)] = 0.0;
  }
  mirror_lower_half(g, leading_edge);
}

// Copies nodes [i_begin, i_end] x [0, nj-1] of the fine C-grid, every stride-th, into a block.
BlockGrid sub_block(const StructuredGrid2D& fine, const char* name, int i_begin, int i_end,
                    int stride) {
  BlockGrid block;
  block.name = name;
  block.nodes = {(i_end - i_begin) / stride + 1, (fine.nj - 1) / stride + 1, 1};
  block.x.resize(block.node_count());
  block.y.resize(block.node_count());
  for (int j = 0; j < block.nodes[1]; ++j) {
    for (int i = 0; i < block.nodes[0]; ++i) {
      const std::size_t from = fine.index(i_begin + i * stride, j * stride);
      block.x[block.index(i, j)] = fine.x[from];
      block.y[block.index(i, j)] = fine.y[from];
    }
  }
  return block;
}

const StructuredGrid2D& cached_fine_grid(double far_field_chords) {
  static std::mutex mutex;
  static std::map<double, StructuredGrid2D> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto found = cache.find(far_field_chords);
  if (found == cache.end()) {
    found = cache.emplace(far_field_chords, naca0012_fine_c_grid(far_field_chords)).first;
  }
  return found->second;
}

double corner_angle_degrees(double ax, double ay, double bx, double by) {
  const double cosine = (ax * bx + ay * by) / (std::hypot(ax, ay) * std::hypot(bx, by));
  return std::acos(std::clamp(cosine, -1.0, 1.0)) * 180.0 / M_PI;
}

}  // namespace

StructuredGrid2D airfoil_c_grid_start(const CGridShape& shape, std::vector<double>& wall_spacing) {
  check_c_grid_shape(shape);
  StructuredGrid2D grid(shape.nodes_i(), shape.nodes_j());
  wall_spacing.assign(shape.nodes_i(), 0.0);
  const int leading_edge = shape.leading_edge();
  const std::vector<std::array<double, 2>> surface = naca4_surface_nodes(
      shape.section, shape.airfoil_intervals / 2, shape.le_spacing, shape.te_spacing);
  // Lower side: trailing edge to leading edge as listed.
  set_half_boundaries(grid, shape,
                      {surface.begin(), surface.begin() + shape.airfoil_intervals / 2 + 1},
                      wall_spacing);
  if (shape.section.camber == 0.0) {
    for (int i = 0; i < leading_edge; ++i) wall_spacing[grid.ni - 1 - i] = wall_spacing[i];
    mirror_lower_half(grid, leading_edge);
  } else {
    // Upper side: built as the lower half of the mirrored section, then mirrored back.
    std::vector<std::array<double, 2>> mirrored;
    for (int k = static_cast<int>(surface.size()) - 1; k >= leading_edge - shape.wake_intervals;
         --k)
      mirrored.push_back({surface[k][0], 0.0 - surface[k][1]});
    StructuredGrid2D upper(grid.ni, grid.nj);
    std::vector<double> upper_spacing(grid.ni, 0.0);
    set_half_boundaries(upper, shape, mirrored, upper_spacing);
    mirror_lower_half(upper, leading_edge);
    for (int j = 0; j < grid.nj; ++j)
      for (int i = leading_edge + 1; i < grid.ni; ++i) {
        grid.x[grid.index(i, j)] = upper.x[upper.index(i, j)];
        grid.y[grid.index(i, j)] = upper.y[upper.index(i, j)];
      }
    for (int i = 0; i < leading_edge; ++i) wall_spacing[grid.ni - 1 - i] = upper_spacing[i];
  }
  transfinite_interpolation(grid, wall_spacing);
  return grid;
}

StructuredGrid2D airfoil_c_grid(const CGridShape& shape, EllipticGridOptions options,
                                bool on_device, EllipticGridReport* report) {
  std::vector<double> spacing;
  StructuredGrid2D grid = airfoil_c_grid_start(shape, spacing);
  options.wall_spacing = spacing;
  const EllipticSolver solve = on_device ? static_cast<EllipticSolver>(solve_elliptic_grid_device)
                                         : static_cast<EllipticSolver>(solve_elliptic_grid);
  const EllipticGridReport result = options.sequencing
                                        ? solve_elliptic_grid_sequenced(grid, options, solve)
                                        : solve(grid, options, control_start(grid, options));
  if (shape.section.camber == 0.0) symmetrize(grid, shape.leading_edge());
  if (report != nullptr) *report = result;
  return grid;
}

StructuredGrid2D naca0012_c_grid_start(double far_field_chords, std::vector<double>& wall_spacing) {
  CGridShape shape;
  shape.far_field_chords = far_field_chords;
  return airfoil_c_grid_start(shape, wall_spacing);
}

StructuredGrid2D naca0012_fine_c_grid(double far_field_chords, EllipticGridReport* report) {
  CGridShape shape;
  shape.far_field_chords = far_field_chords;
  // On the run's device (elliptic_grid_device.cpp; the host's threads on a CPU backend): its
  // ~1000 iterations of four line sweeps took 0.58 s on 16 host cores of the H200 node, more
  // than half the multigrid solve, and take 0.14 s on its GPU (docs/performance.md). The grid is
  // the host generator's to round-off (test_c_mesh).
  return airfoil_c_grid(shape, EllipticGridOptions{}, /*on_device=*/true, report);
}

MultiBlockMesh naca0012_c_mesh(int level, double far_field_chords) {
  if (level < 0 || level > 2) {
    throw InputError("The NACA 0012 C-mesh has levels 0 (coarse), 1 and 2 (fine), not " +
                     std::to_string(level) + ".");
  }
  require_far_field_chords(far_field_chords);
  const StructuredGrid2D& fine = cached_fine_grid(far_field_chords);
  const int stride = 1 << (2 - level);
  const int te_lower = kCMeshWakeIntervals, te_upper = fine.ni - 1 - kCMeshWakeIntervals;

  MultiBlockMesh mesh;
  mesh.dimension = 2;
  mesh.blocks.push_back(sub_block(fine, "wake_lower", 0, te_lower, stride));
  mesh.blocks.push_back(sub_block(fine, "airfoil", te_lower, te_upper, stride));
  mesh.blocks.push_back(sub_block(fine, "wake_upper", te_upper, fine.ni - 1, stride));

  enum { kWakeLower = 0, kAirfoil = 1, kWakeUpper = 2 };
  mesh.boundaries.push_back({whole_face(mesh, kAirfoil, Face::kJMin), BoundaryKind::kSlipWall});
  for (int block : {kWakeLower, kAirfoil, kWakeUpper}) {
    mesh.boundaries.push_back({whole_face(mesh, block, Face::kJMax), BoundaryKind::kFarField});
  }
  mesh.boundaries.push_back({whole_face(mesh, kWakeLower, Face::kIMin), BoundaryKind::kFarField});
  mesh.boundaries.push_back({whole_face(mesh, kWakeUpper, Face::kIMax), BoundaryKind::kFarField});

  InterfacePatch lower_te{whole_face(mesh, kWakeLower, Face::kIMax),
                          whole_face(mesh, kAirfoil, Face::kIMin)};
  InterfacePatch upper_te{whole_face(mesh, kAirfoil, Face::kIMax),
                          whole_face(mesh, kWakeUpper, Face::kIMin)};
  InterfacePatch cut{whole_face(mesh, kWakeLower, Face::kJMin),
                     whole_face(mesh, kWakeUpper, Face::kJMin)};
  cut.reversed = {true, false};  // lower node i meets upper node (n - 1 - i)
  mesh.interfaces = {lower_te, upper_te, cut};

  validate(mesh);
  return mesh;
}

MeshQuality measure_quality(const MultiBlockMesh& mesh) {
  MeshQuality quality;
  quality.min_cell_area = HUGE_VAL;
  for (const BlockGrid& b : mesh.blocks) {
    const int ci = b.nodes[0] - 1, cj = b.nodes[1] - 1;
    std::vector<double> area(static_cast<std::size_t>(ci) * cj);
    for (int j = 0; j < cj; ++j) {
      for (int i = 0; i < ci; ++i) {
        const std::size_t corner[4] = {b.index(i, j), b.index(i + 1, j), b.index(i + 1, j + 1),
                                       b.index(i, j + 1)};
        // Half the cross product of the diagonals: the area of a (possibly non-planar) quad.
        const double cell =
            0.5 * ((b.x[corner[2]] - b.x[corner[0]]) * (b.y[corner[3]] - b.y[corner[1]]) -
                   (b.x[corner[3]] - b.x[corner[1]]) * (b.y[corner[2]] - b.y[corner[0]]));
        area[static_cast<std::size_t>(i) + static_cast<std::size_t>(ci) * j] = cell;
        quality.min_cell_area = std::min(quality.min_cell_area, cell);
        quality.max_cell_area = std::max(quality.max_cell_area, cell);
        double side[4];
        for (int c = 0; c < 4; ++c) {
          const std::size_t here = corner[c], next = corner[(c + 1) % 4],
                            prev = corner[(c + 3) % 4];
          side[c] = distance(b.x[here], b.y[here], b.x[next], b.y[next]);
          const double angle = corner_angle_degrees(b.x[next] - b.x[here], b.y[next] - b.y[here],
                                                    b.x[prev] - b.x[here], b.y[prev] - b.y[here]);
          quality.max_skew_degrees = std::max(quality.max_skew_degrees, std::fabs(angle - 90.0));
        }
        const double along_i = 0.5 * (side[0] + side[2]), along_j = 0.5 * (side[1] + side[3]);
        quality.max_aspect_ratio = std::max(
            quality.max_aspect_ratio, std::max(along_i, along_j) / std::min(along_i, along_j));
      }
    }
    for (int j = 0; j < cj; ++j) {
      for (int i = 0; i < ci; ++i) {
        const double here = area[static_cast<std::size_t>(i) + static_cast<std::size_t>(ci) * j];
        if (i + 1 < ci) {
          const double east =
              area[static_cast<std::size_t>(i + 1) + static_cast<std::size_t>(ci) * j];
          quality.max_neighbour_area_ratio = std::max(quality.max_neighbour_area_ratio,
                                                      std::max(here, east) / std::min(here, east));
        }
        if (j + 1 < cj) {
          const double north =
              area[static_cast<std::size_t>(i) + static_cast<std::size_t>(ci) * (j + 1)];
          quality.max_neighbour_area_ratio = std::max(
              quality.max_neighbour_area_ratio, std::max(here, north) / std::min(here, north));
        }
      }
    }
  }
  return quality;
}

CGridQuality c_grid_quality(const StructuredGrid2D& grid, const CGridShape& shape) {
  CGridQuality quality;
  MultiBlockMesh one;
  one.dimension = 2;
  BlockGrid block;
  block.name = "c_grid";
  block.nodes = {grid.ni, grid.nj, 1};
  block.x = grid.x;
  block.y = grid.y;
  one.blocks.push_back(std::move(block));
  quality.cells = measure_quality(one);
  quality.min_first_spacing = HUGE_VAL;
  for (int i = shape.trailing_edge_lower(); i <= shape.trailing_edge_upper(); ++i) {
    const std::size_t wall = grid.index(i, 0), off = grid.index(i, 1);
    const double ex = grid.x[off] - grid.x[wall], ey = grid.y[off] - grid.y[wall];
    const double spacing = std::hypot(ex, ey);
    quality.min_first_spacing = std::min(quality.min_first_spacing, spacing);
    quality.max_first_spacing = std::max(quality.max_first_spacing, spacing);
    if (i == shape.trailing_edge_lower() || i == shape.trailing_edge_upper()) continue;  // a corner
    const std::size_t before = grid.index(i - 1, 0), after = grid.index(i + 1, 0);
    const double angle = corner_angle_degrees(grid.x[after] - grid.x[before],
                                              grid.y[after] - grid.y[before], ex, ey);
    quality.max_wall_angle_error_degrees =
        std::max(quality.max_wall_angle_error_degrees, std::fabs(angle - 90.0));
  }
  return quality;
}

}  // namespace portaflow::mesh
