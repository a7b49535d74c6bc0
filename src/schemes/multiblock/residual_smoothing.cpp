// Implicit residual smoothing (Jameson & Baker 1983; Jameson 1983's multigrid smoother):
// (1 - epsilon delta_d^2) W_bar = W along every index line of every block, one direction after
// the other, with W = dt R the local update (smoothing R itself spreads the stiff penalty
// residual of a boundary node, whose step is small, into neighbours that take larger steps:
// that blew up at the wake cut's outflow corner at CFL 3). The smoothed residual has the same
// zeros, so the steady solution is unchanged, and the explicit Runge-Kutta stages stay stable
// at CFL numbers about sqrt(1 + 4 epsilon) times larger. Lines stop at block faces with the natural closure (1 + epsilon) R_0 - epsilon R_1:
// each block smooths its own copy of an interface node, as each evaluates its own residual.
#include "portaflow/core/parallel.hpp"
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

template <int Dim>
void smooth_along(const Fields<Dim>& fields, int d, Real epsilon, bool directional,
                  const DeviceView<Real*>& work) {
  constexpr int kVars = Dim + 2;
  const BlockTable table = fields.table;
  const LineTable lines(table, d);
  const auto residual = fields.residual;
  const auto time_step = fields.time_step;
  const bool scale_in = d == 0, scale_out = d == Dim - 1;  // R -> dt R first, back at the end
  const auto radius = fields.spectral_radius;
  // Constant epsilon, or Martinelli's directional one: the CFL gain sqrt(1 + 4 epsilon) kept,
  // but each direction smoothed by its share of the stiffness, so a high-aspect-ratio cell
  // smooths across its short side and leaves the long side's waves alone.
  const auto coefficient = [=] KOKKOS_FUNCTION(int node) -> Real {
    if (!directional) return epsilon;
    Real others = 0;
    for (int o = 0; o < Dim; ++o)
      if (o != d) others += radius(o, node);
    const Real share = 1 / (1 + kMartinelliPsi * others / radius(d, node));
    return math::fmax(Real(0), Real(0.25) * ((1 + 4 * epsilon) * share * share - 1));
  };
  par_for(
      "multiblock.residual_smoothing", IndexRange{0, lines.first[table.count]},
      KOKKOS_LAMBDA(const int rank) {
        int block = 0;
        const int base = lines.start(table, rank, block);
        const int n = table.blocks[block].nodes[d];
        const int stride = table.blocks[block].stride(d);
        if (scale_in)
          for (int q = 0; q < n; ++q)
            for (int v = 0; v < kVars; ++v) residual(v, base + q * stride) *= time_step(base + q * stride);
        if (n < 2) return;
        // Thomas: the modified upper diagonal goes to work, the modified right-hand side
        // overwrites the residual; the back substitution then leaves R_bar there.
        Real e = coefficient(base);
        Real upper = -e / (1 + e);
        work(base) = upper;
        for (int v = 0; v < kVars; ++v) residual(v, base) /= (1 + e);
        for (int q = 1; q < n; ++q) {
          const int node = base + q * stride;
          e = coefficient(node);
          const Real diagonal = (q == n - 1 ? 1 + e : 1 + 2 * e) + e * upper;
          upper = -e / diagonal;
          work(node) = upper;
          for (int v = 0; v < kVars; ++v)
            residual(v, node) = (residual(v, node) + e * residual(v, node - stride)) / diagonal;
        }
        for (int q = n - 2; q >= 0; --q) {
          const int node = base + q * stride;
          for (int v = 0; v < kVars; ++v)
            residual(v, node) -= work(node) * residual(v, node + stride);
        }
        if (scale_out)
          for (int q = 0; q < n; ++q)
            for (int v = 0; v < kVars; ++v) residual(v, base + q * stride) /= time_step(base + q * stride);
      });
}

}  // namespace

template <int Dim>
void smooth_residual(const Fields<Dim>& fields, Real epsilon, bool directional,
                     const DeviceView<Real*>& work) {
  for (int d = 0; d < Dim; ++d) smooth_along<Dim>(fields, d, epsilon, directional, work);
}

template void smooth_residual<2>(const Fields<2>&, Real, bool, const DeviceView<Real*>&);
template void smooth_residual<3>(const Fields<3>&, Real, bool, const DeviceView<Real*>&);

}  // namespace portaflow::multiblock
