// The 2D MUSCL-Hancock step as Kokkos kernels: one sweep at a time from one buffer into the
// other, by line walkers (a thread per segment of a grid line; GPU, muscl_hancock_line_sweep.hpp),
// tiles of lines worked in vector loops (CPU, muscl_hancock_simd_tiles.hpp) or, for an x sweep on
// a GPU, teams or warps walking rows (muscl_hancock_row_teams.hpp, muscl_hancock_warp_rows.hpp),
// boundaries applied in the loads (no ghost fill); the second sweep reduces the next step's
// wave-rate maximum. (Blakely's fused step, both sweeps in one kernel on a tile with its halo in
// team scratch, was dropped: docs/performance.md, "MUSCL-Hancock sweeps".)
#pragma once

#include "portaflow/config/run_config.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"

namespace portaflow::fv {

struct SplitStep2D {
  Real dt_over_dx = 0, dt_over_dy = 0;
  Real inv_dx = 0, inv_dy = 0;  // for the fused wave-rate maximum
  physics::IdealGas gas{};
  Index nx = 0, ny = 0;  // interior cells; two ghost layers around
};

// max(|u| + c) / dx, (|v| + c) / dy) over the interior of `u`, into `rate` (written by the kernel
// where the host can read it after a fence); infinity where a cell is non-physical.
using RateView = Kokkos::View<double, ReadbackSpace>;
using RateMax = Kokkos::Max<double, ReadbackSpace>;
void max_wave_rate_2d(const Field2D& u, const SplitStep2D& step, const RateView& rate);

// How the sweeps run: line walkers, tiles of lines (teams of threads on a GPU, vector loops on a
// CPU), or, for an x sweep on a GPU, teams walking rows or (CUDA) warps walking rows (elsewhere
// tiles); kAuto: the backend's measured choice (kSweepForms in muscl_hancock_2d_flat.cpp).
// Benchmarks and tests name a form to compare them.
struct SweepLaunch {
  enum class Form { kAuto, kWalkers, kTeams, kRows, kWarpRows };
  Index segment = 0;  // cells per walker; 0: chosen from the size and backend
  Form form = Form::kAuto;
  Index width = 0;    // teams: cells along the sweep per tile; 0: chosen from the backend
  int team_size = 0;  // teams and rows on a GPU: threads per team; 0: chosen from the tile
  Index tiles = 0;    // rows: tiles a team or warp walks; 0: chosen from the size and the GPU
};

// Where a rated sweep leaves the wave-rate maximum of its result: `max`, reduced from `parts`,
// one maximum per walker or team of the GPU's forms (device memory the sweep grows as needed;
// RateParts in muscl_hancock_line_sweep.hpp says why).
struct SweepRate {
  RateView max;
  DeviceView<double*> parts;  // RateParts
  explicit SweepRate(const std::string& label) : max(label) {}
};

// One sweep along `dir` from `in` into `out`'s interior (flat variant); with `rate`, the
// wave-rate maximum of the result.
void sweep_lines_2d(const Field2D& in, const Field2D& out, int dir, const SplitStep2D& step,
                    const FvConfig& fv, const BoundaryConfig& boundary, const SweepLaunch& launch,
                    SweepRate* rate);

// out = (a + b) / 2 over `box` (the averaged splitting; out may be a or b).
void average_2d(const Field2D& out, const Field2D& a, const Field2D& b, const IndexBox2D& box);

}  // namespace portaflow::fv
