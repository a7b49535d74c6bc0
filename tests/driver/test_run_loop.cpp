// The run loop on a scripted time-accurate solver: output cadence, and the stop on a non-physical
// state with step, time and cell named and the last good output kept.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/driver/run_loop.hpp"

namespace portaflow {
namespace {

// A 1D "solver" whose state is rho = 1 + t everywhere, until it turns NaN at a chosen step.
class ScriptedSolver : public TimeAccurateSolver {
 public:
  ScriptedSolver(int cells, double dt, long long bad_from_step)
      : cells_(cells), dt_(dt), bad_from_step_(bad_from_step) {}
  double time() const override { return time_; }
  long long cell_count() const override { return cells_; }
  double stable_time_step() override { return bad() ? std::nan("") : dt_; }
  void advance(double dt) override {
    time_ += dt;
    ++steps_;
  }
  SolutionSnapshot snapshot() const override {
    SolutionSnapshot s;
    s.kind = OutputKind::kCells;
    s.time = time_;
    for (int k = 0; k <= cells_; ++k) s.edges[0].push_back(k / double(cells_));
    s.fields = {{"rho", std::vector<double>(cells_, 1 + time_)},
                {"u", std::vector<double>(cells_, 0.0)},
                {"p", std::vector<double>(cells_, 1.0)}};
    return s;
  }
  Monitors monitors() const override { return {{"mass"}, {1 + time_}}; }
  std::optional<NonPhysicalCell> find_nonphysical() const override {
    if (!bad()) return std::nullopt;
    NonPhysicalCell cell;
    cell.index[0] = 7;
    cell.position[0] = 0.75;
    cell.rho = std::nan("");
    cell.pressure = -1;
    return cell;
  }
  SolverState save_state() const override { return {time_, steps_, {}}; }
  void restore_state(const SolverState& s) override {
    time_ = s.time;
    steps_ = s.steps;
  }
  long long steps() const override { return steps_; }

 private:
  bool bad() const { return steps_ >= bad_from_step_; }
  int cells_;
  double dt_;
  long long bad_from_step_;
  double time_ = 0;
  long long steps_ = 0;
};

RunOutcome run(const RunConfig& config, Solver& solver, std::ostream& log) {
  TimeSplit split;
  return run_solver(config, solver, log, std::nullopt, split);
}

RunConfig config_in(const std::filesystem::path& dir) {
  RunConfig c;
  c.mesh.cells[0] = 10;
  c.time.t_end = 1.0;
  c.output.dir = dir.string();
  c.output.every = 0.25;
  c.output.progress_seconds = 0;
  return c;
}

TEST(RunLoop, WritesFramesAtOutputTimesAndFinalState) {
  io::test_support::TemporaryFolder folder;
  ScriptedSolver solver(10, 0.1, std::numeric_limits<long long>::max());
  std::ostringstream log;
  const RunOutcome summary = run(config_in(folder.path()), solver, log);
  // dt = 0.1 clipped at the output times 0.25, 0.5, 0.75: 0.1 0.1 0.05 | 0.1 0.1 0.05 | ... = 12.
  EXPECT_EQ(summary.steps, 12);
  EXPECT_DOUBLE_EQ(summary.time, 1.0);
  for (const char* f :
       {"solution_0000.vtr", "solution_0004.vtr", "solution.pvd", "final.csv", "history.csv"})
    EXPECT_TRUE(std::filesystem::exists(folder / f)) << f;
  EXPECT_FALSE(std::filesystem::exists(folder / "solution_0005.vtr"));
  const std::string pvd = io::test_support::read_file(folder / "solution.pvd");
  EXPECT_NE(pvd.find("timestep=\"0.75\""), std::string::npos) << pvd;
}

TEST(RunLoop, StopsOnNonPhysicalStateAndKeepsLastGoodOutput) {
  io::test_support::TemporaryFolder folder;
  ScriptedSolver solver(10, 0.1, 4);  // goes bad after step 4 (t = 0.35)
  std::ostringstream log;
  try {
    run(config_in(folder.path()), solver, log);
    FAIL() << "the driver ran past a non-physical state";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::kNonPhysical);
    const std::string msg = e.what();
    EXPECT_NE(msg.find("after step 4"), std::string::npos) << msg;
    EXPECT_NE(msg.find("t = 0.35"), std::string::npos) << msg;
    EXPECT_NE(msg.find("cell (7) at x = (0.75)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("solution_0001.vtr (t = 0.25)"), std::string::npos) << msg;
  }
  // Frames 0 (t = 0) and 1 (t = 0.25) stay; nothing after the failure was written.
  EXPECT_TRUE(std::filesystem::exists(folder / "solution_0001.vtr"));
  EXPECT_FALSE(std::filesystem::exists(folder / "solution_0002.vtr"));
  EXPECT_FALSE(std::filesystem::exists(folder / "final.csv"));
  EXPECT_TRUE(std::filesystem::exists(folder / "history.csv"));
}

TEST(RunLoop, MaxStepsStopsEarly) {
  io::test_support::TemporaryFolder folder;
  ScriptedSolver solver(10, 0.1, std::numeric_limits<long long>::max());
  RunConfig config = config_in(folder.path());
  config.time.max_steps = 3;
  std::ostringstream log;
  const RunOutcome summary = run(config, solver, log);
  EXPECT_EQ(summary.steps, 3);
  EXPECT_NEAR(summary.time, 0.25, 1e-15);
}

}  // namespace
}  // namespace portaflow
