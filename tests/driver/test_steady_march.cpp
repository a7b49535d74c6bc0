// The run loop's steady march on a scripted SteadySolver whose residuals fall geometrically: it
// stops on the residual drop or at max_cycles, writes history.csv, the .vtm series, final.vtm
// (read back with VTK) and the solver's result tables (a labelled one, and one with the march's
// outcome), and stops a run that goes non-physical with the cycle, block, node and the last good
// output kept. Also the multiblock deck at the command line.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataArray.h>
#include <vtkInformation.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkStructuredGrid.h>
#include <vtkXMLMultiBlockDataReader.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "app/portaflow_command.hpp"
#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/driver/convergence.hpp"
#include "portaflow/driver/run_loop.hpp"

namespace portaflow {
namespace {

using io::test_support::read_file;
using io::test_support::TemporaryFolder;

constexpr long long kNever = std::numeric_limits<long long>::max();

// Two 4 x 3 blocks ("lower" below "upper"); residual of equation e after k cycles:
// reference[e] * rate[e]^k, NaN in momentum_x from cycle nan_from on; the state turns
// non-physical (block 1, node (2, 1)) from cycle bad_from on, or with the NaN.
class ScriptedSteadySolver : public SteadySolver {
 public:
  struct Script {
    std::array<double, 4> rates{0.5, 0.5, 0.5, 0.5};
    std::array<double, 4> start{1.0, 2.0, 0.5, 4.0};  // the residuals before the first cycle
    long long nan_from = kNever;
    long long bad_from = kNever;
  };
  explicit ScriptedSteadySolver(Script script) : script_(script) {}

  long long cell_count() const override { return 24; }
  long long steps() const override { return cycles_; }
  const char* update_name() const override { return "node-stage updates"; }
  std::vector<std::string> residual_names() const override {
    return {"mass", "momentum_x", "momentum_y", "energy"};
  }
  void cycle() override { ++cycles_; }
  std::vector<double> residual_norms() override {
    std::vector<double> norms(4);
    for (int e = 0; e < 4; ++e) norms[e] = script_.start[e] * std::pow(script_.rates[e], cycles_);
    if (cycles_ >= script_.nan_from) norms[1] = std::nan("");
    return norms;
  }
  double lift() const { return 0.3 * (1 - std::pow(0.5, cycles_)); }
  Monitors monitors() const override { return {{"lift", "drag"}, {lift(), 0.01}}; }
  // A labelled table (the wall's cp) and one of the march's outcome.
  std::vector<ResultTable> final_tables(const MarchOutcome& outcome) const override {
    ResultTable surface{"surface_cp", {"node", "x", "y", "cp"}, {{}, {}, {}, {}}, "block", {}};
    for (int n = 0; n < 4; ++n) {
      surface.labels.push_back("upper");
      const double row[4] = {double(n), n / 3.0, 1.0, 1 - n / 3.0};
      for (int c = 0; c < 4; ++c) surface.columns[c].push_back(row[c]);
    }
    ResultTable forces{"forces",
                       {"cycles", "converged", "residual_drop", "lift", "drag"},
                       {{double(outcome.steps)},
                        {outcome.converged ? 1.0 : 0.0},
                        {outcome.residual_drop},
                        {lift()},
                        {0.01}}};
    return {surface, forces};
  }
  SolutionSnapshot snapshot() const override {
    SolutionSnapshot s;
    s.kind = OutputKind::kBlocks;
    s.dimension = 2;
    s.step = cycles_;
    for (int b = 0; b < 2; ++b) {
      BlockSnapshot block;
      block.name = b == 0 ? "lower" : "upper";
      block.nodes = {4, 3, 1};
      std::vector<double> rho, u, v, p, mach, cp;
      for (int j = 0; j < 3; ++j) {
        for (int i = 0; i < 4; ++i) {
          block.coordinates.insert(block.coordinates.end(), {i / 3.0, b + j / 2.0, 0.0});
          rho.push_back(1 + 0.01 * (i + 4 * j) + 1e-3 * cycles_);
          u.push_back(0.5 + 0.1 * i);
          v.push_back(-0.05 * j + b);
          p.push_back(1 / 1.4);
          mach.push_back(0.5);
          cp.push_back(0.1 * i - 0.2 * j);
        }
      }
      block.fields = {{"rho", rho}, {"u", u}, {"v", v}, {"p", p}, {"mach", mach}, {"cp", cp}};
      s.blocks.push_back(block);
    }
    return s;
  }
  std::optional<NonPhysicalCell> find_nonphysical() const override {
    if (cycles_ < std::min(script_.nan_from, script_.bad_from)) return std::nullopt;
    NonPhysicalCell node;
    node.block = 1;
    node.index = {2, 1, 0};
    node.position = {0.5, 0.75, 0};
    node.rho = std::nan("");
    node.pressure = -1;
    return node;
  }
  SolverState save_state() const override { return {0, cycles_, {}}; }
  void restore_state(const SolverState& state) override { cycles_ = state.steps; }

