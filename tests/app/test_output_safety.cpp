// Outputs that are never mixed up or lost: a run into another run's folder is refused unless
// --overwrite / output.overwrite, which clears that run's files and nothing else; temporaries of
// dead processes are cleared; a write that fails mid-run (the file-size limit standing in for a
// full disk) stops the run with the file's name and keeps the last good output.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "app/portaflow_command.hpp"
#include "io/temporary_folder.hpp"
#include "portaflow/io/atomic_write.hpp"

namespace portaflow {
namespace {

namespace fs = std::filesystem;
using io::test_support::read_file;
using io::test_support::TemporaryFolder;
using io::test_support::write_file;
using test_support::mentions;
using test_support::run_portaflow;
using test_support::shipped_deck;

// CE/SE Sod on 200 cells: 1D frames (.vtr), quick.
std::string sod_into(const fs::path& dir, const std::string& every) {
  return "run " + shipped_deck("cese/sod.yaml") +
         " --set mesh.cells=200 --set output.every=" + every +
         " --set output.progress_seconds=0 --set output.dir=" + dir.string();
}

// A pid no process has: a child that has exited and been reaped.
long dead_pid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

TEST(OutputFolder, AnotherRunsFilesAreRefusedUnlessOverwrite) {
  TemporaryFolder folder;
  const fs::path out = folder / "out";
  ASSERT_EQ(run_portaflow(sod_into(out, "0.02"), folder).exit_code, 0);  // frames 0 .. 10
  ASSERT_TRUE(fs::exists(out / "solution_0010.vtr"));
  write_file(out / "notes.txt", "mine");

  const auto refused = run_portaflow(sod_into(out, "0.1"), folder);
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_TRUE(
      mentions(refused.output, "output folder '" + out.string() + "' holds another run's files"))
      << refused.output;
  EXPECT_TRUE(mentions(refused.output, "--overwrite")) << refused.output;
  EXPECT_TRUE(fs::exists(out / "solution_0010.vtr")) << "a refused run must not touch the folder";

  const auto overwritten = run_portaflow(sod_into(out, "0.1") + " --overwrite", folder);
  ASSERT_EQ(overwritten.exit_code, 0) << overwritten.output;
  EXPECT_TRUE(mentions(overwritten.output, "--overwrite: removed")) << overwritten.output;
  EXPECT_TRUE(fs::exists(out / "solution_0002.vtr"));
  EXPECT_FALSE(fs::exists(out / "solution_0003.vtr")) << "the earlier run's frame 3 is left";
  EXPECT_FALSE(fs::exists(out / "solution_0010.vtr")) << "the earlier run's frame 10 is left";
  EXPECT_EQ(read_file(out / "notes.txt"), "mine") << "a file that is not PortaFlow's was touched";
  const std::string pvd = read_file(out / "solution.pvd");
  EXPECT_FALSE(mentions(pvd, "solution_0003")) << pvd;

  // The deck key does the same as the option.
  const auto by_key = run_portaflow(sod_into(out, "0.05") + " --set output.overwrite=true", folder);
  EXPECT_EQ(by_key.exit_code, 0) << by_key.output;
  EXPECT_TRUE(fs::exists(out / "solution_0004.vtr"));
}

TEST(OutputFolder, TemporariesOfDeadProcessesAreRemoved) {
  TemporaryFolder folder;
  const fs::path out = folder / "out";
  fs::create_directories(out / "solution_0001");
  const std::string dead = ".solution_0003.vtr.tmp-" + std::to_string(dead_pid()) + "-7";
  const std::string dead_piece = ".block0.vtr.tmp-" + std::to_string(dead_pid()) + "-0";
  const std::string alive = ".solution_0004.vtr.tmp-" + std::to_string(getpid()) + "-0";
  write_file(out / dead, "half a frame");
  write_file(out / "solution_0001" / dead_piece, "half a piece");
  write_file(out / alive, "being written by a live process");
  write_file(out / ".notes.tmp", "not ours");

  const auto removed = io::remove_stale_temporaries(out);
  EXPECT_EQ(removed.size(), 2u);
  EXPECT_FALSE(fs::exists(out / dead));
  EXPECT_FALSE(fs::exists(out / "solution_0001" / dead_piece));
  EXPECT_TRUE(fs::exists(out / alive)) << "a live process's temporary was removed";
  EXPECT_TRUE(fs::exists(out / ".notes.tmp"));

  // A run clears them too, and says so.
  write_file(out / dead, "half a frame");
  fs::remove_all(out / "solution_0001");
  const auto run = run_portaflow(sod_into(out, "0.1"), folder);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(mentions(run.output, "removed 1 temporary file")) << run.output;
  EXPECT_FALSE(fs::exists(out / dead));
}

// RLIMIT_FSIZE (ulimit -f) makes every write past the limit fail with EFBIG, as a full disk
// fails with ENOSPC: history.csv, rewritten whole at each frame, outgrows it mid-run while the
// frames still fit. (A small tmpfs would need root to mount; the limit works for anyone.)
TEST(OutputFolder, WriteFailureMidRunNamesTheFileAndKeepsLastGoodOutput) {
  TemporaryFolder folder;
  const fs::path out = folder / "out";
  // 64 blocks: 32 KiB (dash counts 512-byte blocks) or 64 KiB; a frame is under 10 KiB, the
  // history of 1000 steps about 100 KiB.
  const auto run =
      run_portaflow(sod_into(out, "0.0125") + " --set mesh.cells=800 --set time.cfl=0.2", folder,
                    "ulimit -f 64;");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(mentions(run.output, "could not write '" + (out / "history.csv").string() + "'"))
      << run.output;
  EXPECT_TRUE(mentions(run.output, "File too large")) << run.output;
  EXPECT_TRUE(mentions(run.output, "last good output: " + (out / "solution_").string()))
      << run.output;
  const std::size_t at = run.output.find("last good output: ");
  ASSERT_NE(at, std::string::npos);
  const std::string last_good = run.output.substr(at + 18, run.output.find(' ', at + 18) - at - 18);
  const std::string frame = read_file(last_good);
  EXPECT_TRUE(mentions(frame, "</VTKFile>")) << last_good << " is not a whole frame";
  for (const auto& entry : fs::directory_iterator(out))
    EXPECT_FALSE(mentions(entry.path().filename().string(), ".tmp")) << entry.path();
}

TEST(OutputFolder, UnwritableFolderIsNamed) {
  if (geteuid() == 0) GTEST_SKIP() << "root may write into a read-only folder";
  TemporaryFolder folder;
  const fs::path out = folder / "out";
  fs::create_directories(out);
  fs::permissions(out, fs::perms::owner_read | fs::perms::owner_exec);
  const auto run = run_portaflow(sod_into(out, "0.1"), folder);
  fs::permissions(out, fs::perms::owner_all);
  EXPECT_NE(run.exit_code, 0);
  EXPECT_TRUE(mentions(run.output, out.string())) << run.output;
}

}  // namespace
}  // namespace portaflow
