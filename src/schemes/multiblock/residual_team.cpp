// The volume residual as a team kernel over tiles of every block (the design card's team
// scratch for stencil loads): each team loads its tile plus a halo of u and the spectral radii
// into scratch once, computes each contravariant flux once per point it needs (xi fluxes on the
// tile's rows, eta fluxes on its columns), then differences from scratch. The flat kernel
// recomputes a flux at every stencil point instead (4 times per direction at order 4).
//
//   load    u, radii over the tile + halo (global reads)   -> scratch u, radius
//   flux    F_xi on the tile rows x halo columns,
//           F_eta on the halo rows x tile columns           -> scratch fxi, feta
//   output  SBP differences of the fluxes + dissipation of u from scratch -> residual (global)
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/riemann_roe.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

using Eq = physics::Euler<2>;
constexpr int kVars = Eq::kNumVars;

// The tiles of every block, numbered block by block, row-major within a block.
struct BlockTiles {
  int tile_i = 16, tile_j = 8;
  int count = 0;
  Kokkos::Array<int, kMaxBlocks + 1> first;  // first tile of each block
  Kokkos::Array<int, kMaxBlocks> across;     // tiles along i in each block

  BlockTiles(const BlockTable& table, int ti, int tj) : tile_i(ti), tile_j(tj) {
    for (int b = 0; b < table.count; ++b) {
      first[b] = count;
      across[b] = (table.blocks[b].nodes[0] + ti - 1) / ti;
      count += across[b] * ((table.blocks[b].nodes[1] + tj - 1) / tj);
    }
    first[table.count] = count;
  }
  // Block and first output node (i0, j0) of tile `rank`.
  KOKKOS_INLINE_FUNCTION void locate(int rank, int& block, int& i0, int& j0) const {
    block = 0;
    while (rank >= first[block + 1]) ++block;
    const int local = rank - first[block];
    i0 = (local % across[block]) * tile_i;
    j0 = (local / across[block]) * tile_j;
  }
};

