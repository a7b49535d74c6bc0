// SAT penalties over the face points (the team residual kernel's companion; the flat kernel adds
// each node's penalties itself), the source term, and the wall force.
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/point_penalty.hpp"

namespace portaflow::multiblock {

template <int Dim>
void add_penalties(const Fields<Dim>& fields, const FacePoints& points,
                   const physics::IdealGas& gas) {
  constexpr int kVars = Dim + 2;
  const Fields<Dim> f = fields;
  const auto residual = fields.residual;
  const FacePoints fp = points;
  par_for(
      "multiblock.penalties", IndexRange{0, fp.count}, KOKKOS_LAMBDA(const int p) {
        const auto penalty = point_penalty<Dim>(p, f, fp, gas);
        const int node = fp.node(p);
        // A corner node is on two faces (and a sub-face end on two patches): atomics.
        for (int v = 0; v < kVars; ++v) Kokkos::atomic_add(&residual(v, node), penalty[v]);
      });
}

template <int Dim>
void add_source(const Fields<Dim>& fields) {
  constexpr int kVars = Dim + 2;
  const auto source = fields.source;
  const auto residual = fields.residual;
  par_for(
      "multiblock.source", IndexRange{0, fields.table.total_nodes}, KOKKOS_LAMBDA(const int node) {
        for (int v = 0; v < kVars; ++v) residual(v, node) += source(v, node);
      });
}

template <int Dim>
std::array<double, Dim> wall_force(const Fields<Dim>& fields, const FacePoints& points,
                                   const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  const auto u = fields.u;
  const auto metric = fields.metric;
  const FacePoints fp = points;
  SumArray<double, Dim> force;
  par_reduce(
      "multiblock.wall_force", IndexRange{0, fp.count},
      KOKKOS_LAMBDA(const int p, SumArray<double, Dim>& acc) {
        if (fp.kind(p) != kWallPoint) return;
        const int node = fp.node(p);
        const int d = fp.direction(p);
        typename Eq::State ub;
        for (int v = 0; v < Eq::kNumVars; ++v) ub[v] = u(v, node);
        const Real pressure = Eq::pressure(ub, gas);
        // The outward normal of the fluid points into the body: p n_out is the force on it.
        const Real weight = fp.surface_weight(p) * fp.side(p) * pressure;
        for (int c = 0; c < Dim; ++c) acc.value[c] += weight * metric(Dim * d + c, node);
      },
      Kokkos::Sum<SumArray<double, Dim>>(force));
  std::array<double, Dim> out;
  for (int c = 0; c < Dim; ++c) out[c] = force.value[c];
  return out;
}

#define PORTAFLOW_MULTIBLOCK_PENALTIES(D)                                                        \
  template void add_penalties<D>(const Fields<D>&, const FacePoints&, const physics::IdealGas&); \
  template void add_source<D>(const Fields<D>&);                                                 \
  template std::array<double, D> wall_force<D>(const Fields<D>&, const FacePoints&,              \
                                               const physics::IdealGas&);
PORTAFLOW_MULTIBLOCK_PENALTIES(2)
PORTAFLOW_MULTIBLOCK_PENALTIES(3)
#undef PORTAFLOW_MULTIBLOCK_PENALTIES

}  // namespace portaflow::multiblock
