// One MUSCL-Hancock sweep on a CPU as tiles whose work runs in vector loops: a team (one
// thread on a CPU) copies a tile of `depth` lines x `width` cells along the sweep, with two
// cells past each end (boundary rules in the ghost loads), into scratch; then three loops over
// scratch evolve every cell's boundary values, solve every face's Riemann problem and update
// every cell (with the wave rate of the result). Each loop runs over runs of slots contiguous in
// scratch and in memory (along a row for x, across the tile's columns for y), so the lanes of
// one vector are neighbouring cells; the pointwise functions (limiter, half step, HLLC, Rusanov,
// wave rate) choose by value without early returns, so GCC vectorises the loops (checked with
// -fopt-info-vec; the exact solver's iteration stays scalar) and each lane computes what the
// scalar code computes for its cell (tested against the walkers on rough data). The same
// formulas as the walkers and LineTeams2D (muscl_hancock_line_sweep.hpp), which run on GPUs.
// On the node's 16 Xeon cores the flat step runs 2x faster than with LineTeams2D
// (perf/results/SUMMARY.md).
#pragma once

#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/fv/muscl_hancock_line_sweep.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"

// GCC (host builds; this file's kernel runs on CPUs only): FLATTEN inlines every call in a
// function, VECTOR_LOOP says the next loop's iterations are independent. Not `omp simd`: GCC 12
// keeps a State declared in an omp-simd loop as an array per lane and does not unroll the loops
// over its variables, so the loop does not vectorise; with ivdep it does (-fopt-info-vec), given
// -fno-trapping-math (CMakeLists.txt) so both sides of a choice may be computed.
#if defined(__GNUC__) && !defined(__CUDACC__)
#define PORTAFLOW_FLATTEN __attribute__((flatten))
#define PORTAFLOW_VECTOR_LOOP _Pragma("GCC ivdep")
#else
#define PORTAFLOW_FLATTEN
#define PORTAFLOW_VECTOR_LOOP
#endif

namespace portaflow::fv {

template <int kDir, class Limiter, class Flux, bool kRate>
struct SimdLineTiles2D {
  using Walkers = LineSweep2D<kDir, Limiter, Flux, kRate>;
  using E = typename Walkers::E;
  using State = typename Walkers::State;
  using Face = physics::FaceState<2>;
  static constexpr int kN = E::kNumVars;
  static constexpr int kF = kN + 2;  // a face state's values: W, E, 1 / rho
  // Rows of the scratch: the tile's states, evolved minus and plus face states, face fluxes.
  static constexpr int kU = 0, kMinus = kN, kPlus = kN + kF, kFlux = kN + 2 * kF;
  static constexpr int kRows = 2 * kN + 2 * kF;
  static_assert(std::is_same_v<Layout, Kokkos::LayoutRight>, "runs assume i fastest in memory");

  Walkers line;         // the data, the boundary-aware load, evolve
  Index width = 0;      // cells along the sweep per tile
  Index depth = 0;      // lines per tile
  Index stretches = 0;  // tiles along a line

  // Positions 0 .. width + 3 of a line hold cells first - 2 .. first + width + 1.
  static std::size_t scratch_bytes(Index width, Index depth) {
    return ScratchView2D::shmem_size(kRows, (width + 4) * depth);
  }

  // Slot of line l, position q: positions fastest for x (along a row), lines for y (across
  // columns), as in memory; neighbours along the sweep are `step()` slots apart.
  KOKKOS_INLINE_FUNCTION Index slot(Index l, Index q) const {
    return kDir == 0 ? l * (width + 4) + q : q * depth + l;
  }
  KOKKOS_INLINE_FUNCTION Index step() const { return kDir == 0 ? 1 : depth; }

