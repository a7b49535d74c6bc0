// The fused team kernel of the 2D MUSCL-Hancock step (muscl_hancock_2d_kernels.hpp): per tile,
//   load    in's tile + 2-cell halo               -> scratch u         (one global read per cell)
//   sweep 1 along `first` over every loaded line:  evolved values (ev), face fluxes (fl), update
//           u in place (the halo lines too: the second sweep needs them);
//   sweep 2 along the other direction over the tile's lines: ev, fl, then the update is written
//           to `out` (one global write per cell) and its wave rate joins the step's maximum.
// Running sweep 1 on the halo lines from in's ghost cells gives what the flat variant gets by
// refilling ghosts between sweeps: a copied or periodic ghost line is swept like its source, and
// a mirrored one like its source with the normal momentum negated (the sweep along the wall
// carries that component as a passive, sign-symmetric quantity).
#include <string>
#include <type_traits>

#include "portaflow/core/error.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_dispatch.hpp"
#include "portaflow/schemes/fv/incore_rows.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_kernels.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"

namespace portaflow::fv {

namespace {

using E2 = physics::Euler<2>;
constexpr int kN = E2::kNumVars;
constexpr Index kG = 2;  // ghost layers = halo width

// Scratch arrays addressed by (line, position along the sweep): a line is a row for an x sweep
// and a column for a y sweep, so one sweep routine serves both directions.
template <int kDir>
KOKKOS_INLINE_FUNCTION Real& at(const ScratchView3D& u, int v, Index line, Index pos) {
  return kDir == 0 ? u(v, line, pos) : u(v, pos, line);
}

// The order of a phase's items over `lines` lines of `length` positions, and where item
// (line l, position p) sits in ev and fl: positions fastest for an x sweep, lines fastest for a y
// sweep, so that a warp's consecutive threads read consecutive doubles of u (u(v, row, column))
// either way. (A y sweep with positions fastest read down a column of u, every thread in one
// shared-memory bank: 1.4% slower on the H200, 4096^2; perf/results/SUMMARY.md.)
template <int kDir>
struct LineOrder {
  Index lines, length;
  KOKKOS_INLINE_FUNCTION Index line(Index k) const { return kDir == 0 ? k / length : k % lines; }
  KOKKOS_INLINE_FUNCTION Index pos(Index k) const { return kDir == 0 ? k % length : k / lines; }
  KOKKOS_INLINE_FUNCTION Index item(Index l, Index p) const {
    return kDir == 0 ? l * length + p : p * lines + l;
  }
};

// Evolved boundary values (ev, as primitive states) and face fluxes (fl) of a sweep along kDir
// over `lines` lines from line0, for the `cells` cells from position cell0 of each line.
// ev(v, LineOrder{lines, cells + 2}.item(l, p)) holds the minus (v < 4) and plus (v >= 4) values
// of line l's cell at position cell0 - 1 + p; fl(v, LineOrder{lines, cells + 1}.item(l, f)) the
// flux through the face between its cells at cell0 - 1 + f and cell0 + f. (Per-sweep indexing:
// the two sweeps' shapes differ, the storage is shared.)
template <int kDir, class Limiter, class Flux>
KOKKOS_INLINE_FUNCTION void sweep_fluxes(const TeamMember& member, const ScratchView3D& u,
                                         const ScratchView2D& ev, const ScratchView2D& fl,
                                         Index line0, Index lines, Index cell0, Index cells,
                                         Real half_ratio, const physics::IdealGas& gas) {
  const LineOrder<kDir> evolved{lines, cells + 2};
  team_for(member, lines * evolved.length, [&](Index k) {
    const Index line = line0 + evolved.line(k), pos = cell0 - 1 + evolved.pos(k);
    E2::State prev, centre, next;
    for (int v = 0; v < kN; ++v) {
      prev[v] = at<kDir>(u, v, line, pos - 1);
      centre[v] = at<kDir>(u, v, line, pos);
      next[v] = at<kDir>(u, v, line, pos + 1);
    }
    // Primitives only: the face states' E and 1 / rho would not fit the tile's scratch.
    const auto f = evolved_face_states<2, Limiter>(prev, centre, next, kDir, half_ratio, gas);
    for (int v = 0; v < kN; ++v) {
      ev(v, k) = f.minus.w[v];
      ev(kN + v, k) = f.plus.w[v];
    }
  });
  team_barrier(member);
  const LineOrder<kDir> faces{lines, cells + 1};
  team_for(member, lines * faces.length, [&](Index k) {
    const Index l = faces.line(k), f = faces.pos(k);
    const Index minus_cell = evolved.item(l, f), plus_cell = evolved.item(l, f + 1);
    E2::State left, right;
    for (int v = 0; v < kN; ++v) {
      left[v] = ev(kN + v, minus_cell);  // its plus value
      right[v] = ev(v, plus_cell);       // the + side cell's minus value
    }
    const auto flux = Flux::template flux<2>(left, right, kDir, gas);
    for (int v = 0; v < kN; ++v) fl(v, k) = flux[v];
  });
  team_barrier(member);
}

Index max_index(Index a, Index b) { return a > b ? a : b; }

template <int kFirst, class Limiter, class Flux>
void fused_step(const Field2D& in, const Field2D& out, const SplitStep2D& step, TileShape2D tile,
                const RateView& rate) {
  constexpr int kSecond = 1 - kFirst;
  const Index u_rows = tile.j + 2 * kG, u_cols = tile.i + 2 * kG;
  // Largest sweep (x first: (tj + 4) rows of ti + 2 cells; y first: the transpose).
  const Index cells_ev = max_index(u_rows * (tile.i + 2), u_cols * (tile.j + 2));
  const Index faces_fl = max_index(u_rows * (tile.i + 1), u_cols * (tile.j + 1));
  const std::size_t bytes = ScratchView3D::shmem_size(kN, u_rows, u_cols) +
                            ScratchView2D::shmem_size(2 * kN, cells_ev) +
                            ScratchView2D::shmem_size(kN, faces_fl);
  // A GPU's team scratch is its shared memory (Kokkos 3.4 allows 40 KB); a CPU's is ordinary
  // memory, which Kokkos does not cap at the figure scratch_size_max reports.
  constexpr bool host = std::is_same_v<ExecSpace::memory_space, HostSpace>;
  if (!host && bytes > static_cast<std::size_t>(TeamPolicy::scratch_size_max(0)))
    throw InputError("execution.tile [" + std::to_string(tile.i) + ", " + std::to_string(tile.j) +
                     "] needs " + std::to_string(bytes) +
                     " bytes of team scratch per tile; this "
                     "backend allows " +
                     std::to_string(TeamPolicy::scratch_size_max(0)) + ": use a smaller tile");
  const Real ratio[2] = {step.dt_over_dx, step.dt_over_dy};
  const Real r1 = ratio[kFirst], r2 = ratio[kSecond];
  const auto gas = step.gas;
  const double inv_dx = step.inv_dx, inv_dy = step.inv_dy;
  // Threads per team on a GPU: 128. Kokkos::AUTO picks the size of highest occupancy, which
  // follows the register count: at 76 registers (HLLC) it chose 512 threads, and a tile's phases
  // of ~200 items left most of them idle: 2.5e9 cell-updates/s at 4096^2 against 5.7e9 with 128
  // (H200; 32: 3.0e9, 64: 4.1e9, 96: 5.1e9, 160: 5.3e9, 256: 4.9e9, 384: 4.1e9; the exact solver
  // 2.0e9 with 128, 1.9e9 AUTO). A CPU's team is one thread (AUTO).
  const int team_size = host ? 0 : 128;
  par_reduce_tiles(
      kFirst == 0 ? "muscl_hancock2d.step_xy.team" : "muscl_hancock2d.step_yx.team",
      IndexBox2D{{0, step.ny}, {0, step.nx}}, tile, bytes,
      KOKKOS_LAMBDA(const TeamMember& member, const IndexBox2D& mine, double& acc) {
        ScratchView3D u(member.team_scratch(0), kN, u_rows, u_cols);
        ScratchView2D ev(member.team_scratch(0), 2 * kN, cells_ev);
        ScratchView2D fl(member.team_scratch(0), kN, faces_fl);
        const Index nj = mine.j.size(), ni = mine.i.size();
        const Index rows = nj + 2 * kG, cols = ni + 2 * kG;
        // Local (r, c) is storage (mine.j.begin + r, mine.i.begin + c): interior - kG + kG.
        team_for(member, kN * rows * cols, [&](Index k) {
          const int v = static_cast<int>(k / (rows * cols));
          const Index r = (k / cols) % rows, c = k % cols;
          u(v, r, c) = in(v, stored_row(mine.j.begin + r), mine.i.begin + c);
        });
        team_barrier(member);

        // Sweep 1 over every loaded line, updating the tile's cells of each in place.
        const Index lines1 = kFirst == 0 ? rows : cols, cells1 = kFirst == 0 ? ni : nj;
        sweep_fluxes<kFirst, Limiter, Flux>(member, u, ev, fl, 0, lines1, kG, cells1,
                                            Real(0.5) * r1, gas);
        const LineOrder<kFirst> updated1{lines1, cells1}, faces1{lines1, cells1 + 1};
        team_for(member, lines1 * cells1, [&](Index k) {
          const Index l = updated1.line(k), q = updated1.pos(k);
          const Index low = faces1.item(l, q), high = faces1.item(l, q + 1);
          for (int v = 0; v < kN; ++v)
            at<kFirst>(u, v, l, kG + q) += r1 * (fl(v, low) - fl(v, high));
        });
        team_barrier(member);

        // Sweep 2 over the tile's lines; the update goes to `out`, x fastest for coalescing.
        const Index lines2 = kSecond == 0 ? nj : ni, cells2 = kSecond == 0 ? ni : nj;
        sweep_fluxes<kSecond, Limiter, Flux>(member, u, ev, fl, kG, lines2, kG, cells2,
                                             Real(0.5) * r2, gas);
        const LineOrder<kSecond> faces2{lines2, cells2 + 1};
        const double team_rate = team_max<double>(member, nj * ni, [&](Index k) {
          const Index r = k / ni, c = k % ni;  // tile cell, row-major
          const Index l = kSecond == 0 ? r : c, q = kSecond == 0 ? c : r;
          const Index low = faces2.item(l, q), high = faces2.item(l, q + 1);
          E2::State s;
          for (int v = 0; v < kN; ++v) {
            s[v] = u(v, kG + r, kG + c) + r2 * (fl(v, low) - fl(v, high));
            out(v, stored_row(kG + mine.j.begin + r), kG + mine.i.begin + c) = s[v];
          }
          return split_wave_rate(s, gas, inv_dx, inv_dy);
        });
        Kokkos::single(Kokkos::PerTeam(member), [&]() {
          if (team_rate > acc) acc = team_rate;
        });
      },
      RateMax(rate), team_size);
}

}  // namespace

void step_fused_team_2d(const Field2D& in, const Field2D& out, int first_dir,
                        const SplitStep2D& step, const FvConfig& fv, TileShape2D tile,
                        const RateView& rate) {
  dispatch_limiter_and_flux(fv, [&](auto limiter, auto flux) {
    using L = decltype(limiter);
    using F = decltype(flux);
    if (first_dir == 0)
      fused_step<0, L, F>(in, out, step, tile, rate);
    else
      fused_step<1, L, F>(in, out, step, tile, rate);
  });
}

}  // namespace portaflow::fv
