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

// `portaflow check`: a deck's Plot3D mesh read and its blocks joined, as a run would
// (mesh_from_config.cpp); nothing for the generated meshes.
std::vector<std::string> check_mesh_file(const RunConfig& config);

}  // namespace portaflow::multiblock
