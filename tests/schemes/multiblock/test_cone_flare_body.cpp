// The 15-block sphere-cone-cylinder-flare body (mesh/cone_flare_mesh.hpp): its wall on the body's
// meridian, its blocks joined on sub-faces, right-handed and within the node range the deck's sizes
// promise, its symmetry plane and outflow plane exact, a Plot3D round trip, bad node counts
// refused; and the solver's start from a Mach 5 stream on a coarse mesh positive, with the
// forces of the half body mirror-symmetric at zero incidence.
#include <gtest/gtest.h>

#include <cmath>

#include "io/temporary_folder.hpp"
#include "multiblock_manufactured.hpp"
#include "plot3d_round_trip.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/block_connectivity.hpp"
#include "portaflow/mesh/cone_flare_mesh.hpp"
#include "portaflow/mesh/mesh_quality.hpp"
#include "portaflow/mesh/plot3d.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The wall's radius at axial position x on the body, from its dimensions alone (not the
// generator's arc-length parameterisation).
double body_radius(const mesh::ConeFlareBody& b, double x) {
  const double cone = b.cone_half_angle_degrees * kPi / 180;
  const double x0 = -std::sin(cone);  // where the nose sphere meets the cone
  if (x <= x0) return std::sqrt(std::max(0.0, 1 - x * x));
  const double r0 = std::cos(cone), x1 = x0 + b.cone_length;
  const double r1 = r0 + b.cone_length * std::tan(cone);
  if (x <= x1) return r0 + (x - x0) * std::tan(cone);
  if (x <= x1 + b.cylinder_length) return r1;
  return r1 + (x - x1 - b.cylinder_length) * std::tan(b.flare_angle_degrees * kPi / 180);
}

TEST(ConeFlareMesh, WallOnTheBodyBlocksJoinedOnSubFacesAndPlanesExact) {
  const mesh::MultiBlockMesh m = mesh::cone_flare_mesh({17, 9}, 5);
  const mesh::ConeFlareMeridian meridian;
  const double x_end = meridian.wall(meridian.flare_end())[0];
  ASSERT_EQ(m.dimension, 3);
  ASSERT_EQ(m.blocks.size(), 15u);
  for (const auto& block : m.blocks)
    for (int j = 0; j < block.nodes[1]; ++j)
      for (int i = 0; i < block.nodes[0]; ++i) {
        const std::size_t n = block.index(i, j, 0);
        EXPECT_NEAR(std::hypot(block.y[n], block.z[n]), body_radius(meridian.body(), block.x[n]),
                    1e-12)
            << block.name << " node " << i << ", " << j;
        EXPECT_GE(block.z[n], 0.0);
      }
  // The 90-degree sector's first cone block meets the two 45-degree blocks behind it, each on a
  // half of its downstream face.
  int downstream_partners = 0;
  for (const auto& interface : m.interfaces)
    for (const auto& [mine, other] :
         {std::pair{interface.a, interface.b}, std::pair{interface.b, interface.a}})
      if (m.blocks[mine.block].name == "cone_front_1" &&
          m.blocks[other.block].name.rfind("cone_rear_", 0) == 0) {
        ++downstream_partners;
        EXPECT_EQ(mine.extent()[0] * mine.extent()[1], 9 * 9);  // half of 17 around, 9 normal
      }
  EXPECT_EQ(downstream_partners, 2);
  // Every symmetry patch in z = 0 exactly, every outflow patch in x = x_end exactly, and the
  // wall and symmetry patches cover the k = 0 faces and the plane.
  int symmetry = 0, outflow = 0;
  for (const auto& boundary : m.boundaries) {
    const auto& block = m.blocks[boundary.patch.block];
    const auto extent = boundary.patch.extent();
    for (int t = 0; t < extent[1]; ++t)
      for (int s = 0; s < extent[0]; ++s) {
        const auto node = mesh::patch_node(block.nodes, boundary.patch, s, t);
        const std::size_t n = block.index(node[0], node[1], node[2]);
        if (boundary.kind == mesh::BoundaryKind::kSymmetry) EXPECT_EQ(block.z[n], 0.0);
        if (boundary.kind == mesh::BoundaryKind::kSupersonicOutflow) EXPECT_EQ(block.x[n], x_end);
      }
    symmetry += boundary.kind == mesh::BoundaryKind::kSymmetry;
    outflow += boundary.kind == mesh::BoundaryKind::kSupersonicOutflow;
  }
  EXPECT_EQ(symmetry, 3 + 2 * 3);  // the nose cap and its two y sides; both ends of each ring
  EXPECT_EQ(outflow, 4);           // the four flare blocks' downstream faces
  for (const auto& quality : mesh::mesh_quality(m)) EXPECT_GT(quality.smallest_volume, 0);
}

