// The CE/SE family's deck (schemes cese1d and cese2d; the CE/SE GPU thesis, 2016).
#include "io/deck/deck_sections.hpp"

namespace portaflow::io::deck {

void read_cese_deck(DeckReader& deck, RunConfig& config) {
  const int dimension = scheme_info(config.scheme).dimension;
  read_grid_run(deck, config, dimension, problem_names(dimension), [&] {
    config.execution = read_execution(deck, config.mesh.dimension, "team");
    config.cese.alpha = deck.get_real(
        "cese.alpha",
        {2.0, 0, 16, false, false, "W0 exponent alpha (eq. 3.9 of the CE/SE GPU thesis, 2016)"});
  });
}

}  // namespace portaflow::io::deck
