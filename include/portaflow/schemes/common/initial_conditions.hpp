// Initial data of every named problem, and the exact solution of those that have one. Host
// functions on plain doubles: every scheme samples them once at set-up (and tests at the end).
#pragma once

#include <array>

#include "portaflow/config/run_config.hpp"

namespace portaflow {

// Primitive state (rho, u, v, p) at (x, y) at t = 0 (v = 0 and y ignored in 1D).
std::array<double, 4> initial_primitive(const ProblemConfig& problem, double gamma, double x,
                                        double y = 0);

// True when exact_primitive() knows the solution at any time.
bool has_exact_solution(const ProblemConfig& problem);

// The exact solution at (x, y, t), with periodic wrapping of the domain for advected problems.
std::array<double, 4> exact_primitive(const ProblemConfig& problem, const MeshConfig& mesh,
                                      double gamma, double x, double y, double t);

}  // namespace portaflow
