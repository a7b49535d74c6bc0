#include "portaflow/schemes/common/diagnostics_2d.hpp"

#include <utility>
#include <vector>

#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"

namespace portaflow {

using Euler2 = physics::Euler<2>;

namespace {
template <class View>
KOKKOS_INLINE_FUNCTION Euler2::State load(const View& u, Index j, Index i) {
  Euler2::State s;
  for (int v = 0; v < Euler2::kNumVars; ++v) s[v] = u(v, j, i);
  return s;
}
}  // namespace

Monitors conserved_totals_2d(const Field2D& u, IndexBox2D interior, const UniformGrid2D& g) {
  // All four sums in one pass: the run driver records them every step, and four reductions,
  // each a launch and a read-back, cost a GPU run more than a sweep of a 1e6-cell mesh.
  using Sums = SumArray<double, Euler2::kNumVars>;
  Sums sums;
  par_reduce(
      "diagnostics_2d.conserved_totals", interior,
      KOKKOS_LAMBDA(Index j, Index i, Sums & acc) {
        for (int v = 0; v < Euler2::kNumVars; ++v) acc.value[v] += static_cast<double>(u(v, j, i));
      },
      Kokkos::Sum<Sums>(sums));
  Monitors totals{{"mass", "momentum_x", "momentum_y", "energy"}, {}, true};
  for (int v = 0; v < Euler2::kNumVars; ++v) totals.values.push_back(sums.value[v] * g.dx * g.dy);
  return totals;
}

std::optional<NonPhysicalCell> find_nonphysical_2d(const Field2D& u, IndexBox2D interior,
                                                   const UniformGrid2D& g, double gamma) {
  const physics::IdealGas gas{static_cast<Real>(gamma)};
  // Row-major linear index of the first bad point, so the report is deterministic.
  const long long width = interior.i.size();
  const long long none = interior.size();
  long long first_bad = none;
  par_reduce(
      "diagnostics_2d.find_nonphysical", interior,
      KOKKOS_LAMBDA(Index j, Index i, long long& acc) {
        const long long k = (j - interior.j.begin) * width + (i - interior.i.begin);
        if (!Euler2::is_physical(load(u, j, i), gas) && k < acc) acc = k;
      },
      Kokkos::Min<long long>(first_bad));
  if (first_bad >= none) return std::nullopt;
  const Index j = static_cast<Index>(first_bad / width), i = static_cast<Index>(first_bad % width);
  // The cell's variables are strided in u: gather them into a contiguous view on the device
  // first (a strided device-to-host deep_copy has no copy mechanism under CUDA).
  const Index cj = interior.j.begin + j, ci = interior.i.begin + i;
  DeviceView<Real*> one("diagnostics_2d.nonphysical_cell", Euler2::kNumVars);
  par_for(
      "diagnostics_2d.gather_nonphysical_cell", IndexRange{0, Euler2::kNumVars},
      KOKKOS_LAMBDA(Index v) { one(v) = u(v, cj, ci); });
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), one);
  Euler2::State s;
  for (int v = 0; v < Euler2::kNumVars; ++v) s[v] = host(v);
  NonPhysicalCell cell;
  cell.index = {g.i0 + i, g.j0 + j, 0};
  cell.position = {g.x_centre(i), g.y_centre(j), 0};
  cell.rho = s[Euler2::kRho];
  cell.pressure = Euler2::pressure(s, gas);
  return cell;
}

SolutionSnapshot snapshot_2d(const Field2D& u, IndexBox2D interior, const UniformGrid2D& g,
                             double gamma, double time, long long step) {
  const physics::IdealGas gas{static_cast<Real>(gamma)};
  SolutionSnapshot snap;
  snap.dimension = 2;
  snap.time = time;
  snap.step = step;
  for (int k = 0; k <= g.nx; ++k) snap.edges[0].push_back(g.x_edge(k));
  for (int k = 0; k <= g.ny; ++k) snap.edges[1].push_back(g.y_edge(k));
  // The primitive variables of the interior on the device, then each field copied straight into
  // its vector: no host mirror of the whole state to allocate and fault in (a 1000^2 snapshot
  // took 33 ms that way on the H200 node, a third of a whole run of Blakely's benchmark,
  // inputs/fv/riemann_2d_blakely.yaml).
  const Index ni = interior.i.size(), nj = interior.j.size();
  const Index i0 = interior.i.begin, j0 = interior.j.begin;
  DeviceView<double***> primitive(
      Kokkos::view_alloc("snapshot_2d.primitive", Kokkos::WithoutInitializing), 4, nj, ni);
  par_for(
      "snapshot_2d.primitive", IndexBox2D{{0, nj}, {0, ni}}, KOKKOS_LAMBDA(Index j, Index i) {
        const Euler2::State s = load(u, j0 + j, i0 + i);
        primitive(0, j, i) = s[Euler2::kRho];
        primitive(1, j, i) = s[Euler2::kMom] / s[Euler2::kRho];
        primitive(2, j, i) = s[Euler2::kMom + 1] / s[Euler2::kRho];
        primitive(3, j, i) = Euler2::pressure(s, gas);
      });
  // The four vectors sized on four host threads at once: most of their cost is the kernel
  // faulting in fresh pages (8 MB each at 1000^2), which one thread does four times slower.
  using HostPlane = Kokkos::View<double**, Layout, HostSpace, Kokkos::MemoryUnmanaged>;
  snap.fields = {{"rho", {}}, {"u", {}}, {"v", {}}, {"p", {}}};
  host_par_for("snapshot_2d.allocate", IndexRange{0, 4},
               [&](Index f) { snap.fields[f].values.resize(static_cast<std::size_t>(ni) * nj); });
  for (int f = 0; f < 4; ++f)
    Kokkos::deep_copy(HostPlane(snap.fields[f].values.data(), nj, ni),
                      Kokkos::subview(primitive, f, Kokkos::ALL, Kokkos::ALL));
  return snap;
}

}  // namespace portaflow
