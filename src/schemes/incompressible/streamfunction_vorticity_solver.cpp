#include "portaflow/schemes/incompressible/streamfunction_vorticity_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/mesh/plot3d.hpp"
#include "portaflow/schemes/incompressible/baldwin_lomax.hpp"
#include "portaflow/schemes/incompressible/blasius.hpp"
#include "portaflow/schemes/incompressible/flow_setup.hpp"
#include "portaflow/schemes/incompressible/ghia_cavity.hpp"
#include "portaflow/schemes/incompressible/laplacian_stencil.hpp"
#include "portaflow/schemes/incompressible/node_grid.hpp"
#include "portaflow/schemes/incompressible/poisson.hpp"
#include "portaflow/schemes/incompressible/surface_loads.hpp"
#include "portaflow/schemes/incompressible/vorticity_transport.hpp"

namespace portaflow::incompressible {

namespace {

std::vector<double> to_host(const NodeField& f) {
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f);
  return std::vector<double>(host.data(), host.data() + host.size());
}

// Linear interpolation of (coordinates, values), coordinates increasing, at `at`.
double interpolate(const std::vector<double>& coordinates, const std::vector<double>& values,
                   double at) {
  const auto upper = std::upper_bound(coordinates.begin(), coordinates.end(), at);
  if (upper == coordinates.begin()) return values.front();
  if (upper == coordinates.end()) return values.back();
  const std::size_t k = static_cast<std::size_t>(upper - coordinates.begin());
  const double t = (at - coordinates[k - 1]) / (coordinates[k] - coordinates[k - 1]);
  return (1 - t) * values[k - 1] + t * values[k];
}

// omega = omega + dt rate at the interior nodes, or, for the second stage, the average of that
// with the step's start (SSP-RK2). A free function: CUDA's extended lambdas may not live in
// private member functions.
void runge_kutta_stage(const NodeGrid& grid, const NodeField& omega, const NodeField& start,
                       const NodeField& rate, Real dt, bool average) {
  par_for(
      "sv.stage", interior(grid), KOKKOS_LAMBDA(const int j, const int i) {
        const Real next = omega(j, i) + dt * rate(j, i);
        omega(j, i) = average ? Real(0.5) * (start(j, i) + next) : next;
      });
  if (grid.seam <= 1) return;
  par_for(
      "sv.stage_cut", seam_owners(grid), KOKKOS_LAMBDA(const int i) {
        const Real next = omega(0, i) + dt * rate(0, i);
        omega(0, i) = average ? Real(0.5) * (start(0, i) + next) : next;
      });
}

// The cavity's circulation and kinetic energy by the trapezoidal rule (a free function: CUDA's
// extended lambdas may not live in private member functions).
ConservedTotals circulation_and_energy(const NodeGrid& grid, const NodeField& omega,
                                       const NodeField& u, const NodeField& v) {
  const NodeGrid g = grid;
  const int ni = g.ni, nj = g.nj;
  const auto weight = KOKKOS_LAMBDA(int j, int i) {
    return Real((i == 0 || i == ni - 1) ? 0.5 : 1) * Real((j == 0 || j == nj - 1) ? 0.5 : 1) *
           g.jacobian(j, i);
  };
  const IndexBox2D all{{0, nj}, {0, ni}};
  const double circulation = par_sum<double>(
      "sv.circulation", all,
      KOKKOS_LAMBDA(const int j, const int i, double& sum) { sum += weight(j, i) * omega(j, i); });
  const double energy = par_sum<double>(
      "sv.kinetic_energy", all, KOKKOS_LAMBDA(const int j, const int i, double& sum) {
        sum += weight(j, i) * Real(0.5) * (u(j, i) * u(j, i) + v(j, i) * v(j, i));
      });
  return {{"circulation", "kinetic_energy"}, {circulation, energy}};
}

// The start of an external flow: psi = psi_inf everywhere, psi_wall on the wall.
void free_stream_start(const NodeGrid& grid, const BoundaryLayout& layout, const FreeStream& stream,
                       Real psi_wall, const NodeField& psi) {
  const NodeGrid g = grid;
  const auto rule = layout.omega_rule;
  const FreeStream s = stream;
  par_for(
      "sv.free_stream", IndexBox2D{{0, g.nj}, {0, g.ni}}, KOKKOS_LAMBDA(const int j, const int i) {
        psi(j, i) = rule(j, i) == kOmegaWall ? psi_wall : s.psi(g.x(j, i), g.y(j, i));
      });
}

class StreamfunctionVorticitySolver : public Solver {
 public:
  explicit StreamfunctionVorticitySolver(const RunConfig& config)
      : config_(config.incompressible), cfl_(config.time.cfl), setup_(make_flow_setup(config)) {
    if (!setup_.report.empty()) std::cout << setup_.report << std::flush;
    grid_ = setup_.grid;
    nu_ = static_cast<Real>(setup_.speed * setup_.length / config_.reynolds);
    domain_ = make_poisson_domain(grid_, setup_.spec, setup_.stream);
    const int ni = grid_.ni, nj = grid_.nj;
    psi_ = NodeField("sv.psi", nj, ni);
    omega_ = NodeField("sv.omega", nj, ni);
    omega_start_ = NodeField("sv.omega_start", nj, ni);
    rate_ = NodeField("sv.rate", nj, ni);
    u_ = NodeField("sv.u", nj, ni);
    v_ = NodeField("sv.v", nj, ni);
    nu_t_ = NodeField("sv.nu_t", nj, ni);  // stays 0 when laminar (written out as such)
    poisson_ = make_poisson_solver(domain_, config_);
    if (!is_cavity()) {
      // An impulsive start: the potential flow (omega = 0) round the body.
      free_stream_start(grid_, domain_.layout, setup_.stream, setup_.psi_wall, psi_);
      poisson_->solve(psi_, omega_);
      apply_psi_rules(grid_, domain_.layout, setup_.stream, psi_);
    }
    // The cavity at rest (psi = 0): only the lid's wall vorticity is not zero.
    apply_omega_rules(grid_, domain_.layout, setup_.walls, config_.wall_vorticity, psi_, omega_);
  }

