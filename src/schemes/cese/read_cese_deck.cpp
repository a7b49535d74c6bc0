// The CE/SE family's deck: a uniform grid, an Euler problem, the sides, then the kernel variant
// and the W0 weighting's exponent.
#include "portaflow/config/shared_sections.hpp"
#include "portaflow/schemes/cese/cese_config.hpp"
#include "portaflow/schemes/cese/cese_scheme.hpp"

namespace portaflow::cese {

namespace {

const ChoiceTable& own_choices() {
  static const ChoiceTable table{{{"execution.kernel"}, {"team", "flat"}, "kernel variant"}};
  return table;
}

}  // namespace

const ChoiceTable& choices(int dimension) {
  static const ChoiceTable one_d = join_tables({&deck::grid_choices(1), &own_choices()});
  static const ChoiceTable two_d = join_tables({&deck::grid_choices(2), &own_choices()});
  return dimension == 1 ? one_d : two_d;
}

void read_deck(DeckReader& deck, RunConfig& config, int dimension) {
  deck::read_grid_run(deck, config, dimension, deck::grid_problem_names(dimension), [&] {
    config.execution = deck::read_execution(
        deck, config.mesh.dimension, choice_values(own_choices(), "execution.kernel"), "team");
    config.family<CeseConfig>().alpha = deck.get_real(
        "cese.alpha",
        {2.0, 0, 16, false, false, "W0 exponent alpha (eq. 3.9 of the CE/SE GPU thesis)"});
  });
}

}  // namespace portaflow::cese
