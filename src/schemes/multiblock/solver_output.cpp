// Host copies of the multi-block solution for output: node fields per block, wall pressure
// coefficients, and the report of a non-physical node.
#include <algorithm>
#include <cmath>

#include "portaflow/core/ranks.hpp"
#include "portaflow/schemes/common/nonphysical_over_ranks.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"
#include "portaflow/schemes/multiblock/wall_nodes.hpp"

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

// Block b's name, or "block_<b>" where the mesh gives none (b: its index in the whole mesh).
std::string block_label(const mesh::MultiBlockMesh& whole, int b) {
  const std::string& name = whole.blocks[static_cast<std::size_t>(b)].name;
  return name.empty() ? "block_" + std::to_string(b) : name;
}

}  // namespace

std::vector<double> gather_wall_records(const std::vector<double>& mine, std::size_t width) {
  const std::vector<double> all = ranks::gather(mine);
  std::vector<std::size_t> order(all.size() / width);
  for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return all[a * width] < all[b * width]; });
  std::vector<double> sorted;
  sorted.reserve(all.size());
  for (const std::size_t r : order)
    sorted.insert(sorted.end(), all.begin() + static_cast<std::ptrdiff_t>(r * width),
                  all.begin() + static_cast<std::ptrdiff_t>((r + 1) * width));
  return sorted;
}

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
  // Shock capturing: where the low-order dissipation acts (0 .. 1).
  const bool shock = fields_.sensor.extent(0) > 0;
  const auto sensor = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), fields_.sensor);
  SolutionSnapshot snap;
  snap.kind = OutputKind::kBlocks;
  snap.dimension = Dim;
  snap.step = cycles_;
  for (int b = 0; b < fields_.table.count; ++b) {
    const auto& block = part_->blocks[b];
    BlockSnapshot out;
    out.name = block_label(*whole_, owned_[static_cast<std::size_t>(b)]);
    out.nodes = block.nodes;
    const std::size_t n = block.node_count();
    out.coordinates.resize(3 * n);
    std::vector<const char*> names{"rho", "u", "v", "p", "mach", "cp", "mass_residual"};
    if (Dim == 3) names.insert(names.begin() + 3, "w");
    if (shock) names.push_back("shock_sensor");
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
      if (shock) values.push_back(double(sensor(node)));
      for (std::size_t f = 0; f < values.size(); ++f) out.fields[f].values[i] = values[f];
    }
    snap.blocks.push_back(std::move(out));
  }
  // This rank's blocks; rank 0 writes the index (.vtm) naming every block's piece.
  if (ranks::count() > 1) {
    SnapshotPart part;
    part.rank = ranks::rank();
    part.block_ids = owned_;
    for (int b = 0; b < static_cast<int>(whole_->blocks.size()); ++b)
      part.block_names.push_back(block_label(*whole_, b));
    snap.part = std::move(part);
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
  // Records of this rank's wall nodes: whole boundary index, block, node, span node, x, y, z, cp.
  constexpr std::size_t kRecord = 8;
  std::vector<double> mine;
  for_each_wall_node(*whole_, owned_, [&](const WallNode& wall) {
    const auto& block = whole_->blocks[static_cast<std::size_t>(wall.block)];
    const std::size_t index = block.index(wall.ijk[0], wall.ijk[1], wall.ijk[2]);
    const int node = fields_.table.blocks[wall.local_block].offset + static_cast<int>(index);
    const auto w = primitive_at<Dim>(state, total, node, gas_);
    mine.insert(mine.end(),
                {double(wall.boundary), double(wall.block), double(wall.along), double(wall.span),
                 block.x[index], block.y[index], block.z.empty() ? 0.0 : block.z[index],
                 (w.p - freestream[3]) / q_inf});
  });
  const std::vector<double> all = gather_wall_records(mine, kRecord);
  std::vector<SurfacePoint> points;
  for (std::size_t r = 0; r < all.size() / kRecord; ++r) {
    const double* x = &all[r * kRecord];
    SurfacePoint point{whole_->blocks[static_cast<std::size_t>(x[1])].name, int(x[2]), x[4], x[5],
                       x[7]};
    if constexpr (Dim == 3) {
      point.span_node = int(x[3]);
      point.z = x[6];
    }
    points.push_back(point);
  }
  return points;
}

template <int Dim>
std::optional<NonPhysicalCell> MultiBlockSolverOf<Dim>::find_nonphysical() const {
  const int node = first_nonphysical_node<Dim>(fields_, gas_);
  std::optional<NonPhysicalCell> found;
  if (node >= 0) {
    const NodeIndex at = fields_.table.locate(node);
    const std::vector<double> state = host_state();
    const auto w = primitive_at<Dim>(state, fields_.table.total_nodes, node, gas_);
    const auto& block = part_->blocks[at.block];
    const std::size_t local = block.index(at.ijk[0], at.ijk[1], at.ijk[2]);
    NonPhysicalCell cell;
    cell.block = owned_[static_cast<std::size_t>(at.block)];  // the whole mesh's numbering
    cell.dimension = Dim;
    cell.index = {at.ijk[0], at.ijk[1], at.ijk[2]};
    cell.position = mesh::node_position(block, local);
    cell.rho = w.rho;
    cell.pressure = w.p;
    found = cell;
  }
  return first_nonphysical_over_ranks(found);
}

template SolutionSnapshot MultiBlockSolverOf<2>::snapshot() const;
template SolutionSnapshot MultiBlockSolverOf<3>::snapshot() const;
template std::vector<SurfacePoint> MultiBlockSolverOf<2>::surface_pressure() const;
template std::vector<SurfacePoint> MultiBlockSolverOf<3>::surface_pressure() const;
template std::optional<NonPhysicalCell> MultiBlockSolverOf<2>::find_nonphysical() const;
template std::optional<NonPhysicalCell> MultiBlockSolverOf<3>::find_nonphysical() const;

}  // namespace portaflow::multiblock
