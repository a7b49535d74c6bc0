// One MUSCL-Hancock x sweep as teams walking along rows, a GPU's form (the flat variant's x
// sweep; muscl_hancock_line_sweep.hpp has the line walkers and the general tiles). A team of T
// threads takes W = T - 4 cells of a row at a time, thread p holding cell first - 2 + p:
//   load    every thread copies its own cell into team scratch (adjacent threads, adjacent
//           cells: coalesced), one tile ahead: the copies of the next tile are issued before
//           the team works on this one and land meanwhile (SlabPrefetch, core/parallel.hpp);
//   evolve  threads 1 .. W + 2 evolve their cell's boundary values from the neighbours'
//           (scratch), put the + face state in scratch and keep the - one;
//   face    threads 2 .. W + 2 solve the Riemann problem at their cell's low face from the +
//           state below (scratch) and their own - state, put the flux in scratch and keep it;
//   update  threads 2 .. W + 1 update their own cell from their own flux and the one above,
//           and write it;
// then the team moves W cells on, `tiles` times. So each thread loads one cell (the tiles
// overlap by four), evolves one, solves one face, and a value another thread needs crosses
// scratch (as shared memory: TeamSlab) once; what a thread needs of its own cell it reads from
// scratch once and keeps in registers. The team's set-up (which row, which stretch: integer
// divisions) is paid once per `tiles` tiles. A rated sweep leaves each team's maximum in
// line.parts (RateParts).
//
// Why not LineTeams2D (one tile per team, a general tile of lines, each thread loading its
// three cells with the boundary rules): its SASS issued over 1,300 instructions for a thread's
// one cell, half of them integer (the league's divisions, the boundary rules of three loads,
// the team loops), against about 540 a cell in the y walkers.
#pragma once

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/fv/muscl_hancock_line_sweep.hpp"

namespace portaflow::fv {

template <class Limiter, class Flux, bool kRate>
struct RowTeams2D {
  using Walkers = LineSweep2D<0, Limiter, Flux, kRate>;
  using E = typename Walkers::E;
  using State = typename Walkers::State;
  using Face = physics::FaceState<2>;
  static constexpr int kN = E::kNumVars;
  static constexpr int kF = kN + 2;  // a face state's values: W, E, 1 / rho
  static constexpr Index kHalo = 4;  // cells a tile loads besides the W it updates

  Walkers line;             // the data, the loads with the boundary rules, evolve, wave rate
  Index width = 0;          // W: cells updated per tile, the team size - kHalo
  Index tiles = 1;          // consecutive tiles of a row a team walks
  Index teams_per_row = 0;  // ceil(tiles along a row / tiles)

  // Scratch for a team of `threads`: the cells of two tiles (this one and the next), the + face
  // states and the fluxes.
  static std::size_t scratch_bytes(Index threads) {
    return ScratchView2D::shmem_size(kN, 2 * threads) + ScratchView2D::shmem_size(kF, threads) +
           ScratchView2D::shmem_size(kN, threads);
  }

