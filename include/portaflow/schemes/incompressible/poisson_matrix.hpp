// The stream-function Poisson equation of a node grid as a sparse matrix over its interior nodes
// (k = (j - 1)(ni - 2) + (i - 1)), assembled on the device from laplacian_stencil.hpp, for the
// Kokkos-Kernels solvers (BiCGSTAB, the multigrid preconditioner): KokkosSparse::CrsMatrix.
#pragma once

#include <KokkosSparse_CrsMatrix.hpp>
#include <cstddef>

#include "portaflow/schemes/incompressible/node_grid.hpp"

namespace portaflow::incompressible {

// Row offsets of type size_t: with (int, int) Kokkos-Kernels 3.4 routes CUDA's spmv to its
// cuSPARSE specialisation, which it only defines in its own compiled library (ETI), not in the
// headers we build from (an undefined symbol at link time); (int, size_t) has no cuSPARSE route,
// so every backend runs Kokkos-Kernels' own spmv.
using SparseOffset = std::size_t;
using SparseMatrix = KokkosSparse::CrsMatrix<Real, int, ExecSpace, void, SparseOffset>;
using Vector = DeviceView<Real*>;

struct PoissonMatrix {
  int rows = 0;
  SparseMatrix matrix;
  Vector diagonal_inverse;
};

// Cross-derivative places only where some node has b != 0 (none on a Cartesian grid).
PoissonMatrix assemble_poisson_matrix(const NodeGrid& grid);

// x = psi at the interior nodes; b = -omega minus the boundary neighbours' terms.
void gather_poisson_system(const NodeGrid& grid, const NodeField& psi, const NodeField& omega,
                           const Vector& x, const Vector& b);
// psi at the interior nodes = x.
void scatter_solution(const NodeGrid& grid, const Vector& x, const NodeField& psi);

}  // namespace portaflow::incompressible
