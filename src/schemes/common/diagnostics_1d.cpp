#include "portaflow/schemes/common/diagnostics_1d.hpp"

#include "portaflow/core/parallel.hpp"
#include "portaflow/physics/euler.hpp"

namespace portaflow {

using Euler1 = physics::Euler<1>;

namespace {
template <class View>
KOKKOS_INLINE_FUNCTION Euler1::State load(const View& u, Index i) {
  Euler1::State s;
  for (int v = 0; v < Euler1::kNumVars; ++v) s[v] = u(v, i);
  return s;
}
}  // namespace

Monitors conserved_totals_1d(const Field1D& u, IndexRange interior, const UniformAxis& axis) {
  // All three sums in one pass (one launch and read-back a step, see conserved_totals_2d).
  using Sums = SumArray<double, Euler1::kNumVars>;
  Sums sums;
  par_reduce(
      "diagnostics_1d.conserved_totals", interior,
      KOKKOS_LAMBDA(Index i, Sums & acc) {
        for (int v = 0; v < Euler1::kNumVars; ++v) acc.value[v] += static_cast<double>(u(v, i));
      },
      Kokkos::Sum<Sums>(sums));
  Monitors totals{{"mass", "momentum_x", "energy"}, {}, true};
  for (int v = 0; v < Euler1::kNumVars; ++v) totals.values.push_back(sums.value[v] * axis.dx);
  return totals;
}

std::optional<NonPhysicalCell> find_nonphysical_1d(const Field1D& u, IndexRange interior,
                                                   const UniformAxis& axis, double gamma,
                                                   VacuumPolicy vacuum) {
  const bool allow_vacuum = vacuum == VacuumPolicy::kAllowed;
  const physics::IdealGas gas{static_cast<Real>(gamma)};
  // The smallest bad index, so the report names the left-most offending cell.
  long long first_bad = 0;
  const long long none = static_cast<long long>(interior.end);
  par_reduce(
      "diagnostics_1d.find_nonphysical", interior,
      KOKKOS_LAMBDA(Index i, long long& acc) {
        const Euler1::State s = load(u, i);
        const bool is_vacuum = allow_vacuum && s[0] == 0 && s[1] == 0 && s[2] == 0;
        if (!is_vacuum && !Euler1::is_physical(s, gas) && i < acc) acc = i;
      },
      Kokkos::Min<long long>(first_bad));
  if (first_bad >= none) return std::nullopt;
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), u);
  const Euler1::State s = load(host, static_cast<Index>(first_bad));
  NonPhysicalCell cell;
  cell.index[0] = first_bad - interior.begin;
  cell.position[0] = axis.center(cell.index[0]);
  cell.rho = s[Euler1::kRho];
  cell.pressure = Euler1::pressure(s, gas);
  return cell;
}

SolutionSnapshot snapshot_1d(const Field1D& u, IndexRange interior, const UniformAxis& axis,
                             double gamma, double time, long long step) {
  const physics::IdealGas gas{static_cast<Real>(gamma)};
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), u);
  SolutionSnapshot snap;
  snap.dimension = 1;
  snap.time = time;
  snap.step = step;
  snap.edges[0].resize(axis.cells + 1);
  for (int k = 0; k <= axis.cells; ++k) snap.edges[0][k] = axis.x_min + k * axis.dx;
  HostField rho{"rho", {}}, vel{"u", {}}, p{"p", {}};
  for (Index i = interior.begin; i < interior.end; ++i) {
    const Euler1::State s = load(host, i);
    // A vacuum cell (rho = 0) has no velocity: write 0 rather than 0/0.
    const double velocity = s[Euler1::kRho] != 0 ? s[Euler1::kMom] / s[Euler1::kRho] : 0.0;
    rho.values.push_back(s[Euler1::kRho]);
    vel.values.push_back(velocity);
    p.values.push_back(Euler1::pressure(s, gas));
  }
  snap.fields = {rho, vel, p};
  return snap;
}

}  // namespace portaflow
