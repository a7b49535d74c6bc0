// `portaflow list` and the deck readers share one table of named values per scheme (its
// descriptor's choices): every list a reader checks a shipped deck's keys against is an entry of
// that scheme's table, and the listing prints every entry of every scheme.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "portaflow/config/deck_choices.hpp"
#include "portaflow/config/deck_reader.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/scheme_registry.hpp"

namespace portaflow {
namespace {

// "mesh.boundaries.3.kind" -> "mesh.boundaries[].kind": the table's name for list items.
std::string table_key(const std::string& path) {
  return std::regex_replace(path, std::regex("\\.[0-9]+\\."), "[].");
}

bool in_table(const ChoiceTable& table, const std::string& path,
              const std::vector<std::string>& values) {
  const std::string key = table_key(path);
  for (const auto& entry : table)
    if (entry.values == values &&
        std::find(entry.keys.begin(), entry.keys.end(), key) != entry.keys.end())
      return true;
  return false;
}

TEST(DeckChoices, EveryListTheReaderChecksIsInTheSchemesTable) {
  int decks = 0, checked = 0;
  for (const auto& file : std::filesystem::recursive_directory_iterator(
           std::string(PORTAFLOW_SOURCE_DIR) + "/inputs")) {
    if (file.path().extension() != ".yaml") continue;
    DeckReader deck = DeckReader::from_file(file.path());
    const RunConfig config = read_run_config(deck);
    const ChoiceTable& table = find_scheme(config.scheme_name).choices();
    ++decks;
    for (const auto& [path, values] : deck.choices_asked()) {
      if (path == "scheme") continue;  // the scheme list's names: `portaflow list` prints those
      ++checked;
      EXPECT_TRUE(in_table(table, path, values))
          << file.path() << ": '" << path << "' not in the table of " << config.scheme_name;
    }
  }
  // The test must have read the decks and seen their lists (64 decks, several lists each today):
  // a folder moved or a recorder broken would otherwise pass with nothing checked.
  EXPECT_GE(decks, 40);
  EXPECT_GE(checked, 200);
}

TEST(DeckChoices, ListingPrintsEverySchemeAndEveryEntry) {
  std::ostringstream out;
  print_schemes(out);
  const std::string text = out.str();
  for (const SchemeDescriptor* scheme : scheme_list()) {
    EXPECT_NE(text.find("  " + std::string(scheme->name) + " ("), std::string::npos)
        << scheme->name;
    for (const auto& entry : scheme->choices()) {
      std::string line;
      for (std::size_t k = 0; k < entry.keys.size(); ++k) line += (k ? ", " : "") + entry.keys[k];
      line += ":";
      for (std::size_t k = 0; k < entry.values.size(); ++k)
        line += (k ? ", " : " ") + entry.values[k];
      line += "  (" + entry.meaning + ")";
      EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
    }
  }
}

TEST(DeckChoices, AnAbsentEntryIsAnInternalError) {
  EXPECT_THROW(choice_values(find_scheme("muscl").choices(), "no.such.key"), Error);
  EXPECT_THROW(find_scheme("no_such_scheme"), Error);
}

// Every scheme is registered once, with a reader, a factory and a description.
TEST(SchemeList, EverySchemeOnceAndComplete) {
  std::vector<std::string> names;
  for (const SchemeDescriptor* scheme : scheme_list()) {
    names.emplace_back(scheme->name);
    EXPECT_NE(scheme->read_deck, nullptr) << scheme->name;
    EXPECT_NE(scheme->make_solver, nullptr) << scheme->name;
    EXPECT_GT(std::string(scheme->summary).size(), 20u) << scheme->name;
    EXPECT_GT(std::string(scheme->description).size(), 100u) << scheme->name;
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
  EXPECT_EQ(names.size(), 11u);
}

}  // namespace
}  // namespace portaflow
