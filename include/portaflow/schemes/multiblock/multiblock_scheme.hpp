// The multi-block family's descriptor, multiblock (registered in src/schemes/scheme_list.cpp).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow::multiblock {

const std::vector<SchemeDescriptor>& schemes();

// read_multiblock_deck.cpp
void read_deck(DeckReader& deck, RunConfig& config);
const ChoiceTable& choices();

// The 2D or 3D solver, as the deck's mesh is (make_solver.cpp).
std::unique_ptr<Solver> make_solver(const RunConfig& config);

}  // namespace portaflow::multiblock
