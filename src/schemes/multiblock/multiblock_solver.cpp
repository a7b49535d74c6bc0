#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

#include <algorithm>
#include <cmath>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/multiblock/fas_multigrid.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

using Eq = physics::Euler<2>;
constexpr int kVars = Eq::kNumVars;

int minimum_nodes(int order) { return order == 2 ? Sbp<2>::kMinNodes : Sbp<4>::kMinNodes; }

void check_mesh(const mesh::MultiBlockMesh& mesh, int order) {
  mesh::validate(mesh);
  if (mesh.dimension != 2)
    throw Error("multiblock: only 2D meshes are supported so far; this mesh is " +
                std::to_string(mesh.dimension) + "D");
  if (mesh.blocks.size() > static_cast<std::size_t>(kMaxBlocks))
    throw Error("multiblock: the mesh has " + std::to_string(mesh.blocks.size()) +
                " blocks; at most " + std::to_string(kMaxBlocks) + " are supported");
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
    for (int d = 0; d < 2; ++d)
      if (mesh.blocks[b].nodes[d] < minimum_nodes(order))
        throw Error("multiblock: block " + std::to_string(b) + " ('" + mesh.blocks[b].name +
                    "') has " + std::to_string(mesh.blocks[b].nodes[d]) + " nodes in direction " +
                    "ijk"[d] + "; the order-" + std::to_string(order) + " SBP operator needs " +
                    std::to_string(minimum_nodes(order)) + " or more");
}

BlockTable make_table(const mesh::MultiBlockMesh& mesh) {
  BlockTable table;
  table.count = static_cast<int>(mesh.blocks.size());
  long long offset = 0;
  for (int b = 0; b < table.count; ++b) {
    for (int d = 0; d < 3; ++d) table.blocks[b].nodes[d] = mesh.blocks[b].nodes[d];
    table.blocks[b].offset = static_cast<int>(offset);
    offset += static_cast<long long>(mesh.blocks[b].node_count());
  }
  if (offset > 2000000000LL) throw Error("multiblock: more than 2e9 nodes in one process");
  table.total_nodes = static_cast<int>(offset);
  return table;
}

// The conservative state of primitive (rho, u, v, p) given as doubles (setup data).
Eq::State to_conservative(const std::array<double, 4>& w, const physics::IdealGas& gas) {
  Eq::State primitive;
  for (int v = 0; v < kVars; ++v) primitive[v] = static_cast<Real>(w[v]);
  return Eq::to_conservative(primitive, gas);
}

}  // namespace

std::array<double, 4> freestream_primitive(const RunConfig& config) {
  const double gamma = config.physics.gamma;
  const double alpha = config.freestream.alpha_degrees * M_PI / 180;
  const double mach = config.freestream.mach;
  return {1.0, mach * std::cos(alpha), mach * std::sin(alpha), 1.0 / gamma};
}

MultiBlockSolver::MultiBlockSolver(const RunConfig& config)
    : MultiBlockSolver(config, mesh_from_config(config)) {}

MultiBlockSolver::MultiBlockSolver(const RunConfig& config, mesh::MultiBlockMesh mesh)
    : config_(config), mesh_(std::move(mesh)) {
  gas_.gamma = static_cast<Real>(config.physics.gamma);
  const int order = config.multiblock.order;
  check_mesh(mesh_, order);
  if (config.multiblock.far_field_vortex && !(config.freestream.mach < 1))
    throw InputError("multiblock.far_field_vortex needs a subsonic free stream (Prandtl-Glauert "
                     "factor sqrt(1 - M^2)); problem.mach is " +
                     std::to_string(config.freestream.mach));
  fields_.table = make_table(mesh_);
  const int n = fields_.table.total_nodes;
  fields_.coordinates = DeviceView<Real**>("multiblock.coordinates", 2, n);
  fields_.metric = DeviceView<Real**>("multiblock.metric", 4, n);
  fields_.jacobian = DeviceView<Real*>("multiblock.jacobian", n);
  fields_.u = DeviceView<Real**>("multiblock.u", kVars, n);
  fields_.u_start = DeviceView<Real**>("multiblock.u_start", kVars, n);
  fields_.residual = DeviceView<Real**>("multiblock.residual", kVars, n);
  fields_.spectral_radius = DeviceView<Real**>("multiblock.spectral_radius", 2, n);
  fields_.time_step = DeviceView<Real*>("multiblock.time_step", n);
  fields_.inverse_norm = DeviceView<Real**>("multiblock.inverse_norm", 2, n);

  auto coordinates = Kokkos::create_mirror_view(fields_.coordinates);
  for (int b = 0; b < fields_.table.count; ++b) {
    const auto& block = mesh_.blocks[b];
    for (std::size_t i = 0; i < block.node_count(); ++i) {
      coordinates(0, fields_.table.blocks[b].offset + i) = static_cast<Real>(block.x[i]);
      coordinates(1, fields_.table.blocks[b].offset + i) = static_cast<Real>(block.y[i]);
    }
  }
  Kokkos::deep_copy(fields_.coordinates, coordinates);
  smallest_det_ = compute_metrics(order, fields_);
  if (!(smallest_det_ > 0))
    throw Error("multiblock: the metric Jacobian det(dx/dxi) reaches " +
                std::to_string(smallest_det_) +
                " (must be > 0 everywhere): a block is folded or left-handed");

  points_ = build_face_points(order, mesh_, fields_.table, point_positions_);
  const auto freestream = freestream_primitive(config_);
  set_far_field([&](double, double) { return freestream; });
  set_state([&](double, double) { return freestream; });
  if (config_.multiblock.multigrid.levels > 1)
    multigrid_ = std::make_unique<FasMultigrid>(config_, *this);
}

