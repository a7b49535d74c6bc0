// scheme: multiblock in 3D, verified against what it cannot fit to: interfaces found
// from coincident nodes on a cube cut into five rotated blocks with sub-faces; a uniform flow on
// every shipped curved 3D mesh (free-stream preservation to round-off, Thomas-Lombard metrics);
// a manufactured steady solution on that five-block mesh (observed order); and the extruded
// NACA 0012, whose 3D solution must be the 2D one (the same residual and forces).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <set>
#include <tuple>

#include "io/temporary_folder.hpp"
#include "multiblock_manufactured.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/mesh/cube_mesh.hpp"
#include "portaflow/mesh/extrude_mesh.hpp"
#include "portaflow/mesh/plot3d.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {
namespace {

template <std::size_t N>
double max_of(const std::array<double, N>& a) {
  double m = 0;
  for (double v : a) m = std::max(m, v);
  return m;
}

const std::array<double, 6> kUnitCube{0, 1, 0, 1, 0, 1};

// ---- Connectivity ---------------------------------------------------------------------------

TEST(MultiBlock3DMesh, FiveRotatedBlocksMeetOnEightInterfacesWithSubFaces) {
  const mesh::MultiBlockMesh m = mesh::cube_blocks_mesh({9, 11, 13}, kUnitCube, 0.08);
  ASSERT_EQ(m.blocks.size(), 5u);
  // The slab's top meets the four upper blocks (four sub-faces); the upper blocks meet each
  // other on four faces. Edges and the middle line (shared by 3 to 5 blocks) make none.
  EXPECT_EQ(m.interfaces.size(), 8u);
  int slab_sub_faces = 0;
  std::set<std::tuple<int, int, bool, bool>> orientations;
  for (const auto& i : m.interfaces) {
    if (i.a.block == 0 || i.b.block == 0) ++slab_sub_faces;
    orientations.insert({i.axis_map[0], i.axis_map[1], i.reversed[0], i.reversed[1]});
    const auto e = i.a.extent();
    EXPECT_GE(e[0], 5);
    EXPECT_GE(e[1], 5);
  }
  EXPECT_EQ(slab_sub_faces, 4);
  // The rotations must exercise swapped and reversed tangential axes, not only the identity.
  EXPECT_GE(orientations.size(), 3u);
  // mesh::validate (run by the generator) already checked every interface node pair coincides
  // and every face node is covered; the outer faces are far field.
  for (const auto& b : m.boundaries) EXPECT_EQ(b.kind, mesh::BoundaryKind::kFarField);
  std::printf("cube_blocks: %zu interfaces in %zu orientations, %zu boundary patches\n",
              m.interfaces.size(), orientations.size(), m.boundaries.size());
}

TEST(MultiBlock3DMesh, EveryRotationIsRightHandedAndDistinct) {
  const auto& rotations = mesh::cube_rotations();
  std::set<std::array<int, 6>> seen;
  for (const auto& r : rotations) {
    int m[3][3] = {};
    for (int a = 0; a < 3; ++a) m[a][r[a].axis] = r[a].sign;
    const int det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    EXPECT_EQ(det, 1);
    seen.insert({r[0].axis, r[0].sign, r[1].axis, r[1].sign, r[2].axis, r[2].sign});
  }
  EXPECT_EQ(seen.size(), 24u);
}

// The five blocks through a 3D Plot3D file (binary), as a deck reads them: the same interfaces.
TEST(MultiBlock3DMesh, Plot3dFileOfTheFiveBlocksGivesTheSameInterfaces) {
  io::test_support::TemporaryFolder folder;
  const mesh::MultiBlockMesh generated = mesh::cube_blocks_mesh({9, 9, 9}, kUnitCube, 0.08);
  const auto file = folder / "cube_blocks.xyz";
  mesh::write_plot3d(file, generated.blocks, mesh::Plot3dEncoding::kBinary);
  RunConfig c = mms::base_config(2);
  c.family<MultiBlockOptions>().mesh.kind = MultiBlockMeshKind::kPlot3d;
  c.family<MultiBlockOptions>().mesh.plot3d_file = file.string();
  const mesh::MultiBlockMesh read = mesh_from_config(c);
  EXPECT_EQ(read.dimension, 3);
  ASSERT_EQ(read.interfaces.size(), generated.interfaces.size());
  for (std::size_t k = 0; k < read.interfaces.size(); ++k) {
    EXPECT_EQ(read.interfaces[k].a.block, generated.interfaces[k].a.block);
    EXPECT_EQ(read.interfaces[k].b.face, generated.interfaces[k].b.face);
    EXPECT_EQ(read.interfaces[k].axis_map, generated.interfaces[k].axis_map);
    EXPECT_EQ(read.interfaces[k].reversed, generated.interfaces[k].reversed);
  }
  MultiBlockSolver3 solver(c, read);  // and the solver takes it
  EXPECT_GT(solver.smallest_jacobian_determinant(), 0);
}

// A k face named for a 2D file: a located error, not a silently ignored boundary.
TEST(MultiBlock3DMesh, KFaceNamedForA2DPlot3dFileIsAnInputError) {
  io::test_support::TemporaryFolder folder;
  const auto file = folder / "box.xyz";
  mesh::write_plot3d(file, mesh::box_mesh({9, 9}, {0, 1, 0, 1}, 0).blocks,
                     mesh::Plot3dEncoding::kAscii);
  RunConfig c = mms::base_config(2);
  c.family<MultiBlockOptions>().mesh.kind = MultiBlockMeshKind::kPlot3d;
  c.family<MultiBlockOptions>().mesh.plot3d_file = file.string();
  c.family<MultiBlockOptions>().mesh.boundaries.push_back(
      {0, static_cast<int>(mesh::Face::kKMax), 1});
  try {
    mesh_from_config(c);
    FAIL() << "a k face of a 2D block was accepted";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("face kmax of block 0"), std::string::npos) << msg;
    EXPECT_NE(msg.find("box.xyz' is 2D"), std::string::npos) << msg;
  }
}

