// The 2D MUSCL-Hancock sweeps and the wave-rate maximum. Each backend runs the forms measured
// fastest there (docs/performance.md, "MUSCL-Hancock sweeps"), chosen from kSweepForms below.
#include <algorithm>
#include <type_traits>

#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_kernels.hpp"
#include "portaflow/schemes/fv/muscl_hancock_line_sweep.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"
#include "portaflow/schemes/fv/muscl_hancock_row_teams.hpp"
#include "portaflow/schemes/fv/muscl_hancock_simd_tiles.hpp"
#include "portaflow/schemes/fv/muscl_hancock_warp_rows.hpp"

namespace portaflow::fv {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
constexpr Index kG = 2;  // ghost layers
#if defined(KOKKOS_ENABLE_CUDA)
constexpr bool kCuda = std::is_same_v<ExecSpace, Kokkos::Cuda>;  // warps of 32 lanes to shuffle
#else
constexpr bool kCuda = false;
#endif

KOKKOS_INLINE_FUNCTION E2::State load(const Field2D& u, Index j, Index i) {
  E2::State s;
  for (int v = 0; v < kN; ++v) s[v] = u(v, j, i);
  return s;
}

// Cells per walker on a GPU (H200, 1000^2 and 4096^2, perf/results/SUMMARY.md): a y sweep
// (coalesced) with segments of cells / 2^15 rounded down to a power of two, 4 to 32 (16 at
// 1000^2, 32 at 4096^2; 15 ran 30% slower than 16; with two cells in flight a walker, 32 ran
// the 4096^2 sweep without the dt maximum 5% faster than 64 and the one with it 0.5% slower,
// and 8 and 32 ran the 1000^2 ones 11-18% slower than 16); an x sweep that runs as walkers
// (float or the exact solver; else teams walking rows, sweep_lines_2d) with 4-cell walkers, so a
// warp's walkers cover 128 consecutive cells of one row. A CPU runs teams unless a deck sets
// execution.segment; 64 cells then.
Index line_segment(int dir, Index n, Index lines) {
  constexpr bool host = std::is_same_v<ExecSpace::memory_space, HostSpace>;
  Index wanted = 64;
  if (!host && dir == 0) wanted = 4;
  if (!host && dir == 1) {
    const long long cells_per = static_cast<long long>(n) * lines >> 15;
    wanted = 4;
    while (wanted < 32 && 2 * wanted <= cells_per) wanted *= 2;
  }
  return std::max<Index>(1, std::min<Index>(wanted, n));
}

// rate->parts with room for `count` maxima (grown, never shrunk: a solver's sweeps reuse it).
RateParts rate_parts(SweepRate* rate, Index count) {
  if (rate->parts.extent(0) < static_cast<std::size_t>(count))
    rate->parts = RateParts(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "muscl_hancock2d.rate_parts"), count);
  return rate->parts;
}

// rate->max = the largest of the first `count` parts.
void reduce_rate_parts(const SweepRate& rate, Index count) {
  const RateParts parts = rate.parts;
  par_reduce(
      "muscl_hancock2d.rate_parts_max", IndexRange{0, count},
      KOKKOS_LAMBDA(Index k, double& acc) {
        if (parts(k) > acc) acc = parts(k);
      },
      RateMax(rate.max));
}

template <int kDir, class Limiter, class Flux, bool kRate>
LineSweep2D<kDir, Limiter, Flux, kRate> make_walkers(const Field2D& in, const Field2D& out,
                                                     const SplitStep2D& step,
                                                     const BoundaryConfig& boundary,
                                                     Index segment) {
  LineSweep2D<kDir, Limiter, Flux, kRate> sweep;
  sweep.in = in;
  sweep.out = out;
  sweep.n = kDir == 0 ? step.nx : step.ny;
  sweep.lines = kDir == 0 ? step.ny : step.nx;
  sweep.segment = segment > 0 ? segment : line_segment(kDir, sweep.n, sweep.lines);
  sweep.segments = (sweep.n + sweep.segment - 1) / sweep.segment;
  sweep.dt_over_h = kDir == 0 ? step.dt_over_dx : step.dt_over_dy;
  sweep.gas = step.gas;
  sweep.low = boundary.side[2 * kDir];
  sweep.high = boundary.side[2 * kDir + 1];
  sweep.inv_dx = step.inv_dx;
  sweep.inv_dy = step.inv_dy;
  return sweep;
}