  double time() const override { return time_; }
  long long cell_count() const override { return static_cast<long long>(grid_.ni) * grid_.nj; }

  double stable_time_step() override {
    return incompressible::stable_time_step(grid_, psi_, nu_, cfl_, eddy_viscosity());
  }

  // SSP-RK2 (Heun): omega1 = omega + dt R(omega); omega_new = (omega + omega1 + dt R(omega1)) / 2,
  // with psi and the wall vorticity brought up to date after each stage.
  void advance(double dt) override {
    Kokkos::deep_copy(ExecSpace(), omega_start_, omega_);
    stage(dt, /*average=*/false);
    stage(dt, /*average=*/true);
    time_ += dt;
    ++steps_;
  }

  SolutionSnapshot snapshot() const override {
    SolutionSnapshot s;
    s.dimension = 2;
    s.time = time_;
    s.step = steps_;
    CurvilinearNodesSnapshot nodes;
    nodes.points = {grid_.ni, grid_.nj};
    const auto x = to_host(grid_.x), y = to_host(grid_.y);
    nodes.coordinates.resize(3 * x.size());
    for (std::size_t n = 0; n < x.size(); ++n) {
      nodes.coordinates[3 * n] = x[n];
      nodes.coordinates[3 * n + 1] = y[n];
      nodes.coordinates[3 * n + 2] = 0;
    }
    const auto [u, v] = velocity_fields();
    nodes.point_fields = {{"psi", to_host(psi_)},
                          {"omega", to_host(omega_)},
                          {"u", to_host(u)},
                          {"v", to_host(v)},
                          {"nu_t", to_host(nu_t_)}};
    if (!is_cavity()) {
      const HostFlow flow = host_flow();
      std::vector<double> p = pressure_field(flow, nu_, setup_.speed), cp = p;
      for (double& c : cp) c /= 0.5 * setup_.speed * setup_.speed;
      nodes.point_fields.push_back({"p", std::move(p)});
      nodes.point_fields.push_back({"Cp", std::move(cp)});
    }
    s.nodes = std::move(nodes);
    return s;
  }

