// Multi-block runs over ranks (docs/mpi.md), built by the openmp-mpi preset: each rank holds whole
// blocks and receives the states of the interface twins on other ranks. The same deck on 1, 2 and
// 4 ranks gives the same final node fields, wall pressures, lift and drag, value for value: in 2D
// and 3D, with multigrid (its coarse levels exchange too) and the far-field vortex (it reads the
// lift, summed over ranks in a fixed order), the meshes cut into 4 blocks by decomposition.blocks;
// and the Mach 5 cylinder with shock capturing (sensor, start-up, hold, shock.csv).
#include <gtest/gtest.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataArray.h>
#include <vtkInformation.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkStructuredGrid.h>
#include <vtkXMLMultiBlockDataReader.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "io/temporary_folder.hpp"
#include "mpi/mpirun.hpp"

namespace {

namespace fs = std::filesystem;
using portaflow::io::test_support::read_file;
using portaflow::io::test_support::TemporaryFolder;
using portaflow::mpi_test::deck;
using portaflow::mpi_test::Result;
using portaflow::mpi_test::run_ranks;

// final.vtm per block name: the node coordinates, then every node field.
std::map<std::string, std::vector<double>> final_blocks(const fs::path& run) {
  std::map<std::string, std::vector<double>> out;
  vtkNew<vtkXMLMultiBlockDataReader> reader;
  reader->SetFileName((run / "final.vtm").c_str());
  reader->Update();
  auto* blocks = vtkMultiBlockDataSet::SafeDownCast(reader->GetOutputDataObject(0));
  if (!blocks) return out;
  for (unsigned b = 0; b < blocks->GetNumberOfBlocks(); ++b) {
    auto* grid = vtkStructuredGrid::SafeDownCast(blocks->GetBlock(b));
    if (!grid) continue;
    std::vector<double>& values = out[blocks->GetMetaData(b)->Get(vtkCompositeDataSet::NAME())];
    for (vtkIdType n = 0; n < grid->GetNumberOfPoints(); ++n) {
      double x[3];
      grid->GetPoint(n, x);
      values.insert(values.end(), {x[0], x[1], x[2]});
    }
    for (int a = 0; a < grid->GetPointData()->GetNumberOfArrays(); ++a) {
      vtkDataArray* array = grid->GetPointData()->GetArray(a);
      for (vtkIdType n = 0; n < array->GetNumberOfTuples(); ++n)
        for (int c = 0; c < array->GetNumberOfComponents(); ++c)
          values.push_back(array->GetComponent(n, c));
    }
  }
  return out;
}

// forces.csv's lift and drag (its residual_drop, a sum over ranks, may differ at round-off).
std::string lift_and_drag(const fs::path& run) {
  const std::string text = read_file(run / "forces.csv");
  const auto row = text.find('\n');
  if (row == std::string::npos) return "";
  std::string line = text.substr(row + 1);
  for (int column = 0; column < 3; ++column) line = line.substr(line.find(',') + 1);
  return line;
}

struct Case {
  const char* name;
  const char* deck;
  const char* overrides;
};

const Case kCases[] = {
    {"naca0012_multigrid_2d", "multiblock/quick_naca0012_multigrid.yaml",
     "--set decomposition.blocks=4 --set time.max_cycles=20"},
    {"naca0012_extruded_3d", "multiblock/quick_naca0012_extruded.yaml",
     "--set decomposition.blocks=4 --set time.max_cycles=6"},
    // Shock capturing (four blocks of its own): through the start-up, the sensor held early.
    {"cylinder_mach5_shock_capturing", "multiblock/cylinder_mach5.yaml",
     "--set mesh.nodes=[33,25] --set mesh.blocks=4 --set multigrid.levels=1 "
     "--set time.max_cycles=150 "
     "--set multiblock.shock_capturing.hold_orders=0.5"},
};

TEST(MpiMultiBlock, EveryRankCountGivesTheOneRankSolutionBitwise) {
  for (const Case& c : kCases) {
    TemporaryFolder folder;
    std::map<std::string, std::vector<double>> one;
    std::string one_cp, one_forces;
    for (const int ranks : {1, 2, 4}) {
      const fs::path out = folder / ("ranks" + std::to_string(ranks));
      const Result r = run_ranks(
          ranks, "run " + deck(c.deck) + " " + c.overrides + " --set output.dir=" + out.string(),
          folder);
      ASSERT_EQ(r.exit_code, 0) << c.name << " on " << ranks << " ranks:\n" << r.output;
      const auto blocks = final_blocks(out);
      const std::string cp = read_file(out / "surface_cp.csv") +
                             (fs::exists(out / "shock.csv") ? read_file(out / "shock.csv") : "");
      const std::string forces = lift_and_drag(out);
      if (ranks == 1) {
        ASSERT_EQ(blocks.size(), 4u) << c.name << ": decomposition.blocks asked for 4 blocks";
        one = blocks;
        one_cp = cp;
        one_forces = forces;
        continue;
      }
      EXPECT_NE(r.output.find("whole blocks over " + std::to_string(ranks) + " ranks"),
                std::string::npos)
          << r.output;
      ASSERT_EQ(blocks.size(), one.size()) << c.name << " on " << ranks << " ranks";
      for (const auto& [name, values] : one) {
        const auto found = blocks.find(name);
        ASSERT_NE(found, blocks.end()) << c.name << ": block " << name;
        ASSERT_EQ(found->second.size(), values.size()) << c.name << ": block " << name;
        std::size_t differ = 0;
        for (std::size_t k = 0; k < values.size(); ++k)
          differ += found->second[k] != values[k] ? 1 : 0;
        EXPECT_EQ(differ, 0u) << c.name << " on " << ranks << " ranks, block " << name << ": "
                              << differ << " of " << values.size() << " values differ";
      }
      EXPECT_EQ(cp, one_cp) << c.name << " on " << ranks << " ranks: surface_cp.csv, shock.csv";
      EXPECT_FALSE(forces.empty());
      EXPECT_EQ(forces, one_forces) << c.name << " on " << ranks << " ranks: lift, drag";
    }
  }
}

// A checkpoint written by each of 2 ranks continues, on 2 ranks, to the uninterrupted run's
// solution (multigrid, far-field vortex: the cycle count and far-field data come back too).
TEST(MpiMultiBlock, RestartOnTwoRanksIsBitwise) {
  TemporaryFolder folder;
  const std::string base =
      "run " + deck("multiblock/quick_naca0012_multigrid.yaml") + " --set decomposition.blocks=4";
  const fs::path whole = folder / "whole", stopped = folder / "stopped";
  const Result full =
      run_ranks(2, base + " --set time.max_cycles=16 --set output.dir=" + whole.string(), folder);
  ASSERT_EQ(full.exit_code, 0) << full.output;
  const Result first = run_ranks(2,
                                 base + " --set time.max_cycles=8 --set output.checkpoint_every=8" +
                                     " --set output.dir=" + stopped.string(),
                                 folder);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  ASSERT_TRUE(fs::exists(stopped / "checkpoint.rank1.pfc")) << first.output;
  const Result resumed =
      run_ranks(2,
                base + " --set time.max_cycles=16 --set output.dir=" + stopped.string() +
                    " --restart " + (stopped / "checkpoint.pfc").string(),
                folder);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  const auto expected = final_blocks(whole);
  ASSERT_EQ(expected.size(), 4u);
  EXPECT_EQ(final_blocks(stopped), expected) << "the restarted run's final fields differ";
  EXPECT_EQ(lift_and_drag(stopped), lift_and_drag(whole));
}

// Whole blocks per rank: a one-block mesh on two ranks is refused, naming the key that cuts it.
TEST(MpiMultiBlock, FewerBlocksThanRanksIsRefusedWithTheKeyToCut) {
  TemporaryFolder folder;
  const Result r = run_ranks(
      2, "run " + deck("multiblock/cube.yaml") + " --set output.dir=" + (folder / "out").string(),
      folder);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("decomposition.blocks"), std::string::npos) << r.output;
}

}  // namespace
