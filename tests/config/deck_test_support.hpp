// Shared by the deck-reading tests: editing a deck text and catching the error it gives.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/scheme_registry.hpp"

namespace portaflow::test {

// `text` with the first `from` replaced by `to` (a test setup error if `from` is absent).
inline std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "test setup: '" << from << "' not in deck";
  return text.replace(at, from.size(), to);
}

// The message of the InputError that reading `text` throws ("" if none).
inline std::string error_of(const std::string& text,
                            const std::vector<std::string>& overrides = {}) {
  try {
    DeckReader deck = DeckReader::from_string(text, "deck.yaml", overrides);
    read_run_config(deck);
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ExitCode::kInputError);
    return e.what();
  }
  return "";
}

}  // namespace portaflow::test
