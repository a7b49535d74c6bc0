// multiblock decks: the keys, their defaults and the mapping onto RunConfig; every bad deck gets
// an InputError naming file:line:column and the key. Line numbers below are those of the deck
// texts here. Also DeckReader's access to lists of maps (mesh.boundaries), which these decks are
// the first to use.
#include <gtest/gtest.h>

#include <filesystem>

#include "config/deck_test_support.hpp"
#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/multiblock_mesh.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/scheme_registry.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {
namespace {

using io::test_support::TemporaryFolder;
using io::test_support::write_file;

const std::string kBoxDeck = R"(scheme: multiblock
mesh:
  generator: box
  nodes: [33, 17]
problem:
  type: freestream
  mach: 0.5
time:
  max_cycles: 200
output:
  dir: out/box
)";

// Lines 1-15; the boundaries start at line 6.
const std::string kPlot3dDeck = R"(scheme: multiblock
mesh:
  generator: plot3d
  file: grid.xyz
  boundaries:
    - {block: 0, face: jmin, kind: slip_wall}
    - {block: 2, face: imax, kind: symmetry}
  default_boundary: far_field
problem:
  type: freestream
  mach: 0.8
  alpha: 1.25
time:
  max_cycles: 10
  residual_drop: 1e-8
)";

using test::error_of;
using test::replace;

// A plot3d deck in a folder of its own, with the grid file next to it (the file must exist; its
// content is the solver's business).
struct Plot3dDeck {
  TemporaryFolder folder;
  std::filesystem::path deck;
  explicit Plot3dDeck(const std::string& text, bool with_grid = true) {
    std::filesystem::create_directories(folder / "decks");
    deck = folder / "decks/wing.yaml";
    write_file(deck, text);
    if (with_grid) write_file(folder / "decks/grid.xyz", "1\n2 2\n0 1 0 1\n0 0 1 1\n");
  }
};

TEST(MultiBlockDeck, BoxDeckReadsWithDefaults) {
  DeckReader deck = DeckReader::from_string(kBoxDeck, "deck.yaml");
  const RunConfig c = read_run_config(deck);
  EXPECT_EQ(c.scheme_name, "multiblock");
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.kind, MultiBlockMeshKind::kBox);
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.nodes, (std::array<int, 3>{33, 17, 1}));
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.domain, (std::array<double, 4>{0, 1, 0, 1}));
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.warp, 0.0);
  EXPECT_EQ(c.family<MultiBlockOptions>().freestream.mach, 0.5);
  EXPECT_EQ(c.family<MultiBlockOptions>().freestream.alpha_degrees, 0.0);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.order, 4);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.dissipation, 0.2);
  EXPECT_FALSE(c.family<MultiBlockOptions>().multiblock.far_field_vortex);
  EXPECT_EQ(c.time.cfl, 2.0);
  EXPECT_EQ(c.time.residual_drop, 1e-10);
  EXPECT_EQ(c.time.max_cycles, 200);
  EXPECT_EQ(c.output.every_cycles, 0);
  EXPECT_EQ(c.output.history_every, 1);
  EXPECT_EQ(c.output.dir, "out/box");
  EXPECT_EQ(c.mesh.dimension, 2);

  // The resolved deck has every default and reads back to the same configuration.
  const std::string resolved = deck.resolved_text();
  for (const char* text : {"domain: [0, 1, 0, 1]", "warp: 0", "order: 4", "dissipation: 0.2",
                           "cfl: 2", "residual_drop: 1e-10", "every_cycles: 0", "alpha: 0"})
    EXPECT_NE(resolved.find(text), std::string::npos) << text << " in\n" << resolved;
  DeckReader again = DeckReader::from_string(resolved, "resolved.yaml");
  const RunConfig c2 = read_run_config(again);
  EXPECT_EQ(c2.family<MultiBlockOptions>().mesh.nodes, c.family<MultiBlockOptions>().mesh.nodes);
  EXPECT_EQ(c2.family<MultiBlockOptions>().multiblock.order, 4);
  EXPECT_EQ(c2.time.residual_drop, 1e-10);
}

