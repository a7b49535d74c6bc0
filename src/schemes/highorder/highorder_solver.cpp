// The host side of the element methods (highorder_solver.hpp): set-up, time step, diagnostics,
// checkpoints and errors, shared by the four methods at every degree.
#include "portaflow/schemes/highorder/highorder_solver.hpp"

#include <cmath>

#include "degree_solver.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/common/diagnostics_2d.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/common/nonphysical_over_ranks.hpp"
#include "portaflow/schemes/common/state_arrays.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/highorder/highorder_scheme.hpp"

namespace portaflow::highorder {

namespace {

using E2 = physics::Euler<2>;
constexpr int kNv = E2::kNumVars;

// This rank's box of the element grid: the whole grid on one rank, else the rank's share of the
// run's rank grid (decomposition_2d.hpp), at least one element wide.
RankBox2D element_box(const RunConfig& config) {
  const Index nx = config.mesh.cells[0], ny = config.mesh.cells[1];
  return rank_box_2d(nx, ny, config.boundary, run_rank_grid(nx, ny, config.execution),
                     ranks::rank(), 1);
}

// A device field (c, J, I) from a host table in the same order, converted to Real.
void copy_to_device(const std::vector<double>& host_values, const Field2D& field) {
  auto host = Kokkos::create_mirror_view(field);
  require(host.span() == host_values.size(), "internal error: geometry table size mismatch");
  for (std::size_t k = 0; k < host_values.size(); ++k)
    host.data()[k] = static_cast<Real>(host_values[k]);
  Kokkos::deep_copy(field, host);
}

}  // namespace

HighOrderSolver::HighOrderSolver(const RunConfig& config, int points)
    : config_(config),
      options_(config.family<HighOrderConfig>()),
      n_(points),
      kernel_(config.execution.kernel == KernelChoice::kAuto ? default_kernel()
                                                             : config.execution.kernel),
      box_(element_box(config)),
      mapping_(config.mesh, config.family<HighOrderConfig>().warp, points - 1,
               {config.boundary.side[0] == BoundaryKind::kPeriodic,
                config.boundary.side[2] == BoundaryKind::kPeriodic},
               {{box_.first[0], box_.first[1]}, {box_.cells[0], box_.cells[1]}}),
      tables_(line_operator_tables(config.family<HighOrderConfig>().method, points,
                                   config.family<HighOrderConfig>().flux_points)) {
  config_ = with_box_sides(config, box_);
  const Index nx = box_.cells[0], ny = box_.cells[1];
  const Index ni = nx * n_, nj = ny * n_;
  state_ = Field2D("highorder.state", kNv, nj, ni);
  stages_[0] = Field2D("highorder.stage1", kNv, nj, ni);
  stages_[1] = Field2D("highorder.stage2", kNv, nj, ni);
  metrics_ = Field2D("highorder.metrics", 5, nj, ni);
  face_normals_x_ = Field2D("highorder.face_normals_x", 2, nj, nx + 1);
  face_normals_y_ = Field2D("highorder.face_normals_y", 2, ny + 1, ni);
  fluxes_x_ = Field2D("highorder.fluxes_x", kNv, nj, nx + 1);
  fluxes_y_ = Field2D("highorder.fluxes_y", kNv, ny + 1, ni);

  const ElementGridMetrics g = element_grid_metrics(
      mapping_, tables_.points, has_lobatto_points(config.family<HighOrderConfig>().method));
  copy_to_device(g.point, metrics_);
  copy_to_device(g.x_face, face_normals_x_);
  copy_to_device(g.y_face, face_normals_y_);
  weight_jac_ = g.weight_jac;
  weight_jac_device_ = DeviceView<double**>("highorder.weight_jac", nj, ni);
  {
    auto host_weights = Kokkos::create_mirror_view(weight_jac_device_);
    for (std::size_t k = 0; k < weight_jac_.size(); ++k) host_weights.data()[k] = weight_jac_[k];
    Kokkos::deep_copy(weight_jac_device_, host_weights);
  }
  point_x_ = g.x;
  point_y_ = g.y;
  if (config.family<HighOrderConfig>().method == HighOrderMethod::kSd) {
    const Index m = n_ + 1;
    flux_normals_x_ = Field2D("highorder.flux_normals_x", 2, nj, nx * m);
    flux_normals_y_ = Field2D("highorder.flux_normals_y", 2, ny * m, ni);
    const FluxPointNormals normals =
        flux_point_normals(mapping_, tables_.points, tables_.flux_points);
    copy_to_device(normals.x, flux_normals_x_);
    copy_to_device(normals.y, flux_normals_y_);
  }
  if (limiter_on()) set_up_limiter(g);
  if (box_.neighbours.any()) {
    traces_ = {Field2D("highorder.box_traces_x", kNv, nj + 2, 4),
               Field2D("highorder.box_traces_y", kNv, 4, ni + 2)};
    traces_exchange_x_ = HaloExchange2D(box_.neighbours, kNv, 1, 2, nj);
    traces_exchange_y_ = HaloExchange2D(box_.neighbours, kNv, 1, ni, 2);
    if (limiter_on()) means_exchange_ = HaloExchange2D(box_.neighbours, kNv, 1, nx, ny);
  }

  // Initial data at the solution points (nodal interpolation of the initial state).
  const physics::IdealGas gas{static_cast<Real>(config.physics.gamma)};
  const bool smooth = is_smooth(config.problem);
  auto host = Kokkos::create_mirror_view(state_);
  host_par_for("highorder.initial_state", IndexRange{0, nj}, [&](Index J) {
    for (Index I = 0; I < ni; ++I) {
      const std::size_t p = static_cast<std::size_t>(J) * ni + I;
      const auto w = smooth
                         ? exact_primitive(config.problem, config.mesh, config.physics.gamma,
                                           g.x[p], g.y[p], 0)
                         : initial_primitive(config.problem, config.physics.gamma, g.x[p], g.y[p]);
      E2::State prim;
      for (int v = 0; v < kNv; ++v) prim[v] = static_cast<Real>(w[v]);
      const auto u = E2::to_conservative(prim, gas);
      for (int v = 0; v < kNv; ++v) host(v, J, I) = u[v];
    }
  });
  Kokkos::deep_copy(state_, host);
}

void HighOrderSolver::set_up_limiter(const ElementGridMetrics& g) {
  const Index nx = g.nx, ny = g.ny, ni = nx * n_;
  element_means_ = Field2D("highorder.element_means", kNv, ny + 2, nx + 2);
  element_centroid_ = Field2D("highorder.element_centroid", 3, ny, nx);
  std::vector<double> centroid(3 * static_cast<std::size_t>(nx) * ny);
  const std::size_t elements = centroid.size() / 3;
  host_par_for("highorder.element_centroids", IndexRange{0, ny}, [&](Index ey) {
    for (Index ex = 0; ex < nx; ++ex) {
      double area = 0, xi = 0, eta = 0;
      for (int b = 0; b < n_; ++b)
        for (int a = 0; a < n_; ++a) {
          const double w = g.weight_jac[static_cast<std::size_t>(ey * n_ + b) * ni + ex * n_ + a];
          area += w;
          xi += w * tables_.points.nodes[a];
          eta += w * tables_.points.nodes[b];
        }
      const std::size_t e = static_cast<std::size_t>(ey) * nx + ex;
      centroid[e] = xi / area;
      centroid[elements + e] = eta / area;
      centroid[2 * elements + e] = area;
    }
  });
  copy_to_device(centroid, element_centroid_);
}

long long HighOrderSolver::limiter_total(int k) const {
  auto host = Kokkos::create_mirror_view(limiter_totals_);
  Kokkos::deep_copy(host, limiter_totals_);
  return host(k);
}

std::string HighOrderSolver::output_note() {
  if (!limiter_on()) return {};
  auto host = Kokkos::create_mirror_view(limiter_totals_);
  Kokkos::deep_copy(host, limiter_totals_);
  // Over ranks: the sum of each rank's most in one stage (a bound: their stages may differ).
  std::vector<double> counts{static_cast<double>(host(2)), static_cast<double>(host(3))};
  ranks::sum(counts);
  const std::string note = "limiter: at most " + std::to_string(std::llround(counts[0])) + " of " +
                           std::to_string(element_count()) +
                           " elements troubled in a stage since the previous output, " +
                           std::to_string(std::llround(counts[1])) +
                           " element-stages scaled for positivity";
  host(2) = host(3) = 0;
  Kokkos::deep_copy(limiter_totals_, host);
  return note;
}

long long HighOrderSolver::element_count() const {
  return static_cast<long long>(config_.mesh.cells[0]) * config_.mesh.cells[1];
}

long long HighOrderSolver::cell_count() const { return element_count() * n_ * n_; }

std::vector<std::string> HighOrderSolver::setup_report() const {
  if (ranks::count() == 1) return {};
  return {describe_split(box_, config_.execution, "elements")};
}

double HighOrderSolver::exchange_seconds() const {
  return traces_exchange_x_.seconds() + traces_exchange_y_.seconds() + means_exchange_.seconds();
}

KernelChoice HighOrderSolver::default_kernel() {
  // Measured (perf/results/h100-20261125-3a69468-highorder-*): flat is the faster on 16 CPU
  // cores in every case, and on the H100 in 11 of 12 (dg P2's team kernel is 8 % faster at
  // 4e6 DoF; cpr P2's flat 22 % faster than its team), so flat on every backend.
  return KernelChoice::kFlat;
}

double HighOrderSolver::stable_time_step() {
  // Zimmerman et al. (2018), eq. 36: dt = CFL h / (|u| + c), h the element's size along its
  // narrower direction: on a square element |n_xi| / J = 2 / h, so h = 2 J / max(|n_xi|, |n_eta|).
  const physics::IdealGas gas{static_cast<Real>(config_.physics.gamma)};
  const auto u = state_, m = metrics_;
  const IndexBox2D points{{0, static_cast<Index>(state_.extent(1))},
                          {0, static_cast<Index>(state_.extent(2))}};
  const double max_rate = par_max<double>(
      "highorder.max_wave_rate", points, KOKKOS_LAMBDA(Index J, Index I, double& acc) {
        E2::State s;
        for (int v = 0; v < kNv; ++v) s[v] = u(v, J, I);
        double rate = math::infinity();
        if (E2::is_physical(s, gas)) {
          const Real inv_rho = 1 / s[E2::kRho];
          const Real vx = s[E2::kMom] * inv_rho, vy = s[E2::kMom + 1] * inv_rho;
          const Real speed = math::sqrt(vx * vx + vy * vy) +
                             E2::sound_speed(s[E2::kRho], E2::pressure(s, gas), gas);
          const Real n_xi = math::sqrt(m(0, J, I) * m(0, J, I) + m(1, J, I) * m(1, J, I));
          const Real n_eta = math::sqrt(m(2, J, I) * m(2, J, I) + m(3, J, I) * m(3, J, I));
          rate = speed * math::fmax(n_xi, n_eta) * m(4, J, I) / 2;
        }
        if (rate > acc) acc = rate;
      });
  return config_.time.cfl / ranks::max(max_rate);  // exact: the same dt on every rank
}

Monitors HighOrderSolver::monitors() const {
  // sum over points of w_a w_b J U: the element integrals both methods conserve (dg with its
  // Gauss quadrature; cpr because the Lobatto weights integrate its correction exactly).
  using Sums = SumArray<double, kNv>;
  Sums sums;
  const auto u = state_;
  const auto weights = weight_jac_device_;
  par_reduce(
      "highorder.conserved_totals",
      IndexBox2D{{0, static_cast<Index>(u.extent(1))}, {0, static_cast<Index>(u.extent(2))}},
      KOKKOS_LAMBDA(Index J, Index I, Sums & acc) {
        const double w = weights(J, I);
        for (int v = 0; v < kNv; ++v) acc.value[v] += w * static_cast<double>(u(v, J, I));
      },
      Kokkos::Sum<Sums>(sums));
  Monitors totals{{"mass", "momentum_x", "momentum_y", "energy"}, {}, true};
  for (int v = 0; v < kNv; ++v) totals.values.push_back(sums.value[v]);
  ranks::sum(totals.values);  // over ranks in another order: round-off differs from one rank
  return totals;
}

std::optional<NonPhysicalCell> HighOrderSolver::find_nonphysical() const {
  // The point search of the uniform grids, then the point's real position.
  const IndexBox2D points{{0, static_cast<Index>(state_.extent(1))},
                          {0, static_cast<Index>(state_.extent(2))}};
  auto bad = find_nonphysical_2d(state_, points, UniformGrid2D{}, config_.physics.gamma);
  if (bad) {
    const std::size_t p =
        static_cast<std::size_t>(bad->index[1]) * state_.extent(2) + bad->index[0];
    bad->position = {point_x_[p], point_y_[p], 0};
    bad->index[0] += static_cast<long long>(box_.first[0]) * n_;  // whole-grid point indices
    bad->index[1] += static_cast<long long>(box_.first[1]) * n_;
  }
  return first_nonphysical_over_ranks(bad);
}

SolverState HighOrderSolver::save_state() const {
  return {time_, steps_, {save_array("state", state_)}};
}

void HighOrderSolver::restore_state(const SolverState& state) {
  restore_array(state, "state", state_);
  time_ = state.time;
  steps_ = state.steps;
}

std::unique_ptr<HighOrderSolver> make_highorder_solver(const RunConfig& config) {
  switch (config.family<HighOrderConfig>().method) {
    case HighOrderMethod::kCpr:
      return make_cpr_solver(config);
    case HighOrderMethod::kNdg:
      return make_ndg_solver(config);
    case HighOrderMethod::kSd:
      return make_sd_solver(config);
    default:
      return make_dg_solver(config);
  }
}

std::unique_ptr<Solver> make_solver(const RunConfig& config) {
  return make_highorder_solver(config);
}

}  // namespace portaflow::highorder