  // body(s0, count, j, i) for each run of slots of positions [q0, q1) of lines [0, lines):
  // `count` slots from s0, contiguous in scratch, whose first is cell (j, i) of the field (with
  // its ghost offset; valid where the positions are inside the line).
  template <class Body>
  KOKKOS_INLINE_FUNCTION void for_runs(Index q0, Index q1, Index line0, Index lines, Index first,
                                       const Body& body) const {
    constexpr Index kG = Walkers::kG;
    if (kDir == 0) {
      for (Index l = 0; l < lines; ++l)
        body(slot(l, q0), q1 - q0, kG + line0 + l, kG + first - 2 + q0);
    } else {
      for (Index q = q0; q < q1; ++q) body(slot(0, q), lines, kG + first - 2 + q, kG + line0);
    }
  }

  KOKKOS_INLINE_FUNCTION void operator()(const TeamMember& member, double& rate) const {
    const Index line0 = (member.league_rank() / stretches) * depth;
    const Index first = (member.league_rank() % stretches) * width;
    const Index cells = first + width < line.n ? width : line.n - first;
    const Index lines = line0 + depth < line.lines ? depth : line.lines - line0;
    ScratchView2D scratch(member.team_scratch(0), kRows, (width + 4) * depth);
    const Rows rows{scratch.data(), Index(scratch.stride(0))};

    // 1. The tile with two cells past each end: positions inside the line are copied by runs,
    // the others (beyond the line's ends) loaded one by one with the boundary rules.
    const Index inside0 = first >= 2 ? 0 : 2 - first;                                    // cell 0
    const Index inside1 = first + cells + 2 <= line.n ? cells + 4 : line.n - first + 2;  // cell n
    for_runs(inside0, inside1, line0, lines, first, [&](Index s0, Index count, Index j, Index i) {
      for (int v = 0; v < kN; ++v) {
        const Real* from = &line.in(v, stored_row(j), i);
        Real* to = rows(kU + v) + s0;
        PORTAFLOW_VECTOR_LOOP
        for (Index m = 0; m < count; ++m) to[m] = from[m];
      }
    });
    for (Index q = 0; q < cells + 4; ++q) {
      if (q >= inside0 && q < inside1) continue;
      for (Index l = 0; l < lines; ++l) {
        const State u = line.load(line0 + l, first - 2 + q);
        for (int v = 0; v < kN; ++v) rows(kU + v)[slot(l, q)] = u[v];
      }
    }

    // 2. Evolved boundary values of cells first - 1 .. first + cells (positions 1 .. cells + 2).
    const Index step = this->step();
    for_runs(1, cells + 3, line0, lines, first, [&](Index s0, Index count, Index, Index) {
      evolve_run(rows, s0, count, step, Real(0.5) * line.dt_over_h, line.gas);
    });
    // 3. Fluxes through the faces right of positions 1 .. cells + 1.
    for_runs(1, cells + 2, line0, lines, first, [&](Index s0, Index count, Index, Index) {
      flux_run(rows, s0, count, step, line.gas);
    });
    // 4. The update of cells first .. first + cells - 1 (positions 2 .. cells + 1), stored by
    // runs, and the largest wave rate of the results.
    double tile_rate = 0;
    for_runs(2, cells + 2, line0, lines, first, [&](Index s0, Index count, Index j, Index i) {
      Kokkos::Array<Real*, kN> to;
      for (int v = 0; v < kN; ++v) to[v] = &line.out(v, stored_row(j), i);
      const double run_rate =
          update_run(rows, s0, count, step, to, line.dt_over_h, line.gas, line.inv_dx, line.inv_dy);
      tile_rate = run_rate > tile_rate ? run_rate : tile_rate;
    });
    if (kRate) rate = math::fmax(rate, tile_rate);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const TeamMember& member) const {
    double unused = 0;
    (*this)(member, unused);
  }

 private:
  // Row r of the scratch (a variable of the tile's states, face states or fluxes).
  struct Rows {
    Real* base;
    Index ld;
    KOKKOS_INLINE_FUNCTION Real* operator()(int r) const { return base + r * ld; }
  };