template <int Order>
void volume_residual_team(const Fields<2>& fields, Real epsilon, const physics::IdealGas gas) {
  constexpr int P = Sbp<Order>::kDissipationP;
  using Rows = DifferenceRows<P>;
  constexpr int kHalo = Order == 4 ? 3 : 2;  // the widest reach of a boundary row (see tests)
  const bool host = Kokkos::SpaceAccessibility<HostSpace, MemSpace>::accessible;
  // GPU: 16 x 8 outputs (the scratch below is 27.6 KB in double, under Kokkos 3.4's 40 KB).
  const BlockTiles tiles(fields.table, host ? 32 : 16, 8);
  const int tx = tiles.tile_i, ty = tiles.tile_j;
  const int lx = tx + 2 * kHalo, ly = ty + 2 * kHalo;
  const std::size_t bytes =
      ScratchView3D::shmem_size(kVars, ly, lx) + ScratchView3D::shmem_size(2, ly, lx) +
      ScratchView3D::shmem_size(kVars, ty, lx) + ScratchView3D::shmem_size(kVars, ly, tx);
  if (!host && bytes > static_cast<std::size_t>(TeamPolicy::scratch_size_max(0)))
    throw Error("multiblock team residual: a tile needs " + std::to_string(bytes) +
                " bytes of team scratch; this backend allows " +
                std::to_string(TeamPolicy::scratch_size_max(0)));

  const auto u = fields.u;
  const auto metric = fields.metric;
  const auto jacobian = fields.jacobian;
  const auto radius = fields.spectral_radius;
  const auto residual = fields.residual;
  // Shock capturing: the high-order dissipation is weighted by 1 - sensor (shock_capturing.hpp).
  const auto sensor = fields.sensor;
  const bool shock = sensor.extent(0) > 0;
  const bool enthalpy = fields.dissipate_total_enthalpy;
  const BlockTable table = fields.table;
  par_for_teams(
      "multiblock.residual.team", tiles.count, bytes, KOKKOS_LAMBDA(const TeamMember& member) {
        int b, i0, j0;
        tiles.locate(member.league_rank(), b, i0, j0);
        const BlockExtent& e = table.blocks[b];
        const int ni = e.nodes[0], nj = e.nodes[1];
        const int li0 = i0 - kHalo, lj0 = j0 - kHalo;  // block index of scratch point (0, 0)
        ScratchView3D su(member.team_scratch(0), kVars, ly, lx);
        ScratchView3D srad(member.team_scratch(0), 2, ly, lx);
        ScratchView3D fxi(member.team_scratch(0), kVars, ty, lx);
        ScratchView3D feta(member.team_scratch(0), kVars, ly, tx);

        // 1. Load u and the radii, and compute the fluxes where the differences will need them.
        team_for(member, lx * ly, [&](const int k) {
          const int lx_k = k % lx, ly_k = k / lx;
          const int gi = li0 + lx_k, gj = lj0 + ly_k;
          if (gi < 0 || gi >= ni || gj < 0 || gj >= nj) return;
          const int node = e.offset + gi + ni * gj;
          Eq::State s;
          for (int v = 0; v < kVars; ++v) {
            s[v] = u(v, node);
            su(v, ly_k, lx_k) = s[v];
          }
          // The dissipation's variables (su is read by it alone): rho H for E if asked.
          if (enthalpy) su(Eq::kEnergy, ly_k, lx_k) += Eq::pressure(s, gas);
          const Real high_order = shock ? 1 - sensor(node) : Real(1);
          srad(0, ly_k, lx_k) = radius(0, node) * high_order;
          srad(1, ly_k, lx_k) = radius(1, node) * high_order;
          if (gj >= j0 && gj < j0 + ty) {
            const Real n[2] = {metric(0, node), metric(1, node)};
            const Eq::State f = physics::normal_flux<2>(s, n, gas);
            for (int v = 0; v < kVars; ++v) fxi(v, gj - j0, lx_k) = f[v];
          }
          if (gi >= i0 && gi < i0 + tx) {
            const Real n[2] = {metric(2, node), metric(3, node)};
            const Eq::State f = physics::normal_flux<2>(s, n, gas);
            for (int v = 0; v < kVars; ++v) feta(v, ly_k, gi - i0) = f[v];
          }
        });
        team_barrier(member);

        // 2. Differences from scratch.
        team_for(member, tx * ty, [&](const int k) {
          const int ox = k % tx, oy = k / tx;
          const int gi = i0 + ox, gj = j0 + oy;
          if (gi >= ni || gj >= nj) return;
          Real rhs[kVars] = {};
          // xi: the line is scratch row oy + halo, column q - li0.
          sbp_row<Order>(gi, ni, [&](int q, Real a) {
            for (int v = 0; v < kVars; ++v) rhs[v] -= a * fxi(v, oy, q - li0);
          });
          {
            const Real scale = epsilon * dissipation_scale<P>() / sbp_norm<Order>(gi, ni);
            const int row_y = oy + kHalo;
            dissipation_rows<P>(gi, ni, [&](int row, int c0, Real coefficient) {
              const Real weight =
                  dissipation_weight<P>([&](int q) { return srad(0, row_y, q - li0); }, row);
              const Real factor = scale * coefficient * weight;
              for (int v = 0; v < kVars; ++v) {
                Real diff = 0;
                for (int m = 0; m < Rows::kWidth; ++m)
                  diff += Rows::coefficient(m) * su(v, row_y, c0 + m - li0);
                rhs[v] -= factor * diff;
              }
            });
          }
          // eta: the line is scratch column ox + halo, row q - lj0.
          sbp_row<Order>(gj, nj, [&](int q, Real a) {
            for (int v = 0; v < kVars; ++v) rhs[v] -= a * feta(v, q - lj0, ox);
          });
          {
            const Real scale = epsilon * dissipation_scale<P>() / sbp_norm<Order>(gj, nj);
            const int col_x = ox + kHalo;
            dissipation_rows<P>(gj, nj, [&](int row, int c0, Real coefficient) {
              const Real weight =
                  dissipation_weight<P>([&](int q) { return srad(1, q - lj0, col_x); }, row);
              const Real factor = scale * coefficient * weight;
              for (int v = 0; v < kVars; ++v) {
                Real diff = 0;
                for (int m = 0; m < Rows::kWidth; ++m)
                  diff += Rows::coefficient(m) * su(v, c0 + m - lj0, col_x);
                rhs[v] -= factor * diff;
              }
            });
          }
          const int node = e.offset + gi + ni * gj;
          const Real jac = jacobian(node);
          for (int v = 0; v < kVars; ++v) residual(v, node) = jac * rhs[v];
        });
      });
}

}  // namespace

void compute_volume_residual_team(int order, const Fields<2>& fields, Real dissipation,
                                  const physics::IdealGas& gas) {
  if (order == 2) return volume_residual_team<2>(fields, dissipation, gas);
  if (order == 4) return volume_residual_team<4>(fields, dissipation, gas);
  throw Error("multiblock: SBP order " + std::to_string(order) + " is not available (2 or 4)");
}

}  // namespace portaflow::multiblock
