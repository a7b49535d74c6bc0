// Host copies of the multi-block solution for output: node fields per block, wall pressure
// coefficients, and the report of a non-physical node.
#include <cmath>

#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {

namespace {

struct NodePrimitive {
  double rho, u, v, w, p;  // w = 0 in 2D
};

// Primitive variables of packed node `node` from a host copy of the state (var-major).
template <int Dim>
NodePrimitive primitive_at(const std::vector<double>& state, int total, int node,
                           const physics::IdealGas& gas) {
  using Eq = physics::Euler<Dim>;
  typename Eq::State u;
  for (int v = 0; v < Eq::kNumVars; ++v) u[v] = static_cast<Real>(state[v * total + node]);
  const typename Eq::State w = Eq::to_primitive(u, gas);
  return {w[Eq::kRho], w[Eq::kVel], w[Eq::kVel + 1], Dim == 3 ? double(w[Eq::kVel + Dim - 1]) : 0.0,
          w[Eq::kPressure]};
}

}  // namespace

template <int Dim>
SolutionSnapshot MultiBlockSolverOf<Dim>::snapshot() const {
  const std::vector<double> state = host_state();
  const int total = fields_.table.total_nodes;
  const double gamma = config_.physics.gamma;
  const auto freestream = freestream_primitive(config_);
  const double p_inf = freestream[3];
  const double q_inf =
      0.5 * freestream[0] * (freestream[1] * freestream[1] + freestream[2] * freestream[2]);
  // The mass equation's dU/dt from the last residual evaluation (the last Runge-Kutta stage):
  // where a steady run's residual lives.
  const auto mass_rate = Kokkos::create_mirror_view_and_copy(
      Kokkos::HostSpace(), Kokkos::subview(fields_.residual, 0, Kokkos::ALL));
  SolutionSnapshot snap;
  snap.kind = OutputKind::kBlocks;
  snap.dimension = Dim;
  snap.step = cycles_;
  for (int b = 0; b < fields_.table.count; ++b) {
    const auto& block = mesh_.blocks[b];
    BlockSnapshot out;
    out.name = block.name;
    out.nodes = block.nodes;
    const std::size_t n = block.node_count();
    out.coordinates.resize(3 * n);
    std::vector<const char*> names{"rho", "u", "v", "p", "mach", "cp", "mass_residual"};
    if (Dim == 3) names.insert(names.begin() + 3, "w");
    for (const char* name : names) out.fields.push_back({name, std::vector<double>(n)});
    for (std::size_t i = 0; i < n; ++i) {
      out.coordinates[3 * i] = block.x[i];
      out.coordinates[3 * i + 1] = block.y[i];
      out.coordinates[3 * i + 2] = block.z.empty() ? 0.0 : block.z[i];
      const int node = fields_.table.blocks[b].offset + static_cast<int>(i);
      const auto w = primitive_at<Dim>(state, total, node, gas_);
      const double a = std::sqrt(gamma * w.p / w.rho);
      const double mach = std::sqrt(w.u * w.u + w.v * w.v + w.w * w.w) / a;
      std::vector<double> values{
          w.rho, w.u, w.v, w.p, mach, (w.p - p_inf) / q_inf, double(mass_rate(node))};
      if (Dim == 3) values.insert(values.begin() + 3, w.w);
      for (std::size_t f = 0; f < values.size(); ++f) out.fields[f].values[i] = values[f];
    }
    snap.blocks.push_back(std::move(out));
  }
  return snap;
}

template <int Dim>
std::vector<SurfacePoint> MultiBlockSolverOf<Dim>::surface_pressure() const {
  const std::vector<double> state = host_state();
  const int total = fields_.table.total_nodes;
  const auto freestream = freestream_primitive(config_);
  const double q_inf =
      0.5 * freestream[0] * (freestream[1] * freestream[1] + freestream[2] * freestream[2]);
  std::vector<SurfacePoint> points;
  for (const auto& boundary : mesh_.boundaries) {
    if (boundary.kind != mesh::BoundaryKind::kSlipWall) continue;  // walls, not symmetry planes
    const auto& patch = boundary.patch;
    const auto& block = mesh_.blocks[patch.block];
    const int d = mesh::face_direction(patch.face);
    const auto tangential = mesh::tangential_directions(patch.face);
    const auto extent = patch.extent();
    for (int t = 0; t < extent[1]; ++t) {
      for (int s = 0; s < extent[0]; ++s) {
        int ijk[3] = {0, 0, 0};
        ijk[d] = mesh::face_is_max(patch.face) ? block.nodes[d] - 1 : 0;
        ijk[tangential[0]] = patch.begin[0] + s;
        ijk[tangential[1]] = patch.begin[1] + t;
        const std::size_t local = block.index(ijk[0], ijk[1], ijk[2]);
        const int node = fields_.table.blocks[patch.block].offset + static_cast<int>(local);
        const auto w = primitive_at<Dim>(state, total, node, gas_);
        SurfacePoint point{block.name, ijk[tangential[0]], block.x[local], block.y[local],
                           (w.p - freestream[3]) / q_inf};
        if constexpr (Dim == 3) {
          point.span_node = ijk[tangential[1]];
          point.z = block.z[local];
        }
        points.push_back(point);
      }
    }
  }
  return points;
}

template <int Dim>
std::optional<NonPhysicalCell> MultiBlockSolverOf<Dim>::find_nonphysical() const {
  const int node = first_nonphysical_node<Dim>(fields_, gas_);
  if (node < 0) return std::nullopt;
  const NodeIndex at = fields_.table.locate(node);
  const std::vector<double> state = host_state();
  const auto w = primitive_at<Dim>(state, fields_.table.total_nodes, node, gas_);
  const auto& block = mesh_.blocks[at.block];
  const std::size_t local = block.index(at.ijk[0], at.ijk[1], at.ijk[2]);
  NonPhysicalCell cell;
  cell.block = at.block;
  cell.dimension = Dim;
  cell.index = {at.ijk[0], at.ijk[1], at.ijk[2]};
  cell.position = mesh::node_position(block, local);
  cell.rho = w.rho;
  cell.pressure = w.p;
  return cell;
}

template SolutionSnapshot MultiBlockSolverOf<2>::snapshot() const;
template SolutionSnapshot MultiBlockSolverOf<3>::snapshot() const;
template std::vector<SurfacePoint> MultiBlockSolverOf<2>::surface_pressure() const;
template std::vector<SurfacePoint> MultiBlockSolverOf<3>::surface_pressure() const;
template std::optional<NonPhysicalCell> MultiBlockSolverOf<2>::find_nonphysical() const;
template std::optional<NonPhysicalCell> MultiBlockSolverOf<3>::find_nonphysical() const;

}  // namespace portaflow::multiblock
