// The portaflow command as a user meets it: exit codes, messages on stderr, the files a run
// writes. Runs the built binary on the shipped decks.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>

#include "app/portaflow_command.hpp"
#include "io/temporary_folder.hpp"

namespace portaflow {
namespace {

using io::test_support::read_file;
using io::test_support::TemporaryFolder;

using test_support::run_portaflow;
using Result = test_support::CommandResult;

std::string deck(const std::string& name) { return test_support::shipped_deck(name); }

TEST(Cli, VersionNamesBackendAndPrecision) {
  TemporaryFolder folder;
  const Result r = run_portaflow("--version", folder);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("Kokkos 3."), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("backend"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("precision"), std::string::npos) << r.output;
}

TEST(Cli, HelpAndList) {
  TemporaryFolder folder;
  EXPECT_EQ(run_portaflow("--help", folder).exit_code, 0);
  const Result list = run_portaflow("list", folder);
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.output.find("exact_riemann"), std::string::npos) << list.output;
}

TEST(Cli, UsageErrorsExitWithTwo) {
  TemporaryFolder folder;
  EXPECT_EQ(run_portaflow("", folder).exit_code, 2);
  EXPECT_EQ(run_portaflow("fly", folder).exit_code, 2);
  EXPECT_EQ(run_portaflow("run", folder).exit_code, 2);
  EXPECT_EQ(run_portaflow("run a.yaml b.yaml", folder).exit_code, 2);
  EXPECT_EQ(run_portaflow("run " + deck("exact_riemann/sod.yaml") + " --bogus", folder).exit_code,
            2);
}

TEST(Cli, RunSodWritesCsvSeriesAndResolvedDeck) {
  TemporaryFolder folder;
  const Result r = run_portaflow("run " + deck("exact_riemann/sod.yaml") + " --set output.dir=" +
                                     folder.path().string() + "/out --set mesh.cells=200",
                                 folder);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto out = folder.path() / "out";
  const std::string csv = read_file(out / "final.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "x,rho,u,p");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 201);  // header + 200 cells
  EXPECT_TRUE(std::filesystem::exists(out / "solution.pvd"));
  EXPECT_TRUE(std::filesystem::exists(out / "history.csv"));
  const std::string resolved = read_file(out / "resolved.yaml");
  EXPECT_NE(resolved.find("cells: 200"), std::string::npos) << resolved;
  EXPECT_NE(resolved.find("cfl: 0.5"), std::string::npos) << resolved;
}

TEST(Cli, BadDeckExitsWithTwoAndALocatedMessage) {
  TemporaryFolder folder;
  const auto bad = folder / "bad.yaml";
  std::ofstream(bad) << "scheme: exact_riemann\nmesh:\n  cells: 10\n  domian: [0, 1]\n";
  const Result r = run_portaflow("run " + bad.string(), folder);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  // A map is located at its first key (yaml-cpp marks), here line 3.
  EXPECT_NE(r.output.find(bad.string() + ":3:3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("missing required key 'mesh.domain'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("'mesh.domian' at " + bad.string() + ":4:3"), std::string::npos)
      << r.output;
  EXPECT_FALSE(std::filesystem::exists(folder / "output"));  // nothing written for a bad deck
}

TEST(Cli, MissingDeckExitsWithTwo) {
  TemporaryFolder folder;
  const Result r = run_portaflow("check " + (folder / "none.yaml").string(), folder);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("cannot open deck"), std::string::npos) << r.output;
}

TEST(Cli, CheckPrintsResolvedDeck) {
  TemporaryFolder folder;
  const Result r = run_portaflow("check " + deck("exact_riemann/toro3.yaml"), folder);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("p: 1000"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("OK"), std::string::npos) << r.output;
}

TEST(Cli, EveryShippedDeckPassesCheck) {
  TemporaryFolder folder;
  int decks = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(
           std::string(PORTAFLOW_SOURCE_DIR) + "/inputs")) {
    if (entry.path().extension() != ".yaml") continue;
    ++decks;
    const Result r = run_portaflow("check " + entry.path().string(), folder);
    EXPECT_EQ(r.exit_code, 0) << entry.path() << "\n" << r.output;
  }
  EXPECT_GE(decks, 6);  // sod and Toro's tests 1-5 at least
}

}  // namespace
}  // namespace portaflow
