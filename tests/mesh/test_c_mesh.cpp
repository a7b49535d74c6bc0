// Tests of the NACA 0012 three-block C-mesh of Elsen et al. (2008, sec. 7.3, Fig. 10)
// and of the pieces it is made of (airfoil.hpp, elliptic_grid.hpp, c_mesh.hpp). Host code only,
// so every backend runs the same checks. Exact properties (nesting, symmetry, interfaces, the
// far boundary) are checked bit for bit or to round-off; the elliptic generator's targets (wall
// spacing, orthogonality) to the accuracy the task asked for, with the measured values printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/airfoil.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/mesh/elliptic_grid.hpp"
#include "portaflow/mesh/elliptic_grid_device.hpp"
#include "portaflow/mesh/elliptic_grid_sequencing.hpp"

namespace {

using portaflow::mesh::BlockGrid;
using portaflow::mesh::BoundaryKind;
using portaflow::mesh::Face;
using portaflow::mesh::MultiBlockMesh;

constexpr double kFarField = 20.0;  // the decks' far_field (inputs/multiblock/naca0012_level*.yaml)
constexpr int kWakeLower = 0, kAirfoil = 1, kWakeUpper = 2;

// The three levels, generated once for the whole suite (the fine grid is cached by c_mesh too).
const MultiBlockMesh& mesh_at(int level) {
  static const std::array<MultiBlockMesh, 3> meshes = {
      portaflow::mesh::naca0012_c_mesh(0, kFarField),
      portaflow::mesh::naca0012_c_mesh(1, kFarField),
      portaflow::mesh::naca0012_c_mesh(2, kFarField)};
  return meshes[level];
}

double px(const BlockGrid& b, int i, int j) { return b.x[b.index(i, j)]; }
double py(const BlockGrid& b, int i, int j) { return b.y[b.index(i, j)]; }

// Largest |angle - 90 degrees| between the first j-segment and the wall tangent (central
// difference) over airfoil wall nodes 1..n-2 with x <= x_max.
double wall_angle_deviation_degrees(const BlockGrid& airfoil, double x_max) {
  double worst = 0.0;
  for (int i = 1; i < airfoil.nodes[0] - 1; ++i) {
    if (px(airfoil, i, 0) > x_max) continue;
    const double tx = px(airfoil, i + 1, 0) - px(airfoil, i - 1, 0);
    const double ty = py(airfoil, i + 1, 0) - py(airfoil, i - 1, 0);
    const double dx = px(airfoil, i, 1) - px(airfoil, i, 0);
    const double dy = py(airfoil, i, 1) - py(airfoil, i, 0);
    const double angle = std::atan2(tx * dy - ty * dx, tx * dx + ty * dy) * 180.0 / M_PI;
    worst = std::max(worst, std::fabs(angle - 90.0));
  }
  return worst;
}

// The test's name keeps an old internal word: "the seed layout" is the three-block layout of
// Elsen et al. (2008, Fig. 10): wake lower, airfoil, wake upper, with these node counts per level.
TEST(CMesh, ValidatesAtAllLevelsWithTheSeedLayout) {
  const int airfoil_nodes[3] = {65, 129, 257}, wake_nodes[3] = {17, 33, 65},
            j_nodes[3] = {25, 49, 97};
  for (int level = 0; level < 3; ++level) {
    const MultiBlockMesh& mesh = mesh_at(level);
    EXPECT_NO_THROW(portaflow::mesh::validate(mesh)) << "level " << level;
    ASSERT_EQ(mesh.blocks.size(), 3u);
    EXPECT_EQ(mesh.dimension, 2);
    EXPECT_EQ(mesh.blocks[kWakeLower].name, "wake_lower");
    EXPECT_EQ(mesh.blocks[kAirfoil].name, "airfoil");
    EXPECT_EQ(mesh.blocks[kWakeUpper].name, "wake_upper");
    for (int b : {kWakeLower, kWakeUpper}) {
      EXPECT_EQ(mesh.blocks[b].nodes[0], wake_nodes[level]);
      EXPECT_EQ(mesh.blocks[b].nodes[1], j_nodes[level]);
    }
    EXPECT_EQ(mesh.blocks[kAirfoil].nodes[0], airfoil_nodes[level]);
    EXPECT_EQ(mesh.blocks[kAirfoil].nodes[1], j_nodes[level]);
    // One slip wall (the airfoil) and five far-field faces: three jmax and the two outflows.
    int walls = 0, far_fields = 0;
    for (const auto& boundary : mesh.boundaries) {
      if (boundary.kind == BoundaryKind::kSlipWall) {
        ++walls;
        EXPECT_EQ(boundary.patch.block, kAirfoil);
        EXPECT_EQ(boundary.patch.face, Face::kJMin);
      }
      if (boundary.kind == BoundaryKind::kFarField) ++far_fields;
    }
    EXPECT_EQ(walls, 1);
    EXPECT_EQ(far_fields, 5);
    ASSERT_EQ(mesh.interfaces.size(), 3u);
    EXPECT_TRUE(mesh.interfaces[2].reversed[0]);  // the cut: lower node i meets upper n-1-i
  }
}

// Stronger than validate()'s positive cell areas: every corner of every cell turns left, so no
// cell is folded or re-entrant.
TEST(CMesh, EveryCellIsConvexAndRightHanded) {
  for (int level = 0; level < 3; ++level) {
    for (const BlockGrid& b : mesh_at(level).blocks) {
      for (int j = 0; j + 1 < b.nodes[1]; ++j) {
        for (int i = 0; i + 1 < b.nodes[0]; ++i) {
          const int ci[4] = {i, i + 1, i + 1, i}, cj[4] = {j, j, j + 1, j + 1};
          for (int c = 0; c < 4; ++c) {
            const int n = (c + 1) % 4, p = (c + 3) % 4;
            const double ax = px(b, ci[n], cj[n]) - px(b, ci[c], cj[c]);
            const double ay = py(b, ci[n], cj[n]) - py(b, ci[c], cj[c]);
            const double bx = px(b, ci[p], cj[p]) - px(b, ci[c], cj[c]);
            const double by = py(b, ci[p], cj[p]) - py(b, ci[c], cj[c]);
            ASSERT_GT(ax * by - ay * bx, 0.0)
                << b.name << " level " << level << " cell (" << i << ", " << j << ") corner " << c;
          }
        }
      }
    }
  }
}

// Nested levels (Richardson extrapolation needs them): level L is every 2^(2-L)-th fine node.
TEST(CMesh, CoarseLevelsAreEveryOtherNodeOfTheFineLevelBitwise) {
  const MultiBlockMesh& fine = mesh_at(2);
  for (int level = 0; level < 2; ++level) {
    const int stride = 1 << (2 - level);
    const MultiBlockMesh& coarse = mesh_at(level);
    for (int b = 0; b < 3; ++b) {
      const BlockGrid& c = coarse.blocks[b];
      const BlockGrid& f = fine.blocks[b];
      for (int j = 0; j < c.nodes[1]; ++j) {
        for (int i = 0; i < c.nodes[0]; ++i) {
          ASSERT_EQ(px(c, i, j), px(f, stride * i, stride * j)) << c.name << " level " << level;
          ASSERT_EQ(py(c, i, j), py(f, stride * i, stride * j)) << c.name << " level " << level;
        }
      }
    }
  }
}

// The wall nodes are evaluated on the polynomial in sqrt(x); 1e-12 allows the round-off of
// comparing it with the formula in x (terms of size 0.1).
TEST(CMesh, WallNodesLieOnTheClosedTrailingEdgeNaca0012) {
  const BlockGrid& airfoil = mesh_at(2).blocks[kAirfoil];
  const int n = airfoil.nodes[0], leading_edge = n / 2;
  for (int i = 0; i < n; ++i) {
    const double x = px(airfoil, i, 0), y = py(airfoil, i, 0);
    ASSERT_GE(x, 0.0);
    ASSERT_LE(x, 1.0);
    const double half = portaflow::mesh::naca00_half_thickness(0.12, x);
    EXPECT_NEAR(y, i <= leading_edge ? -half : half, 1e-12) << "wall node " << i;
  }
  EXPECT_EQ(px(airfoil, 0, 0), 1.0);
  EXPECT_EQ(py(airfoil, 0, 0), 0.0);
  EXPECT_EQ(px(airfoil, leading_edge, 0), 0.0);
  EXPECT_EQ(py(airfoil, leading_edge, 0), 0.0);
  EXPECT_EQ(px(airfoil, n - 1, 0), 1.0);
  // The closed trailing edge: the -0.1036 coefficient makes the thickness vanish at x = 1.
  EXPECT_NEAR(portaflow::mesh::naca00_half_thickness(0.12, 1.0), 0.0, 1e-15);
}

// Node (n-1-i, j) of the airfoil block and node (n-1-i, j) of wake_upper mirror node (i, j) of
// the airfoil block and of wake_lower: made exact by construction (c_mesh.cpp, symmetrize()).
TEST(CMesh, MirrorSymmetricAboutTheChordLine) {
  for (int level = 0; level < 3; ++level) {
    const MultiBlockMesh& mesh = mesh_at(level);
    const BlockGrid& airfoil = mesh.blocks[kAirfoil];
    const BlockGrid& lower = mesh.blocks[kWakeLower];
    const BlockGrid& upper = mesh.blocks[kWakeUpper];
    for (int j = 0; j < airfoil.nodes[1]; ++j) {
      const int n = airfoil.nodes[0], m = lower.nodes[0];
      for (int i = 0; i < n; ++i) {
        ASSERT_EQ(px(airfoil, n - 1 - i, j), px(airfoil, i, j));
        ASSERT_EQ(py(airfoil, n - 1 - i, j), -py(airfoil, i, j));
      }
      for (int i = 0; i < m; ++i) {
        ASSERT_EQ(px(upper, m - 1 - i, j), px(lower, i, j));
        ASSERT_EQ(py(upper, m - 1 - i, j), -py(lower, i, j));
      }
    }
  }
}

TEST(CMesh, InterfaceNodesCoincideBitwise) {
  for (int level = 0; level < 3; ++level) {
    const MultiBlockMesh& mesh = mesh_at(level);
    const BlockGrid& airfoil = mesh.blocks[kAirfoil];
    const BlockGrid& lower = mesh.blocks[kWakeLower];
    const BlockGrid& upper = mesh.blocks[kWakeUpper];
    const int n = airfoil.nodes[0], m = lower.nodes[0];
    for (int j = 0; j < airfoil.nodes[1]; ++j) {
      ASSERT_EQ(px(lower, m - 1, j), px(airfoil, 0, j));
      ASSERT_EQ(py(lower, m - 1, j), py(airfoil, 0, j));
      ASSERT_EQ(px(airfoil, n - 1, j), px(upper, 0, j));
      ASSERT_EQ(py(airfoil, n - 1, j), py(upper, 0, j));
    }
    for (int i = 0; i < m; ++i) {  // the wake cut, y = 0 on both sides
      ASSERT_EQ(px(lower, i, 0), px(upper, m - 1 - i, 0));
      ASSERT_EQ(py(lower, i, 0), 0.0);
      ASSERT_EQ(py(upper, m - 1 - i, 0), 0.0);
    }
  }
}

// The far boundary: a semicircle of radius R about the trailing edge, the lines |y| = R and the
// outflow plane x = 1 + R. 1e-12 R is the round-off of cos/sin.
TEST(CMesh, FarBoundaryIsAtFarFieldChords) {
  const MultiBlockMesh& mesh = mesh_at(2);
  const BlockGrid& airfoil = mesh.blocks[kAirfoil];
  const int top = airfoil.nodes[1] - 1;
  for (int i = 0; i < airfoil.nodes[0]; ++i) {
    const double r = std::hypot(px(airfoil, i, top) - 1.0, py(airfoil, i, top));
    EXPECT_NEAR(r, kFarField, 1e-12 * kFarField);
    EXPECT_LE(px(airfoil, i, top), 1.0 + 1e-12 * kFarField);
  }
  for (int b : {kWakeLower, kWakeUpper}) {
    const BlockGrid& wake = mesh.blocks[b];
    const double side = b == kWakeLower ? -1.0 : 1.0;
    for (int i = 0; i < wake.nodes[0]; ++i) {
      EXPECT_EQ(py(wake, i, top), side * kFarField);
      EXPECT_GE(px(wake, i, top), 1.0);
      EXPECT_LE(px(wake, i, top), 1.0 + kFarField);
    }
    const int outflow = b == kWakeLower ? 0 : wake.nodes[0] - 1;
    for (int j = 0; j <= top; ++j) EXPECT_EQ(px(wake, outflow, j), 1.0 + kFarField);
  }
}

// The target is "within a few degrees of 90"; the Steger-Sorenson wall control drives the angle
// error to the solver tolerance, so 1 degree away from the trailing edge (x <= 0.95) is loose.
// At the trailing edge itself the wall has a corner and no normal.
TEST(CMesh, WallLinesAreOrthogonalAwayFromTheTrailingEdge) {
  const BlockGrid& airfoil = mesh_at(2).blocks[kAirfoil];
  const double away = wall_angle_deviation_degrees(airfoil, 0.95);
  const double everywhere = wall_angle_deviation_degrees(airfoil, 1.0);
  std::printf(
      "[ CMesh    ] wall angle: max |angle - 90| = %.2e deg for x <= 0.95, %.3f deg over "
      "all wall nodes\n",
      away, everywhere);
  EXPECT_LT(away, 1.0);
  EXPECT_LT(everywhere, 10.0);
}

// Requested first spacing kCMeshWallSpacing (0.002 chords) at the fine level; the task allows
// 20 %.
TEST(CMesh, FirstSpacingOffTheWallIsTheRequestedOne) {
  const BlockGrid& airfoil = mesh_at(2).blocks[kAirfoil];
  double worst = 0.0;
  for (int i = 1; i < airfoil.nodes[0] - 1; ++i) {
    if (px(airfoil, i, 0) > 0.95) continue;
    const double spacing =
        std::hypot(px(airfoil, i, 1) - px(airfoil, i, 0), py(airfoil, i, 1) - py(airfoil, i, 0));
    worst = std::max(worst, std::fabs(spacing / portaflow::mesh::kCMeshWallSpacing - 1.0));
  }
  std::printf("[ CMesh    ] first wall spacing: max relative error %.2e (x <= 0.95)\n", worst);
  EXPECT_LT(worst, 0.2);
}

// The generator converges, is deterministic (a fresh generation equals the cached one bit for
// bit) and takes seconds, not minutes, on one core.
TEST(CMesh, EllipticGenerationConvergesDeterministicallyInSeconds) {
  portaflow::mesh::EllipticGridReport report;
  const auto start = std::chrono::steady_clock::now();
  const portaflow::mesh::StructuredGrid2D grid =
      portaflow::mesh::naca0012_fine_c_grid(kFarField, &report);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "[ CMesh    ] fine C-grid %d x %d: %d iterations, last relative change %.2e, "
      "%.2f s\n",
      grid.ni, grid.nj, report.iterations, report.max_change, seconds);
  EXPECT_TRUE(report.converged);
  const BlockGrid& airfoil = mesh_at(2).blocks[kAirfoil];
  for (int j = 0; j < grid.nj; ++j) {
    for (int i = 0; i < airfoil.nodes[0]; ++i) {
      const std::size_t node = grid.index(i + portaflow::mesh::kCMeshWakeIntervals, j);
      ASSERT_EQ(grid.x[node], px(airfoil, i, j));
      ASSERT_EQ(grid.y[node], py(airfoil, i, j));
    }
  }
}

