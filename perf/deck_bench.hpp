// `portaflow-bench --deck DECK`: times a whole deck's step as the run driver takes it (the
// scheme's CFL time step, read back on the host, then advance(dt)), for a list of mesh sizes.
// Only built where the yaml-cpp deck reader (the portaflow_deck library, no VTK) exists.
#pragma once

#include <string>
#include <vector>

#include "perf/bench_registry.hpp"

namespace portaflow::bench {

// A kernel named "deck.<scheme>" for the deck at `path` with `overrides` ("key.path=value")
// applied. make(cells) sets mesh.cells to cells (1D), [n, n] (2D, n = round(sqrt(cells))) or [n, n,
// n] (3D). Bytes and flops per cell update are not known for a whole deck: they are 0 ("not
// counted") and the roofline fractions are null. Throws InputError for a bad deck.
BenchKernel make_deck_kernel(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace portaflow::bench
