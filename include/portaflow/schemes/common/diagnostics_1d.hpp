// Diagnostics every 1D Euler scheme needs, written once: conserved totals, the first
// non-physical cell, and a host snapshot of the primitive variables. `interior` is the index range
// of real (non-ghost) cells in the field; cell k of the mesh is field index interior.begin + k.
#pragma once

#include <optional>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct UniformAxis {
  double x_min = 0;
  double dx = 1;
  int cells = 1;
  double center(long long k) const { return x_min + (static_cast<double>(k) + 0.5) * dx; }
};

Monitors conserved_totals_1d(const Field1D& u, IndexRange interior, const UniformAxis& axis);

// Whether rho = p = 0 (a vacuum, exact for some Riemann data) counts as physical.
enum class VacuumPolicy { kForbidden, kAllowed };

std::optional<NonPhysicalCell> find_nonphysical_1d(const Field1D& u, IndexRange interior,
                                                   const UniformAxis& axis, double gamma,
                                                   VacuumPolicy vacuum = VacuumPolicy::kForbidden);

SolutionSnapshot snapshot_1d(const Field1D& u, IndexRange interior, const UniformAxis& axis,
                             double gamma, double time, long long step);

}  // namespace portaflow