MultiBlockSolver::~MultiBlockSolver() = default;

std::vector<std::string> MultiBlockSolver::equation_names() const {
  return {"mass", "momentum_x", "momentum_y", "energy"};
}

void MultiBlockSolver::set_state(const PointFunction& primitive) {
  auto u = Kokkos::create_mirror_view(fields_.u);
  const auto positions = host_coordinates();
  for (std::size_t node = 0; node < positions.size(); ++node) {
    const auto c = to_conservative(primitive(positions[node][0], positions[node][1]), gas_);
    for (int v = 0; v < kVars; ++v) u(v, node) = c[v];
  }
  Kokkos::deep_copy(fields_.u, u);
  compute_spectral_radii(fields_, gas_);
  have_norms_ = false;
}

void MultiBlockSolver::set_far_field(const PointFunction& primitive) {
  auto external = Kokkos::create_mirror_view(points_.external);
  for (int p = 0; p < points_.count; ++p) {
    const auto c = to_conservative(primitive(point_positions_[p][0], point_positions_[p][1]), gas_);
    for (int v = 0; v < kVars; ++v) external(v, p) = c[v];
  }
  Kokkos::deep_copy(points_.external, external);
  have_norms_ = false;
}

void MultiBlockSolver::set_source(const PointFunction& source) {
  fields_.source = DeviceView<Real**>("multiblock.source", kVars, fields_.table.total_nodes);
  auto s = Kokkos::create_mirror_view(fields_.source);
  const auto positions = host_coordinates();
  for (std::size_t node = 0; node < positions.size(); ++node) {
    const auto value = source(positions[node][0], positions[node][1]);
    for (int v = 0; v < kVars; ++v) s(v, node) = static_cast<Real>(value[v]);
  }
  Kokkos::deep_copy(fields_.source, s);
  have_norms_ = false;
}

void MultiBlockSolver::refresh_spectral_radii() { compute_spectral_radii(fields_, gas_); }

DeviceView<Real**> MultiBlockSolver::forcing() {
  if (fields_.source.extent(0) == 0)
    fields_.source = DeviceView<Real**>("multiblock.forcing", kVars, fields_.table.total_nodes);
  return fields_.source;
}

double MultiBlockSolver::node_cycles_per_cycle() const {
  return multigrid_ ? multigrid_->node_cycles_per_cycle(node_count())
                    : static_cast<double>(node_count());
}

std::vector<std::string> MultiBlockSolver::setup_report() const {
  if (!multigrid_) return {};
  std::vector<std::string> lines{
      std::string("multigrid: FAS ") + (config_.multiblock.multigrid.w_cycle ? "W" : "V") +
      "-cycles over " + std::to_string(multigrid_->levels()) + " levels, " +
      std::to_string(config_.multiblock.multigrid.pre_smoothing) + " Runge-Kutta cycle(s) before " +
      "and " + std::to_string(config_.multiblock.multigrid.post_smoothing) +
      " after each coarse-grid correction"};
  for (const auto& line : multigrid_->report()) lines.push_back("  " + line);
  return lines;
}

void MultiBlockSolver::compute_residual() {
  compute_volume_residual(config_.multiblock.order, config_.execution.kernel, fields_,
                          static_cast<Real>(config_.multiblock.dissipation), gas_);
  add_penalties(fields_, points_, gas_);
  if (fields_.source.extent(0) > 0) add_source(fields_);
}

// Cycles between updates of the far-field vortex from the current lift: the circulation
// settles with the flow, and a host update (about a thousand far-field points) every few cycles
// costs nothing next to the cycles.
constexpr long long kVortexUpdateEvery = 5;

// Thomas & Salas, AIAA J. 24 (1986) 1074, eq. 7 (after Usab & Murman): the far field of a lifting
// airfoil in compressible subsonic flow is the free stream plus a point vortex of circulation
// Gamma = CL c |V_inf| / 2 at the quarter chord, stretched by the Prandtl-Glauert factor; the
// thermodynamic state follows from constant total enthalpy and entropy.
void MultiBlockSolver::update_far_field_vortex() {
  const double pi = 3.14159265358979323846;
  const double gamma = config_.physics.gamma;
  const double mach = config_.freestream.mach;
  const double alpha = config_.freestream.alpha_degrees * pi / 180;
  const auto w = freestream_primitive(config_);
  const double circulation = 0.5 * mach * forces().lift;  // chord 1, |V_inf| = Mach (a_inf = 1)
  const double beta = std::sqrt(1 - mach * mach);
  set_far_field([&](double x, double y) {
    const double dx = x - 0.25, dy = y;
    const double r = std::max(std::hypot(dx, dy), 1e-12);
    const double theta = std::atan2(dy, dx);
    const double s = std::sin(theta - alpha);
    const double strength = circulation * beta / (2 * pi * r * (1 - mach * mach * s * s));
    const double u = w[1] + strength * std::sin(theta);
    const double v = w[2] - strength * std::cos(theta);
    const double a2 = 1 + 0.5 * (gamma - 1) * (mach * mach - u * u - v * v);  // a_inf = 1
    return std::array<double, 4>{std::pow(a2, 1 / (gamma - 1)), u, v,
                                 std::pow(a2, gamma / (gamma - 1)) / gamma};
  });
}

