// Multi-block FAS multigrid: the coarsening and transfer operators row by row, the
// FAS fixed point (a uniform flow and a converged state stay put through full multigrid cycles),
// convergence to the single-grid solution in fewer cycles, and the located coarsening errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "multiblock_manufactured.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/box_mesh.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/mesh/coarsen_mesh.hpp"
#include "portaflow/schemes/multiblock/grid_transfer.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"
#include "portaflow/schemes/multiblock/wall_loads.hpp"

namespace portaflow::multiblock {
namespace {

using mms::manufactured;
using mms::manufactured_source;

RunConfig multigrid_config(int order, int levels, bool w_cycle) {
  RunConfig c = mms::base_config(order);
  c.family<MultiBlockOptions>().multiblock.multigrid.levels = levels;
  c.family<MultiBlockOptions>().multiblock.multigrid.w_cycle = w_cycle;
  return c;
}

BlockTable table_of(const mesh::MultiBlockMesh& m) {
  BlockTable t;
  t.count = static_cast<int>(m.blocks.size());
  for (int b = 0; b < t.count; ++b) {
    for (int d = 0; d < 3; ++d) t.blocks[b].nodes[d] = m.blocks[b].nodes[d];
    t.blocks[b].offset = t.total_nodes;
    t.total_nodes += static_cast<int>(m.blocks[b].node_count());
  }
  return t;
}

// y = A x on the host.
std::vector<double> multiply(const HostCsr& a, const std::vector<double>& x) {
  std::vector<double> y(static_cast<std::size_t>(a.rows), 0.0);
  for (int r = 0; r < a.rows; ++r)
    for (auto k = a.row_map[r]; k < a.row_map[r + 1]; ++k) y[r] += a.values[k] * x[a.entries[k]];
  return y;
}

// ---- Coarsening and transfers ----------------------------------------------------------------

TEST(MultigridCoarsening, KeepsEveryOtherNodeAndTheLast) {
  EXPECT_EQ(mesh::kept_indices(9), (std::vector<int>{0, 2, 4, 6, 8}));
  EXPECT_EQ(mesh::kept_indices(8), (std::vector<int>{0, 2, 4, 6, 7}));
  EXPECT_EQ(mesh::kept_indices(1), (std::vector<int>{0}));
}

// On a box of 18 x 13 nodes (i irregular: 17 intervals), transfers of a function linear in x
// and y: injection and prolongation reproduce it exactly (interpolation in index space of a
// mesh uniform in index space), every row of the restriction and the prolongation sums to 1.
TEST(MultigridTransfer, RowsSumToOneAndLinearDataTransferExactly) {
  const auto fine = mesh::box_mesh({18, 13}, {0, 1, 0, 2}, 0.0);
  const auto coarse = mesh::coarsen(fine, 3, 1);
  EXPECT_EQ(coarse.mesh.blocks[0].nodes[0], 10);
  EXPECT_EQ(coarse.mesh.blocks[0].nodes[1], 7);
  const auto t = build_host_transfer(table_of(fine), table_of(coarse.mesh), coarse.blocks, {}, 0.2);
  for (const HostCsr* m : {&t.injection, &t.restriction, &t.prolongation, &t.correction_smoothing})
    for (int r = 0; r < m->rows; ++r) {
      double sum = 0;
      for (auto k = m->row_map[r]; k < m->row_map[r + 1]; ++k) sum += m->values[k];
      EXPECT_NEAR(sum, 1.0, 1e-14) << "row " << r;
    }
  auto linear = [](const mesh::BlockGrid& b) {
    std::vector<double> f;
    for (std::size_t n = 0; n < b.node_count(); ++n) f.push_back(3 * b.x[n] - 2 * b.y[n] + 1);
    return f;
  };
  const auto on_fine = linear(fine.blocks[0]), on_coarse = linear(coarse.mesh.blocks[0]);
  const auto injected = multiply(t.injection, on_fine);
  const auto prolongated = multiply(t.prolongation, on_coarse);
  for (std::size_t n = 0; n < on_coarse.size(); ++n) EXPECT_NEAR(injected[n], on_coarse[n], 1e-14);
  for (std::size_t n = 0; n < on_fine.size(); ++n) EXPECT_NEAR(prolongated[n], on_fine[n], 1e-13);
  // Full weighting of a linear function is exact too where it is symmetric: coarse nodes with
  // two regular intervals on each side (not the block ends, where the weights are one-sided over
  // the half volume, nor i = 8, next to the irregular last interval).
  const auto restricted = multiply(t.restriction, on_fine);
  int checked = 0;
  for (int j = 1; j < 6; ++j)
    for (int i = 1; i < 8; ++i, ++checked)
      EXPECT_NEAR(restricted[j * 10 + i], on_coarse[j * 10 + i], 1e-13) << i << ", " << j;
  EXPECT_EQ(checked, 35);
}

TEST(MultigridCoarsening, ErrorsNameTheBlockOrFace) {
  // Too small: 9 nodes -> 5 -> 3 -> 2 < 3.
  const auto box = mesh::box_mesh({9, 17}, {0, 1, 0, 1}, 0.0);
  const auto level1 = mesh::coarsen(box, 3, 1);
  const auto level2 = mesh::coarsen(level1.mesh, 3, 2);
  try {
    mesh::coarsen(level2.mesh, 3, 3);
    FAIL() << "a 3-node direction was coarsened";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("block 0"), std::string::npos) << what;
    EXPECT_NE(what.find("multigrid level 3"), std::string::npos) << what;
  }
  // A sub-face ending on an odd node: split the far field of jmin at node 3.
  auto split = box;
  for (auto& b : split.boundaries)
    if (b.patch.face == mesh::Face::kJMin) b.patch.end[0] = 4;
  mesh::BoundaryPatch rest = split.boundaries.front();
  for (const auto& b : split.boundaries)
    if (b.patch.face == mesh::Face::kJMin) rest = b;
  rest.patch.begin[0] = 3;
  rest.patch.end[0] = 9;
  split.boundaries.push_back(rest);
  try {
    mesh::coarsen(split, 3, 1);
    FAIL() << "a patch ending on a dropped node was coarsened";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("face jmin"), std::string::npos) << what;
    EXPECT_NE(what.find("node 3"), std::string::npos) << what;
  }
}

