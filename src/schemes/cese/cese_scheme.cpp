// The CE/SE family's descriptors.
#include "portaflow/schemes/cese/cese_scheme.hpp"

namespace portaflow::cese {

namespace {

void read_1d(DeckReader& deck, RunConfig& config) { read_deck(deck, config, 1); }
void read_2d(DeckReader& deck, RunConfig& config) { read_deck(deck, config, 2); }
const ChoiceTable& choices_1d() { return choices(1); }
const ChoiceTable& choices_2d() { return choices(2); }

}  // namespace

const std::vector<SchemeDescriptor>& schemes() {
  static const std::vector<SchemeDescriptor> list{
      {"cese1d", Dimensions::k1D,
       "Chang's space-time CE/SE a-alpha scheme (Chang 1995; the CE/SE GPU thesis, eqs. "
       "3.11-3.16)",
       "The space-time conservation element and solution element method of Chang (1995) for the "
       "1D Euler equations: the solution and its spatial gradient marched on staggered half "
       "steps, with the W0 weighting of the gradients (exponent cese.alpha) that captures shocks "
       "without a Riemann solver; as written for GPUs in the CE/SE GPU thesis (2016), Algorithms "
       "1-3.",
       read_1d, choices_1d, OutputKind::kCells, PORTAFLOW_SOLVER_FACTORY(make_cese1d_solver)},
      {"cese2d", Dimensions::k2D,
       "CE/SE on the quadrilateral staggered mesh (Chang, Wang & Himansu 1999; the CE/SE GPU "
       "thesis, eqs. 3.17-3.33)",
       "The 2D CE/SE scheme on quadrilateral cells (Chang, Wang & Himansu 1999): the state and "
       "its two gradients marched between the cell centres and the cell corners on half steps, "
       "with the W0 weighting; as written for GPUs in the CE/SE GPU thesis (2016), Algorithms "
       "4-5, in team kernels over tiles in scratch memory or flat kernels.",
       read_2d, choices_2d, OutputKind::kCells, PORTAFLOW_SOLVER_FACTORY(make_cese2d_solver)},
  };
  return list;
}

}  // namespace portaflow::cese
