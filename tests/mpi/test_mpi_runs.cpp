// Runs over ranks (docs/mpi.md), built by the openmp-mpi preset: the same deck on 1, 2, 3 and 4
// ranks gives the same final fields, value for value (cells of the finite-volume and CE/SE
// schemes, elements of the high-order ones); an error on one rank ends them all with
// one message; SIGTERM to one rank stops every rank with its checkpoint, and the run continued
// from it on the same ranks ends equal to the uninterrupted one. mpirun oversubscribes the
// machine (2 cores here), one OpenMP thread per rank.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <vtkCell.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkIdList.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkSmartPointer.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLPRectilinearGridReader.h>
#include <vtkXMLPUnstructuredGridReader.h>
#include <vtkXMLRectilinearGridReader.h>
#include <vtkXMLUnstructuredGridReader.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "io/temporary_folder.hpp"
#include "mpi/mpirun.hpp"

namespace {

namespace fs = std::filesystem;
using portaflow::io::test_support::read_file;
using portaflow::io::test_support::TemporaryFolder;
using portaflow::mpi_test::deck;
using portaflow::mpi_test::mpirun_command;
using portaflow::mpi_test::Result;
using portaflow::mpi_test::run_ranks;

struct Fields {
  std::vector<double> x, y;
  std::vector<std::vector<double>> cells;  // rho, u, v, p
};

// A run's final data set: `serial_name` on one rank, `parallel_name` (the pieces joined by VTK's
// parallel reader, as ParaView joins them) on several. The pointer keeps it after the reader.
template <class Grid, class SerialReader, class ParallelReader>
vtkSmartPointer<Grid> read_final(const fs::path& run, const char* serial_name,
                                 const char* parallel_name) {
  const bool parallel = fs::exists(run / parallel_name);
  const fs::path file = run / (parallel ? parallel_name : serial_name);
  if (parallel) {
    auto reader = vtkSmartPointer<ParallelReader>::New();
    reader->SetFileName(file.c_str());
    reader->Update();
    return reader->GetOutput();
  }
  auto reader = vtkSmartPointer<SerialReader>::New();
  reader->SetFileName(file.c_str());
  reader->Update();
  return reader->GetOutput();
}

// The final fields of a cells run (final.vtr or final.pvtr).
Fields final_fields(const fs::path& run) {
  const auto grid =
      read_final<vtkRectilinearGrid, vtkXMLRectilinearGridReader, vtkXMLPRectilinearGridReader>(
          run, "final.vtr", "final.pvtr");
  Fields f;
  if (!grid || grid->GetNumberOfCells() == 0) return f;
  for (vtkIdType k = 0; k < grid->GetXCoordinates()->GetNumberOfTuples(); ++k)
    f.x.push_back(grid->GetXCoordinates()->GetTuple1(k));
  for (vtkIdType k = 0; k < grid->GetYCoordinates()->GetNumberOfTuples(); ++k)
    f.y.push_back(grid->GetYCoordinates()->GetTuple1(k));
  for (const char* name : {"rho", "u", "v", "p"}) {
    vtkDataArray* a = grid->GetCellData()->GetArray(name);
    std::vector<double> values;
    if (a)
      for (vtkIdType k = 0; k < a->GetNumberOfTuples(); ++k) values.push_back(a->GetTuple1(k));
    f.cells.push_back(values);
  }
  return f;
}

// Every coordinate and cell value equal, bit for bit.
void expect_identical(const Fields& one, const Fields& many, const std::string& what) {
  ASSERT_FALSE(one.x.empty()) << what << ": the one-rank run wrote no final fields";
  EXPECT_EQ(one.x, many.x) << what;
  EXPECT_EQ(one.y, many.y) << what;
  ASSERT_EQ(one.cells.size(), many.cells.size()) << what;
  for (std::size_t f = 0; f < one.cells.size(); ++f) {
    ASSERT_EQ(one.cells[f].size(), many.cells[f].size()) << what << ", field " << f;
    std::size_t differ = 0;
    for (std::size_t k = 0; k < one.cells[f].size(); ++k)
      differ += one.cells[f][k] != many.cells[f][k] ? 1 : 0;
    EXPECT_EQ(differ, 0u) << what << ": field " << f << " differs in " << differ << " of "
                          << one.cells[f].size() << " cells";
  }
}

struct Case {
  const char* name;
  const char* deck;
  const char* overrides;
};

// One small deck per scheme that splits over ranks: transmissive and reflective sides, periodic
// ones (two ranks are each other's neighbour on both sides), boxes of unequal size (3 ranks).
const Case kCases[] = {
    {"muscl_hancock", "fv/quick_riemann_2d.yaml",
     "--set mesh.cells=[64,48] --set time.t_end=0.06 --set boundary.y_min=reflective "
     "--set boundary.y_max=reflective"},
    {"muscl_hancock_averaged", "fv/quick_riemann_2d.yaml",
     "--set mesh.cells=[40,52] --set time.t_end=0.05 --set fv.splitting=averaged"},
    {"muscl_periodic", "fv/quick_vortex.yaml", "--set mesh.cells=[40,32] --set time.t_end=0.3"},
    {"muscl_reflective", "fv/quick_radial_explosion.yaml",
     "--set mesh.cells=[36,44] --set time.t_end=0.1 --set boundary.x_min=reflective"},
    // CE/SE reads diagonal neighbours: the corners of the halo matter.
    {"cese2d", "cese/quick_riemann_2d.yaml",
     "--set mesh.cells=[50,46] --set time.t_end=0.1 --set boundary.x_max=reflective "
     "--set boundary.y_min=reflective"},
    {"cese2d_periodic", "cese/quick_riemann_2d.yaml",
     "--set mesh.cells=[44,40] --set time.t_end=0.05 --set boundary.x_min=periodic "
     "--set boundary.x_max=periodic --set boundary.y_min=periodic --set boundary.y_max=periodic"},
};

// Case c's deck on `ranks` ranks, writing into `out`.
Result run_case(const Case& c, int ranks, const fs::path& out, const TemporaryFolder& folder) {
  return run_ranks(ranks,
                   "run " + deck(c.deck) + " " + c.overrides + " --set output.dir=" + out.string(),
                   folder);
}

TEST(MpiRuns, EverySplitGivesTheOneRankFieldsBitwise) {
  for (const Case& c : kCases) {
    TemporaryFolder folder;
    Fields one;
    for (const int ranks : {1, 2, 3, 4}) {
      const fs::path out = folder / ("ranks" + std::to_string(ranks));
      const Result r = run_case(c, ranks, out, folder);
      ASSERT_EQ(r.exit_code, 0) << c.name << " on " << ranks << " ranks:\n" << r.output;
      if (ranks > 1) {
        EXPECT_NE(r.output.find("ranks: " + std::to_string(ranks)), std::string::npos) << r.output;
        EXPECT_TRUE(fs::exists(out / "final" / "final_1.vtr")) << c.name;
      }
      const Fields fields = final_fields(out);
      if (ranks == 1)
        one = fields;
      else
        expect_identical(one, fields,
                         std::string(c.name) + " on " + std::to_string(ranks) + " ranks against 1");
    }
  }
}

// The final solution of an element-method run (final.vtu or final.pvtu) per element, keyed by its
// first point's position (the pieces come in rank order, not the one-rank order): the point
// coordinates, then every point field, then the element averages.
using ElementFields = std::map<std::pair<double, double>, std::vector<double>>;

ElementFields final_element_fields(const fs::path& run) {
  const auto grid =
      read_final<vtkUnstructuredGrid, vtkXMLUnstructuredGridReader, vtkXMLPUnstructuredGridReader>(
          run, "final.vtu", "final.pvtu");
  ElementFields elements;
  if (!grid) return elements;
  for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
    vtkIdList* ids = grid->GetCell(c)->GetPointIds();
    std::vector<double> values;
    double first[3];
    grid->GetPoint(ids->GetId(0), first);
    for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k) {
      double x[3];
      grid->GetPoint(ids->GetId(k), x);
      values.insert(values.end(), {x[0], x[1]});
      for (const char* name : {"rho", "u", "v", "p"}) {
        vtkDataArray* a = grid->GetPointData()->GetArray(name);
        values.push_back(a ? a->GetTuple1(ids->GetId(k)) : -1.0);
      }
    }
    for (const char* name : {"rho_average", "u_average", "v_average", "p_average"}) {
      vtkDataArray* a = grid->GetCellData()->GetArray(name);
      values.push_back(a ? a->GetTuple1(c) : -1.0);
    }
    elements[{first[0], first[1]}] = values;
  }
  return elements;
}