// The solver's check: a coarse block keeps 5 nodes or more per direction, so 9 nodes have two
// levels (9, 5).
TEST(MultigridCoarsening, TooManyLevelsIsAnInputErrorNamingTheBlock) {
  try {
    MultiBlockSolver solver(multigrid_config(4, 3, true), mesh::box_mesh({9, 17}, {0, 1, 0, 1}, 0));
    FAIL() << "three levels were built on a 9-node direction";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.code(), ExitCode::kInputError);
    EXPECT_NE(what.find("block 0 '"), std::string::npos) << what;
    EXPECT_NE(what.find("has 5 nodes in direction i; on multigrid level 2 it would have 3"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("multigrid.levels is 3"), std::string::npos) << what;
  }
}

// ---- The FAS cycle ------------------------------------------------------------------------------

// NaN-safe: a NaN anywhere makes the change NaN, which fails every EXPECT_LT.
double largest_change(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const double d = std::fabs(a[k] - b[k]);
    if (!(d <= m)) m = d;
  }
  return m;
}

// A uniform flow solves every level's equations, so the forcing and every correction vanish:
// full W-cycles over three levels leave it uniform to round-off (all far field, warped,
// rotated blocks).
// The NACA 0012 C-mesh too (its wall made far field: a uniform flow crosses it), with the wake
// cut's reversed interface on every level.
TEST(MultigridCycle, UniformFlowStaysUniform) {
  for (int order : {2, 4}) {
    auto naca = mesh::naca0012_c_mesh(1, 20);
    for (auto& b : naca.boundaries) b.kind = mesh::BoundaryKind::kFarField;
    for (const auto& m : {mesh::four_block_mesh({33, 33}, {0, 1, 0, 1}, 0.08), naca}) {
      MultiBlockSolver solver(multigrid_config(order, 3, true), m);
      const auto start = solver.host_state();
      for (int k = 0; k < 5; ++k) solver.cycle();
      EXPECT_LT(largest_change(solver.host_state(), start), 1e-11)
          << "order " << order << ", " << m.blocks.size() << " blocks";
    }
  }
}

