// The finite-volume family's descriptors, muscl_hancock and muscl (registered in
// src/schemes/scheme_list.cpp).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow::fv {

const std::vector<SchemeDescriptor>& schemes();

// read_fv_deck.cpp
void read_muscl_hancock_deck(DeckReader& deck, RunConfig& config);
void read_muscl_deck(DeckReader& deck, RunConfig& config);
const ChoiceTable& muscl_hancock_choices();
const ChoiceTable& muscl_choices();

// In 1D or 2D as mesh.cells says (muscl_hancock_*_solver.cpp, muscl_*_solver.cpp).
std::unique_ptr<Solver> make_muscl_hancock_solver(const RunConfig& config);
std::unique_ptr<Solver> make_muscl_solver(const RunConfig& config);

}  // namespace portaflow::fv
