#include "portaflow/schemes/scheme_registry.hpp"

#include "portaflow/config/shared_sections.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

const char* dimensions_text(Dimensions dimensions) {
  switch (dimensions) {
    case Dimensions::k1D:
      return "1D";
    case Dimensions::k2D:
      return "2D";
    case Dimensions::k1Dor2D:
      return "1D/2D";
    case Dimensions::k2Dor3D:
      return "2D/3D";
  }
  return "?";
}

const SchemeDescriptor& find_scheme(const std::string& name) {
  for (const SchemeDescriptor* scheme : scheme_list())
    if (name == scheme->name) return *scheme;
  throw Error("internal error: no scheme named '" + name + "' in the scheme list");
}

RunConfig read_run_config(DeckReader& deck) {
  std::vector<std::string> names;
  for (const SchemeDescriptor* scheme : scheme_list()) names.emplace_back(scheme->name);
  RunConfig config;
  config.deck_path = deck.name();
  config.scheme_name = deck.get_choice("scheme", names, std::nullopt, "the numerical scheme");
  config.physics.gamma =
      deck.get_real("physics.gamma", {1.4, 1, deck::kInf, true, false, "ratio of specific heats"});
  find_scheme(config.scheme_name).read_deck(deck, config);
  if (deck.has("decomposition.ranks")) {
    // Checked against the run's ranks when the solver splits its grid (decomposition_2d.hpp).
    const auto grid = deck.get_int_list(
        "decomposition.ranks", 2,
        {std::nullopt, 1, 1 << 20, "ranks along x and y of a run split over MPI ranks"});
    config.execution.rank_grid = {static_cast<int>(grid[0]), static_cast<int>(grid[1])};
    config.execution.rank_grid_at = deck.location("decomposition.ranks");
  }
  deck.reject_unknown_keys();
  return config;
}

std::unique_ptr<Solver> make_solver(const RunConfig& config) {
  const SchemeDescriptor& scheme = find_scheme(config.scheme_name);
  if (!scheme.make_solver)
    throw Error("internal error: this build reads decks only; it has no solver for '" +
                config.scheme_name + "'");
  return scheme.make_solver(config);
}

void print_schemes(std::ostream& out) {
  out << "Schemes (deck key 'scheme'), each with the named values its keys accept:\n";
  for (const SchemeDescriptor* scheme : scheme_list()) {
    out << "\n  " << scheme->name << " (" << dimensions_text(scheme->dimensions)
        << "): " << scheme->summary << "\n";
    print_choices(out, scheme->choices(), "    ");
  }
}

}  // namespace portaflow
