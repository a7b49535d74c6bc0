// Reading a deck costs time linear in its size. Decks past 50000 lines are refused before they
// are parsed (yaml-cpp parses about 10^5 lines a second: a file of millions of lines would keep
// the reader busy for a minute); below that, parsing, the check for keys given twice and the
// reading of every key grow linearly. A pairwise check (as the duplicate-key check once was)
// reads 4 times as many keys 16 times slower: each test reads decks of n and 4n keys, takes the
// best of three timings of each, and requires the ratio below 10. Linear work gives 4 to 6 here
// (5.5 measured for unknown keys at n = 10^4 in the release build: yaml-cpp's allocations grow
// worse than linearly in cache), quadratic work 16.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>

#include "config/deck_test_support.hpp"
#include "io/temporary_folder.hpp"

namespace portaflow {
namespace {

constexpr int kKeys = 10000;  // n; the larger deck has 4n
constexpr double kRatioAtMost = 10;

double best_seconds(const std::function<void()>& work) {
  double best = 1e300;
  for (int k = 0; k < 3; ++k) {
    const auto start = std::chrono::steady_clock::now();
    work();
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// A valid deck, then `extra` more keys in one top-level map (5 lines before them).
std::string deck_with_keys(int extra) {
  std::string text =
      "scheme: exact_riemann\n"
      "mesh: {cells: 10, domain: [0, 1]}\n"
      "problem: {type: riemann, x0: 0.5, left: {rho: 1, u: 0, p: 1}, right: {rho: 0.125, u: 0, "
      "p: 0.1}}\n"
      "time: {t_end: 0.1}\n"
      "padding:\n";
  for (int k = 0; k < extra; ++k) text += "  key" + std::to_string(k) + ": 1\n";
  return text;
}

TEST(DeckSize, AMillionLinesAreRefusedBeforeParsing) {
  const std::string text = deck_with_keys(1000000);
  const auto start = std::chrono::steady_clock::now();
  const std::string message = test::error_of(text);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ deck size ] 10^6 lines refused in %.3f s\n", seconds);
  EXPECT_EQ(message,
            "deck.yaml:50001:1: error: the deck goes on past 50000 lines, the most a deck may have "
            "(is this the deck you meant?)");
  // Counting lines: a hundredth of what parsing them would take, even in a sanitizer build.
  EXPECT_LT(seconds, 1.0);
}

TEST(DeckSize, UnknownKeysAmongManyAreFoundInLinearTime) {
  const std::string small = deck_with_keys(kKeys), large = deck_with_keys(4 * kKeys);
  std::string message;
  const double t_small = best_seconds([&] { message = test::error_of(small); });
  EXPECT_NE(message.find("deck.yaml:5:1: error: unknown key 'padding'"), std::string::npos)
      << message.substr(0, 300);
  const double t_large = best_seconds([&] { message = test::error_of(large); });
  std::printf("[ deck size ] %d keys rejected in %.3f s, %d in %.3f s (ratio %.2f)\n", kKeys,
              t_small, 4 * kKeys, t_large, t_large / t_small);
  EXPECT_LT(t_large / t_small, kRatioAtMost);
}

TEST(DeckSize, AKeyGivenTwiceAmongManyIsFoundInLinearTime) {
  // The last line repeats the map's first key.
  const std::string small = deck_with_keys(kKeys) + "  key0: 2\n";
  const std::string large = deck_with_keys(4 * kKeys) + "  key0: 2\n";
  std::string message;
  const double t_small = best_seconds([&] { message = test::error_of(small); });
  EXPECT_NE(message.find("deck.yaml:" + std::to_string(6 + kKeys) +
                         ":3: error: key 'padding.key0' given twice in the same map, first at "
                         "deck.yaml:6:3"),
            std::string::npos)
      << message.substr(0, 300);
  const double t_large = best_seconds([&] { message = test::error_of(large); });
  std::printf("[ deck size ] a repeated key among %d found in %.3f s, among %d in %.3f s\n", kKeys,
              t_small, 4 * kKeys, t_large);
  EXPECT_LT(t_large / t_small, kRatioAtMost);
}

// A long list of maps: each of a Plot3D deck's mesh.boundaries patches is checked against the
// earlier ones for a face given twice (through a map, not pairwise).
TEST(DeckSize, BoundaryPatchesAreReadInLinearTime) {
  constexpr int kPatches = 2500;  // each is a map of three keys read through the getters
  io::test_support::TemporaryFolder folder;
  io::test_support::write_file(folder / "grid.xyz", "1\n2 2\n0 1 0 1\n0 0 1 1\n");
  auto deck_text = [](int patches) {
    std::string text =
        "scheme: multiblock\n"
        "problem: {type: freestream, mach: 0.5}\n"
        "time: {max_cycles: 10}\n"
        "mesh:\n"
        "  generator: plot3d\n"
        "  file: grid.xyz\n"
        "  default_boundary: far_field\n"
        "  boundaries:\n";
    for (int k = 0; k < patches; ++k)
      text += "    - {block: " + std::to_string(k) + ", face: imin, kind: slip_wall}\n";
    return text;
  };
  const std::string deck_file = (folder / "patches.yaml").string();
  auto read = [&] {
    DeckReader deck = DeckReader::from_file(deck_file);
    EXPECT_EQ(read_run_config(deck).scheme_name, "multiblock");
  };
  io::test_support::write_file(deck_file, deck_text(kPatches));
  const double t_small = best_seconds(read);
  io::test_support::write_file(deck_file, deck_text(4 * kPatches));
  const double t_large = best_seconds(read);
  std::printf("[ deck size ] %d boundary patches read in %.3f s, %d in %.3f s\n", kPatches, t_small,
              4 * kPatches, t_large);
  EXPECT_LT(t_large / t_small, kRatioAtMost);
  // The same face twice, at the end, is still found.
  io::test_support::write_file(
      deck_file, deck_text(4 * kPatches) + "    - {block: 17, face: imin, kind: far_field}\n");
  DeckReader twice = DeckReader::from_file(deck_file);
  try {
    read_run_config(twice);
    FAIL() << "a face given twice was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(
        std::string(e.what()).find("block 17 face imin is already given by mesh.boundaries[17]"),
        std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace portaflow
