// The high-order family's descriptors, dg, cpr, ndg and sd (registered in
// src/schemes/scheme_list.cpp).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow::highorder {

const std::vector<SchemeDescriptor>& schemes();

// read_highorder_deck.cpp: the deck of one method, and the named values it accepts.
void read_deck(DeckReader& deck, RunConfig& config, HighOrderMethod method);
const ChoiceTable& choices(HighOrderMethod method);

// highorder_solver.cpp: the method and degree of config's options.
std::unique_ptr<Solver> make_solver(const RunConfig& config);

}  // namespace portaflow::highorder
