// The stream-function Poisson equation of a node grid as a sparse matrix, one row per node that
// solves it or follows a Neumann rule (boundary_layout.hpp), numbered in node order (the cut's
// upper-side twins share their owner's row; Dirichlet nodes have none), assembled on the device
// from laplacian_stencil.hpp, for the Kokkos-Kernels solvers (BiCGSTAB, the multigrid
// preconditioner): KokkosSparse::CrsMatrix.
#pragma once

#include "portaflow/schemes/common/sparse_csr.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson.hpp"

namespace portaflow::incompressible {

using Vector = DeviceView<Real*>;

struct PoissonMatrix {
  int rows = 0;
  SparseMatrix matrix;
  Vector diagonal_inverse;
  DeviceView<int**> row_of;  // (j, i): the node's row, or -1
  DeviceView<int*> node_of;  // a row's node j * ni + i
};

// Cross-derivative places only where some node has b != 0 (none on a Cartesian grid).
PoissonMatrix assemble_poisson_matrix(const PoissonDomain& domain);

// x = psi at the rows' nodes; b = -omega minus the Dirichlet neighbours' terms (Laplacian rows),
// or psi_inf - psi_inf(link) (Neumann rows, both sides times the link's Laplacian diagonal: see
// poisson_matrix.cpp).
void gather_poisson_system(const PoissonDomain& domain, const PoissonMatrix& m,
                           const NodeField& psi, const NodeField& omega, const Vector& x,
                           const Vector& b);
// psi = x at every node with a row (the twins included).
void scatter_solution(const PoissonMatrix& m, const Vector& x, const NodeField& psi);

}  // namespace portaflow::incompressible