// multigrid.coarsest_smoothing sets the coarsest level's Runge-Kutta cycles a visit alone (the
// default: pre + post); the work estimate counts them. The 33 x 33 mesh's four 17 x 17 blocks
// coarsen to 9 x 9 and 5 x 5: a V-cycle with 1 instead of 4 there saves 3 x 4 x 25 node cycles,
// and a different number of updates leaves a different state after one cycle.
TEST(MultigridCycle, CoarsestLevelRunsItsOwnSmoothingCycles) {
  const auto mesh = mesh::four_block_mesh({33, 33}, {0, 1, 0, 1}, 0.08);
  RunConfig one = multigrid_config(2, 3, false);
  one.family<MultiBlockOptions>().multiblock.multigrid.coarsest_smoothing = 1;
  MultiBlockSolver defaults(multigrid_config(2, 3, false), mesh), single_cycle(one, mesh);
  EXPECT_DOUBLE_EQ(defaults.node_cycles_per_cycle() - single_cycle.node_cycles_per_cycle(),
                   3 * 4 * 25);
  const auto bumped = [](double x, double y) {
    auto w = manufactured(x, y);
    w[0] += 0.05 * std::sin(7 * x) * std::sin(5 * y);
    return w;
  };
  for (MultiBlockSolver* s : {&defaults, &single_cycle}) {
    s->set_state(bumped);
    s->set_far_field([](double x, double y) { return manufactured(x, y); });
    s->set_source(manufactured_source);
    s->cycle();
  }
  // They differ by 1.5e-2 (the bump is 0.05); the same work would leave them equal bitwise.
  EXPECT_GT(largest_change(defaults.host_state(), single_cycle.host_state()), 1e-3);
}

struct Converged {
  std::vector<double> state;
  long long cycles = 0;
  double drop = 1;
  bool converged() const { return drop < 1e-10; }
};

// The manufactured problem on the rotated four-block mesh to a residual drop of 1e-10.
Converged converge(int levels, bool w_cycle, int order, int n) {
  MultiBlockSolver solver(multigrid_config(order, levels, w_cycle),
                          mesh::four_block_mesh({n, n}, {0, 1, 0, 1}, 0.08));
  const auto exact = [](double x, double y) { return manufactured(x, y); };
  const auto start = [](double x, double y) {
    auto w = manufactured(x, y);
    w[0] += 0.05 * std::sin(7 * x) * std::sin(5 * y);  // an error of all scales to remove
    return w;
  };
  solver.set_state(start);
  solver.set_far_field(exact);
  solver.set_source(manufactured_source);
  const auto first = solver.residual_norms();
  Converged out;
  for (; out.cycles < 20000; ++out.cycles) {
    const auto norms = solver.residual_norms();
    out.drop = 0;
    for (int v = 0; v < 4; ++v)
      if (!(norms[v] / first[v] <= out.drop)) out.drop = norms[v] / first[v];
    if (out.converged() || !(out.drop < 1e3)) break;
    solver.cycle();
  }
  out.state = solver.host_state();
  return out;
}

// Multigrid converges to the single-grid solution (the FAS fixed point is the fine problem's)
// and takes fewer cycles.
TEST(MultigridCycle, ReachesTheSingleGridSolutionInFewerCycles) {
  for (int order : {2, 4}) {
    const Converged single = converge(1, false, order, 33);
    const Converged v_cycles = converge(3, false, order, 33);
    const Converged w_cycles = converge(3, true, order, 33);
    std::printf(
        "manufactured, order %d, 33x33 four blocks: single grid %lld cycles, "
        "V(3 levels) %lld, W(3 levels) %lld\n",
        order, single.cycles, v_cycles.cycles, w_cycles.cycles);
    for (const Converged* run : {&single, &v_cycles, &w_cycles})
      EXPECT_TRUE(run->converged())
          << "order " << order << ": drop " << run->drop << " after " << run->cycles << " cycles";
    EXPECT_LT(largest_change(v_cycles.state, single.state), 1e-8) << "order " << order;
    EXPECT_LT(largest_change(w_cycles.state, single.state), 1e-8) << "order " << order;
    EXPECT_LT(w_cycles.cycles, single.cycles / 2) << "order " << order;
  }
}