// The quality summary the lead reads; the bounds are the measured values (41.3 degrees, 1.47 at
// level 2, R = 20) with a little room, so a change that makes the mesh worse shows up here.
TEST(CMesh, QualitySummary) {
  for (int level = 0; level < 3; ++level) {
    const portaflow::mesh::MeshQuality q = portaflow::mesh::measure_quality(mesh_at(level));
    std::printf(
        "[ CMesh    ] level %d: cell area %.2e .. %.2e, max neighbour area ratio %.2f, "
        "max skew %.1f deg, max aspect ratio %.0f\n",
        level, q.min_cell_area, q.max_cell_area, q.max_neighbour_area_ratio, q.max_skew_degrees,
        q.max_aspect_ratio);
    EXPECT_GT(q.min_cell_area, 0.0);
    if (level == 2) {
      EXPECT_LT(q.max_skew_degrees, 45.0);
      EXPECT_LT(q.max_neighbour_area_ratio, 1.6);
    }
  }
}

TEST(CMesh, RejectsAnUnknownLevelOrAFarFieldInsideTheAirfoil) {
  EXPECT_THROW(portaflow::mesh::naca0012_c_mesh(3, kFarField), portaflow::InputError);
  EXPECT_THROW(portaflow::mesh::naca0012_c_mesh(-1, kFarField), portaflow::InputError);
  EXPECT_THROW(portaflow::mesh::naca0012_c_mesh(1, 0.5), portaflow::InputError);
}