template <int kDir, class Limiter, class Flux, bool kRate>
void launch_line_sweep(const Field2D& in, const Field2D& out, const SplitStep2D& step,
                       const BoundaryConfig& boundary, Index segment, SweepRate* rate) {
  auto sweep = make_walkers<kDir, Limiter, Flux, kRate>(in, out, step, boundary, segment);
  const Index walkers = sweep.lines * sweep.segments;
  const char* label = kDir == 0 ? "muscl_hancock2d.sweep_x" : "muscl_hancock2d.sweep_y";
  // At most 128 registers (two 256-thread blocks per multiprocessor): the walker needs about
  // 120 without spilling. Fewer, for more warps in flight, spilled and ran slower (H200, y
  // sweep with the dt maximum, 4096^2, as a plain parallel_for: 2% slower at 96 registers
  // (five 128-thread blocks), 18% at 80; 80 was 30% slower on the H100 too).
  // PORTAFLOW_WALKER_THREADS and _BLOCKS (compile definitions) set the bounds for experiments.
#ifndef PORTAFLOW_WALKER_THREADS
#define PORTAFLOW_WALKER_THREADS 256
#endif
#ifndef PORTAFLOW_WALKER_BLOCKS
#define PORTAFLOW_WALKER_BLOCKS 2
#endif
  constexpr unsigned kThreads = PORTAFLOW_WALKER_THREADS, kBlocks = PORTAFLOW_WALKER_BLOCKS;
  // The maximum by a Kokkos reduction over the walkers while its grid holds them all (Kokkos
  // 3.4 launches at most as many blocks as a block has threads): no second kernel, whose launch
  // costs a short sweep several percent (H200, 1e6 cells, 62,500 y walkers: 2.66e10
  // cell-updates/s against 2.49e10 with parts); past that, one maximum a walker and a second
  // kernel (4096^2, 262,144 y walkers: 3.83e10 against 3.56e10 as a reduction).
  if (kRate && walkers <= static_cast<Index>(kThreads * kThreads)) {
    par_reduce_bounded<kThreads, kBlocks>(label, IndexRange{0, walkers}, sweep, RateMax(rate->max));
    return;
  }
  if constexpr (kRate && kCuda) {  // one maximum a warp
    static_assert(kThreads % WarpRotate::kLanes == 0, "the fold needs whole warps");
    WarpFoldedWalkers<decltype(sweep)> folded{sweep, walkers};
    folded.walkers.parts = rate_parts(rate, folded.warps());
    const Index threads = (walkers + kThreads - 1) / kThreads * kThreads;  // whole warps
    par_for_bounded<kThreads, kBlocks>(label, IndexRange{0, threads}, folded);
    reduce_rate_parts(*rate, folded.warps());
    return;
  }
  if (kRate) sweep.parts = rate_parts(rate, walkers);
  par_for_bounded<kThreads, kBlocks>(label, IndexRange{0, walkers}, sweep);
  if (kRate) reduce_rate_parts(*rate, walkers);
}