  // The loops below are the vector loops: `flatten` inlines every pointwise function into them
  // (GCC vectorises only a loop without calls), and they take everything by value (a member
  // read through `this` could alias the stores, so it would be reloaded in every iteration).
  PORTAFLOW_FLATTEN static void evolve_run(Rows rows, Index s0, Index count, Index step,
                                           Real half_dt_over_h, physics::IdealGas gas) {
    PORTAFLOW_VECTOR_LOOP
    for (Index s = s0; s < s0 + count; ++s) {
      State previous, centre, next;
      for (int v = 0; v < kN; ++v) {
        previous[v] = rows(kU + v)[s - step];
        centre[v] = rows(kU + v)[s];
        next[v] = rows(kU + v)[s + step];
      }
      const auto e =
          evolved_face_states<2, Limiter>(previous, centre, next, kDir, half_dt_over_h, gas);
      put(rows, kMinus, s, e.minus);
      put(rows, kPlus, s, e.plus);
    }
  }

  PORTAFLOW_FLATTEN static void flux_run(Rows rows, Index s0, Index count, Index step,
                                         physics::IdealGas gas) {
    PORTAFLOW_VECTOR_LOOP
    for (Index s = s0; s < s0 + count; ++s) {
      const State flux =
          Flux::template flux<2>(get(rows, kPlus, s), get(rows, kMinus, s + step), kDir, gas);
      for (int v = 0; v < kN; ++v) rows(kFlux + v)[s] = flux[v];
    }
  }

  // Stores the updated cells of a run into `to` (a pointer per variable) and returns their
  // largest wave rate (kRate). The rates go through a buffer and are reduced by a plain loop:
  // GCC does not vectorise a floating-point maximum in the loop itself (`a > b ? a : b` is not
  // its max for a NaN), and the buffer loop costs a compare per cell next to some 200 flops.
  PORTAFLOW_FLATTEN static double update_run(Rows rows, Index s0, Index count, Index step,
                                             Kokkos::Array<Real*, kN> to, Real dt_over_h,
                                             physics::IdealGas gas, double inv_dx, double inv_dy) {
    constexpr Index kChunk = 256;
    double rates[kChunk];
    double run_rate = 0;
    for (Index c0 = 0; c0 < count; c0 += kChunk) {
      const Index c1 = c0 + kChunk < count ? c0 + kChunk : count;
      PORTAFLOW_VECTOR_LOOP
      for (Index m = c0; m < c1; ++m) {
        const Index s = s0 + m;
        State updated;
        for (int v = 0; v < kN; ++v) {
          updated[v] =
              rows(kU + v)[s] + dt_over_h * (rows(kFlux + v)[s - step] - rows(kFlux + v)[s]);
          to[v][m] = updated[v];
        }
        if (kRate) rates[m - c0] = split_wave_rate(updated, gas, inv_dx, inv_dy);
      }
      if (kRate)
        for (Index m = 0; m < c1 - c0; ++m) run_rate = rates[m] > run_rate ? rates[m] : run_rate;
    }
    return run_rate;
  }

  KOKKOS_INLINE_FUNCTION static void put(Rows rows, int first_row, Index s, const Face& f) {
    for (int v = 0; v < kN; ++v) rows(first_row + v)[s] = f.w[v];
    rows(first_row + kN)[s] = f.energy;
    rows(first_row + kN + 1)[s] = f.inv_rho;
  }
  KOKKOS_INLINE_FUNCTION static Face get(Rows rows, int first_row, Index s) {
    Face f;
    for (int v = 0; v < kN; ++v) f.w[v] = rows(first_row + v)[s];
    f.energy = rows(first_row + kN)[s];
    f.inv_rho = rows(first_row + kN + 1)[s];
    return f;
  }
};

}  // namespace portaflow::fv