// The stretching functions hit their ends exactly and their first spacing as documented:
// geometric exactly (up to round-off), Vinokur's to the accuracy of its slope-based design.
TEST(CMeshStretching, EndsAndEndSpacings) {
  const std::vector<double> geometric = portaflow::mesh::geometric_stretching(64, 0.004, 20.0);
  EXPECT_EQ(geometric.front(), 0.0);
  EXPECT_EQ(geometric.back(), 20.0);
  EXPECT_NEAR(geometric[1], 0.004, 1e-12);
  const double ratio = (geometric[2] - geometric[1]) / geometric[1];
  EXPECT_NEAR((geometric[64] - geometric[63]) / (geometric[63] - geometric[62]), ratio, 1e-9);

  const std::vector<double> vinokur = portaflow::mesh::vinokur_two_sided(128, 0.0025, 0.004);
  EXPECT_EQ(vinokur.front(), 0.0);
  EXPECT_EQ(vinokur.back(), 1.0);
  EXPECT_NEAR(vinokur[1] / 0.0025, 1.0, 0.1);
  EXPECT_NEAR((1.0 - vinokur[127]) / 0.004, 1.0, 0.1);
  for (int k = 0; k < 128; ++k) ASSERT_LT(vinokur[k], vinokur[k + 1]);
}

}  // namespace