// One small deck per element method: the limiter and positivity safeguard (their element means
// cross the ranks too), periodic sides, a warped (curved) grid, reflective and transmissive sides.
const Case kElementCases[] = {
    {"dg_limited", "highorder/quick_radial_dg_p2.yaml",
     "--set mesh.cells=[20,18] --set time.max_steps=12 --set boundary.y_max=reflective"},
    {"cpr_warped_periodic", "highorder/vortex_warped_cpr_p2.yaml",
     "--set mesh.cells=[12,10] --set time.max_steps=10"},
    {"ndg_reflective", "highorder/radial_ndg_p1.yaml",
     "--set mesh.cells=[16,14] --set time.max_steps=12 --set boundary.x_min=reflective"},
    {"sd_periodic", "highorder/vortex_sd_p2.yaml",
     "--set mesh.cells=[10,12] --set time.max_steps=10"},
};

TEST(MpiRuns, EveryElementSplitGivesTheOneRankSolutionBitwise) {
  for (const Case& c : kElementCases) {
    TemporaryFolder folder;
    ElementFields one;
    for (const int ranks : {1, 2, 3, 4}) {
      const fs::path out = folder / ("ranks" + std::to_string(ranks));
      const Result r = run_case(c, ranks, out, folder);
      ASSERT_EQ(r.exit_code, 0) << c.name << " on " << ranks << " ranks:\n" << r.output;
      if (ranks > 1) EXPECT_TRUE(fs::exists(out / "final" / "final_1.vtu")) << c.name;
      const ElementFields elements = final_element_fields(out);
      if (ranks == 1) {
        one = elements;
        ASSERT_FALSE(one.empty()) << c.name << ": the one-rank run wrote no final solution";
        continue;
      }
      ASSERT_EQ(elements.size(), one.size()) << c.name << " on " << ranks << " ranks";
      std::size_t differ = 0;
      for (const auto& [key, values] : one) {
        const auto found = elements.find(key);
        differ += found == elements.end() || found->second != values ? 1 : 0;
      }
      EXPECT_EQ(differ, 0u) << c.name << " on " << ranks << " ranks: " << differ << " of "
                            << one.size() << " elements differ from the one-rank run";
    }
  }
}

