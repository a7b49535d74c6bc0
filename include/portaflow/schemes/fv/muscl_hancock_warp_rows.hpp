// One MUSCL-Hancock x sweep as warps walking along rows, a CUDA GPU's form for the sweep that also
// reduces the wave-rate maximum (muscl_hancock_row_teams.hpp has the teams that walk rows without
// it). A warp takes a stretch of one row, 32 cells at a time; at the tile starting at `base`
// lane l holds cell base + l + 1 and
//   evolves its boundary values from its neighbours, cells base + l and base + l + 2, which it
//           gets from lanes l - 1 and l + 1 (warp shuffles: WarpRotate, core/parallel.hpp);
//   solves the face base + l + 1/2 from lane l - 1's + state and its own - state;
//   updates cell base + l (lane l - 1's cell) from lane l - 1's flux and its own.
// Lane 0 takes what it needs from below from lane 31's values of the previous tile, and lane 31
// cell base + 33 from lane 0 of the next tile, which is loaded two tiles ahead (so the loads have
// two tiles' arithmetic to land in: loaded one tile ahead, the sweep ran 7-19% slower). So the
// state is read once and written once, coalesced; each cell is evolved once and each face solved
// once, plus one tile a warp to start; and no value crosses shared memory or waits at a barrier.
//
// Why for the rated sweep: with the maximum the rows ran 22% slower than without it, the warps
// 12% (H200, HLLC, 4096^2: 3.80e10 cell-updates/s against 3.44-3.53e10 for the rows; 1000^2:
// 2.27e10 against 2.02e10; without the maximum the rows stay ahead, 4.48e10 against 4.30e10;
// docs/performance.md, "MUSCL-Hancock sweeps").
#pragma once

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/fv/muscl_hancock_line_sweep.hpp"

namespace portaflow::fv {

template <class Limiter, class Flux, bool kRate>
struct WarpRows2D {
  using Walkers = LineSweep2D<0, Limiter, Flux, kRate>;
  using E = typename Walkers::E;
  using State = typename Walkers::State;
  using Face = physics::FaceState<2>;
  static constexpr int kN = E::kNumVars;
  static constexpr int kLanes = WarpRotate::kLanes;

  Walkers line;             // the data, the loads with the boundary rules, evolve, wave rate
  Index span = 0;           // cells a warp updates: 32 x the tiles it walks
  Index warps_per_row = 0;  // ceil(n / span)

  // Warps the sweep needs; the range to launch is this x 32, rounded up to whole blocks.
  KOKKOS_INLINE_FUNCTION Index warps() const { return warps_per_row * line.lines; }

  // Cell k of `row` for a lane, clamped to [-2, last_read]: lanes whose cell lies past what
  // the warp uses still load a valid cell.
  KOKKOS_INLINE_FUNCTION State fetch(Index row, Index k, Index last_read) const {
    const Index c = k < -2 ? -2 : (k > last_read ? last_read : k);
    return c >= 0 && c < line.n ? line.load_inside(row, c) : line.load(row, c);
  }

  // The face state from lane l - 1, lane 0's from `previous` (lane 31's of the previous tile).
  KOKKOS_INLINE_FUNCTION static Face from_below(const Face& own, const Face& previous, int lane) {
    const bool top = lane == kLanes - 1;
    Face f;
    for (int v = 0; v < kN; ++v) f.w[v] = WarpRotate::up(top ? previous.w[v] : own.w[v], lane);
    f.energy = WarpRotate::up(top ? previous.energy : own.energy, lane);
    f.inv_rho = WarpRotate::up(top ? previous.inv_rho : own.inv_rho, lane);
    return f;
  }
  KOKKOS_INLINE_FUNCTION static State from_below(const State& own, const State& previous,
                                                 int lane) {
    const bool top = lane == kLanes - 1;
    State s;
    for (int v = 0; v < kN; ++v) s[v] = WarpRotate::up(top ? previous[v] : own[v], lane);
    return s;
  }
  // The state from lane l + 1, lane 31's from `next` (lane 0's of the next tile).
  KOKKOS_INLINE_FUNCTION static State from_above(const State& own, const State& next, int lane) {
    State s;
    for (int v = 0; v < kN; ++v) s[v] = WarpRotate::down(lane == 0 ? next[v] : own[v], lane);
    return s;
  }

  // Thread t of a range starting at 0: warp t / 32, lane t % 32. A rated sweep leaves the
  // warp's maximum in line.parts(warp).
  KOKKOS_INLINE_FUNCTION void operator()(Index t) const {
    const Index warp = t / kLanes;
    const int lane = static_cast<int>(t % kLanes);
    if (warp >= warps()) return;  // whole warps: the range is rounded up to whole blocks
    const Index row = warp / warps_per_row;
    const Index first = (warp % warps_per_row) * span;
    const Index last = first + span < line.n ? first + span : line.n;  // updates [first, last)
    const Index last_read = last + 1;
    double rate = 0;
    // The starting tile (base first - 32): leaves lane 31 holding cell `first`, its + state and
    // the flux through face first - 1/2, what lane 0 takes from below in the first tile.
    State u = fetch(row, first - 31 + lane, last_read);
    State ahead = fetch(row, first + 1 + lane, last_read);
    State further = fetch(row, first + 33 + lane, last_read);
    State u_below, flux_below;
    Face plus_below;
    {
      const auto e = line.evolve(from_below(u, u, lane), u, from_above(u, ahead, lane));
      flux_below = Flux::template flux<2>(from_below(e.plus, e.plus, lane), e.minus, 0, line.gas);
      u_below = u;
      plus_below = e.plus;
    }
    for (Index base = first; base < last; base += kLanes) {
      u = ahead;
      ahead = further;
      further = fetch(row, base + 2 * kLanes + 1 + lane, last_read);
      const State left = from_below(u, u_below, lane);  // cell base + l
      const auto e = line.evolve(left, u, from_above(u, ahead, lane));
      const State flux =  // face base + l + 1/2
          Flux::template flux<2>(from_below(e.plus, plus_below, lane), e.minus, 0, line.gas);
      const State flux_left = from_below(flux, flux_below, lane);
      const Index c = base + lane;
      if (c < last) {
        State updated;
        for (int v = 0; v < kN; ++v) {
          updated[v] = left[v] + line.dt_over_h * (flux_left[v] - flux[v]);
          line.out(v, stored_row(Walkers::kG + row), Walkers::kG + c) = updated[v];
        }
        if (kRate) rate = line.raise_wave_rate(rate, updated);
      }
      u_below = u;
      plus_below = e.plus;
      flux_below = flux;
    }
    if (kRate) {
      rate = WarpRotate::max(rate);
      if (lane == 0) line.parts(warp) = rate;
    }
  }
};

}  // namespace portaflow::fv