TEST(MultiBlockDeck, FourBlockAndNacaKeys) {
  DeckReader four = DeckReader::from_string(
      replace(kBoxDeck, "  nodes: [33, 17]",
              "  nodes: [33, 17]\n  domain: [-1, 1, 0, 2]\n  warp: 0.05\nmultiblock:\n  order: 2\n"
              "  dissipation: 0.3"),
      "deck.yaml", {"mesh.generator=four_block", "time.cfl=1.5", "output.every_cycles=50"});
  const RunConfig c = read_run_config(four);
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.kind, MultiBlockMeshKind::kFourBlock);
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.domain, (std::array<double, 4>{-1, 1, 0, 2}));
  EXPECT_EQ(c.family<MultiBlockOptions>().mesh.warp, 0.05);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.order, 2);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.dissipation, 0.3);
  EXPECT_EQ(c.time.cfl, 1.5);
  EXPECT_EQ(c.output.every_cycles, 50);

  DeckReader naca = DeckReader::from_string(
      replace(kBoxDeck, "  generator: box\n  nodes: [33, 17]", "  generator: naca0012\n  level: 1"),
      "deck.yaml");
  const RunConfig n = read_run_config(naca);
  EXPECT_EQ(n.family<MultiBlockOptions>().mesh.kind, MultiBlockMeshKind::kNaca0012);
  EXPECT_EQ(n.family<MultiBlockOptions>().mesh.level, 1);
  EXPECT_EQ(n.family<MultiBlockOptions>().mesh.far_field_chords, 20.0);
  EXPECT_NE(naca.resolved_text().find("far_field: 20\n"), std::string::npos)
      << naca.resolved_text();
  // Box keys do not belong to a NACA mesh.
  const std::string msg =
      error_of(replace(kBoxDeck, "  generator: box", "  generator: naca0012\n  level: 1"));
  EXPECT_NE(msg.find("unknown key 'mesh.nodes'"), std::string::npos) << msg;
}

TEST(MultiBlockDeck, Plot3dBoundariesMapToMeshEnums) {
  Plot3dDeck files(kPlot3dDeck);
  DeckReader deck = DeckReader::from_file(files.deck);
  const RunConfig c = read_run_config(deck);
  const auto& m = c.family<MultiBlockOptions>().mesh;
  EXPECT_EQ(m.kind, MultiBlockMeshKind::kPlot3d);
  // Relative to the deck's folder, not to the current one.
  EXPECT_EQ(std::filesystem::path(m.plot3d_file), files.folder / "decks/grid.xyz");
  ASSERT_EQ(m.boundaries.size(), 2u);
  EXPECT_EQ(m.boundaries[0].block, 0);
  EXPECT_EQ(m.boundaries[0].face, static_cast<int>(mesh::Face::kJMin));
  EXPECT_EQ(m.boundaries[0].kind, static_cast<int>(mesh::BoundaryKind::kSlipWall));
  EXPECT_EQ(m.boundaries[1].block, 2);
  EXPECT_EQ(m.boundaries[1].face, static_cast<int>(mesh::Face::kIMax));
  EXPECT_EQ(m.boundaries[1].kind, static_cast<int>(mesh::BoundaryKind::kSymmetry));
  EXPECT_EQ(m.default_boundary, static_cast<int>(mesh::BoundaryKind::kFarField));
  EXPECT_EQ(c.family<MultiBlockOptions>().freestream.alpha_degrees, 1.25);
  EXPECT_EQ(c.time.residual_drop, 1e-8);

  // The resolved deck holds the absolute grid path and the list of maps, and reads back the
  // same from any folder.
  const std::string resolved = deck.resolved_text();
  EXPECT_NE(resolved.find((files.folder / "decks/grid.xyz").string()), std::string::npos)
      << resolved;
  DeckReader again = DeckReader::from_string(resolved, "elsewhere/resolved.yaml");
  const RunConfig c2 = read_run_config(again);
  EXPECT_EQ(c2.family<MultiBlockOptions>().mesh.plot3d_file, m.plot3d_file);
  ASSERT_EQ(c2.family<MultiBlockOptions>().mesh.boundaries.size(), 2u);
  EXPECT_EQ(c2.family<MultiBlockOptions>().mesh.boundaries[1].face, m.boundaries[1].face);
  EXPECT_EQ(c2.family<MultiBlockOptions>().mesh.boundaries[1].kind, m.boundaries[1].kind);
}

