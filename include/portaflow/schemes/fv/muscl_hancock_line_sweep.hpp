// One MUSCL-Hancock sweep as "line walkers" (the flat variant of the 2D split scheme): each thread
// walks a segment of one grid line along the sweep direction, keeping a sliding window of three
// cells, the right-hand evolved state of the previous cell and the flux of the previous face in
// registers, and loads one cell ahead. So each cell's boundary values are evolved once and each
// face's Riemann problem is solved once (plus one of each per segment to start the window), the
// state is read once and written once (into the other buffer: segments of one line overlap by
// two cells), and no flux array is stored. Boundaries are applied where the walker reads past a
// line end (the ghost rules of fv_ghosts.hpp), so no ghost-fill kernel runs between sweeps.
//
// The walkers' order (walk()) keeps a GPU warp's loads together: adjacent columns for a y sweep,
// adjacent stretches of one row for an x sweep.
#pragma once

#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/fv/fv_ghosts.hpp"
#include "portaflow/schemes/fv/incore_rows.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"

namespace portaflow::fv {

// A rated sweep's wave-rate maxima, one per walker or team, which a second, small kernel folds
// into the step's maximum (muscl_hancock_2d_flat.cpp). So the sweep itself is a plain
// parallel_for (H200, HLLC, 4096^2: y walkers 3.83e10 cell-updates/s against 3.56e10 as a
// Kokkos 3.4 range reduction, which launches at most as many blocks as a block has threads;
// teams walking rows 3.22e10 against 1.82e10 as a reduction over the team league, the same
// rows code otherwise; perf/results/SUMMARY.md).
using RateParts = DeviceView<double*>;

template <int kDir, class Limiter, class Flux, bool kRate>
struct LineSweep2D {
  using E = physics::Euler<2>;
  using State = E::State;
  static constexpr int kN = E::kNumVars;
  static constexpr Index kG = kGhosts;

  Field2D in, out;     // two ghost layers around nx x ny interior cells (ghosts not read)
  Index n = 0;         // cells along the sweep direction
  Index lines = 0;     // lines (cells across it)
  Index segment = 0;   // cells a walker updates
  Index segments = 0;  // walkers per line
  Real dt_over_h = 0;
  physics::IdealGas gas{};
  BoundaryKind low = BoundaryKind::kNonReflective, high = BoundaryKind::kNonReflective;
  double inv_dx = 0, inv_dy = 0;  // kRate: the new state's wave rate
  RateParts parts;                // kRate: walker t's maximum goes to parts(t)

  // Cell k, 0 <= k < n: no boundary rule (the walkers' common case).
  KOKKOS_INLINE_FUNCTION State load_inside(Index line, Index k) const {
    State s;
    for (int v = 0; v < kN; ++v)
      s[v] =
          kDir == 0 ? in(v, stored_row(kG + line), kG + k) : in(v, stored_row(kG + k), kG + line);
    return s;
  }

  // Cell k (interior numbering, -2 <= k <= n + 1) of line `line`, past the ends by the boundary
  // rules (the normal momentum negated at a reflective end).
  KOKKOS_INLINE_FUNCTION State load(Index line, Index k) const {
    Index source = k;
    bool mirror = false;
    if (k < 0) {
      source = ghost_source(low, true, -1 - k, n, 0);
      mirror = low == BoundaryKind::kReflective;
    } else if (k >= n) {
      source = ghost_source(high, false, k - n, n, 0);
      mirror = high == BoundaryKind::kReflective;
    }
    State s = load_inside(line, source);
    if (mirror) s[E::kMom + kDir] = -s[E::kMom + kDir];
    return s;
  }

  // Cell c <= n + 1 of the walkers' window: the boundary rules only past the line's end.
  KOKKOS_INLINE_FUNCTION State load_window(Index line, Index c) const {
    return c < n ? load_inside(line, c) : load(line, c <= n + 1 ? c : n + 1);
  }

  KOKKOS_INLINE_FUNCTION void store(Index line, Index k, const State& s) const {
    for (int v = 0; v < kN; ++v) {
      if (kDir == 0)
        out(v, stored_row(kG + line), kG + k) = s[v];
      else
        out(v, stored_row(kG + k), kG + line) = s[v];
    }
  }

  KOKKOS_INLINE_FUNCTION EvolvedFaceStates<2> evolve(const State& previous, const State& centre,
                                                     const State& next) const {
    return evolved_face_states<2, Limiter>(previous, centre, next, kDir, Real(0.5) * dt_over_h,
                                           gas);
  }

  KOKKOS_INLINE_FUNCTION double raise_wave_rate(double rate, const State& s) const {
    return raise_split_wave_rate(rate, s, gas, inv_dx, inv_dy);
  }