// ---- Free-stream preservation ---------------------------------------------------------------

RunConfig config_3d(int order) {
  RunConfig c = mms::base_config(order);
  c.family<MultiBlockOptions>().freestream.alpha_degrees = 2;
  return c;
}

// A uniform flow with a z component too (alpha in x-y, then tilted): every metric row matters.
double freestream_residual(mesh::MultiBlockMesh m, int order) {
  for (auto& b : m.boundaries) b.kind = mesh::BoundaryKind::kFarField;
  MultiBlockSolver3 solver(config_3d(order), std::move(m));
  const auto uniform = [](double, double, double) {
    return std::array<double, 5>{1.0, 0.55, 0.2, 0.25, 1 / 1.4};
  };
  solver.set_state(uniform);
  solver.set_far_field(uniform);
  return max_of(solver.evaluate_residual());
}

TEST(MultiBlock3DFreestream, PreservedOnEveryShippedCurvedMesh) {
  for (int order : {2, 4}) {
    const double cube = freestream_residual(mesh::cube_mesh({17, 19, 21}, kUnitCube, 0.1), order);
    const double blocks =
        freestream_residual(mesh::cube_blocks_mesh({17, 19, 21}, kUnitCube, 0.1), order);
    const double naca =
        freestream_residual(mesh::extrude(mesh::naca0012_c_mesh(0, 20), 9, 1.0), order);
    EXPECT_LT(cube, 1e-12) << "order " << order;
    EXPECT_LT(blocks, 1e-12) << "order " << order;
    // The airfoil's wall cells have J ~ 1e5 (as in 2D): round-off amplified by J.
    EXPECT_LT(naca, 1e-9) << "order " << order;
    std::printf(
        "3D freestream max |dU/dt|, order %d: cube %.2e, cube_blocks %.2e, extruded "
        "naca0012 %.2e\n",
        order, cube, blocks, naca);
  }
}