// A sweep by teams over tiles: on a CPU SimdLineTiles2D (vector loops over the tile in scratch),
// on a GPU LineTeams2D (a team's threads over the tile). Along x one row of 256 cells per team on
// a CPU (41 KB of scratch, about a core's L1), of 62 cells per 64-thread team on a GPU (each
// phase, 64 half steps, 63 Riemann problems, 62 updates, in one pass of the team; H200, HLLC,
// double: 2.6e10 cell-updates/s at 4096^2 against 2.4e10 for 256-cell tiles);
// along y 32 cells of 32 columns on a CPU (184 KB, L2; each vector loop runs across the 32
// columns, contiguous in memory), of 8 columns on a GPU (35 KB, under the 48 KB a CUDA team may
// have).
template <int kDir, class Limiter, class Flux, bool kRate>
void launch_line_teams(const Field2D& in, const Field2D& out, const SplitStep2D& step,
                       const BoundaryConfig& boundary, const SweepLaunch& launch, SweepRate* rate) {
  constexpr bool host = std::is_same_v<ExecSpace::memory_space, HostSpace>;
  std::conditional_t<host, SimdLineTiles2D<kDir, Limiter, Flux, kRate>,
                     LineTeams2D<kDir, Limiter, Flux, kRate>>
      sweep;
  sweep.line = make_walkers<kDir, Limiter, Flux, kRate>(in, out, step, boundary, 1);
  const Index width = launch.width > 0 ? launch.width : kDir == 1 ? 32 : host ? 256 : 62;
  sweep.width = std::min<Index>(width, sweep.line.n);
  sweep.depth = std::min<Index>(kDir == 0 ? 1 : host ? 32 : 8, sweep.line.lines);
  sweep.stretches = (sweep.line.n + sweep.width - 1) / sweep.width;
  const Index teams = sweep.stretches * ((sweep.line.lines + sweep.depth - 1) / sweep.depth);
  const std::size_t bytes = decltype(sweep)::scratch_bytes(sweep.width, sweep.depth);
  const char* label = kDir == 0 ? "muscl_hancock2d.sweep_x_teams" : "muscl_hancock2d.sweep_y_teams";
  // A CPU team is one thread; a GPU's x tile of the default width gets 64 threads.
  const bool default_x = kDir == 0 && launch.width == 0 && launch.team_size == 0;
  const int team_size = host ? 0 : default_x ? 64 : launch.team_size;
  if (kRate)
    par_reduce_teams(label, teams, bytes, sweep, RateMax(rate->max), team_size);
  else
    par_for_teams(label, teams, bytes, sweep, team_size);
}

// An x sweep as teams walking rows (GPU): 64 threads, so 60 cells a tile, or on grids that give
// teams of 128 threads (124 cells a tile, half the halo work) walking 8 tiles at least twice as
// many teams as the GPU holds at once, 128 (H200, HLLC: 4096^2 4.54e10 cell-updates/s against
// 4.42e10 with 64; 1e6 cells 3.30e10 against 3.40e10; sizes between not measured, the switch lies
// near 4e6 cells). At most 64 registers a thread, so 32 warps a multiprocessor (the compiler's own
// 72 registers left 24: 4096^2, 3.43e10 against 3.83e10 bounded); each team walks tiles / (8 x
// the teams the GPU holds at once) tiles, 2 to 8 (64 threads, 4096^2: 8 tiles 3.83e10, 16
// 3.74e10, 2 3.69e10; 1e6 cells: 2 tiles 3.00e10, 1 2.91e10, 4 2.79e10). A rated sweep leaves one
// maximum a team in rate->parts, then reduces those.
template <class Limiter, class Flux, bool kRate>
void launch_row_teams(const Field2D& in, const Field2D& out, const SplitStep2D& step,
                      const BoundaryConfig& boundary, const SweepLaunch& launch, SweepRate* rate) {
  RowTeams2D<Limiter, Flux, kRate> sweep;
  sweep.line = make_walkers<0, Limiter, Flux, kRate>(in, out, step, boundary, 1);
  constexpr Index kLargeWidth = 128 - decltype(sweep)::kHalo;
  const long long teams_of_128 =  // walking 8 tiles each
      static_cast<long long>((sweep.line.n + kLargeWidth - 1) / kLargeWidth) * sweep.line.lines / 8;
  const bool large_grid = teams_of_128 >= 2 * (ExecSpace().concurrency() / 128);
  const int team_size = launch.team_size > 0 ? launch.team_size : large_grid ? 128 : 64;
  sweep.width = team_size - decltype(sweep)::kHalo;
  const Index row_tiles = (sweep.line.n + sweep.width - 1) / sweep.width;
  const long long resident_teams = ExecSpace().concurrency() / team_size;
  const long long walk =
      static_cast<long long>(row_tiles) * sweep.line.lines / (8 * resident_teams);
  sweep.tiles = launch.tiles > 0 ? launch.tiles : std::clamp<long long>(walk, 2, 8);
  sweep.teams_per_row = (row_tiles + sweep.tiles - 1) / sweep.tiles;
  const Index teams = sweep.teams_per_row * sweep.line.lines;
  if (kRate) sweep.line.parts = rate_parts(rate, teams);
  const std::size_t bytes = decltype(sweep)::scratch_bytes(team_size);
  const char* label = "muscl_hancock2d.sweep_x_rows";
  // The bounds hold for teams of up to 128 threads (16 and 8 a multiprocessor at 64 registers).
  par_for_teams<128, 8>(label, teams, bytes, sweep, team_size);
  if (kRate) reduce_rate_parts(*rate, teams);
}