// The grid generator on the device (elliptic_grid_device.hpp) gives the host's grid
// after the same iterations, to round-off (held to 1e-10), from the NACA 0012 C-grid's
// transfinite start with the wall spacing and orthogonality control on.
TEST(CMesh, DeviceGeneratorMatchesTheHostAfterTheSameIterations) {
  using namespace portaflow::mesh;
  std::vector<double> spacing;
  const StructuredGrid2D start = naca0012_c_grid_start(20.0, spacing);
  EllipticGridOptions options;
  options.wall_spacing = spacing;
  options.max_iterations = 150;
  options.tolerance = 0;  // run exactly max_iterations on both
  StructuredGrid2D host = start, device = start;
  const EllipticGridReport host_report = solve_elliptic_grid(host, options);
  const EllipticGridReport device_report = solve_elliptic_grid_device(device, options);
  EXPECT_EQ(host_report.iterations, 150);
  EXPECT_EQ(device_report.iterations, 150);
  double largest = 0, moved = 0;
  for (std::size_t n = 0; n < host.x.size(); ++n) {
    largest =
        std::max({largest, std::fabs(host.x[n] - device.x[n]), std::fabs(host.y[n] - device.y[n])});
    moved = std::max({moved, std::fabs(host.x[n] - start.x[n]), std::fabs(host.y[n] - start.y[n])});
  }
  std::printf(
      "[ CMesh    ] device vs host after 150 iterations: max |difference| %.2e chords "
      "(nodes moved up to %.2e); last relative change %.3e / %.3e\n",
      largest, moved, host_report.max_change, device_report.max_change);
  EXPECT_GT(moved, 1e-3);  // the smoothing did something
  EXPECT_LT(largest, 1e-10);
}