  // grid.xyz: the generated C-grid as Plot3D, for the multi-block solver or any other reader.
  void write_setup_files(const std::filesystem::path& folder) const override {
    if (!setup_.generated) return;
    mesh::BlockGrid block;
    block.name = "c_grid";
    block.nodes = {setup_.generated->ni, setup_.generated->nj, 1};
    block.x = setup_.generated->x;
    block.y = setup_.generated->y;
    mesh::write_plot3d(folder / "grid.xyz", {block}, mesh::Plot3dEncoding::kAscii);
  }

  // Airfoil and plate: the force coefficients (surface_loads.hpp). Cavity: the circulation (the
  // integral of omega, which Stokes' theorem ties to the lid: -U L at steady state) and the
  // kinetic energy, by the trapezoidal rule on the grid.
  ConservedTotals conserved_totals() const override {
    if (!is_cavity()) {
      const Loads l = loads();
      if (config_.problem == IncompressibleProblem::kFlatPlate)
        return {{"CD_friction"}, {l.cd_friction}};
      return {{"CL", "CD", "CD_pressure", "CD_friction"},
              {l.cl, l.cd_pressure + l.cd_friction, l.cd_pressure, l.cd_friction}};
    }
    return cavity_totals();
  }

  std::optional<NonPhysicalCell> find_nonphysical() const override {
    const auto psi = to_host(psi_), omega = to_host(omega_), x = to_host(grid_.x),
               y = to_host(grid_.y);
    for (std::size_t n = 0; n < psi.size(); ++n) {
      if (std::isfinite(psi[n]) && std::isfinite(omega[n])) continue;
      NonPhysicalCell bad;
      bad.index = {static_cast<long long>(n % grid_.ni), static_cast<long long>(n / grid_.ni), 0};
      bad.position = {x[n], y[n], 0};
      char what[128];
      std::snprintf(what, sizeof what, "psi = %.6g, omega = %.6g", psi[n], omega[n]);
      bad.what = what;
      return bad;
    }
    return std::nullopt;
  }

  // Against Ghia, Ghia & Shin (1982) at Re = 100, 400, 1000 where x = 0.5 and y = 0.5 are grid
  // lines: the largest |u - u_Ghia| and |v - v_Ghia| over their tabulated points, in units of
  // the lid speed (the suspect Table II entry left out, ghia_cavity.hpp).
  // The flat plate: against Blasius, Cf sqrt(Re_x) / 0.664 - 1 over 10 % .. 90 % of the plate,
  // and u / U on the j-line nearest mid-plate against f'(eta).
  std::vector<std::pair<std::string, double>> exact_errors() const override {
    if (config_.problem == IncompressibleProblem::kFlatPlate) return blasius_errors();
    const auto comparison = ghia_comparison();
    if (!comparison) return {};
    double u_max = 0, v_max = 0;
    for (std::size_t k = 0; k < comparison->line.size(); ++k) {
      if (comparison->suspect[k]) continue;
      const double d =
          std::fabs(comparison->computed[k] - comparison->published[k]) / config_.lid_speed;
      (comparison->line[k] == 0 ? u_max : v_max) =
          std::max(comparison->line[k] == 0 ? u_max : v_max, d);
    }
    return {{"max |u - Ghia| / U_lid on x = 0.5", u_max},
            {"max |v - Ghia| / U_lid on y = 0.5", v_max}};
  }

  std::string output_note() override {
    if (solves_ == 0) return {};
    char note[400];
    int used = std::snprintf(
        note, sizeof note,
        "Poisson (%s): %.1f iterations per solve on average, last relative residual %.2e%s",
        config_.poisson == PoissonSolverKind::kJacobi ? "Jacobi" : "BiCGSTAB",
        static_cast<double>(iterations_) / solves_, last_residual_,
        unconverged_ ? " (some solves stopped at incompressible.poisson_max_iterations)" : "");
    if (config_.problem == IncompressibleProblem::kAirfoil) {
      const Loads l = loads();
      std::snprintf(note + used, sizeof note - used,
                    "; CL = %.6f, CD = %.6f (pressure %.6f, friction %.6f); eq. 8's Cp: "
                    "closure at the trailing edge %.2e, largest difference %.2e",
                    l.cl, l.cd_pressure + l.cd_friction, l.cd_pressure, l.cd_friction, l.cp_closure,
                    l.max_cp_difference);
    }
    solves_ = iterations_ = 0;
    unconverged_ = false;
    return note;
  }

