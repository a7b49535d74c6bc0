// Turns a deck into a RunConfig: which keys exist for which scheme, their types, ranges,
// defaults and meanings. The README's deck reference mirrors this file.
#pragma once

#include "portaflow/io/deck_reader.hpp"
#include "portaflow/schemes/run_config.hpp"

namespace portaflow::io {

// Reads and checks every key, then rejects unknown ones. Throws InputError on the first problem.
RunConfig read_run_config(DeckReader& deck);

}  // namespace portaflow::io