// Grid sequencing (elliptic_grid_sequencing.hpp) changes the start, not the grid: from the
// multi-block NACA 0012 C-grid's transfinite start (385 x 97 nodes), generated with and without
// one coarser level, both to a change of 1e-8, the two grids agree to a small fraction of the
// local spacing (the distance to the previous node along the j-line).
TEST(CMesh, SequencedGenerationReachesTheUnsequencedGrid) {
  using namespace portaflow::mesh;
  std::vector<double> spacing;
  const StructuredGrid2D start = naca0012_c_grid_start(20.0, spacing);
  EllipticGridOptions options;
  options.wall_spacing = spacing;
  options.tolerance = 1e-8;
  options.max_iterations = 20000;
  StructuredGrid2D plain = start, sequenced = start;
  const EllipticGridReport plain_report =
      solve_elliptic_grid_device(plain, options, control_start(plain, options));
  const EllipticSolver solve = solve_elliptic_grid_device;
  const EllipticGridReport sequenced_report =
      solve_elliptic_grid_sequenced(sequenced, options, solve, /*coarsest_intervals=*/32);
  ASSERT_TRUE(plain_report.converged);
  ASSERT_TRUE(sequenced_report.converged);
  EXPECT_EQ(sequenced_report.coarse_levels, 1);
  EXPECT_GT(sequenced_report.coarse_iterations, 0);
  double worst = 0;
  for (int j = 1; j < start.nj; ++j)
    for (int i = 0; i < start.ni; ++i) {
      const std::size_t n = plain.index(i, j), below = plain.index(i, j - 1);
      const double local = std::hypot(plain.x[n] - plain.x[below], plain.y[n] - plain.y[below]);
      const double difference =
          std::hypot(plain.x[n] - sequenced.x[n], plain.y[n] - sequenced.y[n]);
      worst = std::max(worst, difference / local);
    }
  std::printf(
      "[ CMesh    ] sequenced vs plain, both to 1e-8: %d (+ %d coarse) against %d iterations, "
      "largest difference %.2e of the local spacing\n",
      sequenced_report.iterations, sequenced_report.coarse_iterations, plain_report.iterations,
      worst);
  EXPECT_LT(worst, 1e-4);
}