// decomposition.ranks sets the rank grid: 4 strips one above the other give the one-rank
// fields, and the pieces are strips; a grid that is not the run's rank count is refused with
// the deck's line.
TEST(MpiRuns, DeckRankGridIsUsedAndChecked) {
  TemporaryFolder folder;
  const std::string run =
      "run " + deck("fv/quick_riemann_2d.yaml") + " --set mesh.cells=[40,36] --set time.t_end=0.05";
  const fs::path one = folder / "one", strips = folder / "strips";
  ASSERT_EQ(run_ranks(1, run + " --set output.dir=" + one.string(), folder).exit_code, 0);
  const Result r = run_ranks(
      4, run + " --set decomposition.ranks=[1,4] --set output.dir=" + strips.string(), folder);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 x 4 boxes of cells, as decomposition.ranks sets"), std::string::npos)
      << r.output;
  // Every piece spans the whole width: extent "0 40 j0 j1 0 0".
  const std::string index = read_file(strips / "final.pvtr");
  std::size_t pieces = 0;
  for (std::size_t at = index.find("<Piece Extent=\"0 40 "); at != std::string::npos;
       at = index.find("<Piece Extent=\"0 40 ", at + 1))
    ++pieces;
  EXPECT_EQ(pieces, 4u) << index;
  expect_identical(final_fields(one), final_fields(strips), "1 x 4 strips against 1 rank");

  const Result wrong = run_ranks(
      4, run + " --set decomposition.ranks=[3,1] --set output.dir=" + (folder / "w").string(),
      folder);
  EXPECT_EQ(wrong.exit_code, 2) << wrong.output;
  EXPECT_NE(wrong.output.find("decomposition.ranks': [3, 1] is 3 ranks, but this run has 4"),
            std::string::npos)
      << wrong.output;
}

TEST(MpiRuns, NonPhysicalCellEndsEveryRankWithOneMessage) {
  TemporaryFolder folder;
  const auto start = std::chrono::steady_clock::now();
  // A vortex too strong for its mean state: negative temperature at its centre, which lies in
  // one rank's box (of the 2 x 2).
  const Result r = run_ranks(4,
                             "run " + deck("fv/quick_vortex.yaml") +
                                 " --set problem.strength=10.4 --set problem.center_x=2.5"
                                 " --set problem.center_y=2.5 --set mesh.cells=[40,32]"
                                 " --set output.dir=" +
                                 (folder / "out").string(),
                             folder);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("went non-physical"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(on rank 3)"), std::string::npos) << r.output;
  // The run itself takes about a second; a hang would reach the command's 120 s timeout.
  EXPECT_LT(seconds, 60) << r.output;
}

TEST(MpiRuns, UnsplittableSchemeIsRefusedOnSeveralRanks) {
  TemporaryFolder folder;
  const Result r = run_ranks(
      2, "run " + deck("fv/quick_sod.yaml") + " --set output.dir=" + (folder / "out").string(),
      folder);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("runs on one rank only"), std::string::npos) << r.output;
}