// The deck's sizes hold 0.7 and 1.5 million nodes in blocks of 10 000 to 200 000 nodes.
TEST(ConeFlareMesh, DeckSizesAndBlockRangeAndBadCounts) {
  for (const auto& [nodes, low, high] : {std::tuple{std::array<int, 2>{41, 43}, 0.65e6, 0.75e6},
                                         std::tuple{std::array<int, 2>{57, 49}, 1.45e6, 1.6e6}}) {
    const mesh::MultiBlockMesh m = mesh::cone_flare_mesh(nodes, 5);
    const double total = static_cast<double>(m.node_count());
    EXPECT_GT(total, low);
    EXPECT_LT(total, high);
    for (const auto& block : m.blocks) {
      EXPECT_GE(block.node_count(), 10000u) << block.name;
      EXPECT_LE(block.node_count(), 200000u) << block.name;
    }
  }
  EXPECT_THROW(mesh::cone_flare_mesh({19, 9}, 5), InputError);  // 18 not a multiple of 4
  EXPECT_THROW(mesh::cone_flare_mesh({17, 9}, 1), InputError);  // no bow shock
}

TEST(ConeFlareMesh, RoundTripsThroughPlot3d) {
  mesh::test_support::expect_plot3d_round_trip(mesh::cone_flare_mesh({9, 5}, 5),
                                               mesh::Plot3dEncoding::kBinary);
}

// From the Mach 5 free stream on the coarsest mesh, through the start-up (100 cycles) and 50
// more: no negative density or pressure at any cycle, the sensor on at the bow shock, and at zero
// incidence no lift or pitching moment beyond the round-off of a mesh whose halves y > 0 and
// y < 0 mirror each other (their nodes are visited in different orders).
TEST(ConeFlareBody, Mach5StartIsPositiveAndSymmetric) {
  RunConfig c = mms::mach5_shock_config();
  c.family<MultiBlockOptions>().mesh.kind = MultiBlockMeshKind::kConeFlare;
  MultiBlockSolver3 solver(c, mesh::cone_flare_mesh({9, 9}, 5));
  while (solver.cycles() < 150) {
    solver.cycle();
    ASSERT_FALSE(solver.find_nonphysical()) << "cycle " << solver.cycles();
  }
  const ForceCoefficients f = solver.forces();
  std::printf("cone-flare body 9 x 9, 150 cycles: CL %.3e, CD %.5f, Cm %.3e\n", f.lift, f.drag,
              f.pitching_moment);
  // The sharp cone's Cp (Taylor-Maccoll 0.154) on the cone's share of the base area (0.79) alone
  // gives 0.12; half of it bounds a start whose pressure has built up (0.124 measured).
  EXPECT_GT(f.drag, 0.06);
  EXPECT_LT(std::abs(f.lift), 1e-10 * f.drag);
  EXPECT_LT(std::abs(f.pitching_moment), 1e-10 * f.drag);
}

}  // namespace
}  // namespace portaflow::multiblock