// The NACA 0012 case (Elsen et al. 2008; M 0.63, alpha 2, far-field vortex) on the coarse level-0
// mesh with three multigrid levels: the residual falls 10 orders and CL and CD are the single
// grid's, for the unsmoothed V- and W-cycles and for the shipped deck's smoothed V-cycles, whose
// light averaging of the coarse corrections (with one Runge-Kutta cycle on the coarsest level)
// takes under two thirds of the default averaging's cycles.
TEST(MultigridCycle, Naca0012VAndWCyclesGiveTheSingleGridForces) {
  RunConfig c = mms::base_config(4);
  c.family<MultiBlockOptions>().multiblock.dissipation = 0.2;
  c.family<MultiBlockOptions>().multiblock.far_field_vortex = true;
  c.time.cfl = 2.5;
  struct Result {
    long long cycles = 0;
    double drop = 1;
    ForceCoefficients forces;
  };
  // correction_smoothing < 0: the default.
  // coarsest_smoothing 0: pre + post.
  auto run = [&](int levels, bool w_cycle = false, bool smoothed = false,
                 double correction_smoothing = -1, int coarsest_smoothing = 0) {
    RunConfig rc = c;
    rc.family<MultiBlockOptions>().multiblock.multigrid.levels = levels;
    rc.family<MultiBlockOptions>().multiblock.multigrid.w_cycle = w_cycle;
    rc.family<MultiBlockOptions>().multiblock.multigrid.correction_smoothing = correction_smoothing;
    rc.family<MultiBlockOptions>().multiblock.multigrid.coarsest_smoothing = coarsest_smoothing;
    if (smoothed) {  // naca0012_multigrid.yaml's smoother
      rc.family<MultiBlockOptions>().multiblock.multigrid.residual_smoothing = 1;
      rc.time.cfl = 7.5;
    }
    MultiBlockSolver solver(rc, mesh::naca0012_c_mesh(0, 20));
    const auto first = solver.residual_norms();
    Result r;
    while (r.cycles < 6000 && r.drop >= 1e-10) {
      solver.cycle();
      ++r.cycles;
      const auto norms = solver.residual_norms();
      r.drop = 0;
      for (int v = 0; v < 4; ++v)
        if (!(norms[v] / first[v] <= r.drop)) r.drop = norms[v] / first[v];
      if (!(r.drop < 1e3)) break;
    }
    r.forces = solver.forces();
    return r;
  };
  // The W-cycle runs 8 Runge-Kutta cycles in a row on the coarsest level: with the coarse
  // dissipation at 1.0 (the default before 0.5) that level's order-2 operator was past its
  // stability limit at CFL 2.5 and the cycles blew up at the wake cut's far-field corner by
  // cycle 2.
  const Result single = run(1), multigrid = run(3), w_cycles = run(3, true);
  // The shipped multigrid deck: smoothed V-cycles with a light averaging of the corrections
  // (neighbour weight 0.05) and one Runge-Kutta cycle a visit on the coarsest level, which took
  // 186 cycles here against 365 with the default averaging 0.2 and 4 there.
  const Result light = run(3, false, true, 0.05, 1), averaged = run(3, false, true);
  std::printf(
      "NACA 0012 level 0: single grid %lld cycles (CL %.10f, CD %.3e), multigrid (3 levels, "
      "V(2,2)) %lld cycles (CL %.10f, CD %.3e), W(2,2) %lld cycles; smoothed V(2,2) at "
      "CFL 7.5: the deck (averaging 0.05, 1 cycle on the coarsest level) %lld cycles, averaging "
      "0.2 and 4 there %lld\n",
      single.cycles, single.forces.lift, single.forces.drag, multigrid.cycles,
      multigrid.forces.lift, multigrid.forces.drag, w_cycles.cycles, light.cycles, averaged.cycles);
  EXPECT_LT(single.drop, 1e-10);
  EXPECT_LT(light.cycles, averaged.cycles * 2 / 3);
  for (const Result* r : {&multigrid, &w_cycles, &light, &averaged}) {
    EXPECT_LT(r->drop, 1e-10);
    EXPECT_LT(r->cycles, single.cycles / 4);
    EXPECT_NEAR(r->forces.lift, single.forces.lift, 1e-8);
    EXPECT_NEAR(r->forces.drag, single.forces.drag, 1e-8);
  }
}

}  // namespace
}  // namespace portaflow::multiblock
