// Every deck key whose value is one of a list of names, with the lists the deck reader checks
// against. The readers (src/io/deck/) take their lists from this table and `portaflow list`
// prints it, so the two cannot drift apart; tests/io/test_deck_choices.cpp reads every shipped
// deck and checks each list the reader asked with against this table.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace portaflow::io {

struct DeckChoice {
  std::vector<std::string> keys;  // deck keys (several when they share the list, e.g. the sides)
  std::string scope;              // where the list applies: schemes or a family
  std::vector<std::string> values;
  std::string meaning;
};

const std::vector<DeckChoice>& deck_choice_table();

// The values of `key` in `scope` (the entry's scope, as written in the table). Throws Error when
// the table has no such entry: a reader asking for a list the table does not hold is a bug.
const std::vector<std::string>& deck_choices(const std::string& key, const std::string& scope);

// The table as `portaflow list` prints it.
void print_deck_choices(std::ostream& out);

}  // namespace portaflow::io