  // Cells a walker has in flight ahead of the one it updates: two with a closed-form solver, so
  // a load has two cells' arithmetic to land in (H200, HLLC, y sweep with the dt maximum:
  // 4.16e10 cell-updates/s at 4096^2 against 3.82e10 with one; at 1000^2 without it 3.80e10
  // against 3.50e10; perf/results/SUMMARY.md); one with the exact solver (not measured with
  // two: its long code already runs one cell a pass, see walk()).
  static constexpr int kLookahead = Flux::kIterative ? 1 : 2;

  // Walker t. y sweep: line t % lines, so adjacent threads walk adjacent columns (coalesced).
  // x sweep: segment t % segments of row t / segments, so a warp's walkers cover one stretch of
  // a row and each load instruction touches a few cache lines (not 32 rows' worth).
  KOKKOS_INLINE_FUNCTION void walk(Index t, double& rate) const {
    const Index line = kDir == 0 ? t / segments : t % lines;
    const Index first = (kDir == 0 ? t % segments : t / lines) * segment;
    const Index last = first + segment < n ? first + segment : n;
    // Window: cells k - 1, k, k + 1; `right` is cell k - 1's evolved value at face k - 1/2.
    // `ahead` is cell k + 2, `further` cell k + 3 (kLookahead 2), loaded before their use so
    // that the loads' latency overlaps this cell's arithmetic.
    State previous = load(line, first - 2), centre = load(line, first - 1),
          next = load(line, first), ahead = load(line, first + 1);
    State further{};
    if (kLookahead == 2) further = load_window(line, first + 2);
    physics::FaceState<2> right = evolve(previous, centre, next).plus;
    State flux_behind{};  // flux through face k - 3/2
    const auto advance = [&](Index k) {
      previous = centre;
      centre = next;
      next = ahead;
      if (kLookahead == 2) {
        ahead = further;
        further = load_window(line, k + 3 <= last + 2 ? k + 3 : last + 2);  // no cell past use
      } else {
        ahead = load_window(line, k + 2);
      }
      const auto evolved = evolve(previous, centre, next);
      const State flux = Flux::template flux<2>(right, evolved.minus, kDir, gas);  // face k - 1/2
      if (k > first) {  // cell k - 1 = `previous` now has both its face fluxes
        State updated;
        for (int v = 0; v < kN; ++v)
          updated[v] = previous[v] + dt_over_h * (flux_behind[v] - flux[v]);
        store(line, k - 1, updated);
        if (kRate) rate = raise_wave_rate(rate, updated);
      }
      flux_behind = flux;
      right = evolved.plus;
    };
    if constexpr (Flux::kIterative) {
      for (Index k = first; k <= last; ++k) advance(k);
    } else {
      // Two cells a pass on a GPU: the second cell's arithmetic can overlap the first's, and
      // the window's and the carried face state's register copies drop by half (SASS: ~35
      // fewer instructions a cell in the y sweep). Not with an iterative solver: twice its long
      // code ran the flat exact step 23-42% slower (H200).
#ifdef __CUDA_ARCH__
#pragma unroll 2
#endif
      for (Index k = first; k <= last; ++k) advance(k);
    }
  }

  KOKKOS_INLINE_FUNCTION void operator()(Index t) const {
    double rate = 0;
    walk(t, rate);
    if (kRate) parts(t) = rate;
  }
  // As the body of a Kokkos reduction (few walkers: see launch_line_sweep).
  KOKKOS_INLINE_FUNCTION void operator()(Index t, double& rate) const { walk(t, rate); }
};

// Rated walkers on a CUDA GPU with one maximum a warp: the 32 walkers' maxima are folded by
// shuffles and lane 0 writes the warp's, so a 32nd of the parts are written and reduced (H200,
// HLLC, y sweep, 4096^2: 1% faster; perf/results/SUMMARY.md). Launched over whole warps: the
// threads past the last walker walk nothing but join the fold.
template <class Walkers>
struct WarpFoldedWalkers {
  static constexpr int kLanes = WarpRotate::kLanes;
  Walkers walkers;
  Index count = 0;  // walkers

  KOKKOS_INLINE_FUNCTION Index warps() const { return (count + kLanes - 1) / kLanes; }
  KOKKOS_INLINE_FUNCTION void operator()(Index t) const {
    double rate = 0;
    if (t < count) walkers.walk(t, rate);
    rate = WarpRotate::max(rate);
    if (t % kLanes == 0) walkers.parts(t / kLanes) = rate;
  }
};

// A sweep as teams over tiles of `depth` lines x `width` cells along the sweep: the team's
// threads evolve the boundary values of every cell (plus one each end) into team scratch, then
// solve each face's Riemann problem from there, then update; so every evolution and Riemann
// solve is done once (plus two per line of a tile; the walkers restart each segment, a quarter
// more work at the 4-cell segments a GPU's x sweep needs), and consecutive threads take
// consecutive cells in memory (along a row for x, across columns for y). A GPU's form; a CPU
// runs the same phases as vector loops (SimdLineTiles2D, muscl_hancock_simd_tiles.hpp).
template <int kDir, class Limiter, class Flux, bool kRate>
struct LineTeams2D {
  using Walkers = LineSweep2D<kDir, Limiter, Flux, kRate>;
  using E = typename Walkers::E;
  using State = typename Walkers::State;
  static constexpr int kN = E::kNumVars;

