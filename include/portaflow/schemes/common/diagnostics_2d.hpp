// Diagnostics every 2D Euler scheme needs, written once (the 2D twin of diagnostics_1d.hpp).
// `interior` is the box of real points in the field; point (j, i) of the mesh is field index
// (interior.j.begin + j, interior.i.begin + i). The first four components are rho, rho u, rho v, E.
#pragma once

#include <optional>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

// A uniform grid, or one rank's box of it (a run decomposed over ranks): nx x ny cells from the
// whole grid's cell (i0, j0). Positions come from the whole grid's indices (x_min + (i0 + i +
// 1/2) dx), so every rank computes the same numbers a one-rank run does.
struct UniformGrid2D {
  double x_min = 0, y_min = 0;
  double dx = 1, dy = 1;
  int nx = 1, ny = 1;
  int i0 = 0, j0 = 0;
  double x_centre(Index i) const { return x_min + (i0 + i + 0.5) * dx; }
  double y_centre(Index j) const { return y_min + (j0 + j + 0.5) * dy; }
  double x_edge(Index i) const { return x_min + (i0 + i) * dx; }
  double y_edge(Index j) const { return y_min + (j0 + j) * dy; }
};

Monitors conserved_totals_2d(const Field2D& u, IndexBox2D interior, const UniformGrid2D& g);

std::optional<NonPhysicalCell> find_nonphysical_2d(const Field2D& u, IndexBox2D interior,
                                                   const UniformGrid2D& g, double gamma);

SolutionSnapshot snapshot_2d(const Field2D& u, IndexBox2D interior, const UniformGrid2D& g,
                             double gamma, double time, long long step);

}  // namespace portaflow
