// The incompressible family's descriptor, streamfunction_vorticity (registered in
// src/schemes/scheme_list.cpp).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow::incompressible {

const std::vector<SchemeDescriptor>& schemes();

// read_incompressible_deck.cpp
void read_deck(DeckReader& deck, RunConfig& config);
const ChoiceTable& choices();

// streamfunction_vorticity_solver.cpp
std::unique_ptr<Solver> make_solver(const RunConfig& config);

}  // namespace portaflow::incompressible