// Every other node of a grid that is affine in its indices, interpolated back, is that grid.
TEST(CMesh, EveryOtherNodeInterpolatesAnAffineGridBackExactly) {
  using namespace portaflow::mesh;
  StructuredGrid2D grid(9, 7);
  for (int j = 0; j < grid.nj; ++j)
    for (int i = 0; i < grid.ni; ++i) {
      grid.x[grid.index(i, j)] = 0.5 + 0.25 * i - 0.125 * j;
      grid.y[grid.index(i, j)] = -1.0 + 0.0625 * i + 0.5 * j;
    }
  const StructuredGrid2D coarse = every_other_node(grid);
  ASSERT_EQ(coarse.ni, 5);
  ASSERT_EQ(coarse.nj, 4);
  StructuredGrid2D refined = grid;
  for (int j = 1; j < grid.nj - 1; ++j)
    for (int i = 1; i < grid.ni - 1; ++i)
      refined.x[grid.index(i, j)] = refined.y[grid.index(i, j)] = 0;
  interpolate_interior(coarse, refined);
  for (std::size_t n = 0; n < grid.x.size(); ++n) {
    EXPECT_DOUBLE_EQ(refined.x[n], grid.x[n]);
    EXPECT_DOUBLE_EQ(refined.y[n], grid.y[n]);
  }
}

// A grid whose Jacobian turns negative stops generation, naming the cell and the
// iteration. Boundary node (1, 0) of a 5 x 5 square is pushed past node (2, 0): the fixed
// boundary keeps cell (1, 0) folded whatever the interior does.
TEST(CMesh, FoldedCellStopsBothGeneratorsWithCellAndIteration) {
  using namespace portaflow::mesh;
  StructuredGrid2D start(5, 5);
  for (int j = 0; j < 5; ++j)
    for (int i = 0; i < 5; ++i) {
      start.x[start.index(i, j)] = 0.25 * i;
      start.y[start.index(i, j)] = 0.25 * j;
    }
  start.x[start.index(1, 0)] = 0.9;
  EXPECT_EQ(first_folded_cell(start), 1);
  EllipticGridOptions options;
  options.control_orthogonality = false;
  options.keep_initial_stretching = false;
  for (const bool device : {false, true}) {
    StructuredGrid2D grid = start;
    try {
      device ? solve_elliptic_grid_device(grid, options) : solve_elliptic_grid(grid, options);
      ADD_FAILURE() << "no error for a folded grid (" << (device ? "device" : "host") << ")";
    } catch (const portaflow::Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("folded cell (i, j) = (1, 0) at iteration 1"), std::string::npos)
          << message;
    }
  }
}
