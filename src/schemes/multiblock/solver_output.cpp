// Host copies of the multi-block solution for output: node fields per block, wall pressure
// coefficients, and the report of a non-physical node.
#include <cmath>

#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

namespace portaflow::multiblock {

namespace {

using Eq = physics::Euler<2>;

struct NodePrimitive {
  double rho, u, v, p;
};

// Primitive variables of packed node `node` from a host copy of the state (var-major).
NodePrimitive primitive_at(const std::vector<double>& state, int total, int node,
                           const physics::IdealGas& gas) {
  Eq::State u;
  for (int v = 0; v < Eq::kNumVars; ++v) u[v] = static_cast<Real>(state[v * total + node]);
  const Eq::State w = Eq::to_primitive(u, gas);
  return {w[Eq::kRho], w[Eq::kVel], w[Eq::kVel + 1], w[Eq::kPressure]};
}

}  // namespace

MultiBlockSnapshot MultiBlockSolver::snapshot() const {
  const std::vector<double> state = host_state();
  const int total = fields_.table.total_nodes;
  const double gamma = config_.physics.gamma;
  const auto freestream = freestream_primitive(config_);
  const double p_inf = freestream[3];
  const double q_inf = 0.5 * freestream[0] * (freestream[1] * freestream[1] +
                                              freestream[2] * freestream[2]);
  MultiBlockSnapshot snap;
  snap.cycle = cycles_;
  for (int b = 0; b < fields_.table.count; ++b) {
    const auto& block = mesh_.blocks[b];
    BlockSnapshot out;
    out.name = block.name;
    out.nodes = block.nodes;
    const std::size_t n = block.node_count();
    out.coordinates.resize(3 * n);
    const char* names[] = {"rho", "u", "v", "p", "mach", "cp"};
    for (const char* name : names) out.fields.push_back({name, std::vector<double>(n)});
    for (std::size_t i = 0; i < n; ++i) {
      out.coordinates[3 * i] = block.x[i];
      out.coordinates[3 * i + 1] = block.y[i];
      out.coordinates[3 * i + 2] = block.z.empty() ? 0.0 : block.z[i];
      const auto w = primitive_at(state, total, fields_.table.blocks[b].offset + i, gas_);
      const double a = std::sqrt(gamma * w.p / w.rho);
      const double values[] = {w.rho, w.u, w.v, w.p,
                               std::sqrt(w.u * w.u + w.v * w.v) / a, (w.p - p_inf) / q_inf};
      for (int f = 0; f < 6; ++f) out.fields[f].values[i] = values[f];
    }
    snap.blocks.push_back(std::move(out));
  }
  return snap;
}

std::vector<SurfacePoint> MultiBlockSolver::surface_pressure() const {
  const std::vector<double> state = host_state();
  const int total = fields_.table.total_nodes;
  const auto freestream = freestream_primitive(config_);
  const double q_inf = 0.5 * freestream[0] * (freestream[1] * freestream[1] +
                                              freestream[2] * freestream[2]);
  std::vector<SurfacePoint> points;
  for (const auto& boundary : mesh_.boundaries) {
    if (boundary.kind == mesh::BoundaryKind::kFarField) continue;
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
        const auto w = primitive_at(state, total, node, gas_);
        points.push_back({block.name, ijk[tangential[0]], block.x[local], block.y[local],
                          (w.p - freestream[3]) / q_inf});
      }
    }
  }
  return points;
}

std::optional<NonPhysicalCell> MultiBlockSolver::find_nonphysical() const {
  const int node = first_nonphysical_node(fields_, gas_);
  if (node < 0) return std::nullopt;
  const NodeIndex at = fields_.table.locate(node);
  const std::vector<double> state = host_state();
  const auto w = primitive_at(state, fields_.table.total_nodes, node, gas_);
  const auto& block = mesh_.blocks[at.block];
  const std::size_t local = block.index(at.ijk[0], at.ijk[1], at.ijk[2]);
  NonPhysicalCell cell;
  cell.block = at.block;
  cell.index = {at.ijk[0], at.ijk[1], at.ijk[2]};
  cell.position = {block.x[local], block.y[local], 0.0};
  cell.rho = w.rho;
  cell.pressure = w.p;
  return cell;
}

}  // namespace portaflow::multiblock