// A run on 4 ranks, then another on 2 into the same folder: refused without --overwrite (the
// earlier run's rank checkpoints offered for --restart), and with it nothing of the first run is
// left: no index, piece or checkpoint of rank 2 or 3.
TEST(MpiRuns, OverwriteLeavesNothingOfAnEarlierRunOnMoreRanks) {
  TemporaryFolder folder;
  const fs::path out = folder / "out";
  const std::string run = "run " + deck("fv/quick_riemann_2d.yaml") +
                          " --set mesh.cells=[48,40] --set output.checkpoint_every=5"
                          " --set output.dir=" +
                          out.string();
  ASSERT_EQ(run_ranks(4, run + " --set time.t_end=0.2", folder).exit_code, 0);
  ASSERT_TRUE(fs::exists(out / "checkpoint.rank3.pfc"));
  ASSERT_TRUE(fs::exists(out / "solution_0004.pvtr"));
  const Result refused = run_ranks(2, run + " --set time.t_end=0.1", folder);
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("--restart " + (out / "checkpoint.pfc").string()),
            std::string::npos)
      << refused.output;
  const Result again = run_ranks(2, run + " --set time.t_end=0.1 --overwrite", folder);
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_FALSE(fs::exists(out / "checkpoint.rank3.pfc"));
  EXPECT_FALSE(fs::exists(out / "solution_0004.pvtr"));
  EXPECT_FALSE(fs::exists(out / "final" / "final_3.vtr"));
  EXPECT_TRUE(fs::exists(out / "final" / "final_1.vtr"));
  EXPECT_FALSE(final_fields(out).x.empty()) << "final.pvtr does not read back";
  const std::string history = read_file(out / "history.csv");
  EXPECT_EQ(history.rfind("exchange_seconds\n", history.find('\n')),
            history.find('\n') - std::string("exchange_seconds").size())
      << "the header does not end with exchange_seconds:\n"
      << history.substr(0, history.find('\n'));
}

// SIGTERM to one rank: all stop after the same step with their checkpoints; the run continued
// from them on 2 ranks ends equal to the uninterrupted 2-rank run.
TEST(MpiRuns, SigtermToOneRankStopsAllAndRestartIsBitwise) {
  TemporaryFolder folder;
  const std::string base = "run " + deck("fv/quick_riemann_2d.yaml") +
                           " --set mesh.cells=[600,480] --set time.t_end=0.3"
                           " --set output.every=0.1";
  const fs::path whole = folder / "whole", stopped = folder / "stopped";
  const Result full = run_ranks(2, base + " --set output.dir=" + whole.string(), folder);
  ASSERT_EQ(full.exit_code, 0) << full.output;

  const fs::path log = folder / "stopped.log";
  const std::string command =
      mpirun_command(2, base + " --set output.dir=" + stopped.string(), log) + " & echo $! > " +
      (folder / "pid").string();
  ASSERT_EQ(std::system(command.c_str()), 0);
  // Signal once the run is a third of the way (its frame at t = 0.1 is on disk).
  for (int k = 0; k < 1200 && !fs::exists(stopped / "solution_0001.pvtr"); ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  // One rank only: the newest portaflow process whose command line is this run's (not mpirun's).
  const std::string kill = "pkill -TERM -n -f '^" + std::string(PORTAFLOW_BINARY) + " run .*" +
                           stopped.filename().string() + "'";
  ASSERT_EQ(std::system(kill.c_str()), 0) << "no rank to signal";
  for (int k = 0; k < 600; ++k) {  // mpirun ends within a minute
    const std::string alive = "kill -0 $(cat " + (folder / "pid").string() + ") 2>/dev/null";
    if (std::system(alive.c_str()) != 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const std::string output = read_file(log);
  EXPECT_NE(output.find("SIGTERM"), std::string::npos) << output;
  ASSERT_TRUE(fs::exists(stopped / "checkpoint.rank0.pfc")) << output;
  ASSERT_TRUE(fs::exists(stopped / "checkpoint.rank1.pfc")) << output;
  EXPECT_FALSE(fs::exists(stopped / "final.pvtr")) << "the run ended before the signal:\n"
                                                   << output;

  const Result resumed = run_ranks(2,
                                   base + " --set output.dir=" + stopped.string() + " --restart " +
                                       (stopped / "checkpoint.pfc").string(),
                                   folder);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  expect_identical(final_fields(whole), final_fields(stopped), "restarted on 2 ranks");

  // On another number of ranks the checkpoint is refused with a clear message.
  const Result other = run_ranks(3,
                                 base + " --set output.dir=" + stopped.string() + " --restart " +
                                     (stopped / "checkpoint.pfc").string(),
                                 folder);
  EXPECT_EQ(other.exit_code, 2) << other.output;
}

}  // namespace