void MultiBlockSolver::cycle() {
  if (config_.multiblock.far_field_vortex && cycles_ % kVortexUpdateEvery == 0)
    update_far_field_vortex();
  if (multigrid_) {
    multigrid_->cycle(*this);
  } else {
    runge_kutta_cycle(true);
  }
  ++cycles_;
}

void MultiBlockSolver::runge_kutta_cycle(bool keep_norms) {
  const Real cfl = static_cast<Real>(config_.time.cfl);
  compute_residual();
  const auto squares = first_stage(fields_, static_cast<Real>(kRungeKuttaAlpha[0]), cfl, gas_);
  if (keep_norms) {
    last_squares_ = squares;
    have_norms_ = true;
  }
  for (int stage = 1; stage < 5; ++stage) {
    compute_residual();
    later_stage(fields_, static_cast<Real>(kRungeKuttaAlpha[stage]), gas_);
  }
}

std::vector<double> MultiBlockSolver::residual_norms() {
  if (!have_norms_) {
    compute_residual();
    const auto residual = fields_.residual;
    SumArray<double, kVars> squares;
    par_reduce(
        "multiblock.residual_norms", IndexRange{0, fields_.table.total_nodes},
        KOKKOS_LAMBDA(const int node, SumArray<double, kVars>& acc) {
          for (int v = 0; v < kVars; ++v)
            acc.value[v] += double(residual(v, node)) * double(residual(v, node));
        },
        Kokkos::Sum<SumArray<double, kVars>>(squares));
    for (int v = 0; v < kVars; ++v) last_squares_[v] = squares.value[v];
    have_norms_ = true;
  }
  std::vector<double> norms(kVars);
  for (int v = 0; v < kVars; ++v)
    norms[v] = std::sqrt(last_squares_[v] / static_cast<double>(fields_.table.total_nodes));
  return norms;
}

std::array<double, 4> MultiBlockSolver::evaluate_residual() {
  compute_residual();
  const auto residual = fields_.residual;
  std::array<double, 4> largest{};
  for (int v = 0; v < kVars; ++v)
    largest[v] = par_max<Real>("multiblock.residual_max", IndexRange{0, fields_.table.total_nodes},
                               KOKKOS_LAMBDA(const int node, Real& m) {
                                 m = math::fmax(m, math::fabs(residual(v, node)));
                               });
  return largest;
}

ForceCoefficients MultiBlockSolver::forces() const {
  const auto force = wall_force(fields_, points_, gas_);
  const auto freestream = freestream_primitive(config_);
  const double speed2 = freestream[1] * freestream[1] + freestream[2] * freestream[2];
  const double dynamic_pressure = 0.5 * freestream[0] * speed2;
  // The wall force above integrates p; on a closed wall the free-stream part sums to zero
  // (1^T H D x = x_last - x_first = 0), so no p_inf correction is needed.
  const double alpha = config_.freestream.alpha_degrees * M_PI / 180;
  ForceCoefficients c;
  c.lift = (-force[0] * std::sin(alpha) + force[1] * std::cos(alpha)) / dynamic_pressure;
  c.drag = (force[0] * std::cos(alpha) + force[1] * std::sin(alpha)) / dynamic_pressure;
  return c;
}

namespace {
std::vector<double> packed_to_host(const DeviceView<Real**>& view) {
  auto h = Kokkos::create_mirror_view_and_copy(HostSpace(), view);
  const std::size_t n = view.extent(1);
  std::vector<double> out(view.extent(0) * n);
  for (std::size_t v = 0; v < view.extent(0); ++v)
    for (std::size_t node = 0; node < n; ++node) out[v * n + node] = h(v, node);
  return out;
}
}  // namespace

std::vector<double> MultiBlockSolver::host_state() const { return packed_to_host(fields_.u); }

std::vector<double> MultiBlockSolver::host_residual() const {
  return packed_to_host(fields_.residual);
}

std::vector<std::array<double, 2>> MultiBlockSolver::host_coordinates() const {
  std::vector<std::array<double, 2>> out;
  out.reserve(fields_.table.total_nodes);
  for (const auto& block : mesh_.blocks)
    for (std::size_t i = 0; i < block.node_count(); ++i) out.push_back({block.x[i], block.y[i]});
  return out;
}

}  // namespace portaflow::multiblock