 private:
  Script script_;
  long long cycles_ = 0;
};

RunOutcome run_to_steady(const RunConfig& config, Solver& solver, std::ostream& log) {
  TimeSplit split;
  return run_solver(config, solver, log, std::nullopt, split);
}

RunConfig config_in(const std::filesystem::path& dir) {
  RunConfig c;
  c.scheme_name = "scripted";
  c.time.march = MarchKind::kSteady;
  c.mesh.dimension = 2;
  c.time.residual_drop = 1e-3;
  c.time.max_cycles = 1000;
  c.output.dir = dir.string();
  c.output.progress_seconds = 0;
  return c;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<double> row_values(const std::string& line) {
  std::vector<double> values;
  std::istringstream cells(line);
  for (std::string cell; std::getline(cells, cell, ',');)
    values.push_back(std::strtod(cell.c_str(), nullptr));
  return values;
}

const char* kHistoryHeader =
    "cycle,wall_seconds,res_mass,res_momentum_x,res_momentum_y,res_energy,drop,lift,drag";

TEST(SteadyMarch, StopsWhenEveryResidualHasDropped) {
  TemporaryFolder folder;
  // Energy falls slowest: 0.7^20 = 8.0e-4 is its first value below 1e-3 (0.7^19 = 1.1e-3).
  ScriptedSteadySolver::Script script;
  script.rates = {0.5, 0.5, 0.5, 0.7};
  ScriptedSteadySolver solver(script);
  std::ostringstream log;
  const RunOutcome summary = run_to_steady(config_in(folder.path()), solver, log);
  EXPECT_TRUE(summary.converged);
  EXPECT_EQ(summary.steps, 20);
  EXPECT_DOUBLE_EQ(summary.residual_drop, std::pow(0.7, 20));
  EXPECT_DOUBLE_EQ(solver.monitors().values[0], 0.3 * (1 - std::pow(0.5, 20)));
  EXPECT_NE(log.str().find("converged in 20 cycles"), std::string::npos) << log.str();
  EXPECT_EQ(log.str().find("not converged"), std::string::npos) << log.str();

  const auto history = lines_of(read_file(folder / "history.csv"));
  ASSERT_EQ(history.size(), 22u);  // header, cycle 0 (the reference) and cycles 1-20
  EXPECT_EQ(history[0], kHistoryHeader);
  const auto first = row_values(history[1]);
  ASSERT_EQ(first.size(), 9u);
  EXPECT_EQ(first[0], 0);
  EXPECT_EQ(first[3], 2.0);  // res_momentum_x, the reference
  EXPECT_EQ(first[6], 1.0);  // drop
  const auto last = row_values(history.back());
  EXPECT_EQ(last[0], 20);
  EXPECT_DOUBLE_EQ(last[5], 4.0 * std::pow(0.7, 20));
  EXPECT_DOUBLE_EQ(last[6], std::pow(0.7, 20));
  EXPECT_DOUBLE_EQ(last[8], 0.01);

  // output.every_cycles = 0: the series holds the last cycle only.
  const std::string pvd = read_file(folder / "solution.pvd");
  EXPECT_NE(pvd.find("timestep=\"20\""), std::string::npos) << pvd;
  EXPECT_NE(pvd.find("solution_0000.vtm"), std::string::npos) << pvd;
  EXPECT_FALSE(std::filesystem::exists(folder / "solution_0001.vtm"));
  EXPECT_TRUE(std::filesystem::exists(folder / "final.vtm"));
  const auto forces = lines_of(read_file(folder / "forces.csv"));
  ASSERT_EQ(forces.size(), 2u);
  EXPECT_EQ(forces[0], "cycles,converged,residual_drop,lift,drag");
  const auto values = row_values(forces[1]);
  EXPECT_EQ(values[0], 20);
  EXPECT_EQ(values[1], 1);
  EXPECT_DOUBLE_EQ(values[2], std::pow(0.7, 20));
  EXPECT_EQ(values[4], 0.01);
}

// An equation at round-off from the start (the z momentum of an extruded 2D flow) cannot fall by
// the target: it is measured against the largest initial residual instead, so the run converges
// when the others have fallen (0.5^10 < 1e-3 <= 0.5^9), and the summary says so.
TEST(SteadyMarch, AnEquationStartingAtRoundOffIsMeasuredAgainstTheLargest) {
  TemporaryFolder folder;
  ScriptedSteadySolver::Script script;
  script.start = {1.0, 2.0, 3e-15, 4.0};
  script.rates = {0.5, 0.5, 1.0, 0.5};  // momentum_y stays at 3e-15
  ScriptedSteadySolver solver(script);
  std::ostringstream log;
  const RunOutcome summary = run_to_steady(config_in(folder.path()), solver, log);
  EXPECT_TRUE(summary.converged) << log.str();
  EXPECT_EQ(summary.steps, 10);
  EXPECT_NE(log.str().find("momentum_y 3.000e-15 / 3.000e-15 (at round-off: measured against the "
                           "largest)"),
            std::string::npos)
      << log.str();
  // Just above the share (1e-8 of the largest) an equation keeps its own reference: never done.
  ScriptedSteadySolver::Script own = script;
  own.start[2] = 5e-8;
  ScriptedSteadySolver stuck(own);
  std::ostringstream log2;
  EXPECT_FALSE(run_to_steady(config_in(folder.path()), stuck, log2).converged);
}

TEST(SteadyMarch, StopsAtMaxCyclesAndSaysNotConverged) {
  TemporaryFolder folder;
  ScriptedSteadySolver solver(ScriptedSteadySolver::Script{});
  RunConfig config = config_in(folder.path());
  config.time.residual_drop = 1e-10;
  config.time.max_cycles = 7;
  config.output.history_every = 3;
  config.output.every_cycles = 3;
  std::ostringstream log;
  const RunOutcome summary = run_to_steady(config, solver, log);
  EXPECT_FALSE(summary.converged);
  EXPECT_EQ(summary.steps, 7);
  EXPECT_NE(log.str().find("not converged after 7 cycles"), std::string::npos) << log.str();
  const auto history = lines_of(read_file(folder / "history.csv"));
  ASSERT_EQ(history.size(), 5u);  // header, cycles 0, 3, 6 and the last, 7
  EXPECT_EQ(row_values(history[2])[0], 3);
  EXPECT_EQ(row_values(history[4])[0], 7);
  EXPECT_EQ(lines_of(read_file(folder / "forces.csv"))[1].substr(0, 4), "7,0,");
  // Frames at cycles 0, 3, 6 and the last.
  const std::string pvd = read_file(folder / "solution.pvd");
  for (const char* entry : {"timestep=\"0\" group=\"\" part=\"0\" file=\"solution_0000.vtm\"",
                            "timestep=\"6\" group=\"\" part=\"0\" file=\"solution_0002.vtm\"",
                            "timestep=\"7\" group=\"\" part=\"0\" file=\"solution_0003.vtm\""})
    EXPECT_NE(pvd.find(entry), std::string::npos) << entry << " in\n" << pvd;
}

TEST(SteadyMarch, NanResidualStopsWithCycleNodeAndLastGoodOutput) {
  TemporaryFolder folder;
  ScriptedSteadySolver::Script script;
  script.nan_from = 12;
  ScriptedSteadySolver solver(script);
  RunConfig config = config_in(folder.path());
  config.time.residual_drop = 1e-10;  // not converged before the NaN
  config.output.every_cycles = 5;
  std::ostringstream log;
  try {
    run_to_steady(config, solver, log);
    FAIL() << "the driver ran past a NaN residual";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::kNonPhysical);
    const std::string msg = e.what();
    EXPECT_NE(msg.find("at cycle 12:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("block 1, node (2, 1) at (x, y) = (0.5, 0.75): rho = nan, p = -1"),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find("the momentum_x residual is nan"), std::string::npos) << msg;
    EXPECT_NE(
        msg.find("Last good output: " + (folder / "solution_0002.vtm").string() + " (cycle 10)"),
        std::string::npos)
        << msg;
  }
  // Frames of cycles 0, 5 and 10 stay, nothing after the failure was written.
  EXPECT_TRUE(std::filesystem::exists(folder / "solution_0002.vtm"));
  EXPECT_TRUE(std::filesystem::exists(folder / "solution_0002/solution_0002_1.vts"));
  EXPECT_FALSE(std::filesystem::exists(folder / "solution_0003.vtm"));
  EXPECT_FALSE(std::filesystem::exists(folder / "final.vtm"));
  EXPECT_FALSE(std::filesystem::exists(folder / "forces.csv"));
  const auto history = lines_of(read_file(folder / "history.csv"));
  ASSERT_EQ(history.size(), 13u);  // header and cycles 0-11
  EXPECT_EQ(history[0], kHistoryHeader);
  EXPECT_EQ(row_values(history.back())[0], 11);
}

TEST(SteadyMarch, NonPhysicalStateFoundAtAHistoryRow) {
  TemporaryFolder folder;
  ScriptedSteadySolver::Script script;
  script.bad_from = 6;  // residuals stay finite: only find_nonphysical() sees it
  ScriptedSteadySolver solver(script);
  RunConfig config = config_in(folder.path());
  config.output.history_every = 4;
  std::ostringstream log;
  try {
    run_to_steady(config, solver, log);
    FAIL() << "the driver ran past a non-physical state";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::kNonPhysical);
    const std::string msg = e.what();
    EXPECT_NE(msg.find("at cycle 8:"), std::string::npos) << msg;  // the first row after it
    EXPECT_NE(msg.find("Last good output: none"), std::string::npos) << msg;
  }
  EXPECT_FALSE(std::filesystem::exists(folder / "final.vtm"));
}

TEST(SteadyMarch, FinalVtmReadsBackWithNodeFieldsAndVelocity) {
  TemporaryFolder folder;
  ScriptedSteadySolver solver(ScriptedSteadySolver::Script{});
  std::ostringstream log;
  run_to_steady(config_in(folder.path()), solver, log);
  const SolutionSnapshot written = solver.snapshot();

  vtkNew<vtkXMLMultiBlockDataReader> reader;
  reader->SetFileName((folder / "final.vtm").c_str());
  reader->Update();
  auto* blocks = vtkMultiBlockDataSet::SafeDownCast(reader->GetOutputDataObject(0));
  ASSERT_NE(blocks, nullptr);
  ASSERT_EQ(blocks->GetNumberOfBlocks(), 2u);
  for (unsigned b = 0; b < 2; ++b) {
    SCOPED_TRACE("block " + std::to_string(b));
    const BlockSnapshot& source = written.blocks[b];
    EXPECT_EQ(std::string(blocks->GetMetaData(b)->Get(vtkCompositeDataSet::NAME())), source.name);
    auto* grid = vtkStructuredGrid::SafeDownCast(blocks->GetBlock(b));
    ASSERT_NE(grid, nullptr);
    int dimensions[3];
    grid->GetDimensions(dimensions);
    EXPECT_EQ(dimensions[0], 4);
    EXPECT_EQ(dimensions[1], 3);
    EXPECT_EQ(dimensions[2], 1);
    ASSERT_EQ(grid->GetNumberOfPoints(), 12);
    for (vtkIdType n = 0; n < 12; ++n) {
      double point[3];
      grid->GetPoint(n, point);
      for (int d = 0; d < 3; ++d) ASSERT_EQ(point[d], source.coordinates[3 * n + d]);
    }
    vtkPointData* data = grid->GetPointData();
    EXPECT_EQ(data->GetNumberOfArrays(), 7);  // the six snapshot fields and velocity
    for (const HostField& field : source.fields) {
      vtkDataArray* array = data->GetArray(field.name.c_str());
      ASSERT_NE(array, nullptr) << field.name;
      ASSERT_EQ(array->GetNumberOfComponents(), 1);
      for (vtkIdType n = 0; n < 12; ++n) ASSERT_EQ(array->GetComponent(n, 0), field.values[n]);
    }
    vtkDataArray* velocity = data->GetArray("velocity");
    ASSERT_NE(velocity, nullptr);
    ASSERT_EQ(velocity->GetNumberOfComponents(), 3);
    for (vtkIdType n = 0; n < 12; ++n) {
      EXPECT_EQ(velocity->GetComponent(n, 0), source.fields[1].values[n]);  // u
      EXPECT_EQ(velocity->GetComponent(n, 1), source.fields[2].values[n]);  // v
      EXPECT_EQ(velocity->GetComponent(n, 2), 0.0);
    }
  }
}

TEST(SteadyMarch, SurfacePressureCsvInWallOrder) {
  TemporaryFolder folder;
  ScriptedSteadySolver solver(ScriptedSteadySolver::Script{});
  std::ostringstream log;
  run_to_steady(config_in(folder.path()), solver, log);
  const auto rows = lines_of(read_file(folder / "surface_cp.csv"));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0], "block,node,x,y,cp");
  EXPECT_EQ(rows[1], "upper,0,0,1,1");
  EXPECT_EQ(rows[4], "upper,3,1,1,0");
}

TEST(SteadyMarch, ProgressLinesShowRateAndEta) {
  TemporaryFolder folder;
  ScriptedSteadySolver solver(ScriptedSteadySolver::Script{});
  RunConfig config = config_in(folder.path());
  config.output.progress_seconds = 1e-9;  // a line every cycle
  std::ostringstream log;
  run_to_steady(config, solver, log);
  const std::string text = log.str();
  EXPECT_NE(text.find("cycle 3  log10(residual drop) -0.90 (target -3.0)  lift "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("node-stage updates/s  ETA "), std::string::npos) << text;
  EXPECT_NE(text.find("(residual trend)"), std::string::npos) << text;
}

TEST(SteadyMarch, EtaFollowsTheResidualTrendOrMaxCycles) {
  // log10 drop = -0.1 cycle: 10^-10 is 80 cycles past cycle 20.
  const std::vector<std::pair<long long, double>> line{{0, 0.0}, {10, -1.0}, {20, -2.0}};
  CyclesToGo to_go = estimate_cycles_to_go(line, 1e-10, 1000);
  EXPECT_EQ(to_go.cycles, 80);
  EXPECT_TRUE(to_go.from_residual_trend);
  to_go = estimate_cycles_to_go(line, 1e-10, 50);
  EXPECT_EQ(to_go.cycles, 30);
  EXPECT_FALSE(to_go.from_residual_trend);
  // Only the latter half counts: a fast start then a stall gives no trend to extrapolate.
  to_go = estimate_cycles_to_go({{0, 0.0}, {10, -5.0}, {20, -5.0}, {40, -5.0}}, 1e-10, 500);
  EXPECT_EQ(to_go.cycles, 460);
  EXPECT_FALSE(to_go.from_residual_trend);
  to_go = estimate_cycles_to_go({{0, 0.0}, {10, -11.0}}, 1e-10, 500);
  EXPECT_EQ(to_go.cycles, 0);
  EXPECT_TRUE(to_go.from_residual_trend);
}

// ---- the command line ----

using test_support::CommandResult;
using test_support::run_portaflow;

TEST(SteadyMarch, CommandLineListsChecksAndRefusesAMissingCheckpoint) {
  TemporaryFolder folder;
  const auto deck = folder / "box.yaml";
  io::test_support::write_file(deck,
                               "scheme: multiblock\n"
                               "mesh: {generator: box, nodes: [17, 17]}\n"
                               "problem: {type: freestream, mach: 0.5}\n"
                               "time: {max_cycles: 10}\n"
                               "output: {dir: " +
                                   (folder / "out").string() + "}\n");
  const CommandResult list = run_portaflow("list", folder);
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.output.find("multiblock (2D/3D): 2D and 3D curvilinear multi-block SBP"),
            std::string::npos)
      << list.output;
  const CommandResult check = run_portaflow("check " + deck.string(), folder);
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_NE(check.output.find("residual_drop: 1e-10"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("OK"), std::string::npos) << check.output;
  const CommandResult restart = run_portaflow("run " + deck.string() + " --restart x.pfc", folder);
  EXPECT_EQ(restart.exit_code, 2) << restart.output;
  EXPECT_NE(restart.output.find("cannot open checkpoint 'x.pfc'"), std::string::npos)
      << restart.output;
  EXPECT_FALSE(std::filesystem::exists(folder / "out"));
}

}  // namespace
}  // namespace portaflow
