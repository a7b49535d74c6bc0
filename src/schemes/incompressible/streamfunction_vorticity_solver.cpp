#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/mesh/plot3d.hpp"
#include "portaflow/schemes/incompressible/grid/node_grid.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/incompressible/incompressible_scheme.hpp"
#include "portaflow/schemes/incompressible/poisson/laplacian_stencil.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson.hpp"
#include "portaflow/schemes/incompressible/problems/flow_setup.hpp"
#include "portaflow/schemes/incompressible/problems/surface_loads.hpp"
#include "portaflow/schemes/incompressible/problems/turbulent_plate.hpp"
#include "portaflow/schemes/incompressible/problems/validation.hpp"
#include "portaflow/schemes/incompressible/transport/vorticity_transport.hpp"
#include "portaflow/schemes/incompressible/turbulence/baldwin_lomax.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::incompressible {

namespace {

std::vector<double> to_host(const NodeField& f) {
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f);
  return std::vector<double>(host.data(), host.data() + host.size());
}

// The cavity's circulation and kinetic energy by the trapezoidal rule (a free function: CUDA's
// extended lambdas may not live in private member functions).
Monitors circulation_and_energy(const NodeGrid& grid, const NodeField& omega, const NodeField& u,
                                const NodeField& v) {
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

// make_flow_setup, its wall time in `seconds`.
FlowSetup timed_flow_setup(const RunConfig& config, double& seconds) {
  const Timer clock;
  FlowSetup setup = make_flow_setup(config);
  seconds = clock.fence_and_elapsed();
  return setup;
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

class StreamfunctionVorticitySolver : public TimeAccurateSolver {
 public:
  explicit StreamfunctionVorticitySolver(const RunConfig& config)
      : config_(config.family<IncompressibleConfig>()),
        cfl_(config.time.cfl),
        setup_(timed_flow_setup(config, grid_seconds_)) {
    grid_ = setup_.grid;
    nu_ = static_cast<Real>(setup_.speed * setup_.length / config_.reynolds);
    domain_ = make_poisson_domain(grid_, setup_.spec, setup_.stream);
    const int ni = grid_.ni, nj = grid_.nj;
    psi_ = NodeField("sv.psi", nj, ni);
    omega_ = NodeField("sv.omega", nj, ni);
    omega_stage_ = NodeField("sv.omega_stage", nj, ni);
    u_ = NodeField("sv.u", nj, ni);
    v_ = NodeField("sv.v", nj, ni);
    nu_t_ = NodeField("sv.nu_t", nj, ni);  // stays 0 when laminar (written out as such)
    poisson_ = make_poisson_solver(domain_, config_);
    convection_ = {config_.convection_order, config_.convection_form,
                   still_walls(domain_.layout, setup_.walls)};
    if (!is_cavity()) {
      // An impulsive start: the potential flow (omega = 0) round the body.
      free_stream_start(grid_, domain_.layout, setup_.stream, setup_.psi_wall, psi_);
      poisson_->solve(psi_, omega_);
      apply_psi_rules(grid_, domain_.layout, setup_.stream, psi_);
    }
    // The cavity at rest (psi = 0): only the lid's wall vorticity is not zero.
    apply_omega_rules(grid_, domain_.layout, setup_.walls, config_.wall_vorticity, psi_, omega_);
    Kokkos::deep_copy(omega_stage_, omega_);  // its fixed nodes are never written again
  }

  double time() const override { return time_; }
  long long steps() const override { return steps_; }
  // What was built (the grid and its quality), and how long the grid took.
  std::vector<std::string> setup_report() const override {
    std::vector<std::string> lines;
    std::istringstream text(setup_.report);
    for (std::string line; std::getline(text, line);) lines.push_back(line);
    return lines;
  }
  std::vector<SetupPhase> setup_phases() const override { return {{"grid", grid_seconds_}}; }
  long long cell_count() const override { return static_cast<long long>(grid_.ni) * grid_.nj; }

  double stable_time_step() override {
    return incompressible::stable_time_step(grid_, psi_, nu_, cfl_, eddy_viscosity());
  }

  // SSP-RK2 (Heun): omega1 = omega + dt R(omega) into omega_stage_; omega_new = (omega + omega1 +
  // dt R(omega1)) / 2 back into omega_; psi and the wall vorticity brought up to date after each
  // stage. Each stage's update is written by the kernels that compute the rates.
  void advance(double dt) override {
    const Real step = static_cast<Real>(dt);
    stage(omega_, StageUpdate{omega_, omega_stage_, step, /*average=*/false});
    stage(omega_stage_, StageUpdate{omega_, omega_, step, /*average=*/true});
    time_ += dt;
    ++steps_;
  }

  SolutionSnapshot snapshot() const override {
    SolutionSnapshot s;
    s.kind = OutputKind::kNodes;
    s.dimension = 2;
    s.time = time_;
    s.step = steps_;
    BlockSnapshot nodes;
    nodes.nodes = {grid_.ni, grid_.nj, 1};
    const auto x = to_host(grid_.x), y = to_host(grid_.y);
    nodes.coordinates.resize(3 * x.size());
    for (std::size_t n = 0; n < x.size(); ++n) {
      nodes.coordinates[3 * n] = x[n];
      nodes.coordinates[3 * n + 1] = y[n];
      nodes.coordinates[3 * n + 2] = 0;
    }
    const auto [u, v] = velocity_fields();
    nodes.fields = {{"psi", to_host(psi_)},
                    {"omega", to_host(omega_)},
                    {"u", to_host(u)},
                    {"v", to_host(v)},
                    {"nu_t", to_host(nu_t_)}};
    if (!is_cavity()) {
      const HostFlow flow = host_flow();
      std::vector<double> p = pressure_field(flow, nu_, setup_.speed), cp = p;
      for (double& c : cp) c /= 0.5 * setup_.speed * setup_.speed;
      nodes.fields.push_back({"p", std::move(p)});
      nodes.fields.push_back({"Cp", std::move(cp)});
    }
    s.blocks.push_back(std::move(nodes));
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
  Monitors monitors() const override {
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

  // The cavity against Ghia, Ghia & Shin (1982), the laminar flat plate against Blasius
  // (problems/validation.hpp), the turbulent one against the skin-friction laws and the law of
  // the wall (problems/turbulent_plate.hpp).
  std::vector<std::pair<std::string, double>> exact_errors() const override {
    if (is_turbulent_plate()) {
      const Loads l = loads();
      return turbulent_plate_errors(l, re_theta(), wall_units(l), config_.reynolds, setup_.length);
    }
    if (config_.problem == IncompressibleProblem::kFlatPlate)
      return blasius_errors(loads(), plate_profile(), config_.reynolds, setup_.length);
    const auto comparison = ghia();
    if (!comparison) return {};
    return ghia_errors(*comparison, config_.lid_speed);
  }

  std::string output_note() override {
    if (solves_ == 0) return {};
    char note[512];
    int used = std::snprintf(
        note, sizeof note,
        "Poisson (%s): %.1f iterations per solve on average, last relative residual %.2e%s",
        config_.poisson == PoissonSolverKind::kJacobi ? "Jacobi" : "BiCGSTAB",
        static_cast<double>(iterations_) / solves_, last_residual_,
        unconverged_ ? " (some solves stopped at incompressible.poisson_max_iterations)" : "");
    if (config_.problem == IncompressibleProblem::kAirfoil) {
      const Loads l = loads();
      std::snprintf(note + used, sizeof note - used,
                    "; CL = %.6f, CD = %.6f (pressure %.6f, friction %.6f); Cp jump across the "
                    "trailing edge %.2e; Cp from the wall integral (Gohari et al. 2012, eq. 8): "
                    "closure at the trailing edge %.2e, largest difference %.2e",
                    l.cl, l.cd_pressure + l.cd_friction, l.cd_pressure, l.cd_friction, l.cp_jump,
                    l.cp_closure, l.max_cp_difference);
    }
    solves_ = iterations_ = 0;
    unconverged_ = false;
    return note;
  }

  // centreline_u.csv (u along x = 0.5), centreline_v.csv (v along y = 0.5), where those are
  // node lines, and ghia_comparison.csv. Airfoil and plate: surface.csv (x/c, y/c, Cp, Cf; the
  // plate adds Cf sqrt(Re_x)), and the plate's blasius_profile.csv; a turbulent plate's surface.csv
  // has the skin-friction laws beside Cf, and wall_units_profile.csv.
  std::vector<ResultTable> final_tables(const MarchOutcome& /*outcome*/) const override {
    if (config_.problem == IncompressibleProblem::kAirfoil)
      return airfoil_surface_tables(loads(), setup_.length);
    if (is_turbulent_plate()) {
      const Loads l = loads();
      return turbulent_plate_tables(l, re_theta(), wall_units(l), config_.reynolds, setup_.length);
    }
    if (config_.problem == IncompressibleProblem::kFlatPlate)
      return plate_surface_tables(loads(), plate_profile(), config_.reynolds, setup_.length);
    if (grid_.ni % 2 == 0 || grid_.nj % 2 == 0) return {};
    auto [u_line, v_line] = centre_lines(host_flow());
    std::vector<ResultTable> tables = {u_line, v_line};
    if (const auto c = ghia()) tables.push_back(ghia_table(*c));
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
    Kokkos::deep_copy(omega_stage_, omega_);
    time_ = state.time;
    steps_ = state.steps;
  }

 private:
  bool is_cavity() const { return config_.problem == IncompressibleProblem::kLidDrivenCavity; }

  Monitors cavity_totals() const {
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

  std::optional<GhiaComparison> ghia() const {
    if (!is_cavity()) return std::nullopt;
    return ghia_comparison(host_flow(), config_.reynolds, config_.lid_speed, setup_.length);
  }

  BlasiusProfile plate_profile() const {
    return blasius_profile(host_flow(), setup_.wall_begin, setup_.wall_end, setup_.speed, nu_);
  }

  bool is_turbulent_plate() const {
    return config_.problem == IncompressibleProblem::kFlatPlate && config_.baldwin_lomax;
  }

  std::vector<double> re_theta() const {
    return momentum_thickness_reynolds(host_flow(), setup_.wall_begin, setup_.wall_end,
                                       setup_.speed, nu_);
  }

  // At mid-plate (x = 0.5 L).
  WallUnitsProfile wall_units(const Loads& l) const {
    return wall_units_profile(host_flow(), l, setup_.wall_begin, setup_.wall_end, setup_.speed, nu_,
                              0.5 * setup_.length);
  }

  // u and v from the current psi, into buffers allocated once (history rows ask every step).
  std::pair<NodeField, NodeField> velocity_fields() const {
    velocities(grid_, domain_.layout, setup_.walls, psi_, u_, v_);
    return {u_, v_};
  }

  // The eddy viscosity the transport uses: empty (laminar) unless Baldwin-Lomax is on.
  NodeField eddy_viscosity() const { return config_.baldwin_lomax ? nu_t_ : NodeField(); }

  // One stage from `omega` (the step's start or its first stage) into update.out.
  void stage(const NodeField& omega, const StageUpdate& update) {
    if (config_.baldwin_lomax) {
      const auto [u, v] = velocity_fields();
      baldwin_lomax(grid_, u, v, omega, setup_.wall_begin, setup_.wall_end, nu_, nu_t_);
    }
    vorticity_stage(grid_, psi_, omega, nu_, convection_, update, eddy_viscosity());
    const NodeField& next = update.out;
    const PoissonResult r = poisson_->solve(psi_, next);
    ++solves_;
    iterations_ += r.iterations;
    last_residual_ = r.relative_residual;
    unconverged_ = unconverged_ || !r.converged;
    apply_psi_rules(grid_, domain_.layout, setup_.stream, psi_);
    apply_omega_rules(grid_, domain_.layout, setup_.walls, config_.wall_vorticity, psi_, next);
  }

  IncompressibleConfig config_;
  double cfl_;
  double grid_seconds_ = 0;  // before setup_: timed_flow_setup sets it
  FlowSetup setup_;
  Real nu_ = 0;
  NodeGrid grid_;
  PoissonDomain domain_;
  NodeField psi_, omega_;
  NodeField omega_stage_;       // the first stage's vorticity (its fixed nodes as omega_'s)
  NodeField u_, v_;             // velocity_fields' buffers
  NodeField nu_t_;              // the Baldwin-Lomax eddy viscosity of the last stage (0: laminar)
  mutable HostFlow grid_host_;  // host_flow's copy of the grid (x, y, metrics)
  std::unique_ptr<PoissonSolver> poisson_;
  ConvectionScheme convection_;  // order, form and the still walls' nodes
  double time_ = 0;
  long long steps_ = 0;
  long long solves_ = 0, iterations_ = 0;
  double last_residual_ = 0;
  bool unconverged_ = false;
};

}  // namespace

std::unique_ptr<Solver> make_solver(const RunConfig& config) {
  return std::make_unique<StreamfunctionVorticitySolver>(config);
}

}  // namespace portaflow::incompressible
