// The CE/SE family's descriptors, cese1d and cese2d (registered in src/schemes/scheme_list.cpp).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow::cese {

const std::vector<SchemeDescriptor>& schemes();

// The deck's cese.* and execution.* keys (read_cese_deck.cpp).
void read_deck(DeckReader& deck, RunConfig& config, int dimension);
const ChoiceTable& choices(int dimension);

// cese1d_solver.cpp, cese2d_solver.cpp
std::unique_ptr<Solver> make_cese1d_solver(const RunConfig& config);
std::unique_ptr<Solver> make_cese2d_solver(const RunConfig& config);

}  // namespace portaflow::cese
