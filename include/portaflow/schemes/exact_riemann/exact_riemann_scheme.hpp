// The exact_riemann scheme's descriptor (registered in src/schemes/scheme_list.cpp).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/schemes/scheme_descriptor.hpp"

namespace portaflow::exact_riemann {

const std::vector<SchemeDescriptor>& schemes();

// exact_riemann_solver.cpp
std::unique_ptr<Solver> make_solver(const RunConfig& config);

}  // namespace portaflow::exact_riemann
