// `portaflow list` and the deck reader share one table of named values (io/deck_choices.hpp):
// every list the reader checks a shipped deck's keys against is an entry of the table, and the
// listing prints every entry.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "portaflow/core/error.hpp"
#include "portaflow/io/deck_choices.hpp"
#include "portaflow/io/deck_reader.hpp"
#include "portaflow/io/read_run_config.hpp"

namespace portaflow::io {
namespace {

// "mesh.boundaries.3.kind" -> "mesh.boundaries[].kind": the table's name for list items.
std::string table_key(const std::string& path) {
  return std::regex_replace(path, std::regex("\\.[0-9]+\\."), "[].");
}

bool in_table(const std::string& path, const std::vector<std::string>& values) {
  const std::string key = table_key(path);
  for (const auto& entry : deck_choice_table())
    if (entry.values == values &&
        std::find(entry.keys.begin(), entry.keys.end(), key) != entry.keys.end())
      return true;
  return false;
}

TEST(DeckChoices, EveryListTheReaderChecksIsInTheTable) {
  int decks = 0, checked = 0;
  for (const auto& file : std::filesystem::recursive_directory_iterator(
           std::string(PORTAFLOW_SOURCE_DIR) + "/inputs")) {
    if (file.path().extension() != ".yaml") continue;
    DeckReader deck = DeckReader::from_file(file.path());
    read_run_config(deck);
    ++decks;
    for (const auto& [path, values] : deck.choices_asked()) {
      if (path == "scheme") continue;  // the registry's names: `portaflow list` prints those
      ++checked;
      EXPECT_TRUE(in_table(path, values)) << file.path() << ": '" << path << "' not in the table";
    }
  }
  // The test must have read the decks and seen their lists (64 decks, several lists each today):
  // a folder moved or a recorder broken would otherwise pass with nothing checked.
  EXPECT_GE(decks, 40);
  EXPECT_GE(checked, 200);
}

TEST(DeckChoices, ListingPrintsEveryEntry) {
  std::ostringstream out;
  print_deck_choices(out);
  const std::string text = out.str();
  for (const auto& entry : deck_choice_table()) {
    std::string line;
    for (std::size_t k = 0; k < entry.keys.size(); ++k) line += (k ? ", " : "") + entry.keys[k];
    line += ":";
    for (std::size_t k = 0; k < entry.values.size(); ++k)
      line += (k ? ", " : " ") + entry.values[k];
    line += "  (" + entry.scope;
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  }
}

TEST(DeckChoices, AnAbsentEntryIsAnInternalError) {
  EXPECT_THROW(deck_choices("fv.limiter", "no such scheme"), Error);
}

}  // namespace
}  // namespace portaflow::io
