#include "portaflow/config/deck_choices.hpp"

#include <algorithm>

#include "portaflow/core/error.hpp"

namespace portaflow {

const std::vector<std::string>& choice_values(const ChoiceTable& table, const std::string& key) {
  for (const auto& entry : table)
    if (std::find(entry.keys.begin(), entry.keys.end(), key) != entry.keys.end())
      return entry.values;
  throw Error("internal error: the deck choice table has no '" + key + "'");
}

ChoiceTable join_tables(const std::vector<const ChoiceTable*>& tables) {
  ChoiceTable joined;
  for (const ChoiceTable* table : tables) joined.insert(joined.end(), table->begin(), table->end());
  return joined;
}

void print_choices(std::ostream& out, const ChoiceTable& table, const std::string& indent) {
  for (const auto& entry : table) {
    out << indent;
    for (std::size_t k = 0; k < entry.keys.size(); ++k) out << (k ? ", " : "") << entry.keys[k];
    out << ":";
    for (std::size_t k = 0; k < entry.values.size(); ++k)
      out << (k ? ", " : " ") << entry.values[k];
    out << "  (" << entry.meaning << ")\n";
  }
}

}  // namespace portaflow
