// Every class of bad deck gets an InputError naming file:line:column, the key, what was expected
// and what was found. Line numbers below are those of the deck texts here.
#include <gtest/gtest.h>

#include <fstream>

#include "config/deck_test_support.hpp"
#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/scheme_registry.hpp"

namespace portaflow {
namespace {

// A valid deck; each test breaks one thing in it.
const std::string kGoodDeck = R"(scheme: exact_riemann
problem:
  type: riemann
  left:  {rho: 1.0, u: 0.0, p: 1.0}
  right: {rho: 0.125, u: 0.0, p: 0.1}
  x0: 0.5
mesh:
  cells: 100
  domain: [0.0, 1.0]
time:
  t_end: 0.25
output:
  dir: out/sod
)";

using test::error_of;
using test::replace;

TEST(DeckErrors, GoodDeckReadsWithDefaultsFilled) {
  DeckReader deck = DeckReader::from_string(kGoodDeck, "deck.yaml");
  const RunConfig config = read_run_config(deck);
  EXPECT_EQ(config.scheme_name, "exact_riemann");
  EXPECT_EQ(config.mesh.cells[0], 100);
  EXPECT_DOUBLE_EQ(config.problem.riemann.right.rho, 0.125);
  EXPECT_DOUBLE_EQ(config.time.cfl, 0.5);  // the documented default
  EXPECT_DOUBLE_EQ(config.physics.gamma, 1.4);
  const std::string resolved = deck.resolved_text();
  EXPECT_NE(resolved.find("cfl: 0.5"), std::string::npos) << resolved;
  EXPECT_NE(resolved.find("gamma: 1.4"), std::string::npos) << resolved;
  // The resolved deck reads back to the same configuration.
  DeckReader again = DeckReader::from_string(resolved, "resolved.yaml");
  const RunConfig config2 = read_run_config(again);
  EXPECT_EQ(config2.mesh.cells[0], 100);
  EXPECT_EQ(config2.output.dir, "out/sod");
}

TEST(DeckErrors, UnknownKeyNamesLineColumnAndSuggestion) {
  const std::string msg =
      error_of(replace(kGoodDeck, "  t_end: 0.25", "  t_end: 0.25\n  cfll: 0.4"));
  EXPECT_NE(msg.find("deck.yaml:12:3"), std::string::npos) << msg;
  EXPECT_NE(msg.find("unknown key 'time.cfll'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("did you mean 'time.cfl'"), std::string::npos) << msg;
}

// A key written twice in one map (yaml-cpp would keep both and answer with the first), a whole
// section twice, and the scheme twice: each an error naming both lines.
TEST(DeckErrors, RepeatedKeyNamesBothLines) {
  std::string msg = error_of(replace(kGoodDeck, "  t_end: 0.25", "  t_end: 0.25\n  t_end: 0.5"));
  EXPECT_NE(msg.find("deck.yaml:12:3"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'time.t_end' given twice"), std::string::npos) << msg;
  EXPECT_NE(msg.find("first at deck.yaml:11:3"), std::string::npos) << msg;
  msg = error_of(kGoodDeck + "time:\n  t_end: 0.5\n");
  EXPECT_NE(msg.find("deck.yaml:14:1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'time' given twice"), std::string::npos) << msg;
  EXPECT_NE(msg.find("first at deck.yaml:10:1"), std::string::npos) << msg;
  msg = error_of(kGoodDeck + "scheme: cese1d\n");
  EXPECT_NE(msg.find("'scheme' given twice"), std::string::npos) << msg;
  EXPECT_NE(msg.find("first at deck.yaml:1:1"), std::string::npos) << msg;
  // In a flow map too.
  msg = error_of(
      replace(kGoodDeck, "{rho: 1.0, u: 0.0, p: 1.0}", "{rho: 1.0, u: 0.0, p: 1.0, rho: 2}"));
  EXPECT_NE(msg.find("'problem.left.rho' given twice"), std::string::npos) << msg;
}

TEST(DeckErrors, WrongTypeNamesKeyExpectedAndFound) {
  const std::string msg = error_of(replace(kGoodDeck, "cells: 100", "cells: many"));
  EXPECT_NE(msg.find("deck.yaml:8:10"), std::string::npos) << msg;
  EXPECT_NE(msg.find("key 'mesh.cells'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("expected an integer"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found 'many'"), std::string::npos) << msg;
}

TEST(DeckErrors, RealWhereIntegerExpected) {
  const std::string msg = error_of(replace(kGoodDeck, "cells: 100", "cells: 100.5"));
  EXPECT_NE(msg.find("deck.yaml:8:10"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found '100.5'"), std::string::npos) << msg;
}

TEST(DeckErrors, OutOfRangeNamesTheRange) {
  const std::string msg =
      error_of(replace(kGoodDeck, "  t_end: 0.25", "  t_end: 0.25\n  cfl: 1.5"));
  EXPECT_NE(msg.find("deck.yaml:12:8"), std::string::npos) << msg;
  EXPECT_NE(msg.find("key 'time.cfl'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("in (0, 1]"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found '1.5'"), std::string::npos) << msg;
}

TEST(DeckErrors, NegativeDensityIsOutOfRange) {
  const std::string msg = error_of(replace(kGoodDeck, "rho: 0.125", "rho: -0.125"));
  EXPECT_NE(msg.find("deck.yaml:5:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("key 'problem.right.rho'"), std::string::npos) << msg;
}

TEST(DeckErrors, MissingRequiredKeyNamesTheEnclosingMap) {
  const std::string msg = error_of(replace(kGoodDeck, "  t_end: 0.25\n", "  cfl: 0.5\n"));
  EXPECT_NE(msg.find("deck.yaml:11:3"), std::string::npos) << msg;  // the 'time' map
  EXPECT_NE(msg.find("missing required key 'time.t_end'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("a real number > 0"), std::string::npos) << msg;
}

TEST(DeckErrors, MissingKeyWithTypoPointsAtTheTypo) {
  const std::string msg = error_of(replace(kGoodDeck, "t_end: 0.25", "t_edn: 0.25"));
  EXPECT_NE(msg.find("missing required key 'time.t_end'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'time.t_edn' at deck.yaml:11:3"), std::string::npos) << msg;
}

// A typo inside a nested state names the misspelt key, not a valid sibling that happens to be
// as close ('u' is one edit from 'p' too).
TEST(DeckErrors, TypoInANestedStateNamesTheTypo) {
  const std::string msg =
      error_of(replace(kGoodDeck, "{rho: 1.0, u: 0.0, p: 1.0}", "{rho: 1.0, u: 0.0, pp: 1.0}"));
  EXPECT_NE(msg.find("missing required key 'problem.left.p'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found 'problem.left.pp'"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("found 'problem.left.u'"), std::string::npos) << msg;
}

// An unknown key given by --set is blamed on that argument, not on the deck (item 2c).
TEST(DeckErrors, UnknownKeyFromSetNamesTheArgument) {
  try {
    DeckReader deck = DeckReader::from_string(kGoodDeck, "deck.yaml", {"tim.cfl=0.5"});
    read_run_config(deck);
    ADD_FAILURE() << "accepted --set tim.cfl=0.5";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("--set tim.cfl=0.5: error: unknown key 'tim'", 0), 0u) << msg;
  }
}

TEST(DeckErrors, MissingTopLevelKey) {
  const std::string msg = error_of(replace(kGoodDeck, "scheme: exact_riemann\n", ""));
  EXPECT_NE(msg.find("missing required key 'scheme'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("exact_riemann"), std::string::npos) << msg;  // lists the choices
}

TEST(DeckErrors, UnknownChoiceListsTheChoices) {
  const std::string msg = error_of(replace(kGoodDeck, "scheme: exact_riemann", "scheme: magic"));
  EXPECT_NE(msg.find("deck.yaml:1:9"), std::string::npos) << msg;
  EXPECT_NE(msg.find("expected one of exact_riemann"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found 'magic'"), std::string::npos) << msg;
}

TEST(DeckErrors, MalformedYamlGivesParserPosition) {
  const std::string msg = error_of(replace(kGoodDeck, "domain: [0.0, 1.0]", "domain: [0.0, 1.0"));
  EXPECT_NE(msg.find("deck.yaml:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("malformed YAML"), std::string::npos) << msg;
}

TEST(DeckErrors, MapWhereScalarExpected) {
  const std::string msg = error_of(replace(kGoodDeck, "x0: 0.5", "x0: {at: 0.5}"));
  EXPECT_NE(msg.find("deck.yaml:6:7"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found a map"), std::string::npos) << msg;
}

TEST(DeckErrors, ScalarWhereMapExpected) {
  const std::string msg =
      error_of(replace(kGoodDeck, "  left:  {rho: 1.0, u: 0.0, p: 1.0}", "  left: 3"));
  EXPECT_NE(msg.find("deck.yaml:4:9"), std::string::npos) << msg;
  EXPECT_NE(msg.find("key 'problem.left': expected a map"), std::string::npos) << msg;
}

TEST(DeckErrors, WrongListLength) {
  const std::string msg = error_of(replace(kGoodDeck, "[0.0, 1.0]", "[0.0, 1.0, 2.0]"));
  EXPECT_NE(msg.find("deck.yaml:9:11"), std::string::npos) << msg;
  EXPECT_NE(msg.find("a list of 2 real numbers"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found a list of 3 item(s)"), std::string::npos) << msg;
}

TEST(DeckErrors, InvertedDomain) {
  const std::string msg = error_of(replace(kGoodDeck, "[0.0, 1.0]", "[1.0, 0.0]"));
  EXPECT_NE(msg.find("key 'mesh.domain'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("maximum must exceed"), std::string::npos) << msg;
}

TEST(DeckErrors, EmptyDeck) {
  const std::string msg = error_of("# nothing here\n");
  EXPECT_NE(msg.find("the deck is empty"), std::string::npos) << msg;
}

TEST(DeckErrors, MissingFile) {
  try {
    DeckReader::from_file("/nonexistent/folder/deck.yaml");
    FAIL() << "no error for a missing file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open deck '/nonexistent/folder/deck.yaml'"),
              std::string::npos)
        << e.what();
  }
}

TEST(DeckErrors, ReadsFromFileWithItsName) {
  io::test_support::TemporaryFolder folder;
  const auto path = folder.path() / "bad.yaml";
  std::ofstream(path) << replace(kGoodDeck, "cells: 100", "cells: -3");
  try {
    DeckReader deck = DeckReader::from_file(path);
    read_run_config(deck);
    FAIL() << "no error for cells: -3";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ":8:10"), std::string::npos) << e.what();
  }
}

TEST(DeckOverrides, OverrideReplacesValueAndIsWrittenResolved) {
  DeckReader deck =
      DeckReader::from_string(kGoodDeck, "deck.yaml", {"time.t_end=0.2", "mesh.cells=400"});
  const RunConfig config = read_run_config(deck);
  EXPECT_DOUBLE_EQ(config.time.t_end, 0.2);
  EXPECT_EQ(config.mesh.cells[0], 400);
  EXPECT_NE(deck.resolved_text().find("cells: 400"), std::string::npos);
}

TEST(DeckOverrides, OverrideCanAddANewMapValue) {
  DeckReader deck =
      DeckReader::from_string(kGoodDeck, "deck.yaml", {"problem.left={rho: 2, u: 0, p: 3}"});
  const RunConfig config = read_run_config(deck);
  EXPECT_DOUBLE_EQ(config.problem.riemann.left.rho, 2.0);
  EXPECT_DOUBLE_EQ(config.problem.riemann.left.p, 3.0);
}

TEST(DeckOverrides, BadOverrideValueIsLocatedAtTheOverride) {
  const std::string msg = error_of(kGoodDeck, {"time.cfl=fast"});
  EXPECT_NE(msg.find("--set time.cfl=fast: error: key 'time.cfl'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found 'fast'"), std::string::npos) << msg;
}

TEST(DeckOverrides, UnknownOverrideKeyIsReported) {
  const std::string msg = error_of(kGoodDeck, {"time.tend=1"});
  EXPECT_NE(msg.find("--set time.tend=1: error: unknown key 'time.tend'"), std::string::npos)
      << msg;
}

TEST(DeckOverrides, MalformedOverrides) {
  EXPECT_NE(error_of(kGoodDeck, {"time.cfl"}).find("expected KEY.PATH=VALUE"), std::string::npos);
  EXPECT_NE(error_of(kGoodDeck, {"time..cfl=1"}).find("is not a key path"), std::string::npos);
  EXPECT_NE(error_of(kGoodDeck, {"time.cfl="}).find("no value after '='"), std::string::npos);
  EXPECT_NE(error_of(kGoodDeck, {"mesh.cells.nx=4"}).find("not a map"), std::string::npos);
}

// The high-order decks: the degree is bounded by what is compiled, the face flux by what the
// element kernels are instantiated for, and the problems by what they can run without a limiter.
const std::string kHighOrderDeck = R"(scheme: dg
problem:
  type: isentropic_vortex
  mean: {rho: 1.0, u: 1.0, v: 0.0, p: 1.0}
  strength: 5
  center_x: 0
  center_y: 0
mesh:
  cells: [10, 10]
  domain: [-5, 5, -5, 5]
highorder:
  order: 2
time:
  t_end: 1.0
)";

TEST(DeckErrors, HighOrderKeysAreChecked) {
  EXPECT_EQ(error_of(kHighOrderDeck), "");
  const std::string degree = error_of(replace(kHighOrderDeck, "order: 2", "order: 9"));
  EXPECT_NE(degree.find("deck.yaml:12:10"), std::string::npos) << degree;
  EXPECT_NE(degree.find("highorder.order"), std::string::npos) << degree;
  const std::string flux = error_of(kHighOrderDeck, {"highorder.flux=exact"});
  EXPECT_NE(flux.find("highorder.flux"), std::string::npos) << flux;
  EXPECT_NE(flux.find("rusanov"), std::string::npos) << flux;
  // divergence is cpr's alone: a dg deck with it is an unknown key.
  const std::string divergence = error_of(kHighOrderDeck, {"highorder.divergence=chain_rule"});
  EXPECT_NE(divergence.find("highorder.divergence"), std::string::npos) << divergence;
  const std::string warp = error_of(kHighOrderDeck, {"mesh.warp=0.3"});
  EXPECT_NE(warp.find("mesh.warp"), std::string::npos) << warp;
  const std::string problem =
      error_of(replace(kHighOrderDeck, "type: isentropic_vortex", "type: riemann"));
  EXPECT_NE(problem.find("problem.type"), std::string::npos) << problem;
}

const std::string kCavityDeck = R"(scheme: streamfunction_vorticity
problem:
  type: lid_driven_cavity
  reynolds: 100
mesh:
  cells: [32, 32]
  domain: [0.0, 1.0, 0.0, 1.0]
time:
  t_end: 1
)";

// Bad inputs for the incompressible family: Re <= 0, a grid too coarse, an unknown
// solver, a Jacobi weight that would diverge, a key of the other solver.
TEST(DeckErrors, IncompressibleKeysAreChecked) {
  EXPECT_EQ(error_of(kCavityDeck), "");
  for (const char* re : {"reynolds: 0", "reynolds: -5"}) {
    const std::string msg = error_of(replace(kCavityDeck, "reynolds: 100", re));
    EXPECT_NE(msg.find("deck.yaml:4:13"), std::string::npos) << msg;
    EXPECT_NE(msg.find("problem.reynolds"), std::string::npos) << msg;
  }
  const std::string coarse = error_of(kCavityDeck, {"mesh.cells=[3,32]"});
  EXPECT_NE(coarse.find("mesh.cells"), std::string::npos) << coarse;
  EXPECT_NE(coarse.find("at least 4 cells"), std::string::npos) << coarse;
  const std::string solver = error_of(kCavityDeck, {"incompressible.poisson=multigrid"});
  EXPECT_NE(solver.find("bicgstab"), std::string::npos) << solver;
  const std::string weight = error_of(
      kCavityDeck, {"incompressible.poisson=jacobi", "incompressible.jacobi_relaxation=1.5"});
  EXPECT_NE(weight.find("incompressible.jacobi_relaxation"), std::string::npos) << weight;
  const std::string other = error_of(kCavityDeck, {"incompressible.jacobi_relaxation=0.8"});
  EXPECT_NE(other.find("unknown key 'incompressible.jacobi_relaxation'"), std::string::npos)
      << other;
}

const std::string kAirfoilDeck = R"(scheme: streamfunction_vorticity
problem:
  type: airfoil
  airfoil: NACA 2412
  reynolds: 5000
mesh:
  airfoil_intervals: 64
  normal_intervals: 32
  wall_spacing: 0.004
time:
  t_end: 1
)";

// The airfoil's: a designation that is not NACA 4-digit, a grid too coarse for its wall spacing,
// odd intervals round the airfoil, Re <= 0; each located.
TEST(DeckErrors, AirfoilKeysAreChecked) {
  EXPECT_EQ(error_of(kAirfoilDeck), "");
  for (const char* name : {"NACA 23012", "NACA 0000", "NACA 1012", "Clark Y", "NACA 00 12x"}) {
    const std::string msg = error_of(replace(kAirfoilDeck, "NACA 2412", name));
    EXPECT_NE(msg.find("deck.yaml:4:12"), std::string::npos) << msg;
    EXPECT_NE(msg.find("problem.airfoil"), std::string::npos) << msg;
    EXPECT_NE(msg.find("NACA 4-digit"), std::string::npos) << msg;
  }
  const std::string coarse = error_of(kAirfoilDeck, {"mesh.wall_spacing=1e-5"});
  EXPECT_NE(coarse.find("mesh.wall_spacing"), std::string::npos) << coarse;
  EXPECT_NE(coarse.find("too few for wall_spacing"), std::string::npos) << coarse;
  const std::string past = error_of(kAirfoilDeck, {"mesh.wall_spacing=0.5"});
  EXPECT_NE(past.find("reaches past the far field"), std::string::npos) << past;
  const std::string odd =
      error_of(replace(kAirfoilDeck, "airfoil_intervals: 64", "airfoil_intervals: 65"));
  EXPECT_NE(odd.find("deck.yaml:7:22"), std::string::npos) << odd;
  EXPECT_NE(odd.find("must be even"), std::string::npos) << odd;
  const std::string re = error_of(replace(kAirfoilDeck, "reynolds: 5000", "reynolds: 0"));
  EXPECT_NE(re.find("deck.yaml:5:13"), std::string::npos) << re;
  EXPECT_NE(re.find("problem.reynolds"), std::string::npos) << re;
}

}  // namespace
}  // namespace portaflow
