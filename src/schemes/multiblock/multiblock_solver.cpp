#include "portaflow/schemes/multiblock/multiblock_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/mesh/cone_flare_mesh.hpp"
#include "portaflow/mesh/mesh_quality.hpp"
#include "portaflow/mesh/plot3d.hpp"
#include "portaflow/schemes/common/state_arrays.hpp"
#include "portaflow/schemes/multiblock/block_ranks.hpp"
#include "portaflow/schemes/multiblock/fas_multigrid.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_kernels.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"
#include "portaflow/schemes/multiblock/shock_capturing.hpp"

namespace portaflow::multiblock {

namespace {

int minimum_nodes(int order) { return order == 2 ? Sbp<2>::kMinNodes : Sbp<4>::kMinNodes; }

void check_mesh(const mesh::MultiBlockMesh& mesh, int order, int dimension) {
  mesh::validate(mesh);
  if (mesh.dimension != dimension)
    throw Error("internal error: a " + std::to_string(mesh.dimension) + "D mesh given to the " +
                std::to_string(dimension) + "D multi-block solver");
  if (mesh.blocks.size() > static_cast<std::size_t>(kMaxBlocks))
    throw Error("multiblock: the mesh has " + std::to_string(mesh.blocks.size()) +
                " blocks; at most " + std::to_string(kMaxBlocks) + " are supported");
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
    for (int d = 0; d < dimension; ++d)
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

// The conservative state of primitive (rho, u, v, (w,) p) given as doubles (setup data).
template <int Dim>
typename physics::Euler<Dim>::State to_conservative(const std::array<double, Dim + 2>& w,
                                                    const physics::IdealGas& gas) {
  typename physics::Euler<Dim>::State primitive;
  for (int v = 0; v < Dim + 2; ++v) primitive[v] = static_cast<Real>(w[v]);
  return physics::Euler<Dim>::to_conservative(primitive, gas);
}

// f at a position (x, y, z): f(x, y) in 2D.
template <int Dim>
std::array<double, Dim + 2> evaluate_at(const typename PointFunctionOf<Dim>::type& f,
                                        const std::array<double, 3>& position) {
  if constexpr (Dim == 2) {
    return f(position[0], position[1]);
  } else {
    return f(position[0], position[1], position[2]);
  }
}

}  // namespace

std::array<double, 4> freestream_primitive(const RunConfig& config) {
  const double gamma = config.physics.gamma;
  const double alpha = config.family<MultiBlockOptions>().freestream.alpha_degrees * M_PI / 180;
  const double mach = config.family<MultiBlockOptions>().freestream.mach;
  return {1.0, mach * std::cos(alpha), mach * std::sin(alpha), 1.0 / gamma};
}

template <int Dim>
MultiBlockSolverOf<Dim>::MultiBlockSolverOf(const RunConfig& config)
    : MultiBlockSolverOf(config, mesh_from_config(config)) {}

template <int Dim>
MultiBlockSolverOf<Dim>::MultiBlockSolverOf(const RunConfig& config, mesh::MultiBlockMesh mesh,
                                            std::vector<int> owner)
    : config_(config),
      whole_(std::make_shared<const mesh::MultiBlockMesh>(std::move(mesh))),
      owner_(std::move(owner)) {
  constexpr int kVars = kNumVars;
  gas_.gamma = static_cast<Real>(config.physics.gamma);
  const int order = config.family<MultiBlockOptions>().multiblock.order;
  check_mesh(*whole_, order, Dim);
  if (owner_.empty()) owner_ = assign_blocks(*whole_, ranks::count());
  const bool all_here =
      std::all_of(owner_.begin(), owner_.end(), [](int r) { return r == ranks::rank(); });
  part_ = all_here ? whole_
                   : std::make_shared<const mesh::MultiBlockMesh>(
                         owned_part(*whole_, owner_, ranks::rank(), owned_));
  if (all_here)
    for (std::size_t b = 0; b < whole_->blocks.size(); ++b) owned_.push_back(static_cast<int>(b));
  whole_nodes_ = static_cast<long long>(whole_->node_count());
  if (config.family<MultiBlockOptions>().multiblock.far_field_vortex &&
      !(config.family<MultiBlockOptions>().freestream.mach < 1))
    throw InputError(
        "multiblock.far_field_vortex needs a subsonic free stream (Prandtl-Glauert "
        "factor sqrt(1 - M^2)); problem.mach is " +
        std::to_string(config.family<MultiBlockOptions>().freestream.mach));
  fields_.table = make_table(*part_);
  const int n = fields_.table.total_nodes;
  fields_.coordinates = DeviceView<Real**>("multiblock.coordinates", Dim, n);
  fields_.metric = DeviceView<Real**>("multiblock.metric", Dim * Dim, n);
  fields_.jacobian = DeviceView<Real*>("multiblock.jacobian", n);
  fields_.u = DeviceView<Real**>("multiblock.u", kVars, n);
  fields_.u_start = DeviceView<Real**>("multiblock.u_start", kVars, n);
  fields_.residual = DeviceView<Real**>("multiblock.residual", kVars, n);
  fields_.spectral_radius = DeviceView<Real**>("multiblock.spectral_radius", Dim, n);
  fields_.time_step = DeviceView<Real*>("multiblock.time_step", n);
  fields_.inverse_norm = DeviceView<Real**>("multiblock.inverse_norm", Dim, n);
  fields_.dissipate_total_enthalpy =
      config.family<MultiBlockOptions>().multiblock.dissipate_total_enthalpy;
  if (shock_capturing().enabled) {  // zero: a free stream has no shock
    fields_.sensor = DeviceView<Real*>("multiblock.shock_sensor", n);
    fields_.pressure_switch = DeviceView<Real*>("multiblock.pressure_switch", n);
    fields_.shock_coefficient = static_cast<Real>(shock_capturing().coefficient);
  }

  auto coordinates = Kokkos::create_mirror_view(fields_.coordinates);
  for (int b = 0; b < fields_.table.count; ++b) {
    const auto& block = part_->blocks[b];
    for (std::size_t i = 0; i < block.node_count(); ++i) {
      coordinates(0, fields_.table.blocks[b].offset + i) = static_cast<Real>(block.x[i]);
      coordinates(1, fields_.table.blocks[b].offset + i) = static_cast<Real>(block.y[i]);
      if constexpr (Dim == 3)
        coordinates(2, fields_.table.blocks[b].offset + i) = static_cast<Real>(block.z[i]);
    }
  }
  Kokkos::deep_copy(fields_.coordinates, coordinates);
  smallest_det_ = compute_metrics<Dim>(order, fields_);
  reference_ = find_force_reference();
  if (!(smallest_det_ > 0))
    throw Error("multiblock: the metric Jacobian det(dx/dxi) reaches " +
                std::to_string(smallest_det_) +
                " (must be > 0 everywhere): a block is folded or left-handed");

  RankFacePoints face = build_face_points(order, *whole_, owner_, ranks::rank());
  points_ = face.points;
  point_positions_ = std::move(face.positions);
  whole_index_ = std::move(face.whole_index);
  twin_exchange_ = PointExchange(std::move(face.peers), kVars);
  const auto kinds = Kokkos::create_mirror_view_and_copy(HostSpace(), points_.kind);
  for (int p = 0; p < points_.count; ++p)
    if (kinds(p) == kWallPoint) wall_points_.push_back(p);
  const State w = freestream();
  if constexpr (Dim == 2) {
    set_far_field([&](double, double) { return w; });
    set_state([&](double, double) { return w; });
  } else {
    set_far_field([&](double, double, double) { return w; });
    set_state([&](double, double, double) { return w; });
  }
  if (config_.family<MultiBlockOptions>().multiblock.multigrid.levels > 1)
    multigrid_ = std::make_unique<FasMultigrid<Dim>>(config_, *this);
}

template <int Dim>
MultiBlockSolverOf<Dim>::~MultiBlockSolverOf() = default;

template <int Dim>
typename MultiBlockSolverOf<Dim>::State MultiBlockSolverOf<Dim>::freestream() const {
  const auto w = freestream_primitive(config_);
  if constexpr (Dim == 2) {
    return w;
  } else {
    return {w[0], w[1], w[2], 0.0, w[3]};
  }
}

template <int Dim>
ForceReference MultiBlockSolverOf<Dim>::find_force_reference() const {
  constexpr double kPi = 3.14159265358979323846;
  // Blunt bodies of nose radius 1: the frontal area (the diameter per unit span in 2D).
  const MultiBlockMeshKind kind = config_.family<MultiBlockOptions>().mesh.kind;
  ForceReference r;
  if (kind == MultiBlockMeshKind::kCylinder || kind == MultiBlockMeshKind::kSphere) {
    r.area = kind == MultiBlockMeshKind::kCylinder ? 2.0 : kPi;
    r.length = 2;
    r.point[0] = 0;
    return r;
  }
  if (kind == MultiBlockMeshKind::kConeFlare) {
    const mesh::ConeFlareMeridian meridian;
    const double base = meridian.wall(meridian.flare_end())[1];
    r.area = 0.5 * kPi * base * base;
    r.length = 2 * base;
    r.point[0] = meridian.wall(0)[0];
    return r;
  }
  if constexpr (Dim == 3) {
    double low = whole_->blocks.front().z.front(), high = low;
    for (const auto& block : whole_->blocks)
      for (const double z : block.z) {
        low = std::min(low, z);
        high = std::max(high, z);
      }
    r.area = high - low;
  }
  return r;
}

template <int Dim>
std::vector<std::string> MultiBlockSolverOf<Dim>::residual_names() const {
  if constexpr (Dim == 2) {
    return {"mass", "momentum_x", "momentum_y", "energy"};
  } else {
    return {"mass", "momentum_x", "momentum_y", "momentum_z", "energy"};
  }
}

template <int Dim>
void MultiBlockSolverOf<Dim>::set_state(const Function& primitive) {
  auto u = Kokkos::create_mirror_view(fields_.u);
  std::size_t node = 0;
  for (const auto& block : part_->blocks)
    for (std::size_t i = 0; i < block.node_count(); ++i, ++node) {
      const auto c =
          to_conservative<Dim>(evaluate_at<Dim>(primitive, mesh::node_position(block, i)), gas_);
      for (int v = 0; v < kNumVars; ++v) u(v, node) = c[v];
    }
  Kokkos::deep_copy(fields_.u, u);
  compute_spectral_radii<Dim>(fields_, gas_);
  have_norms_ = false;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::set_conservative_state(const std::vector<double>& packed) {
  const std::size_t n = static_cast<std::size_t>(fields_.table.total_nodes);
  if (packed.size() != kNumVars * n)
    throw Error("multiblock: a state of " + std::to_string(packed.size()) + " values given for " +
                std::to_string(kNumVars) + " variables at " + std::to_string(n) + " nodes");
  auto u = Kokkos::create_mirror_view(fields_.u);
  for (int v = 0; v < kNumVars; ++v)
    for (std::size_t node = 0; node < n; ++node)
      u(v, node) = static_cast<Real>(packed[v * n + node]);
  Kokkos::deep_copy(fields_.u, u);
  compute_spectral_radii<Dim>(fields_, gas_);
  have_norms_ = false;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::set_far_field(const Function& primitive) {
  auto external = Kokkos::create_mirror_view(points_.external);
  for (int p = 0; p < points_.count; ++p) {
    const auto c = to_conservative<Dim>(evaluate_at<Dim>(primitive, point_positions_[p]), gas_);
    for (int v = 0; v < kNumVars; ++v) external(v, p) = c[v];
  }
  Kokkos::deep_copy(points_.external, external);
  have_norms_ = false;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::set_source(const Function& source) {
  fields_.source = DeviceView<Real**>("multiblock.source", kNumVars, fields_.table.total_nodes);
  auto s = Kokkos::create_mirror_view(fields_.source);
  std::size_t node = 0;
  for (const auto& block : part_->blocks)
    for (std::size_t i = 0; i < block.node_count(); ++i, ++node) {
      const auto value = evaluate_at<Dim>(source, mesh::node_position(block, i));
      for (int v = 0; v < kNumVars; ++v) s(v, node) = static_cast<Real>(value[v]);
    }
  Kokkos::deep_copy(fields_.source, s);
  have_norms_ = false;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::refresh_spectral_radii() {
  compute_spectral_radii<Dim>(fields_, gas_);
}

template <int Dim>
DeviceView<Real**> MultiBlockSolverOf<Dim>::forcing() {
  if (fields_.source.extent(0) == 0)
    fields_.source = DeviceView<Real**>("multiblock.forcing", kNumVars, fields_.table.total_nodes);
  return fields_.source;
}

template <int Dim>
double MultiBlockSolverOf<Dim>::node_cycles_per_cycle() const {
  return multigrid_ ? multigrid_->node_cycles_per_cycle(node_count())
                    : static_cast<double>(node_count());
}

template <int Dim>
std::vector<std::string> MultiBlockSolverOf<Dim>::setup_report() const {
  const MultiBlockOptions& options = config_.family<MultiBlockOptions>();
  std::vector<std::string> lines{"mesh: " + describe_mesh(options.mesh) + ", " +
                                 std::to_string(whole_->blocks.size()) + " block(s), " +
                                 std::to_string(node_count()) + " nodes; SBP order " +
                                 std::to_string(options.multiblock.order) + "; free stream Mach " +
                                 format("%g", options.freestream.mach) + ", alpha " +
                                 format("%g", options.freestream.alpha_degrees) + " deg"};
  for (const auto& note : mesh_notes_) lines.push_back(note);
  // The driver asks for this report once per run, so the figures are computed here. Beyond
  // this many blocks the per-block lines would swamp the log.
  constexpr std::size_t kMostBlocksWithQualityReport = 64;
  if (whole_->blocks.size() <= kMostBlocksWithQualityReport) {
    lines.push_back(
        "mesh quality (cell volume, largest edge ratio, smallest edge angle, largest volume ratio "
        "of neighbour cells):");
    for (const auto& line : mesh::describe_quality(mesh::mesh_quality(*whole_)))
      lines.push_back("  " + line);
  }
  if (ranks::count() > 1) {
    lines.push_back("whole blocks over " + std::to_string(ranks::count()) +
                    " ranks (the interface twins on other ranks exchanged each residual):");
    for (const auto& line : describe_block_ranks(*whole_, owner_, ranks::count()))
      lines.push_back("  " + line);
  }
  if (Dim == 3 && config_.execution.kernel == KernelChoice::kTeam)
    lines.push_back(
        "3D mesh: the volume residual runs the flat kernel (the team kernel tiles 2D "
        "blocks only)");
  if (shock_capturing().enabled) {
    const ShockCapturingConfig& sc = shock_capturing();
    lines.push_back(
        "shock capturing: pressure sensor from switch " + format("%g", sc.threshold) +
        " (sensor 0) to " + format("%g", sc.saturation) + " (sensor 1), low-order dissipation " +
        format("%g", sc.coefficient) + " spectral radii at sensor 1; " +
        (sc.hold_orders > 0 ? "sensor held (may only rise) when every residual is down " +
                                  format("%g", sc.hold_orders) + " orders"
                            : std::string("sensor never held")));
  }
  const auto& mg = config_.family<MultiBlockOptions>().multiblock.multigrid;
  if (mg.residual_smoothing > 0)
    lines.push_back("implicit residual smoothing of dt R: epsilon " +
                    format("%g", mg.residual_smoothing) +
                    (mg.directional_smoothing
                         ? " split by direction (Martinelli: each direction by its radius share)"
                         : " in every direction"));
  if (!multigrid_) return lines;
  lines.push_back(
      std::string("multigrid: FAS ") +
      (config_.family<MultiBlockOptions>().multiblock.multigrid.w_cycle ? "W" : "V") +
      "-cycles over " + std::to_string(multigrid_->levels()) + " levels, " +
      std::to_string(config_.family<MultiBlockOptions>().multiblock.multigrid.pre_smoothing) +
      " Runge-Kutta cycle(s) before " + "and " +
      std::to_string(config_.family<MultiBlockOptions>().multiblock.multigrid.post_smoothing) +
      " after each coarse-grid correction, " + std::to_string(multigrid_->coarsest_smoothing()) +
      " on the coarsest level");
  for (const auto& line : multigrid_->report()) lines.push_back("  " + line);
  return lines;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::write_setup_files(const std::filesystem::path& folder) const {
  if (config_.family<MultiBlockOptions>().mesh.kind == MultiBlockMeshKind::kPlot3d) return;
  mesh::write_plot3d(folder / "mesh.xyz", whole_->blocks, mesh::Plot3dEncoding::kBinary);
}

template <int Dim>
void MultiBlockSolverOf<Dim>::compute_residual() {
  // The twins' states travel while the volume residual, which reads none of them, runs.
  twin_exchange_.start(fields_.u, points_.remote);
  const int order = config_.family<MultiBlockOptions>().multiblock.order;
  compute_volume_residual<Dim>(
      order, config_.execution.kernel, fields_,
      static_cast<Real>(config_.family<MultiBlockOptions>().multiblock.dissipation), gas_);
  if (shock_capturing().enabled)
    add_shock_dissipation<Dim>(fields_, static_cast<Real>(shock_capturing().coefficient), order,
                               gas_);
  twin_exchange_.finish();
  add_penalties<Dim>(fields_, points_, gas_);
  // The flat volume kernel adds the source itself.
  const bool team = Dim == 2 && config_.execution.kernel == KernelChoice::kTeam;
  if (team && fields_.source.extent(0) > 0) add_source<Dim>(fields_);
}

// Cycles between updates of the far-field vortex from the current lift: the circulation
// settles with the flow, and a host update (about a thousand far-field points) every few cycles
// costs nothing next to the cycles.
constexpr long long kVortexUpdateEvery = 5;

// Thomas & Salas, AIAA J. 24 (1986) 1074, eq. 7 (after Usab & Murman): the far field of a lifting
// airfoil in compressible subsonic flow is the free stream plus a point vortex of circulation
// Gamma = CL c |V_inf| / 2 at the quarter chord, stretched by the Prandtl-Glauert factor; the
// thermodynamic state follows from constant total enthalpy and entropy.
template <int Dim>
void MultiBlockSolverOf<Dim>::update_far_field_vortex() {
  const double pi = 3.14159265358979323846;
  const double gamma = config_.physics.gamma;
  const double mach = config_.family<MultiBlockOptions>().freestream.mach;
  const double alpha = config_.family<MultiBlockOptions>().freestream.alpha_degrees * pi / 180;
  const auto w = freestream_primitive(config_);
  const double circulation = 0.5 * mach * forces().lift;  // chord 1, |V_inf| = Mach (a_inf = 1)
  const double beta = std::sqrt(1 - mach * mach);
  auto vortex = [&](double x, double y) {
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
  };
  if constexpr (Dim == 2) {
    set_far_field(vortex);
  } else {  // an extruded airfoil: the same vortex along the span
    set_far_field([&](double x, double y, double) {
      const auto s = vortex(x, y);
      return State{s[0], s[1], s[2], 0.0, s[3]};
    });
  }
}

template <int Dim>
void MultiBlockSolverOf<Dim>::cycle() {
  if (config_.family<MultiBlockOptions>().multiblock.far_field_vortex &&
      cycles_ % kVortexUpdateEvery == 0)
    update_far_field_vortex();
  if (shock_capturing().enabled) set_sensor_floor(startup_sensor_floor());
  if (multigrid_) {
    multigrid_->cycle(*this);
  } else {
    runge_kutta_cycle(true);
  }
  ++cycles_;
  if (shock_capturing().enabled && !sensor_held_) consider_holding_sensor();
}

// The start from a uniform free stream: a body in a supersonic stream reflects it impulsively,
// and in the first cycles the pressure at the wall jumps by the pitot ratio (33 at Mach 5) before
// any shock has formed for the sensor to find; the central scheme then went negative there at
// CFL 1.5. So the first kStartupCycles cycles run with the low-order dissipation everywhere
// (sensor 1), and the next kStartupCycles ramp that floor down to 0.
constexpr long long kStartupCycles = 50;

// The sensor is held (with every multigrid level's) once each residual has fallen by
// shock_capturing.hold_orders from its first value, or once the largest relative residual has
// not reached a new low (by 10 %) for kStallCycles cycles after the start-up: from then on each
// node's sensor may only rise, so the dissipation no longer switches back and forth and the
// march converges to machine zero instead of cycling (on the Mach 5 cylinder it stalled 1.6
// orders down without the second rule), while a shock that still moves keeps its dissipation
// (a sensor frozen outright let the 2-level multigrid run on the GPU blow up at cycle 680, the
// shock having moved out of it).
constexpr long long kStallCycles = 300;

template <int Dim>
void MultiBlockSolverOf<Dim>::consider_holding_sensor() {
  const double orders = shock_capturing().hold_orders;
  if (!(orders > 0) || !have_norms_) return;
  std::vector<double> squares(last_squares_.begin(), last_squares_.end());
  ranks::sum(squares);  // every rank decides alike
  if (!have_sensor_reference_) {
    for (int v = 0; v < kNumVars; ++v) sensor_reference_[v] = squares[v];
    have_sensor_reference_ = true;
    return;
  }
  double largest = 0;  // the largest residual over its first value, squared
  for (int v = 0; v < kNumVars; ++v)
    largest = std::max(largest, squares[v] / std::max(sensor_reference_[v], 1e-300));
  if (largest < 0.81 * lowest_ratio_) {
    lowest_ratio_ = largest;
    lowest_at_cycle_ = cycles_;
  }
  // Never during the start-up (the last cycle done must have run with its floor at 0): the
  // floor would be held for good, 1 everywhere at first.
  const bool supersonic = config_.family<MultiBlockOptions>().freestream.mach > 1;
  if (supersonic && cycles_ <= 2 * kStartupCycles) return;
  const bool dropped = largest <= std::pow(10.0, -2 * orders);
  const bool stalled = cycles_ - lowest_at_cycle_ > kStallCycles;
  if (!dropped && !stalled) return;
  hold_shock_sensor();
  held_at_cycle_ = cycles_;
  held_reason_ = dropped ? "every residual down " + format("%g", orders) + " orders"
                         : "no new residual low in " + std::to_string(kStallCycles) + " cycles";
}

template <int Dim>
Real MultiBlockSolverOf<Dim>::startup_sensor_floor() const {
  if (!(config_.family<MultiBlockOptions>().freestream.mach > 1)) return 0;
  if (cycles_ < kStartupCycles) return 1;
  if (cycles_ >= 2 * kStartupCycles) return 0;
  return static_cast<Real>(2 * kStartupCycles - cycles_) / kStartupCycles;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::set_sensor_floor(Real floor) {
  sensor_floor_ = floor;
  if (multigrid_) multigrid_->set_sensor_floor(floor);
}

template <int Dim>
void MultiBlockSolverOf<Dim>::hold_shock_sensor() {
  sensor_held_ = true;
  if (multigrid_) multigrid_->hold_shock_sensors();
}

template <int Dim>
const ShockCapturingConfig& MultiBlockSolverOf<Dim>::shock_capturing() const {
  return config_.family<MultiBlockOptions>().multiblock.shock_capturing;
}

template <int Dim>
std::string MultiBlockSolverOf<Dim>::output_note() {
  if (!shock_capturing().enabled) return {};
  const auto sensor = fields_.sensor;
  std::vector<double> active{par_sum<double>(
      "multiblock.sensor_count", IndexRange{0, fields_.table.total_nodes},
      KOKKOS_LAMBDA(const int node, double& count) { count += sensor(node) > 0 ? 1 : 0; })};
  ranks::sum(active);
  std::string note =
      "shock sensor on at " + std::to_string(static_cast<long long>(active[0])) + " nodes";
  if (sensor_held_ && !held_reported_) {
    note += "; held at cycle " + std::to_string(held_at_cycle_) + " (" + held_reason_ + ")";
    held_reported_ = true;
  } else if (sensor_held_) {
    note += " (held)";
  }
  return note;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::runge_kutta_cycle(bool keep_norms) {
  const Real cfl = static_cast<Real>(config_.time.cfl);
  const Real smoothing = static_cast<Real>(
      config_.family<MultiBlockOptions>().multiblock.multigrid.residual_smoothing);
  const bool directional =
      config_.family<MultiBlockOptions>().multiblock.multigrid.directional_smoothing;
  if (shock_capturing().enabled)
    compute_shock_sensor<Dim>(fields_, shock_capturing(), sensor_floor_, sensor_held_, gas_);
  compute_residual();
  // With residual smoothing the norms are taken before it (they measure dU/dt, not the
  // smoothed update); without, the first stage sums them on its way.
  if (smoothing > 0) {
    if (keep_norms) {
      last_squares_ = residual_squares();
      have_norms_ = true;
    }
    // The smoothing acts on dt R, so it needs the steps before the first stage (which then
    // computes the same ones again from the same state: one pointwise pass a cycle).
    compute_time_steps<Dim>(fields_, cfl, gas_);
    smooth_residual<Dim>(fields_, smoothing, directional);
  }
  const bool sum_here = keep_norms && !(smoothing > 0);
  const auto squares =
      first_stage<Dim>(fields_, static_cast<Real>(kRungeKuttaAlpha[0]), cfl, gas_, sum_here);
  if (sum_here) {
    last_squares_ = squares;
    have_norms_ = true;
  }
  for (int stage = 1; stage < 5; ++stage) {
    compute_residual();
    if (smoothing > 0) smooth_residual<Dim>(fields_, smoothing, directional);
    later_stage<Dim>(fields_, static_cast<Real>(kRungeKuttaAlpha[stage]), gas_);
  }
}

template <int Dim>
typename MultiBlockSolverOf<Dim>::State MultiBlockSolverOf<Dim>::residual_squares() const {
  const auto residual = fields_.residual;
  SumArray<double, kNumVars> squares;
  par_reduce(
      "multiblock.residual_norms", IndexRange{0, fields_.table.total_nodes},
      KOKKOS_LAMBDA(const int node, SumArray<double, kNumVars>& acc) {
        for (int v = 0; v < kNumVars; ++v)
          acc.value[v] += double(residual(v, node)) * double(residual(v, node));
      },
      Kokkos::Sum<SumArray<double, kNumVars>>(squares));
  State out;
  for (int v = 0; v < kNumVars; ++v) out[v] = squares.value[v];
  return out;
}

template <int Dim>
std::vector<double> MultiBlockSolverOf<Dim>::residual_norms() {
  constexpr int kVars = kNumVars;
  if (!have_norms_) {
    compute_residual();
    last_squares_ = residual_squares();
    have_norms_ = true;
  }
  // Summed over ranks in another order: the norms (reports and the convergence test only) may
  // differ from one rank's at round-off.
  std::vector<double> squares(last_squares_.begin(), last_squares_.end());
  ranks::sum(squares);
  std::vector<double> norms(kVars);
  for (int v = 0; v < kVars; ++v)
    norms[v] = std::sqrt(squares[v] / static_cast<double>(whole_nodes_));
  return norms;
}

template <int Dim>
typename MultiBlockSolverOf<Dim>::State MultiBlockSolverOf<Dim>::evaluate_residual() {
  compute_residual();
  const auto residual = fields_.residual;
  State largest{};
  for (int v = 0; v < kNumVars; ++v)
    largest[v] = par_max<Real>(
        "multiblock.residual_max", IndexRange{0, fields_.table.total_nodes},
        KOKKOS_LAMBDA(const int node, Real& m) {
          m = math::fmax(m, math::fabs(residual(v, node)));
        });
  for (int v = 0; v < kNumVars; ++v) largest[v] = ranks::max(largest[v]);
  return largest;
}

template <int Dim>
ForceCoefficients MultiBlockSolverOf<Dim>::forces() const {
  // Each wall point's term, with its index among the whole mesh's points; every rank's, summed in
  // that order: the far-field vortex reads the lift, so it must be the same on any rank count.
  const auto terms = Kokkos::create_mirror_view_and_copy(
      HostSpace(),
      wall_force_terms<Dim>(fields_, points_, gas_, static_cast<Real>(freestream()[Dim + 1])));
  // Per wall point: its whole-mesh index, the x and y forces and their moment about z.
  constexpr int kStride = 4;
  std::vector<double> mine;
  for (const int p : wall_points_) {
    const auto& at = point_positions_[static_cast<std::size_t>(p)];
    const double fx = terms(p, 0), fy = terms(p, 1);
    const double moment = (at[0] - reference_.point[0]) * fy - (at[1] - reference_.point[1]) * fx;
    mine.insert(mine.end(), {double(whole_index_[static_cast<std::size_t>(p)]), fx, fy, moment});
  }
  const std::vector<double> all = ranks::gather(mine);
  std::vector<std::size_t> order(all.size() / kStride);
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return all[a * kStride] < all[b * kStride]; });
  double sum[3] = {0, 0, 0};  // x and y forces, moment about z
  for (const std::size_t k : order)
    for (int c = 0; c < 3; ++c) sum[c] += all[k * kStride + 1 + c];
  const auto freestream = freestream_primitive(config_);
  const double speed2 = freestream[1] * freestream[1] + freestream[2] * freestream[2];
  const double dynamic_pressure = 0.5 * freestream[0] * speed2 * reference_.area;
  const double alpha = config_.family<MultiBlockOptions>().freestream.alpha_degrees * M_PI / 180;
  ForceCoefficients c;
  c.lift = (-sum[0] * std::sin(alpha) + sum[1] * std::cos(alpha)) / dynamic_pressure;
  c.drag = (sum[0] * std::cos(alpha) + sum[1] * std::sin(alpha)) / dynamic_pressure;
  c.pitching_moment = -sum[2] / (dynamic_pressure * reference_.length);
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

template <int Dim>
std::vector<double> MultiBlockSolverOf<Dim>::host_state() const {
  return packed_to_host(fields_.u);
}

template <int Dim>
std::vector<double> MultiBlockSolverOf<Dim>::host_residual() const {
  return packed_to_host(fields_.residual);
}

template <int Dim>
std::vector<typename MultiBlockSolverOf<Dim>::Position> MultiBlockSolverOf<Dim>::host_coordinates()
    const {
  std::vector<Position> out;
  out.reserve(fields_.table.total_nodes);
  for (const auto& block : part_->blocks)
    for (std::size_t i = 0; i < block.node_count(); ++i) {
      const auto p = mesh::node_position(block, i);
      Position position;
      for (int c = 0; c < Dim; ++c) position[c] = p[c];
      out.push_back(position);
    }
  return out;
}

template <int Dim>
double MultiBlockSolverOf<Dim>::exchange_seconds() const {
  return twin_exchange_.seconds() + (multigrid_ ? multigrid_->exchange_seconds() : 0.0);
}

template <int Dim>
Monitors MultiBlockSolverOf<Dim>::monitors() const {
  const ForceCoefficients f = forces();
  return {{"lift", "drag", "pitching_moment"}, {f.lift, f.drag, f.pitching_moment}};
}

template <int Dim>
std::string MultiBlockSolverOf<Dim>::nonphysical_advice() const {
  return "Try a smaller time.cfl or a larger multiblock.dissipation.";
}

template <int Dim>
std::vector<ResultTable> MultiBlockSolverOf<Dim>::final_tables(const MarchOutcome& outcome) const {
  const std::vector<SurfacePoint> points = surface_pressure();
  ResultTable surface{"surface_cp", {}, {}, "block", {}};
  const bool solid = Dim == 3 && !points.empty();  // no wall: the 2D header, as ever
  surface.header = solid ? std::vector<std::string>{"node", "span_node", "x", "y", "z", "cp"}
                         : std::vector<std::string>{"node", "x", "y", "cp"};
  surface.columns.resize(surface.header.size());
  for (const SurfacePoint& point : points) {
    surface.labels.push_back(point.block);
    std::vector<double> row{double(point.node)};
    if (solid) row.push_back(double(point.span_node));
    row.insert(row.end(), {point.x, point.y});
    if (solid) row.push_back(point.z);
    row.push_back(point.cp);
    for (std::size_t c = 0; c < row.size(); ++c) surface.columns[c].push_back(row[c]);
  }
  const ForceCoefficients f = forces();
  ResultTable loads{"forces",
                    {"cycles", "converged", "residual_drop", "lift", "drag", "pitching_moment"},
                    {{double(outcome.steps)},
                     {outcome.converged ? 1.0 : 0.0},
                     {outcome.residual_drop},
                     {f.lift},
                     {f.drag},
                     {f.pitching_moment}}};
  if (!shock_capturing().enabled) return {surface, loads};
  // The shock along each wall-normal line, and its stand-off on the stagnation line.
  const std::vector<ShockPoint> shock = shock_positions();
  ResultTable lines{"shock", {}, {}, "block", {}};
  lines.header = {"node",  "span_node", "wall_x",  "wall_y",  "wall_z",  "wall_p",
                  "found", "shock_x",   "shock_y", "shock_z", "distance"};
  lines.columns.resize(lines.header.size());
  for (const ShockPoint& s : shock) {
    lines.labels.push_back(s.block);
    const double row[] = {double(s.node), double(s.span_node), s.wall[0],           s.wall[1],
                          s.wall[2],      s.wall_pressure,     s.found ? 1.0 : 0.0, s.shock[0],
                          s.shock[1],     s.shock[2],          s.distance};
    for (std::size_t c = 0; c < lines.header.size(); ++c) lines.columns[c].push_back(row[c]);
  }
  return {surface, loads, lines};
}

namespace {

SolverState::Array host_array(const std::string& name, const std::vector<double>& values) {
  SolverState::Array a;
  a.name = name;
  a.extents = {values.size()};
  a.bytes.resize(values.size() * sizeof(double));
  std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
  return a;
}

std::vector<double> host_values(const SolverState& state, const std::string& name,
                                std::size_t count) {
  for (const auto& a : state.arrays)
    if (a.name == name) {
      if (a.bytes.size() != count * sizeof(double))
        throw Error("checkpoint array '" + name + "' does not fit this solver");
      std::vector<double> values(count);
      std::memcpy(values.data(), a.bytes.data(), a.bytes.size());
      return values;
    }
  throw Error("checkpoint has no array '" + name + "' (written by another scheme?)");
}

}  // namespace

template <int Dim>
SolverState MultiBlockSolverOf<Dim>::save_state() const {
  SolverState state;
  state.steps = cycles_;
  state.arrays.push_back(save_array("state", fields_.u));
  state.arrays.push_back(save_array("residual", fields_.residual));
  state.arrays.push_back(save_array("far_field", points_.external));
  std::vector<double> norms(last_squares_.begin(), last_squares_.end());
  norms.push_back(have_norms_ ? 1.0 : 0.0);
  state.arrays.push_back(host_array("residual_squares", norms));
  if (shock_capturing().enabled) {
    state.arrays.push_back(save_array("shock_sensor", fields_.sensor));
    std::vector<double> sensor_state(sensor_reference_.begin(), sensor_reference_.end());
    sensor_state.push_back(have_sensor_reference_ ? 1.0 : 0.0);
    sensor_state.push_back(sensor_held_ ? 1.0 : 0.0);
    sensor_state.push_back(static_cast<double>(held_at_cycle_));
    // The stall rule's record: a restart before the hold holds at the same cycle.
    sensor_state.push_back(lowest_ratio_);
    sensor_state.push_back(static_cast<double>(lowest_at_cycle_));
    state.arrays.push_back(host_array("shock_sensor_state", sensor_state));
  }
  return state;
}

template <int Dim>
void MultiBlockSolverOf<Dim>::restore_state(const SolverState& state) {
  restore_array(state, "state", fields_.u);
  restore_array(state, "residual", fields_.residual);
  restore_array(state, "far_field", points_.external);
  const std::vector<double> norms = host_values(state, "residual_squares", kNumVars + 1);
  for (int v = 0; v < kNumVars; ++v) last_squares_[v] = norms[v];
  have_norms_ = norms[kNumVars] != 0;
  cycles_ = state.steps;
  if (shock_capturing().enabled) {
    restore_array(state, "shock_sensor", fields_.sensor);
    const std::vector<double> s = host_values(state, "shock_sensor_state", kNumVars + 5);
    for (int v = 0; v < kNumVars; ++v) sensor_reference_[v] = s[v];
    have_sensor_reference_ = s[kNumVars] != 0;
    held_at_cycle_ = static_cast<long long>(s[kNumVars + 2]);
    lowest_ratio_ = s[kNumVars + 3];
    lowest_at_cycle_ = static_cast<long long>(s[kNumVars + 4]);
    if (s[kNumVars + 1] != 0) hold_shock_sensor();
  }
  // The spectral radii are a function of the state, as the last stage left them.
  compute_spectral_radii<Dim>(fields_, gas_);
}

template class MultiBlockSolverOf<2>;
template class MultiBlockSolverOf<3>;

}  // namespace portaflow::multiblock