  // kRate: the team's maximum of the new state's wave rate goes to line.parts(league rank).
  KOKKOS_INLINE_FUNCTION void operator()(const TeamMember& member) const {
    const Index threads = member.team_size();
    const Index p = member.team_rank();
    const Index row = member.league_rank() / teams_per_row;
    const Index first_tile = (member.league_rank() % teams_per_row) * tiles;
    const TeamSlab cells(ScratchView2D(member.team_scratch(0), kN, 2 * threads));  // two tiles
    const TeamSlab plus(ScratchView2D(member.team_scratch(0), kF, threads));
    const TeamSlab fluxes(ScratchView2D(member.team_scratch(0), kN, threads));
    const int energy = kN, inv_rho = kN + 1;  // + state slots
    const Index n = line.n;
    // The row's interior cells and the planes of the variables: each tile's loads and stores
    // step a pointer rather than rebuild a View's index (fewer integer instructions a cell).
    const Index ghosts = Walkers::kG;
    const Real* const source = &line.in(0, stored_row(ghosts + row), ghosts);
    Real* const target = &line.out(0, stored_row(ghosts + row), ghosts);
    const std::size_t in_plane = line.in.stride(0), out_plane = line.out.stride(0);
    double thread_rate = 0;
    const Index walk_end = (first_tile + tiles) * width < n ? (first_tile + tiles) * width : n;
    // Thread p's cell of the tile starting at `first` into column `column` of `cells`: inside
    // the row asynchronously, past a row end by the boundary rules. One group per tile, empty
    // or not, so that wait<1> below means "this tile's copies have landed".
    const auto prefetch = [&](Index first, Index column) {
      const Index end = first + width < n ? first + width : n;
      const Index k = first - 2 + p;
      if (first < walk_end && k <= end + 1) {
        if (k >= 0 && k < n) {
          for (int v = 0; v < kN; ++v)
            SlabPrefetch::copy(cells(v, column), source + v * in_plane + k);
        } else {
          const State u = line.load(row, k);
          for (int v = 0; v < kN; ++v) cells(v, column) = u[v];
        }
      }
      SlabPrefetch::commit();
    };
    Index column = p;  // this tile's cells: columns [0, threads) or [threads, 2 threads)
    prefetch(first_tile * width, column);
    for (Index first = first_tile * width; first < walk_end; first += width) {
      const Index end = first + width < n ? first + width : n;  // updates [first, end)
      const Index k = first - 2 + p;                            // this thread's cell
      // The next tile goes where the previous one was: every thread read that in its evolve
      // phase, before the barriers it passed to get here.
      const Index next_column = column < threads ? column + threads : column - threads;
      prefetch(first + width, next_column);
      SlabPrefetch::wait<1>();
      team_barrier(member);
      State u{};
      if (k <= end + 1)
        for (int v = 0; v < kN; ++v) u[v] = cells(v, column);
      Face minus{};
      if (p >= 1 && k <= end) {  // cells first - 1 .. end
        State below, above;
        for (int v = 0; v < kN; ++v) {
          below[v] = cells(v, column - 1);
          above[v] = cells(v, column + 1);
        }
        const auto e = line.evolve(below, u, above);
        minus = e.minus;
        for (int v = 0; v < kN; ++v) plus(v, p) = e.plus.w[v];
        plus(energy, p) = e.plus.energy;
        plus(inv_rho, p) = e.plus.inv_rho;
      }
      team_barrier(member);
      State flux{};
      if (p >= 2 && k <= end) {  // the faces k - 1/2 of cells first .. end
        Face behind;
        for (int v = 0; v < kN; ++v) behind.w[v] = plus(v, p - 1);
        behind.energy = plus(energy, p - 1);
        behind.inv_rho = plus(inv_rho, p - 1);
        flux = Flux::template flux<2>(behind, minus, 0, line.gas);
        for (int v = 0; v < kN; ++v) fluxes(v, p) = flux[v];
      }
      team_barrier(member);
      if (p >= 2 && k < end) {
        State updated;
        for (int v = 0; v < kN; ++v) {
          updated[v] = u[v] + line.dt_over_h * (flux[v] - fluxes(v, p + 1));
          target[v * out_plane + k] = updated[v];
        }
        if (kRate) thread_rate = line.raise_wave_rate(thread_rate, updated);
      }
      // No barrier here: the next tile writes + states after a barrier, then fluxes after
      // another, each after every thread has finished reading them.
      column = next_column;
    }
    SlabPrefetch::wait<0>();  // nothing left in flight into scratch when the team ends
    if (kRate) {
      double team_rate = thread_rate;
      member.team_reduce(Kokkos::Max<double>(team_rate));
      Kokkos::single(Kokkos::PerTeam(member),
                     [&] { line.parts(member.league_rank()) = team_rate; });
    }
  }
};

}  // namespace portaflow::fv