// An x sweep as warps walking rows (CUDA): each warp walks tiles of 32 cells, 16 to 32 of them,
// about two warps' walks for each warp the GPU holds at once (H200, HLLC, with the maximum: 1e6
// cells 16 tiles 2.35e10 cell-updates/s, 8 2.26e10, 32 2.09e10, 4 2.16e10; 4096^2 26 (the
// default there) 3.85e10, 32 3.82e10, 16 3.80e10, 8 3.63e10). At most 128 registers (two
// 256-thread blocks a multiprocessor; at 80, three blocks, it spilled and ran 40% slower). A
// rated sweep leaves one maximum a warp in rate->parts, then reduces those.
template <class Limiter, class Flux, bool kRate>
void launch_warp_rows(const Field2D& in, const Field2D& out, const SplitStep2D& step,
                      const BoundaryConfig& boundary, const SweepLaunch& launch, SweepRate* rate) {
  if constexpr (kCuda) {  // not even instantiated for a backend without warps
    using Sweep = WarpRows2D<Limiter, Flux, kRate>;
    Sweep sweep;
    sweep.line = make_walkers<0, Limiter, Flux, kRate>(in, out, step, boundary, 1);
    constexpr Index kLanes = Sweep::kLanes;
    const Index row_tiles = (sweep.line.n + kLanes - 1) / kLanes;
    const long long resident_warps = ExecSpace().concurrency() / kLanes;
    const long long walk =
        static_cast<long long>(row_tiles) * sweep.line.lines / (2 * resident_warps);
    const Index wanted = launch.tiles > 0 ? launch.tiles : std::clamp<long long>(walk, 16, 32);
    // Equal walks along a row: as many warps as `wanted` tiles each need, then tiles shared out.
    sweep.warps_per_row = (row_tiles + wanted - 1) / wanted;
    sweep.span = kLanes * ((row_tiles + sweep.warps_per_row - 1) / sweep.warps_per_row);
    constexpr unsigned kThreads = 256;
    const Index threads = (sweep.warps() * kLanes + kThreads - 1) / kThreads * kThreads;
    if (kRate) sweep.line.parts = rate_parts(rate, sweep.warps());
    par_for_bounded<kThreads, 2>("muscl_hancock2d.sweep_x_warps", IndexRange{0, threads}, sweep);
    if (kRate) reduce_rate_parts(*rate, sweep.warps());
  }
}

}  // namespace

void max_wave_rate_2d(const Field2D& u, const SplitStep2D& step, const RateView& rate) {
  const auto gas = step.gas;
  const double inv_dx = step.inv_dx, inv_dy = step.inv_dy;
  par_reduce(
      "muscl_hancock2d.max_wave_rate", IndexBox2D{{kG, kG + step.ny}, {kG, kG + step.nx}},
      KOKKOS_LAMBDA(Index j, Index i, double& acc) {
        const double r = split_wave_rate(load(u, j, i), gas, inv_dx, inv_dy);
        if (r > acc) acc = r;
      },
      RateMax(rate));
}

