// Checkpoint/restart: a run continued from a checkpoint ends bit for bit where the uninterrupted
// run ends, on the same backend; the VTK series and history continue.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>

#include "app/portaflow_command.hpp"
#include "io/temporary_folder.hpp"

namespace portaflow {
namespace {

using io::test_support::read_file;
using io::test_support::TemporaryFolder;

int run(const std::string& arguments, const TemporaryFolder& folder) {
  return test_support::run_portaflow(arguments, folder).exit_code;
}

std::string deck(const std::string& name) { return test_support::shipped_deck(name); }

void expect_restart_is_bitwise(const std::string& deck_name, const std::string& size,
                               const std::string& final_file) {
  TemporaryFolder folder;
  const std::string whole = (folder / "whole").string(), cut = (folder / "cut").string();
  const std::string common = " --set " + size + " --set output.progress_seconds=0";
  // The uninterrupted run, checkpointing every 25 steps (the last checkpoint is kept).
  ASSERT_EQ(run("run " + deck(deck_name) + common + " --set output.dir=" + whole +
                    " --set output.checkpoint_every=25",
                folder),
            0)
      << read_file(folder / "command.log");
  // A run stopped at step 50 (its checkpoint is at step 50), then continued to the end.
  ASSERT_EQ(run("run " + deck(deck_name) + common + " --set output.dir=" + cut +
                    " --set output.checkpoint_every=25 --set time.max_steps=50",
                folder),
            0);
  ASSERT_EQ(run("run " + deck(deck_name) + common + " --set output.dir=" + cut + " --restart " +
                    cut + "/checkpoint.pfc",
                folder),
            0)
      << read_file(folder / "command.log");
  EXPECT_NE(read_file(folder / "command.log").find("restarted at step 50"), std::string::npos);
  const std::string a = read_file(std::filesystem::path(whole) / final_file);
  const std::string b = read_file(std::filesystem::path(cut) / final_file);
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(a == b) << final_file << " differs after restart";
  EXPECT_EQ(read_file(std::filesystem::path(whole) / "history.csv"),
            read_file(std::filesystem::path(cut) / "history.csv"));
  EXPECT_EQ(read_file(std::filesystem::path(whole) / "solution.pvd"),
            read_file(std::filesystem::path(cut) / "solution.pvd"));
}

TEST(Restart, Cese1DContinuesBitwise) {
  expect_restart_is_bitwise("cese/blast_wave.yaml", "mesh.cells=400", "final.csv");
}

TEST(Restart, Cese2DContinuesBitwise) {
  expect_restart_is_bitwise("cese/riemann_2d_thesis.yaml",
                            "mesh.cells=[48,40] --set time.t_end=0.3 --set output.every=0.1",
                            "final.vtr");
}

// MUSCL-Hancock 2D: the fused team step keeps the next step's wave rate from the step before;
// a restart recomputes it from the state, which must give the same dt bit for bit, and the
// x-y / y-x alternation continues from the restored step count.
TEST(Restart, MusclHancock2DContinuesBitwise) {
  expect_restart_is_bitwise("fv/riemann_2d_blakely.yaml",
                            "mesh.cells=[200,180] --set fv.flux=hllc --set output.every=0.1",
                            "final.vtr");
}

TEST(Restart, Muscl2DContinuesBitwise) {
  expect_restart_is_bitwise("fv/radial_explosion.yaml", "mesh.cells=[80,80]", "final.vtr");
}

// The incompressible solver: psi and omega are its whole state (the wall vorticity and the
// velocities follow from them).
TEST(Restart, StreamfunctionVorticityContinuesBitwise) {
  expect_restart_is_bitwise("incompressible/cavity_re100.yaml",
                            "mesh.cells=[16,16] --set time.t_end=3 --set output.every=0.5",
                            "final.vts");
}

// High-order elements: the state at every solution point is the whole of the solver's state.
TEST(Restart, HighOrderCprContinuesBitwise) {
  expect_restart_is_bitwise("highorder/vortex_cpr_p2.yaml",
                            "mesh.cells=[16,16] --set time.t_end=2 --set output.every=1",
                            "final.vtu");
}

TEST(Restart, CheckpointOfAnotherRunIsRejected) {
  TemporaryFolder folder;
  const std::string out = (folder / "a").string();
  ASSERT_EQ(
      run("run " + deck("cese/sod.yaml") + " --set output.dir=" + out +
              " --set output.checkpoint_every=10 --set time.max_steps=10 --set mesh.cells=100",
          folder),
      0);
  EXPECT_EQ(run("run " + deck("cese/sod.yaml") + " --set output.dir=" + out +
                    " --set mesh.cells=200 --restart " + out + "/checkpoint.pfc",
                folder),
            2);
  EXPECT_NE(read_file(folder / "command.log").find("was written by a cese1d run"),
            std::string::npos)
      << read_file(folder / "command.log");
  EXPECT_EQ(run("run " + deck("cese/sod.yaml") + " --restart " + (folder / "nothing.pfc").string(),
                folder),
            2);
}

}  // namespace
}  // namespace portaflow
