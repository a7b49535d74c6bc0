// Diagnostics every 2D Euler scheme needs, written once (the 2D twin of diagnostics_1d.hpp).
// `interior` is the box of real points in the field; point (j, i) of the mesh is field index
// (interior.j.begin + j, interior.i.begin + i). The first four components are rho, rho u, rho v, E.
#pragma once

#include <optional>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct UniformGrid2D {
  double x_min = 0, y_min = 0;
  double dx = 1, dy = 1;
  int nx = 1, ny = 1;
};

Monitors conserved_totals_2d(const Field2D& u, IndexBox2D interior, const UniformGrid2D& g);

std::optional<NonPhysicalCell> find_nonphysical_2d(const Field2D& u, IndexBox2D interior,
                                                   const UniformGrid2D& g, double gamma);

SolutionSnapshot snapshot_2d(const Field2D& u, IndexBox2D interior, const UniformGrid2D& g,
                             double gamma, double time, long long step);

}  // namespace portaflow