  Walkers line;         // the data, the boundary-aware load/store, evolve and wave_rate
  Index width = 0;      // cells along the sweep per tile
  Index depth = 0;      // lines per tile
  Index stretches = 0;  // tiles along a line

  static constexpr int kF = kN + 2;  // a face state's values: W, E, 1 / rho

  static std::size_t scratch_bytes(Index width, Index depth) {
    return ScratchView2D::shmem_size(2 * kF, (width + 2) * depth) +
           ScratchView2D::shmem_size(kN, (width + 1) * depth);
  }

  // Face state `side` (0: minus, 1: plus) of scratch slot s.
  KOKKOS_INLINE_FUNCTION static void put(const ScratchView2D& evolved, int side, Index s,
                                         const physics::FaceState<2>& f) {
    for (int v = 0; v < kN; ++v) evolved(side * kF + v, s) = f.w[v];
    evolved(side * kF + kN, s) = f.energy;
    evolved(side * kF + kN + 1, s) = f.inv_rho;
  }
  KOKKOS_INLINE_FUNCTION static physics::FaceState<2> get(const ScratchView2D& evolved, int side,
                                                          Index s) {
    physics::FaceState<2> f;
    for (int v = 0; v < kN; ++v) f.w[v] = evolved(side * kF + v, s);
    f.energy = evolved(side * kF + kN, s);
    f.inv_rho = evolved(side * kF + kN + 1, s);
    return f;
  }

  // Scratch slot of line l, position p of a tile whose lines hold `along` slots: positions
  // fastest for x (along a row), lines fastest for y (across columns), as in memory.
  KOKKOS_INLINE_FUNCTION Index slot(Index l, Index p, Index along) const {
    return kDir == 0 ? l * along + p : p * depth + l;
  }
  // The team's threads take positions along the sweep; each does the tile's lines at its
  // position (no index division per item; on a CPU the inner loop runs along memory for y).
  KOKKOS_INLINE_FUNCTION void operator()(const TeamMember& member, double& rate) const {
    const Index line0 = (member.league_rank() / stretches) * depth;
    const Index first = (member.league_rank() % stretches) * width;
    const Index cells = first + width < line.n ? width : line.n - first;
    const Index lines = line0 + depth < line.lines ? depth : line.lines - line0;
    ScratchView2D evolved(member.team_scratch(0), 2 * kF, (width + 2) * depth);  // minus, plus
    ScratchView2D fluxes(member.team_scratch(0), kN, (width + 1) * depth);
    team_for(member, cells + 2, [&](Index p) {  // cell first - 1 + p
      const Index k = first - 1 + p;
      for (Index l = 0; l < lines; ++l) {
        const auto e = line.evolve(line.load(line0 + l, k - 1), line.load(line0 + l, k),
                                   line.load(line0 + l, k + 1));
        const Index s = slot(l, p, width + 2);
        put(evolved, 0, s, e.minus);
        put(evolved, 1, s, e.plus);
      }
    });
    team_barrier(member);
    team_for(member, cells + 1, [&](Index f) {  // face between cells first - 1 + f, first + f
      for (Index l = 0; l < lines; ++l) {
        const State flux =
            Flux::template flux<2>(get(evolved, 1, slot(l, f, width + 2)),
                                   get(evolved, 0, slot(l, f + 1, width + 2)), kDir, line.gas);
        const Index s = slot(l, f, width + 1);
        for (int v = 0; v < kN; ++v) fluxes(v, s) = flux[v];
      }
    });
    team_barrier(member);
    const double team_rate = team_max<double>(member, cells, [&](Index c) {
      double cell_rate = 0;
      for (Index l = 0; l < lines; ++l) {
        const Index behind = slot(l, c, width + 1), ahead = slot(l, c + 1, width + 1);
        const State u = line.load(line0 + l, first + c);
        State updated;
        for (int v = 0; v < kN; ++v)
          updated[v] = u[v] + line.dt_over_h * (fluxes(v, behind) - fluxes(v, ahead));
        line.store(line0 + l, first + c, updated);
        if (kRate) cell_rate = line.raise_wave_rate(cell_rate, updated);
      }
      return cell_rate;
    });
    if (kRate) Kokkos::single(Kokkos::PerTeam(member), [&] { rate = math::fmax(rate, team_rate); });
  }
  KOKKOS_INLINE_FUNCTION void operator()(const TeamMember& member) const {
    double unused = 0;
    (*this)(member, unused);
  }
};

}  // namespace portaflow::fv