  // centreline_u.csv (u along x = 0.5), centreline_v.csv (v along y = 0.5), where those are
  // node lines, and ghia_comparison.csv.
  // Airfoil and plate: surface.csv (x/c, y/c, Cp, Cf; the plate adds Cf sqrt(Re_x)), and the
  // plate's blasius_profile.csv.
  std::vector<ResultTable> final_tables() const override {
    if (!is_cavity()) return surface_tables();
    if (grid_.ni % 2 == 0 || grid_.nj % 2 == 0) return {};
    auto [u_line, v_line] = centre_lines();
    std::vector<ResultTable> tables = {u_line, v_line};
    if (const auto c = ghia_comparison())
      tables.push_back({"ghia_comparison",
                        {"line", "coordinate", "computed", "ghia", "suspect"},
                        {c->line, c->coordinate, c->computed, c->published, c->suspect}});
    return tables;
  }

  SolverState save_state() const override {
    SolverState state;
    state.time = time_;
    state.steps = steps_;
    for (const auto& [name, field] : {std::pair{"psi", psi_}, std::pair{"omega", omega_}}) {
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), field);
      SolverState::Array a;
      a.name = name;
      a.extents = {host.extent(0), host.extent(1)};
      a.bytes.resize(host.size() * sizeof(Real));
      std::memcpy(a.bytes.data(), host.data(), a.bytes.size());
      state.arrays.push_back(std::move(a));
    }
    return state;
  }

  void restore_state(const SolverState& state) override {
    require(state.arrays.size() == 2, "checkpoint: expected the arrays psi and omega");
    for (const auto& a : state.arrays) {
      const NodeField field = a.name == "psi" ? psi_ : omega_;
      require((a.name == "psi" || a.name == "omega") &&
                  a.extents == std::vector<std::size_t>{field.extent(0), field.extent(1)} &&
                  a.bytes.size() == field.size() * sizeof(Real),
              "checkpoint: array '" + a.name + "' does not fit this grid");
      auto host = Kokkos::create_mirror_view(field);
      std::memcpy(host.data(), a.bytes.data(), a.bytes.size());
      Kokkos::deep_copy(field, host);
    }
    time_ = state.time;
    steps_ = state.steps;
  }

 private:
  std::vector<ResultTable> surface_tables() const {
    const Loads l = loads();
    std::vector<double> x = l.x, y = l.y;
    for (double& c : x) c /= setup_.length;
    for (double& c : y) c /= setup_.length;
    if (config_.problem == IncompressibleProblem::kAirfoil)
      return {{"surface",
               {"x_over_c", "y_over_c", "Cp", "Cf", "Cp_along_wall"},
               {x, y, l.cp, l.cf, l.cp_along_wall}}};
    std::vector<double> scaled(l.cf.size());
    for (std::size_t k = 0; k < scaled.size(); ++k)
      scaled[k] = l.cf[k] * std::sqrt(config_.reynolds * std::max(x[k], 0.0));
    const BlasiusProfile b = blasius_profile();
    return {{"surface", {"x", "Cp", "Cf", "Cf_sqrt_Re_x"}, {x, l.cp, l.cf, scaled}},
            {"blasius_profile", {"eta", "u_over_U", "blasius"}, {b.eta, b.computed, b.exact}}};
  }

  struct BlasiusProfile {
    double x = 0;
    std::vector<double> eta, computed, exact;
  };
  // u / U on the plate's j-line nearest x = 0.5, against f'(eta), eta = y sqrt(U / (nu x)).
  BlasiusProfile blasius_profile() const {
    const HostFlow f = host_flow();
    int line = setup_.wall_begin;
    for (int i = setup_.wall_begin; i <= setup_.wall_end; ++i)
      if (std::fabs(f.x[i] - 0.5) < std::fabs(f.x[line] - 0.5)) line = i;
    BlasiusProfile b;
    b.x = f.x[line];
    for (int j = 0; j < f.nj; ++j) {
      const std::size_t k = static_cast<std::size_t>(j) * f.ni + line;
      const double eta = f.y[k] * std::sqrt(setup_.speed / (nu_ * b.x));
      if (eta > 8) break;
      b.eta.push_back(eta);
      b.computed.push_back(f.u[k] / setup_.speed);
      b.exact.push_back(blasius_velocity(eta));
    }
    return b;
  }

  std::vector<std::pair<std::string, double>> blasius_errors() const {
    const Loads l = loads();
    double cf_error = 0;
    for (std::size_t k = 0; k < l.x.size(); ++k) {
      const double x = l.x[k] / setup_.length;
      if (x < 0.1 || x > 0.9) continue;
      const double scaled = l.cf[k] * std::sqrt(config_.reynolds * x) / (2 * kBlasiusWallShear);
      cf_error = std::max(cf_error, std::fabs(scaled - 1));
    }
    const BlasiusProfile b = blasius_profile();
    double u_error = 0;
    for (std::size_t k = 0; k < b.eta.size(); ++k)
      u_error = std::max(u_error, std::fabs(b.computed[k] - b.exact[k]));
    return {{"max |Cf sqrt(Re_x) / 0.664 - 1| on 0.1 <= x <= 0.9", cf_error},
            {"max |u / U - f'(eta)| at x = " + std::to_string(b.x).substr(0, 6), u_error}};
  }

  bool is_cavity() const { return config_.problem == IncompressibleProblem::kLidDrivenCavity; }

  ConservedTotals cavity_totals() const {
    const auto velocity = velocity_fields();
    return circulation_and_energy(grid_, omega_, velocity.first, velocity.second);
  }

  // The grid's host copy, made once (the grid does not change), with the flow's fields now.
  HostFlow host_flow() const {
    if (grid_host_.x.empty()) {
      grid_host_.ni = grid_.ni;
      grid_host_.nj = grid_.nj;
      grid_host_.x = to_host(grid_.x);
      grid_host_.y = to_host(grid_.y);
      grid_host_.x_xi = to_host(grid_.x_xi);
      grid_host_.x_eta = to_host(grid_.x_eta);
      grid_host_.y_xi = to_host(grid_.y_xi);
      grid_host_.y_eta = to_host(grid_.y_eta);
      grid_host_.jacobian = to_host(grid_.jacobian);
    }
    velocity_fields();
    HostFlow f = grid_host_;
    f.omega = to_host(omega_);
    f.u = to_host(u_);
    f.v = to_host(v_);
    return f;
  }

  Loads loads() const {
    const HostFlow f = host_flow();
    return surface_loads(f, pressure_field(f, nu_, setup_.speed), setup_.wall_begin,
                         setup_.wall_end, setup_.leading_edge, nu_, setup_.speed, setup_.length,
                         config_.angle_of_attack_degrees * M_PI / 180.0);
  }

  struct Comparison {
    std::vector<double> line, coordinate, computed, published, suspect;  // line 0: u, 1: v
  };

  // Ghia's points on our centre lines, when the deck is the unit cavity at a tabulated Re with
  // node lines at x = 0.5 and y = 0.5.
  std::optional<Comparison> ghia_comparison() const {
    const auto ghia = ghia_profiles(config_.reynolds);
    if (!ghia || grid_.ni % 2 == 0 || grid_.nj % 2 == 0 || config_.lid_speed != 1 ||
        setup_.length != 1 || !is_cavity())
      return std::nullopt;
    const auto tables = centre_lines();
    Comparison c;
    for (std::size_t k = 0; k < ghia->y.size(); ++k) {
      c.line.push_back(0);
      c.coordinate.push_back(ghia->y[k]);
      c.computed.push_back(
          interpolate(tables.first.columns[0], tables.first.columns[1], ghia->y[k]));
      c.published.push_back(ghia->u[k]);
      c.suspect.push_back(0);
    }
    for (std::size_t k = 0; k < ghia->x.size(); ++k) {
      c.line.push_back(1);
      c.coordinate.push_back(ghia->x[k]);
      c.computed.push_back(
          interpolate(tables.second.columns[0], tables.second.columns[1], ghia->x[k]));
      c.published.push_back(ghia->v[k]);
      c.suspect.push_back(static_cast<int>(k) == ghia->suspect_v ? 1 : 0);
    }
    return c;
  }

  // u on the node line nearest x = mid-width, v on the one nearest y = mid-height.
  std::pair<ResultTable, ResultTable> centre_lines() const {
    ResultTable u_line{"centreline_u", {"y", "u"}, {{}, {}}};
    ResultTable v_line{"centreline_v", {"x", "v"}, {{}, {}}};
    const auto [u, v] = velocity_fields();
    const auto hu = to_host(u), hv = to_host(v), x = to_host(grid_.x), y = to_host(grid_.y);
    const int i_mid = grid_.ni / 2, j_mid = grid_.nj / 2;
    for (int j = 0; j < grid_.nj; ++j) {
      u_line.columns[0].push_back(y[j * grid_.ni + i_mid]);
      u_line.columns[1].push_back(hu[j * grid_.ni + i_mid]);
    }
    for (int i = 0; i < grid_.ni; ++i) {
      v_line.columns[0].push_back(x[j_mid * grid_.ni + i]);
      v_line.columns[1].push_back(hv[j_mid * grid_.ni + i]);
    }
    return {u_line, v_line};
  }

  // u and v from the current psi, into buffers allocated once (history rows ask every step).
  std::pair<NodeField, NodeField> velocity_fields() const {
    velocities(grid_, domain_.layout, setup_.walls, psi_, u_, v_);
    return {u_, v_};
  }

  // The eddy viscosity the transport uses: empty (laminar) unless Baldwin-Lomax is on.
  NodeField eddy_viscosity() const { return config_.baldwin_lomax ? nu_t_ : NodeField(); }

  void stage(double dt, bool average) {
    if (config_.baldwin_lomax) {
      const auto [u, v] = velocity_fields();
      baldwin_lomax(grid_, u, v, omega_, setup_.wall_begin, setup_.wall_end, nu_, nu_t_);
    }
    vorticity_rate(grid_, psi_, omega_, nu_, config_.convection_order, rate_, eddy_viscosity());
    runge_kutta_stage(grid_, omega_, omega_start_, rate_, static_cast<Real>(dt), average);
    const PoissonResult r = poisson_->solve(psi_, omega_);
    ++solves_;
    iterations_ += r.iterations;
    last_residual_ = r.relative_residual;
    unconverged_ = unconverged_ || !r.converged;
    apply_psi_rules(grid_, domain_.layout, setup_.stream, psi_);
    apply_omega_rules(grid_, domain_.layout, setup_.walls, config_.wall_vorticity, psi_, omega_);
  }

  IncompressibleConfig config_;
  double cfl_;
  FlowSetup setup_;
  Real nu_ = 0;
  NodeGrid grid_;
  PoissonDomain domain_;
  NodeField psi_, omega_, omega_start_, rate_;
  NodeField u_, v_;             // velocity_fields' buffers
  NodeField nu_t_;              // the Baldwin-Lomax eddy viscosity of the last stage (0: laminar)
  mutable HostFlow grid_host_;  // host_flow's copy of the grid (x, y, metrics)
  std::unique_ptr<PoissonSolver> poisson_;
  double time_ = 0;
  long long steps_ = 0;
  long long solves_ = 0, iterations_ = 0;
  double last_residual_ = 0;
  bool unconverged_ = false;
};

}  // namespace

std::unique_ptr<Solver> make_streamfunction_vorticity_solver(const RunConfig& config) {
  return std::make_unique<StreamfunctionVorticitySolver>(config);
}

}  // namespace portaflow::incompressible
