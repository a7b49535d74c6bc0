// What a new user meets in the first runs: reruns after a failed set-up, the commands a refusal
// suggests (pasted as printed), `check` reading the mesh file, restarts that name the keys they
// change, the thread defaults, the end summary, and every quick deck with its plots.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/portaflow_command.hpp"
#include "io/temporary_folder.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow {
namespace {

namespace fs = std::filesystem;
using io::test_support::read_file;
using io::test_support::TemporaryFolder;
using test_support::mentions;
using test_support::run_portaflow;
using test_support::shipped_deck;

// The Plot3D deck copied into `folder` with its mesh file, whole or cut short.
fs::path plot3d_deck_in(const TemporaryFolder& folder, bool corrupt) {
  const fs::path deck = folder / "four_block_plot3d.yaml";
  fs::copy_file(shipped_deck("multiblock/four_block_plot3d.yaml"), deck,
                fs::copy_options::overwrite_existing);
  const std::string mesh = read_file(shipped_deck("multiblock/four_block_33.xyz"));
  std::ofstream(folder / "four_block_33.xyz", std::ios::binary)
      << (corrupt ? mesh.substr(0, 300) : mesh);
  return deck;
}

// The command after `label` on its line of `text` (a refusal's "To keep them: ...").
std::string suggested(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return "";
  const std::size_t start = text.find_first_not_of(' ', at + label.size());
  return text.substr(start, text.find('\n', start) - start);
}

TEST(FirstHour, FailedSetUpLeavesNothingThatBlocksTheRerun) {
  TemporaryFolder folder;
  const std::string out = " --set output.dir=" + (folder / "out").string() +
                          " --set time.max_cycles=5 --set output.progress_seconds=0";
  const fs::path deck = plot3d_deck_in(folder, /*corrupt=*/true);
  const auto failed = run_portaflow("run " + deck.string() + out, folder);
  EXPECT_EQ(failed.exit_code, 2) << failed.output;
  EXPECT_TRUE(mentions(failed.output, "is truncated")) << failed.output;
  EXPECT_FALSE(fs::exists(folder / "out" / "resolved.yaml"));
  plot3d_deck_in(folder, /*corrupt=*/false);
  const auto rerun = run_portaflow("run " + deck.string() + out, folder);
  EXPECT_EQ(rerun.exit_code, 0) << rerun.output;
  EXPECT_TRUE(fs::exists(folder / "out" / "resolved.yaml"));
}

TEST(FirstHour, CheckReadsTheMeshFileTheDeckNames) {
  TemporaryFolder folder;
  const fs::path deck = plot3d_deck_in(folder, /*corrupt=*/true);
  const auto corrupt = run_portaflow("check " + deck.string(), folder);
  EXPECT_EQ(corrupt.exit_code, 2) << corrupt.output;
  EXPECT_TRUE(mentions(corrupt.output, "four_block_33.xyz' is truncated")) << corrupt.output;
  plot3d_deck_in(folder, /*corrupt=*/false);
  const auto whole = run_portaflow("check " + deck.string(), folder);
  EXPECT_EQ(whole.exit_code, 0) << whole.output;
  EXPECT_TRUE(mentions(whole.output, "4 blocks, 1156 nodes")) << whole.output;
}

// Each way on that the refusal prints runs when pasted into a shell.
TEST(FirstHour, TheCommandsARefusalSuggestsWorkAsPrinted) {
  TemporaryFolder folder;
  const std::string run =
      "run " + shipped_deck("cese/sod.yaml") +
      " --set mesh.cells=100 --set output.progress_seconds=0 --set output.dir=" +
      (folder / "sod").string();
  ASSERT_EQ(run_portaflow(run + " --set output.checkpoint_every=10", folder).exit_code, 0);
  const auto refused = run_portaflow(run, folder);
  ASSERT_EQ(refused.exit_code, 2) << refused.output;
  for (const std::string label : {"To continue that run:", "To keep them:", "To replace them:"}) {
    const std::string command = suggested(refused.output, label);
    ASSERT_FALSE(command.empty()) << label << " missing in:\n" << refused.output;
    const int status = std::system((command + " > /dev/null 2>&1").c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
  }
  EXPECT_TRUE(fs::exists(folder / "sod_2" / "final.csv"));
}

TEST(FirstHour, RestartRefusesAChangedMeshAndNotesAChangedEndTime) {
  TemporaryFolder folder;
  const std::string out = (folder / "out").string();
  const std::string run =
      "run " + shipped_deck("cese/sod.yaml") +
      " --set mesh.cells=100 --set output.progress_seconds=0 --set output.dir=" + out;
  ASSERT_EQ(run_portaflow(run + " --set output.checkpoint_every=10 --set time.max_steps=10", folder)
                .exit_code,
            0);
  const std::string restart = " --restart " + out + "/checkpoint.pfc";
  const auto moved = run_portaflow(run + " --set mesh.domain=[0,2]" + restart, folder);
  EXPECT_EQ(moved.exit_code, 2) << moved.output;
  EXPECT_TRUE(mentions(moved.output, "mesh.domain [0, 1] -> [0, 2]")) << moved.output;
  const auto longer = run_portaflow(run + " --set time.t_end=0.25" + restart, folder);
  EXPECT_EQ(longer.exit_code, 0) << longer.output;
  EXPECT_TRUE(mentions(longer.output, "time.t_end 0.2 -> 0.25")) << longer.output;
  EXPECT_TRUE(mentions(longer.output, "accepted")) << longer.output;
}

TEST(FirstHour, RunsEndWithTotalsRangesAndTheTimeSplit) {
  TemporaryFolder folder;
  const auto result =
      run_portaflow("run " + shipped_deck("cese/sod.yaml") +
                        " --set mesh.cells=100 --set output.dir=" + (folder / "out").string(),
                    folder);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(mentions(result.output, "totals over the run (change relative to the start): mass "))
      << result.output;
  EXPECT_TRUE(mentions(result.output, "range: rho [0.125")) << result.output;
  EXPECT_TRUE(mentions(result.output, "time: device start-up")) << result.output;
}

#ifdef KOKKOS_ENABLE_OPENMP
// The documented defaults (README, docs/troubleshooting.md): not pinned, passive waiting, one
// thread for a problem of at most 4096 cells, the machine's threads above; the user's choice kept.
TEST(FirstHour, ThreadsDefaultAsDocumented) {
  TemporaryFolder folder;
  const std::string clean = "env -u OMP_NUM_THREADS -u OMP_PROC_BIND -u OMP_WAIT_POLICY";
  auto run_sod = [&](const std::string& cells, const std::string& env) {
    return run_portaflow(
        "run " + shipped_deck("cese/sod.yaml") + " --set mesh.cells=" + cells +
            " --set time.max_steps=2 --overwrite --set output.dir=" + (folder / "out").string(),
        folder, clean + " " + env);
  };
  const auto small = run_sod("4096", "");
  EXPECT_TRUE(mentions(small.output, "threads: 1 OpenMP thread on")) << small.output;
  EXPECT_TRUE(mentions(small.output, "not pinned, passive waiting (defaults")) << small.output;
  const auto large = run_sod("4097", "");
  const std::string all = std::to_string(std::thread::hardware_concurrency());
  EXPECT_TRUE(mentions(large.output, "threads: " + all + " OpenMP thread")) << large.output;
  const auto chosen = run_sod("100", "OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active OMP_PROC_BIND=true");
  EXPECT_TRUE(mentions(chosen.output, "threads: 2 OpenMP threads")) << chosen.output;
  EXPECT_TRUE(mentions(chosen.output, "pinned, active waiting (as set in the environment)"))
      << chosen.output;
}

// Pinning chosen but not the wait policy: the program starts again to apply its default, and the
// started program keeps every place of the first start (libgomp had bound the first start's
// thread to one place, and a started program inherits what its thread may run on: every thread
// on one core). OMP_DISPLAY_ENV makes each start print its places.
TEST(FirstHour, PinnedRunStartedAgainKeepsEveryPlace) {
  if (std::thread::hardware_concurrency() < 2)
    GTEST_SKIP() << "one processor: one place either way";
  TemporaryFolder folder;
  const auto run =
      run_portaflow("run " + shipped_deck("cese/sod.yaml") +
                        " --set mesh.cells=100 --set time.max_steps=2 --set output.dir=" +
                        (folder / "out").string(),
                    folder,
                    "env -u OMP_WAIT_POLICY OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores "
                    "OMP_DISPLAY_ENV=true");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::vector<std::string> places;
  const std::string key = "OMP_PLACES = '";
  for (std::size_t at = run.output.find(key); at != std::string::npos;
       at = run.output.find(key, at + 1))
    places.push_back(run.output.substr(at, run.output.find('\n', at) - at));
  ASSERT_EQ(places.size(), 2u) << run.output;  // the first start and the second
  EXPECT_EQ(places[1], places[0]);
  EXPECT_TRUE(mentions(run.output, "pinned, passive waiting (defaults")) << run.output;
}
#endif

// Every quick deck runs as shipped, and `portaflow plot` makes its pictures from the run.
TEST(FirstHour, EveryQuickDeckRunsAndPlots) {
  std::vector<fs::path> decks;
  for (const auto& entry : fs::recursive_directory_iterator(shipped_deck("")))
    if (entry.path().filename().string().rfind("quick_", 0) == 0 &&
        entry.path().extension() == ".yaml")
      decks.push_back(entry.path());
  std::sort(decks.begin(), decks.end());
  ASSERT_GE(decks.size(), 6u) << "a quick deck per family";
  TemporaryFolder folder;
  for (const fs::path& deck : decks) {
    const fs::path out =
        folder / (deck.parent_path().filename().string() + "_" + deck.stem().string());
    // With portaflow's own thread defaults, as a user runs it (the test preset sets
    // OMP_NUM_THREADS for the other tests).
    const auto run = run_portaflow("run " + deck.string() + " --set output.progress_seconds=0" +
                                       " --set output.dir=" + out.string(),
                                   folder, "env -u OMP_NUM_THREADS -u OMP_WAIT_POLICY");
    ASSERT_EQ(run.exit_code, 0) << deck << "\n" << run.output;
    const auto plot = run_portaflow("plot " + out.string(), folder);
    ASSERT_EQ(plot.exit_code, 0) << deck << "\n" << plot.output;
    std::size_t pictures = 0;
    for (const auto& file : fs::directory_iterator(out / "plots"))
      pictures += file.path().extension() == ".png" && fs::file_size(file.path()) > 0;
    EXPECT_GE(pictures, 1u) << deck << ": no plot in " << out / "plots";
  }
}

// docs/deck-reference.md is what `portaflow list --keys` makes of the shipped decks.
TEST(FirstHour, DeckReferenceIsCurrent) {
  std::vector<std::string> decks;
  for (const auto& entry : fs::recursive_directory_iterator(shipped_deck("")))
    if (entry.path().extension() == ".yaml") decks.push_back(entry.path().string());
  std::sort(decks.begin(), decks.end());
  TemporaryFolder folder;
  std::string arguments = "list --keys";
  for (const auto& deck : decks) arguments += " " + deck;
  const auto made = run_portaflow(arguments, folder);
  ASSERT_EQ(made.exit_code, 0) << made.output;
  const std::string committed =
      read_file(fs::path(PORTAFLOW_SOURCE_DIR) / "docs" / "deck-reference.md");
  EXPECT_TRUE(made.output == committed)
      << "docs/deck-reference.md is out of date: remake it with ci/deck-reference.sh";
}

}  // namespace
}  // namespace portaflow