// The test above is only worth something on cells curved in every direction (on a mesh warped in
// fewer, the plain cross-product metric also cancels): the warping moves interior nodes in all
// three coordinates.
TEST(MultiBlock3DFreestream, CurvedCellsAreReallyCurved) {
  const auto m = mesh::cube_mesh({17, 17, 17}, kUnitCube, 0.1);
  const auto& b = m.blocks[0];
  // The middle node moved off its uniform position in every coordinate.
  const auto p = mesh::node_position(b, {5, 4, 11});
  EXPECT_GT(std::fabs(p[0] - 5.0 / 16), 1e-3);
  EXPECT_GT(std::fabs(p[1] - 4.0 / 16), 1e-3);
  EXPECT_GT(std::fabs(p[2] - 11.0 / 16), 1e-3);
}

// ---- Manufactured solution --------------------------------------------------------------------

template <class T>
std::array<T, 5> manufactured_3d(T x, T y, T z) {
  using std::cos;
  using std::sin;
  return {1.0 + 0.1 * sin(2.0 * x + 0.5) * cos(1.5 * y) * cos(z + 0.2),
          0.5 + 0.1 * cos(1.7 * x) * sin(2.0 * y + 0.3) * cos(0.8 * z),
          0.3 + 0.1 * sin(1.3 * x + 0.2) * cos(1.1 * y) * sin(z + 0.4),
          0.2 + 0.08 * cos(1.2 * x + 0.1) * sin(0.9 * y) * cos(1.4 * z),
          1.0 / 1.4 + 0.05 * cos(1.9 * x) * sin(1.4 * y + 0.1) * cos(1.1 * z + 0.3)};
}

// Flux along direction d of the manufactured state.
template <class T>
std::array<T, 5> flux_3d(T x, T y, T z, int d) {
  const auto w = manufactured_3d(x, y, z);
  const T rho = w[0], p = w[4];
  const T vel[3] = {w[1], w[2], w[3]};
  const T energy = p / 0.4 + 0.5 * rho * (vel[0] * vel[0] + vel[1] * vel[1] + vel[2] * vel[2]);
  std::array<T, 5> f;
  f[0] = rho * vel[d];
  for (int c = 0; c < 3; ++c) f[1 + c] = rho * vel[c] * vel[d] + (c == d ? p : T(0));
  f[4] = vel[d] * (energy + p);
  return f;
}

// S = div F(U_m) by complex-step differentiation, exact to round-off.
std::array<double, 5> manufactured_source_3d(double x, double y, double z) {
  using C = std::complex<double>;
  const double h = 1e-30;
  std::array<double, 5> s{};
  for (int d = 0; d < 3; ++d) {
    const auto f = flux_3d(C(x, d == 0 ? h : 0), C(y, d == 1 ? h : 0), C(z, d == 2 ? h : 0), d);
    for (int v = 0; v < 5; ++v) s[v] += f[v].imag() / h;
  }
  return s;
}

struct SteadyError {
  double l2_error = 0;
  long long cycles = 0;
  double drop = 0;
  bool converged = false;
};

SteadyError solve_manufactured_3d(mesh::MultiBlockMesh m, int order, int levels) {
  RunConfig c = config_3d(order);
  c.family<MultiBlockOptions>().multiblock.multigrid.levels = levels;
  MultiBlockSolver3 solver(c, std::move(m));
  const auto exact = [](double x, double y, double z) { return manufactured_3d(x, y, z); };
  solver.set_state(exact);
  solver.set_far_field(exact);
  solver.set_source(manufactured_source_3d);
  const auto first = solver.residual_norms();
  SteadyError r;
  for (; r.cycles < 20000; ++r.cycles) {
    solver.cycle();
    if (r.cycles % 10 != 0) continue;
    const auto norms = solver.residual_norms();
    double drop = 0, residual = 0;
    for (int v = 0; v < 5; ++v) {
      drop = std::max(drop, norms[v] / first[v]);
      residual = std::max(residual, norms[v]);
    }
    r.drop = drop;
    if (!(drop < 1e3)) break;
    // Converged far below the truncation error (the start's residual is truncation error).
    if (drop < 1e-8 || residual < 1e-12) {
      r.converged = true;
      break;
    }
  }
  const auto state = solver.host_state();
  const auto position = solver.host_coordinates();
  double sum = 0;
  for (std::size_t k = 0; k < position.size(); ++k) {
    const double e = state[k] - manufactured_3d(position[k][0], position[k][1], position[k][2])[0];
    sum += e * e;
  }
  r.l2_error = std::sqrt(sum / static_cast<double>(position.size()));
  return r;
}

