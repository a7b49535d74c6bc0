// exact_riemann: the deck (a 1D mesh, a Riemann problem, vacuum allowed; no boundaries, since the
// exact solution needs none) and the descriptor.
#include "portaflow/schemes/exact_riemann/exact_riemann_scheme.hpp"

#include "portaflow/config/shared_sections.hpp"

namespace portaflow::exact_riemann {

namespace {

const ChoiceTable& choices() {
  static const ChoiceTable table{{{"problem.type"}, {"riemann"}, "the Riemann problem it samples"}};
  return table;
}

void read_deck(DeckReader& deck, RunConfig& config) {
  config.mesh = deck::read_mesh(deck, 1);
  config.problem = deck::read_problem(deck, config.mesh, choice_values(choices(), "problem.type"),
                                      /*vacuum_allowed=*/true);
  config.time = deck::read_time(deck);
  config.output = deck::read_output(deck, config.deck_path);
}

}  // namespace

const std::vector<SchemeDescriptor>& schemes() {
  static const std::vector<SchemeDescriptor> list{
      {"exact_riemann", Dimensions::k1D,
       "exact solution of a 1D Riemann problem (Toro ch. 4) sampled on the mesh",
       "The exact solution of the Riemann problem for the Euler equations of an ideal gas "
       "(Toro 2009, ch. 4: the pressure in the star region by Newton iteration, then the waves "
       "sampled at x / t), vacuum included, sampled at the cell centres at every output time. "
       "It marches nothing; it is the reference the 1D schemes are compared with.",
       read_deck, choices, OutputKind::kCells, PORTAFLOW_SOLVER_FACTORY(make_solver)}};
  return list;
}

}  // namespace portaflow::exact_riemann
