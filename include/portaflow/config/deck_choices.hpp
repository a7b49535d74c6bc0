// Deck keys whose value is one of a list of names. Each scheme family keeps a table of its own
// (in its folder, beside its deck reader); the reader takes its lists from that table and
// `portaflow list` prints it, so the two cannot drift apart. tests/config/test_deck_choices.cpp
// reads every shipped deck and checks each list the reader asked with against the scheme's table.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace portaflow {

struct DeckChoice {
  std::vector<std::string> keys;  // deck keys (several when they share the list, e.g. the sides)
  std::vector<std::string> values;
  std::string meaning;
};

using ChoiceTable = std::vector<DeckChoice>;

// The values of `key` in `table`. Throws Error when the table has no such key: a reader asking
// for a list its table does not hold is a bug.
const std::vector<std::string>& choice_values(const ChoiceTable& table, const std::string& key);

// The entries of several tables as one (a family's own and the shared sections' it reads).
ChoiceTable join_tables(const std::vector<const ChoiceTable*>& tables);

// One line per entry: "  <indent>key, key: value, value  (meaning)".
void print_choices(std::ostream& out, const ChoiceTable& table, const std::string& indent);

}  // namespace portaflow