namespace {

// Which form a sweep runs when the deck does not ask (SweepLaunch::Form::kAuto): the first rule
// that matches (kAny matches everything). Each kernel (direction, flux, with or without the
// wave-rate maximum) runs one form on a backend; docs/performance.md lists the measurements. H200
// (HLLC, double, 4096^2, cell-updates/s) and 16 Xeon cores: on a CPU tiles of lines in vector
// loops; on a GPU walkers for y sweeps and for the exact solver (its iterations diverge across a
// row's lanes), teams walking rows for an x sweep with a closed-form solver (4.6e10 against 2.6e10
// for walkers), and warps walking rows when that sweep also reduces the wave-rate maximum
// (3.85e10 against the rows' 3.59e10). Rows and warps are measured in double only, so float keeps
// walkers.
enum class Match { kAny, kYes, kNo };
struct SweepFormRule {
  Match gpu, x_sweep, closed_form, rated, double_precision;
  SweepLaunch::Form form;
};
constexpr SweepFormRule kSweepForms[] = {
    {Match::kNo, Match::kAny, Match::kAny, Match::kAny, Match::kAny, SweepLaunch::Form::kTeams},
    {Match::kYes, Match::kYes, Match::kYes, Match::kNo, Match::kYes, SweepLaunch::Form::kRows},
    {Match::kYes, Match::kYes, Match::kYes, Match::kYes, Match::kYes, SweepLaunch::Form::kWarpRows},
    {Match::kYes, Match::kAny, Match::kAny, Match::kAny, Match::kAny, SweepLaunch::Form::kWalkers},
};

constexpr bool matches(Match rule, bool value) {
  return rule == Match::kAny || (rule == Match::kYes) == value;
}

SweepLaunch::Form default_form(int dir, bool closed_form, bool rated) {
  constexpr bool gpu = !std::is_same_v<ExecSpace::memory_space, HostSpace>;
  for (const SweepFormRule& r : kSweepForms)
    if (matches(r.gpu, gpu) && matches(r.x_sweep, dir == 0) &&
        matches(r.closed_form, closed_form) && matches(r.rated, rated) &&
        matches(r.double_precision, sizeof(Real) == 8))
      return r.form;
  return SweepLaunch::Form::kWalkers;
}

}  // namespace

void sweep_lines_2d(const Field2D& in, const Field2D& out, int dir, const SplitStep2D& step,
                    const FvConfig& fv, const BoundaryConfig& boundary, const SweepLaunch& launch,
                    SweepRate* rate) {
  constexpr bool host = std::is_same_v<ExecSpace::memory_space, HostSpace>;
  using Form = SweepLaunch::Form;
  dispatch_limiter_and_flux(fv, [&](auto limiter, auto flux) {
    using L = decltype(limiter);
    using F = decltype(flux);
    Form form = launch.form != Form::kAuto ? launch.form
                                           : default_form(dir, !F::kIterative, rate != nullptr);
    // Rows and warps walk x rows on a GPU (warps need CUDA's shuffles); elsewhere they are tiles.
    if ((form == Form::kRows || form == Form::kWarpRows) && (dir != 0 || host)) form = Form::kTeams;
    if (form == Form::kWarpRows && !kCuda) form = Form::kTeams;
    const auto run = [&](auto dir_constant, auto rated) {
      constexpr int kDir = decltype(dir_constant)::value;
      constexpr bool kRate = decltype(rated)::value;
      if constexpr (kDir == 0 && !host) {
        if (form == Form::kRows)
          return launch_row_teams<L, F, kRate>(in, out, step, boundary, launch, rate);
        if (form == Form::kWarpRows)
          return launch_warp_rows<L, F, kRate>(in, out, step, boundary, launch, rate);
      }
      if (form == Form::kTeams)
        return launch_line_teams<kDir, L, F, kRate>(in, out, step, boundary, launch, rate);
      launch_line_sweep<kDir, L, F, kRate>(in, out, step, boundary, launch.segment, rate);
    };
    using X = std::integral_constant<int, 0>;
    using Y = std::integral_constant<int, 1>;
    if (dir == 0) rate ? run(X{}, std::true_type{}) : run(X{}, std::false_type{});
    if (dir == 1) rate ? run(Y{}, std::true_type{}) : run(Y{}, std::false_type{});
  });
}

void average_2d(const Field2D& out, const Field2D& a, const Field2D& b, const IndexBox2D& box) {
  par_for(
      "muscl_hancock2d.average_splittings", box, KOKKOS_LAMBDA(Index j, Index i) {
        for (int v = 0; v < kN; ++v) out(v, j, i) = Real(0.5) * (a(v, j, i) + b(v, j, i));
      });
}

}  // namespace portaflow::fv
