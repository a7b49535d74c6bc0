// The deck's top level: the scheme, the gas, and then the scheme family's own reader, picked
// from one table. Each family's keys are read in src/io/deck/read_<family>.cpp.
#include "portaflow/io/read_run_config.hpp"

#include <utility>
#include <vector>

#include "io/deck/deck_sections.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::io {

namespace {

using SectionReader = void (*)(DeckReader&, RunConfig&);

// Which reader reads the rest of a scheme's deck: one line per scheme.
const std::vector<std::pair<SchemeKind, SectionReader>>& section_readers() {
  static const std::vector<std::pair<SchemeKind, SectionReader>> readers{
      {SchemeKind::kExactRiemann, deck::read_exact_riemann_deck},
      {SchemeKind::kCese1D, deck::read_cese_deck},
      {SchemeKind::kCese2D, deck::read_cese_deck},
      {SchemeKind::kMusclHancock, deck::read_muscl_hancock_deck},
      {SchemeKind::kMuscl, deck::read_muscl_deck},
      {SchemeKind::kMultiBlock, deck::read_multiblock_deck},
      {SchemeKind::kDg, deck::read_highorder_deck},
      {SchemeKind::kCpr, deck::read_highorder_deck},
      {SchemeKind::kNdg, deck::read_highorder_deck},
      {SchemeKind::kSd, deck::read_highorder_deck},
      {SchemeKind::kStreamfunctionVorticity, deck::read_incompressible_deck},
  };
  return readers;
}

const SchemeInfo& read_scheme(DeckReader& deck) {
  std::vector<std::string> names;
  for (const auto& s : available_schemes()) names.emplace_back(s.name);
  const std::string name = deck.get_choice("scheme", names, std::nullopt, "the numerical scheme");
  for (const auto& s : available_schemes())
    if (name == s.name) return s;
  throw Error("internal error: scheme '" + name + "' has no entry");
}

}  // namespace

const SchemeInfo& deck::scheme_info(SchemeKind kind) {
  for (const auto& s : available_schemes())
    if (s.kind == kind) return s;
  throw Error("internal error: a scheme kind without an entry in available_schemes()");
}

RunConfig read_run_config(DeckReader& deck) {
  RunConfig config;
  config.deck_path = deck.name();
  const SchemeInfo& scheme = read_scheme(deck);
  config.scheme = scheme.kind;
  config.scheme_name = scheme.name;
  config.physics.gamma =
      deck.get_real("physics.gamma", {1.4, 1, deck::kInf, true, false, "ratio of specific heats"});
  for (const auto& [kind, read_section] : section_readers()) {
    if (kind != config.scheme) continue;
    read_section(deck, config);
    deck.reject_unknown_keys();
    return config;
  }
  throw Error("internal error: scheme '" + config.scheme_name + "' has no deck reader");
}

}  // namespace portaflow::io
