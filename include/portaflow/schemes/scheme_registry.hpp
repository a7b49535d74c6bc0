// The schemes a deck may name, found through their descriptors (scheme_list.cpp holds the one
// list), and what the rest of the code asks of them: a deck read into a RunConfig, a solver
// built, the descriptions `portaflow list` prints.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow {

// Every scheme, family by family, in the order `portaflow list` shows them (scheme_list.cpp).
const std::vector<const SchemeDescriptor*>& scheme_list();

// The descriptor of `name`; throws Error (an internal error: names come from the deck reader,
// which checks them) when there is none.
const SchemeDescriptor& find_scheme(const std::string& name);

// Reads `scheme`, `physics.gamma` and then the scheme's own reader; rejects unknown keys. Throws
// InputError on the first problem, located in the deck.
RunConfig read_run_config(DeckReader& deck);

// The solver config.scheme_name names.
std::unique_ptr<Solver> make_solver(const RunConfig& config);

// Every scheme with its description and the named values its keys accept.
void print_schemes(std::ostream& out);

}  // namespace portaflow
