// Implicit residual smoothing (Jameson & Baker 1983; Jameson 1983's multigrid smoother):
// (1 - epsilon delta_d^2) W_bar = W along every index line of every block, one direction after
// the other, with W = dt R the local update (smoothing R itself spreads the stiff penalty
// residual of a boundary node, whose step is small, into neighbours that take larger steps:
// that blew up at the wake cut's outflow corner at CFL 3). The smoothed residual has the same
// zeros, so the steady solution is unchanged, and the explicit Runge-Kutta stages stay stable
// at CFL numbers about sqrt(1 + 4 epsilon) times larger. Lines stop at block faces with the
// natural closure (1 + epsilon) W_0 - epsilon W_1: each block smooths its own copy of an
// interface node, as each evaluates its own residual.
#include <algorithm>

#include "portaflow/core/parallel.hpp"
#include "portaflow/numerics/tridiagonal.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"

namespace portaflow::multiblock {

namespace {

// The lines along direction d: line `rank` of the flat enumeration is block `block`'s line
// through node `start` (index 0 along d).
struct LineTable {
  Kokkos::Array<int, kMaxBlocks + 1> first;  // first line of each block
  int direction = 0;

  LineTable(const BlockTable& table, int d) : direction(d) {
    int count = 0;
    for (int b = 0; b < table.count; ++b) {
      first[b] = count;
      const BlockExtent& e = table.blocks[b];
      count += e.nodes[0] * e.nodes[1] * e.nodes[2] / e.nodes[d];
    }
    first[table.count] = count;
  }

  // Packed index of the line's first node, and its block.
  KOKKOS_INLINE_FUNCTION int start(const BlockTable& table, int rank, int& block) const {
    block = 0;
    while (rank >= first[block + 1]) ++block;
    const BlockExtent& e = table.blocks[block];
    const int local = rank - first[block];
    // The other two indices, the lower-numbered direction varying fastest.
    const int a = direction == 0 ? 1 : 0;
    const int b = direction == 2 ? 1 : 2;
    const int ia = local % e.nodes[a];
    const int ib = local / e.nodes[a];
    return e.offset + ia * e.stride(a) + ib * e.stride(b);
  }
};

// Martinelli (1987)'s weight of the other directions' radii.
constexpr Real kMartinelliPsi = Real(0.125);

// One team per line along direction d: the line's updates and coefficients are loaded into team
// scratch, solved there (numerics/tridiagonal.hpp: Thomas on a one-thread team, cyclic reduction
// on a wider one) and written back. A team per line on a GPU has one thread per row, up to 256
// (tridiagonal::team_size_for_lines: on the H200, level-2 NACA 0012 multigrid, Kokkos' own
// choice of 160 and 64 threads took 18.4 us a launch, 256 for every line 14.7, and 12.0 with rows
// at a unit diagonal; one per row up to 256, 11.5; up to 512, 12.6).
template <int Dim>
void smooth_along(const Fields<Dim>& fields, int d, Real epsilon, bool directional, int team_size) {
  constexpr int kVars = Dim + 2;
  using Lines = tridiagonal::ScratchLines<kVars>;
  const BlockTable table = fields.table;
  const LineTable lines(table, d);
  int longest = 1;
  for (int b = 0; b < table.count; ++b) longest = std::max(longest, table.blocks[b].nodes[d]);
  const auto residual = fields.residual;
  const auto time_step = fields.time_step;
  const auto radius = fields.spectral_radius;
  const bool scale_in = d == 0, scale_out = d == Dim - 1;  // R -> dt R first, back at the end
  const std::size_t bytes = scratch_bytes_2d(2 * Lines::rows(), static_cast<std::size_t>(longest));
  const int level = scratch_level_for(bytes);
  if (team_size == 0) team_size = tridiagonal::team_size_for_lines(longest);
  auto policy = team_policy(lines.first[table.count], team_size);
  policy.set_scratch_size(level, Kokkos::PerTeam(bytes));
  Kokkos::parallel_for(
      "multiblock.residual_smoothing", policy, KOKKOS_LAMBDA(const TeamMember& member) {
        const Lines line{ScratchView2D(member.team_scratch(level), 2 * Lines::rows(), longest)};
        int block = 0;
        const int base = lines.start(table, member.league_rank(), block);
        const int n = table.blocks[block].nodes[d];
        const int stride = table.blocks[block].stride(d);
        team_for(member, n, [&](Index q) {
          const int node = base + static_cast<int>(q) * stride;
          // Constant epsilon, or Martinelli's directional one: the CFL gain sqrt(1 + 4 epsilon)
          // kept, but each direction smoothed by its share of the stiffness, so a
          // high-aspect-ratio cell smooths across its short side and leaves the long side's
          // waves alone.
          Real e = epsilon;
          if (directional) {
            Real others = 0;
            for (int o = 0; o < Dim; ++o)
              if (o != d) others += radius(o, node);
            const Real share = 1 / (1 + kMartinelliPsi * others / radius(d, node));
            e = math::fmax(Real(0), Real(0.25) * ((1 + 4 * epsilon) * share * share - 1));
          }
          // Row q of (1 - e delta^2), closed by (1 + e) x_0 - e x_1 at both ends, divided by
          // its diagonal.
          const Real sub = q > 0 ? -e : Real(0), super = q < n - 1 ? -e : Real(0);
          const Real inverse = 1 / (1 - sub - super);
          const int row = static_cast<int>(q);
          line.sub(row) = sub * inverse;
          line.super(row) = super * inverse;
          line.diagonal(row) = 1;
          const Real scale = (scale_in ? time_step(node) : Real(1)) * inverse;
          for (int v = 0; v < kVars; ++v) line.rhs(v, row) = scale * residual(v, node);
        });
        team_barrier(member);
        const Lines solved = tridiagonal::solve_in_team(member, line, n);
        team_for(member, n, [&](Index q) {
          const int node = base + static_cast<int>(q) * stride;
          const Real scale = scale_out ? 1 / time_step(node) : Real(1);
          for (int v = 0; v < kVars; ++v)
            residual(v, node) = scale * solved.solution(v, static_cast<int>(q));
        });
      });
}

}  // namespace

template <int Dim>
void smooth_residual(const Fields<Dim>& fields, Real epsilon, bool directional, int team_size) {
  for (int d = 0; d < Dim; ++d) smooth_along<Dim>(fields, d, epsilon, directional, team_size);
}

template void smooth_residual<2>(const Fields<2>&, Real, bool, int);
template void smooth_residual<3>(const Fields<3>&, Real, bool, int);

}  // namespace portaflow::multiblock