TEST(MultiBlockDeck, MissingGenerator) {
  const std::string msg = error_of(replace(kBoxDeck, "  generator: box\n", ""));
  EXPECT_NE(msg.find("deck.yaml:3:3"), std::string::npos) << msg;  // the 'mesh' map
  EXPECT_NE(msg.find("missing required key 'mesh.generator'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("box, four_block, naca0012, plot3d"), std::string::npos) << msg;
}

TEST(MultiBlockDeck, BadFaceNameInBoundaries) {
  Plot3dDeck files(replace(kPlot3dDeck, "face: imax", "face: kface"));
  const std::string deck_name = files.deck.string();
  try {
    DeckReader deck = DeckReader::from_file(files.deck);
    read_run_config(deck);
    FAIL() << "a bad face name was accepted";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(deck_name + ":7:24"), std::string::npos) << msg;
    EXPECT_NE(msg.find("key 'mesh.boundaries[1].face'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("one of imin, imax, jmin, jmax, kmin, kmax"), std::string::npos) << msg;
    EXPECT_NE(msg.find("found 'kface'"), std::string::npos) << msg;
  }
}

TEST(MultiBlockDeck, BoundaryItemErrors) {
  Plot3dDeck typo(replace(kPlot3dDeck, "kind: symmetry", "knd: symmetry"));
  Plot3dDeck extra(replace(kPlot3dDeck, "kind: symmetry}", "kind: symmetry, wall: true}"));
  Plot3dDeck twice(replace(kPlot3dDeck, "block: 2, face: imax", "block: 0, face: jmin"));
  Plot3dDeck scalar(
      replace(kPlot3dDeck, "    - {block: 2, face: imax, kind: symmetry}", "    - slip_wall"));
  Plot3dDeck no_default(replace(kPlot3dDeck, "  default_boundary: far_field\n", ""));
  auto message = [](const Plot3dDeck& files) -> std::string {
    try {
      DeckReader deck = DeckReader::from_file(files.deck);
      read_run_config(deck);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  std::string msg = message(typo);
  EXPECT_NE(msg.find(":7:7: error: missing required key 'mesh.boundaries[1].kind'"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find("'mesh.boundaries[1].knd'"), std::string::npos) << msg;
  msg = message(extra);
  EXPECT_NE(msg.find(":7:46: error: unknown key 'mesh.boundaries[1].wall'"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("Keys accepted in 'mesh.boundaries[1]' for this deck: block, face, kind"),
            std::string::npos)
      << msg;
  msg = message(twice);
  EXPECT_NE(msg.find(":7:7: error: key 'mesh.boundaries[1]'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("block 0 face jmin is already given by mesh.boundaries[0]"), std::string::npos)
      << msg;
  msg = message(scalar);
  EXPECT_NE(msg.find(":7:7: error: key 'mesh.boundaries[1]': expected a map"), std::string::npos)
      << msg;
  msg = message(no_default);
  EXPECT_NE(msg.find("missing required key 'mesh.default_boundary'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("far_field, slip_wall, symmetry"), std::string::npos) << msg;
}

TEST(MultiBlockDeck, Plot3dFileMissing) {
  Plot3dDeck files(kPlot3dDeck, /*with_grid=*/false);
  try {
    DeckReader deck = DeckReader::from_file(files.deck);
    read_run_config(deck);
    FAIL() << "a missing grid file was accepted";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(files.deck.string() + ":4:9: error: key 'mesh.file'"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("no such file 'grid.xyz'"), std::string::npos) << msg;
    EXPECT_NE(msg.find((files.folder / "decks/grid.xyz").string()), std::string::npos) << msg;
    EXPECT_NE(msg.find("deck's folder"), std::string::npos) << msg;
  }
}

TEST(MultiBlockDeck, EndTimeIsRefused) {
  const std::string msg =
      error_of(replace(kBoxDeck, "  max_cycles: 200", "  max_cycles: 200\n  t_end: 1.0"));
  EXPECT_NE(msg.find("deck.yaml:10:10: error: key 'time.t_end'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("steady state"), std::string::npos) << msg;
  EXPECT_NE(msg.find("time.max_cycles"), std::string::npos) << msg;
}

TEST(MultiBlockDeck, OrderThreeIsRefused) {
  const std::string msg = error_of(kBoxDeck, {"multiblock.order=3"});
  EXPECT_NE(msg.find("--set multiblock.order=3: error: key 'multiblock.order'"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("one of 2, 4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found '3'"), std::string::npos) << msg;
}

TEST(MultiBlockDeck, NodeCountsChecked) {
  std::string msg = error_of(replace(kBoxDeck, "[33, 17]", "[33, 8]"));
  EXPECT_NE(msg.find("deck.yaml:4:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("key 'mesh.nodes'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("each in [9, 1048576]"), std::string::npos) << msg;
  EXPECT_NE(msg.find("found '8'"), std::string::npos) << msg;
  msg = error_of(replace(kBoxDeck, "[33, 17]", "[32, 17]"), {"mesh.generator=four_block"});
  EXPECT_NE(msg.find("deck.yaml:4:10: error: key 'mesh.nodes'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("odd"), std::string::npos) << msg;
}

TEST(MultiBlockDeck, RangesAndRequiredKeys) {
  EXPECT_NE(error_of(kBoxDeck, {"time.cfl=12"})
                .find("key 'time.cfl': expected a real number in "
                      "(0, 10]"),
            std::string::npos);
  EXPECT_NE(error_of(kBoxDeck, {"time.residual_drop=1"}).find("in (0, 1)"), std::string::npos);
  EXPECT_NE(error_of(kBoxDeck, {"mesh.warp=0.3"}).find("key 'mesh.warp'"), std::string::npos);
  EXPECT_NE(error_of(kBoxDeck, {"problem.mach=0"}).find("key 'problem.mach'"), std::string::npos);
  EXPECT_NE(error_of(kBoxDeck, {"multiblock.dissipation=-1"}).find("'multiblock.dissipation'"),
            std::string::npos);
  EXPECT_NE(error_of(replace(kBoxDeck, "  max_cycles: 200", "  cfl: 1"))
                .find("missing required key 'time.max_cycles'"),
            std::string::npos);
  EXPECT_NE(error_of(kBoxDeck, {"problem.type=riemann"}).find("one of freestream"),
            std::string::npos);
  const std::string every = error_of(kBoxDeck, {"output.every=0.5"});
  EXPECT_NE(every.find("output.every_cycles"), std::string::npos) << every;
  // Checkpoints count cycles.
  EXPECT_EQ(error_of(kBoxDeck, {"output.checkpoint_every=10"}), "");
}

TEST(MultiBlockDeck, ListedAsASteadyScheme) {
  const SchemeDescriptor& scheme = find_scheme("multiblock");
  EXPECT_EQ(scheme.dimensions, Dimensions::k2Dor3D);  // 2D or 3D, as the mesh is
  EXPECT_EQ(scheme.output, OutputKind::kBlocks);
  DeckReader deck = DeckReader::from_string(kBoxDeck, "deck.yaml");
  EXPECT_EQ(read_run_config(deck).time.march, MarchKind::kSteady);
}

// DeckReader's list-of-maps access on its own.
TEST(MultiBlockDeck, ReaderListOfMaps) {
  DeckReader deck = DeckReader::from_string("items:\n  - {a: 1}\n  - {a: 2, b: x}\n", "l.yaml");
  ASSERT_EQ(deck.get_map_list("items", "test items"), 2u);
  EXPECT_EQ(deck.get_int("items.0.a", {std::nullopt, 0, 9, "a"}), 1);
  EXPECT_EQ(deck.get_int("items.1.a", {std::nullopt, 0, 9, "a"}), 2);
  EXPECT_EQ(deck.get_string("items.1.b", std::nullopt, "b"), "x");
  EXPECT_EQ(deck.location("items.1.b"), "l.yaml:3:15");
  EXPECT_NO_THROW(deck.reject_unknown_keys());
  EXPECT_NE(deck.resolved_text().find("- a: 2\n    b: x"), std::string::npos)
      << deck.resolved_text();
  EXPECT_EQ(display_key("items.1.b"), "items[1].b");

  DeckReader absent = DeckReader::from_string("other: 1\n", "l.yaml");
  EXPECT_EQ(absent.get_map_list("items", "test items"), 0u);
  DeckReader not_list = DeckReader::from_string("items: {a: 1}\n", "l.yaml");
  try {
    not_list.get_map_list("items", "test items");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("l.yaml:1:8: error: key 'items': expected a list of "
                                         "maps (test items), found a map"),
              std::string::npos)
        << e.what();
  }
  // An item read out of range is simply absent.
  EXPECT_FALSE(deck.has("items.5.a"));
}

}  // namespace
}  // namespace portaflow

namespace portaflow {
namespace {

// Lines 12-16 of this deck are the multigrid map.
const std::string kMultigridDeck = kBoxDeck + R"(multigrid:
  levels: 3
  cycle: w
  post_smoothing: 1
  correction_smoothing: 0.1
)";

TEST(MultiBlockDeck, MultigridKeys) {
  DeckReader box = DeckReader::from_string(kBoxDeck, "deck.yaml");
  const RunConfig defaults = read_run_config(box);
  EXPECT_EQ(defaults.family<MultiBlockOptions>().multiblock.multigrid.levels, 1);
  EXPECT_FALSE(defaults.family<MultiBlockOptions>().multiblock.multigrid.w_cycle);
  EXPECT_EQ(defaults.family<MultiBlockOptions>().multiblock.multigrid.pre_smoothing, 2);
  EXPECT_EQ(defaults.family<MultiBlockOptions>().multiblock.multigrid.post_smoothing, 2);
  EXPECT_EQ(defaults.family<MultiBlockOptions>().multiblock.multigrid.coarse_dissipation, 0.5);
  EXPECT_LT(defaults.family<MultiBlockOptions>().multiblock.multigrid.correction_smoothing,
            0);  // the dimension's default
  DeckReader deck = DeckReader::from_string(kMultigridDeck, "deck.yaml");
  const RunConfig c = read_run_config(deck);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.multigrid.levels, 3);
  EXPECT_TRUE(c.family<MultiBlockOptions>().multiblock.multigrid.w_cycle);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.multigrid.post_smoothing, 1);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.multigrid.correction_smoothing, 0.1);
  EXPECT_EQ(defaults.family<MultiBlockOptions>().multiblock.multigrid.coarsest_smoothing,
            0);                                                               // pre + post
  const std::string coarsest = kMultigridDeck + "  coarsest_smoothing: 1\n";  // line 17
  DeckReader coarsest_deck = DeckReader::from_string(coarsest, "deck.yaml");
  EXPECT_EQ(read_run_config(coarsest_deck)
                .family<MultiBlockOptions>()
                .multiblock.multigrid.coarsest_smoothing,
            1);

  std::string msg = error_of(replace(kMultigridDeck, "levels: 3", "levels: 5"));
  EXPECT_NE(msg.find("deck.yaml:13:11"), std::string::npos) << msg;
  EXPECT_NE(msg.find("multigrid.levels"), std::string::npos) << msg;
  msg = error_of(replace(kMultigridDeck, "cycle: w", "cycle: f"));
  EXPECT_NE(msg.find("deck.yaml:14:10"), std::string::npos) << msg;
  EXPECT_NE(msg.find("one of v, w"), std::string::npos) << msg;
  msg = error_of(
      replace(kMultigridDeck, "post_smoothing: 1", "post_smoothing: 0\n  pre_smoothing: 0"));
  EXPECT_NE(msg.find("no level would ever be smoothed"), std::string::npos) << msg;
  // 1 / 4 would give a node no weight of its own in 2D: excluded.
  msg =
      error_of(replace(kMultigridDeck, "correction_smoothing: 0.1", "correction_smoothing: 0.25"));
  EXPECT_NE(msg.find("deck.yaml:16:25"), std::string::npos) << msg;
  EXPECT_NE(msg.find("multigrid.correction_smoothing"), std::string::npos) << msg;
  msg = error_of(replace(coarsest, "coarsest_smoothing: 1", "coarsest_smoothing: 0"));
  EXPECT_NE(msg.find("deck.yaml:17:23"), std::string::npos) << msg;
  EXPECT_NE(msg.find("multigrid.coarsest_smoothing"), std::string::npos) << msg;
}

// Implicit residual smoothing: off and directional by default; a negative coefficient and an
// unknown weighting are located errors.
TEST(MultiBlockDeck, ResidualSmoothingKeys) {
  DeckReader box = DeckReader::from_string(kBoxDeck, "deck.yaml");
  const RunConfig defaults = read_run_config(box);
  EXPECT_EQ(defaults.family<MultiBlockOptions>().multiblock.multigrid.residual_smoothing, 0.0);
  EXPECT_TRUE(defaults.family<MultiBlockOptions>().multiblock.multigrid.directional_smoothing);
  const std::string deck_text =
      kMultigridDeck + "  residual_smoothing: 0.75\n  residual_smoothing_weights: constant\n";
  DeckReader deck = DeckReader::from_string(deck_text, "deck.yaml");
  const RunConfig c = read_run_config(deck);
  EXPECT_EQ(c.family<MultiBlockOptions>().multiblock.multigrid.residual_smoothing, 0.75);
  EXPECT_FALSE(c.family<MultiBlockOptions>().multiblock.multigrid.directional_smoothing);

  std::string msg =
      error_of(replace(deck_text, "residual_smoothing: 0.75", "residual_smoothing: -1"));
  EXPECT_NE(msg.find("deck.yaml:17:23"), std::string::npos) << msg;
  EXPECT_NE(msg.find("multigrid.residual_smoothing"), std::string::npos) << msg;
  msg = error_of(replace(deck_text, "weights: constant", "weights: radial"));
  EXPECT_NE(msg.find("deck.yaml:18:31"), std::string::npos) << msg;
  EXPECT_NE(msg.find("one of directional, constant"), std::string::npos) << msg;
}

// Shock capturing and the cylinder mesh: the keys, their defaults, and the located errors.
TEST(MultiBlockDeck, ShockCapturingAndCylinderKeys) {
  DeckReader box = DeckReader::from_string(kBoxDeck, "deck.yaml");
  const ShockCapturingConfig off =
      read_run_config(box).family<MultiBlockOptions>().multiblock.shock_capturing;
  EXPECT_FALSE(off.enabled);
  const std::string cylinder =
      replace(replace(kBoxDeck, "generator: box", "generator: cylinder"), "[33, 17]", "[65, 49]") +
      "multiblock:\n  shock_capturing:\n    enabled: true\n"
      "    saturation: 0.05\n";  // lines 12-15
  DeckReader deck = DeckReader::from_string(cylinder, "deck.yaml");
  const RunConfig c = read_run_config(deck);
  const auto& options = c.family<MultiBlockOptions>();
  EXPECT_EQ(options.mesh.kind, MultiBlockMeshKind::kCylinder);
  EXPECT_EQ(options.mesh.blocks_around, 4);
  EXPECT_EQ(options.mesh.fit_mach, 0.0);  // the free stream's
  EXPECT_TRUE(options.multiblock.shock_capturing.enabled);
  EXPECT_EQ(options.multiblock.shock_capturing.saturation, 0.05);
  EXPECT_EQ(options.multiblock.shock_capturing.threshold, ShockCapturingConfig{}.threshold);
  EXPECT_FALSE(options.multiblock.dissipate_total_enthalpy);
  DeckReader enthalpy = DeckReader::from_string(cylinder, "deck.yaml",
                                                {"multiblock.dissipation_variable=total_enthalpy"});
  EXPECT_TRUE(
      read_run_config(enthalpy).family<MultiBlockOptions>().multiblock.dissipate_total_enthalpy);
  EXPECT_NE(error_of(cylinder, {"multiblock.dissipation_variable=entropy"})
                .find("one of energy, total_enthalpy"),
            std::string::npos);

  std::string msg = error_of(cylinder, {"mesh.blocks=5"});
  EXPECT_NE(msg.find("deck.yaml:4:10: error: key 'mesh.nodes'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("multiple of mesh.blocks"), std::string::npos) << msg;
  msg = error_of(cylinder, {"multiblock.shock_capturing.threshold=0.06"});
  EXPECT_NE(msg.find("deck.yaml:15:17: error: key 'multiblock.shock_capturing.saturation'"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find("must exceed multiblock.shock_capturing.threshold"), std::string::npos) << msg;
  msg = error_of(cylinder, {"mesh.fit_mach=0.8"});
  EXPECT_NE(msg.find("key 'mesh.fit_mach'"), std::string::npos) << msg;
  msg = error_of(cylinder, {"mesh.boundaries=1"});
  EXPECT_NE(msg.find("mesh.boundaries"), std::string::npos) << msg;
}

// The hypersonic body's mesh: its kind and node counts, and a count across the cap that coarser
// multigrid levels could not keep refused at its line.
TEST(MultiBlockDeck, ConeFlareKeys) {
  const std::string body =
      replace(replace(kBoxDeck, "generator: box", "generator: cone_flare"), "[33, 17]", "[41, 43]");
  DeckReader deck = DeckReader::from_string(body, "deck.yaml");
  const RunConfig c = read_run_config(deck);
  const auto& options = c.family<MultiBlockOptions>();
  EXPECT_EQ(options.mesh.kind, MultiBlockMeshKind::kConeFlare);
  EXPECT_EQ(options.mesh.nodes[0], 41);
  EXPECT_EQ(options.mesh.nodes[1], 43);
  EXPECT_EQ(options.mesh.fit_mach, 0.0);  // the free stream's
  const std::string msg = error_of(body, {"mesh.nodes=[39,43]"});
  EXPECT_NE(msg.find("key 'mesh.nodes'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("one more than a multiple of 4; found 39"), std::string::npos) << msg;
}

}  // namespace
}  // namespace portaflow
