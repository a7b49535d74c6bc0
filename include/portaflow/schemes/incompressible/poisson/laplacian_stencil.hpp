// The curvilinear Laplacian of eq. 7 of Gohari et al. (2012) at an interior node as a 9-point
// stencil, unit spacing in (xi, eta): a f_xixi + b f_xieta + c f_etaeta + P f_xi + Q f_eta with
// central differences (node_grid.hpp for a, b, c, P, Q). One definition for the Poisson equation,
// its matrix, and the vorticity's diffusion.
#pragma once

#include "portaflow/schemes/incompressible/grid/node_grid.hpp"

namespace portaflow::incompressible {

struct Stencil {
  Real centre, east, west, north, south;  // (i +- 1, j), (i, j +- 1)
  Real north_east, north_west, south_east, south_west;
};

KOKKOS_INLINE_FUNCTION Stencil laplacian_stencil(const NodeGrid& g, int j, int i) {
  const Real a = g.a(j, i), b = g.b(j, i), c = g.c(j, i), p = g.p(j, i), q = g.q(j, i);
  Stencil s;
  s.centre = -2 * (a + c);
  s.east = a + Real(0.5) * p;
  s.west = a - Real(0.5) * p;
  s.north = c + Real(0.5) * q;
  s.south = c - Real(0.5) * q;
  s.north_east = s.south_west = Real(0.25) * b;
  s.north_west = s.south_east = -Real(0.25) * b;
  return s;
}

// The stencil's off-centre part applied to f at (j, i) (f: a NodeField, or a Reflected one on
// the wake cut).
template <class F>
KOKKOS_INLINE_FUNCTION Real neighbours(const Stencil& s, const F& f, int j, int i) {
  return s.east * f(j, i + 1) + s.west * f(j, i - 1) + s.north * f(j + 1, i) +
         s.south * f(j - 1, i) + s.north_east * f(j + 1, i + 1) + s.north_west * f(j + 1, i - 1) +
         s.south_east * f(j - 1, i + 1) + s.south_west * f(j - 1, i - 1);
}

template <class F>
KOKKOS_INLINE_FUNCTION Real laplacian(const NodeGrid& g, const F& f, int j, int i) {
  const Stencil s = laplacian_stencil(g, j, i);
  return s.centre * f(j, i) + neighbours(s, f, j, i);
}

// The interior nodes: where the Poisson and transport equations are written (and, on a C-grid,
// the wake cut's owner nodes: seam_owners).
inline IndexBox2D interior(const NodeGrid& g) { return {{1, g.nj - 1}, {1, g.ni - 1}}; }
inline IndexRange seam_owners(const NodeGrid& g) { return {1, g.seam > 1 ? g.seam : 1}; }

}  // namespace portaflow::incompressible
