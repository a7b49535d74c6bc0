// Sparse matrices for the Kokkos-Kernels solvers and grid transfers (KokkosSparse::CrsMatrix,
// applied with spmv): the matrix type every scheme uses, and a host-built CSR copied to it.
#pragma once

#include <KokkosSparse_CrsMatrix.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "portaflow/core/types.hpp"

namespace portaflow {

// Row offsets of type size_t: with (int, int) Kokkos-Kernels 3.4 routes CUDA's spmv to its
// cuSPARSE specialisation, which it only defines in its own compiled library (ETI), not in the
// headers we build from (an undefined symbol at link time); (int, size_t) has no cuSPARSE route,
// so every backend runs Kokkos-Kernels' own spmv.
using SparseOffset = std::size_t;
using SparseMatrix = KokkosSparse::CrsMatrix<Real, int, ExecSpace, void, SparseOffset>;

// A matrix assembled on the host, row by row (setup only: transfers, small operators).
struct HostCsr {
  int rows = 0, columns = 0;
  std::vector<SparseOffset> row_map{0};
  std::vector<int> entries;
  std::vector<Real> values;

  void add(int column, Real value) {
    entries.push_back(column);
    values.push_back(value);
  }
  void end_row() {
    row_map.push_back(entries.size());
    ++rows;
  }
};

SparseMatrix to_device(const HostCsr& host, const std::string& label);

// The transpose times `scale` (full weighting from bilinear interpolation: P^T / 4 in 2D).
HostCsr scaled_transpose(const HostCsr& matrix, Real scale);

}  // namespace portaflow