// The most multigrid levels (up to 3) whose coarsest blocks keep 5 nodes: cube_blocks of n nodes
// has blocks of (n + 1) / 2. Multigrid only speeds up the steady solve.
int multigrid_levels(int n) {
  int levels = 1;
  for (int nodes = (n + 1) / 2; (nodes + 1) / 2 >= 5 && levels < 3; nodes = (nodes + 1) / 2)
    ++levels;
  return levels;
}

// Global order is the boundary order + 1 for SBP-SAT: 2 for the 2-1 operator and 3 for the 4-2
// operator (the test asks for >= 1.9 and >= 2.8).
void expect_order_3d(int order, int coarse, double minimum) {
  std::vector<double> errors;
  for (int n : {coarse, 2 * coarse - 1}) {
    const SteadyError r = solve_manufactured_3d(mesh::cube_blocks_mesh({n, n, n}, kUnitCube, 0.08),
                                                order, multigrid_levels(n));
    EXPECT_TRUE(r.converged) << "n " << n << ": " << r.cycles << " cycles, drop " << r.drop;
    errors.push_back(r.l2_error);
    std::printf("3D MMS order-%d operator, cube_blocks %d^3: L2(rho) error %.3e (%lld cycles)\n",
                order, n, r.l2_error, r.cycles);
  }
  const double observed = std::log2(errors[0] / errors[1]);
  std::printf("observed order %.2f\n", observed);
  EXPECT_GE(observed, minimum);
}

TEST(MultiBlock3DManufactured, SecondOrderOperatorOnFiveRotatedBlocksWithSubFaces) {
  expect_order_3d(2, 17, 1.9);
}

TEST(MultiBlock3DManufactured, FourthOrderOperatorOnFiveRotatedBlocksWithSubFaces) {
  expect_order_3d(4, 17, 2.8);
}

