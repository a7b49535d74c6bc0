// The CE/SE half step as Kokkos kernels, written once and instantiated per variant.
//
// Storage (one View per level; variable index slowest): component v of u, then of each
// gradient: q(v + n * k, [j,] i) with k = 0 for u, k = 1 + d for du/dx_d (n = Dim + 2).
// A half step maps `in` to `out`, output point (j, i) being the centre of inputs
// (j..j+1, i..i+1); it is written to out(j + offset, i + offset).
#pragma once

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/cese/cese_point.hpp"

namespace portaflow::cese {

enum class KernelVariant {
  kTeam,  // TeamPolicy over tiles: tile + halo terms computed once into team scratch
  kFlat,  // one work item per output point; neighbour terms recomputed per output
};

void half_step_1d(const Field1D& in, const Field1D& out, Index n_out, Index out_offset,
                  const HalfStep<1>& step, KernelVariant variant, TileShape1D tile);

void half_step_2d(const Field2D& in, const Field2D& out, Index ny_out, Index nx_out,
                  Index out_offset, const HalfStep<2>& step, KernelVariant variant,
                  TileShape2D tile);

}  // namespace portaflow::cese