// ---- Extruded NACA 0012 ----------------------------------------------------------------------
// The NACA 0012 case (Elsen et al. 2008; M 0.63, alpha 2, far-field vortex) converged in 2D on the
// level-0 mesh; the 2D state copied to every layer of the extruded mesh (w = 0) must be the 3D
// steady state: its 3D residual is the 2D one (round-off apart: symmetry planes see no normal flow,
// and nothing varies along z), it stays converged when the 3D solver cycles on, and CL and CD per
// unit span are the 2D values to 1e-8. (The full 3D run from free stream: inputs/multiblock/
// naca0012_extruded.yaml, perf/results.)
TEST(MultiBlock3DExtruded, Naca0012KeepsThe2DSolutionAndForces) {
  RunConfig c = mms::base_config(4);
  c.family<MultiBlockOptions>().multiblock.dissipation = 0.2;
  c.family<MultiBlockOptions>().multiblock.far_field_vortex = true;
  c.time.cfl = 2.5;
  c.family<MultiBlockOptions>().multiblock.multigrid.levels = 3;
  const mesh::MultiBlockMesh planar = mesh::naca0012_c_mesh(0, 20);
  MultiBlockSolver flat(c, planar);
  const auto first = flat.residual_norms();
  double drop = 1;
  for (int cycle = 0; cycle < 2000 && drop >= 1e-10; ++cycle) {
    flat.cycle();
    const auto norms = flat.residual_norms();
    drop = 0;
    for (int v = 0; v < 4; ++v) drop = std::max(drop, norms[v] / first[v]);
  }
  ASSERT_LT(drop, 1e-10);
  const ForceCoefficients forces_2d = flat.forces();
  const std::vector<double> state_2d = flat.host_state();

  constexpr int kSpanNodes = 9;
  c.family<MultiBlockOptions>().multiblock.multigrid.levels = 1;
  MultiBlockSolver3 solver(c, mesh::extrude(planar, kSpanNodes, 0.5));
  // The 2D state on every layer: node (b, i, j) of the 2D packing is node (b, i, j, k) in 3D.
  const std::size_t n2 = state_2d.size() / 4, n3 = n2 * kSpanNodes;
  std::vector<double> state_3d(5 * n3, 0.0);
  std::size_t at2 = 0, at3 = 0;
  for (const auto& block : planar.blocks) {
    const std::size_t layer = block.node_count();
    for (int k = 0; k < kSpanNodes; ++k)
      for (std::size_t q = 0; q < layer; ++q) {
        const int to[4] = {0, 1, 2, 4};  // rho, rho u, rho v, E (rho w = 0)
        for (int v = 0; v < 4; ++v)
          state_3d[to[v] * n3 + at3 + k * layer + q] = state_2d[v * n2 + at2 + q];
      }
    at2 += layer;
    at3 += layer * kSpanNodes;
  }
  solver.set_conservative_state(state_3d);
  const ForceCoefficients start = solver.forces();
  // surface_cp.csv's points: the wall of every layer (not the symmetry planes), each with its
  // span index and z, and the 2D wall's Cp at the same chordwise node (the same state on every
  // layer).
  const auto wall_2d = flat.surface_pressure();
  const auto wall_3d = solver.surface_pressure();
  ASSERT_EQ(wall_3d.size(), wall_2d.size() * kSpanNodes);
  for (const SurfacePoint& p : wall_3d) {
    const auto same = std::find_if(wall_2d.begin(), wall_2d.end(), [&](const SurfacePoint& q) {
      return q.block == p.block && q.node == p.node;
    });
    ASSERT_NE(same, wall_2d.end()) << p.block << " node " << p.node;
    ASSERT_GE(p.span_node, 0);
    EXPECT_NEAR(p.z, 0.5 * p.span_node / (kSpanNodes - 1), 1e-12) << p.node << ", " << p.span_node;
    EXPECT_NEAR(p.x, same->x, 1e-12);
    EXPECT_NEAR(p.cp, same->cp, 1e-13) << p.node << ", " << p.span_node;
  }
  for (int cycle = 0; cycle < 50; ++cycle) solver.cycle();
  const auto norms = solver.residual_norms();
  const ForceCoefficients end = solver.forces();
  double relative = 0;
  for (int v = 0; v < 4; ++v) relative = std::max(relative, norms[v < 3 ? v : 4] / first[v]);
  std::printf(
      "extruded NACA 0012 (%d span nodes): 2D CL %.10f CD %.4e; 3D from the 2D state CL "
      "%.10f CD %.4e, after 50 cycles CL %.10f CD %.4e (|dCL| %.1e, |dCD| %.1e), residual %.2e "
      "of the 2D start, momentum_z %.2e\n",
      kSpanNodes, forces_2d.lift, forces_2d.drag, start.lift, start.drag, end.lift, end.drag,
      std::fabs(end.lift - forces_2d.lift), std::fabs(end.drag - forces_2d.drag), relative,
      norms[3]);
  EXPECT_NEAR(start.lift, forces_2d.lift, 1e-8);
  EXPECT_NEAR(start.drag, forces_2d.drag, 1e-8);
  EXPECT_NEAR(end.lift, forces_2d.lift, 1e-8);
  EXPECT_NEAR(end.drag, forces_2d.drag, 1e-8);
  // The 2D state was converged to a drop of 1e-10: the 3D residual may only add round-off to that
  // (a 3D error of truncation size would be 1e-3 or more of the start).
  EXPECT_LT(relative, 1e-9);
  // No z momentum is made beyond round-off (amplified by the wall cells' J ~ 1e5, as in the
  // free-stream test): against the x momentum's starting residual.
  EXPECT_LT(norms[3] / first[1], 1e-9);
}

}  // namespace
}  // namespace portaflow::multiblock
