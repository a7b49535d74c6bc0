// MUSCL-Hancock 2D kernels for portaflow-bench: one split step (x-y or y-x sweeps alternating),
// two sweep kernels, each from one buffer into the other, the second with the wave-rate maximum,
// with the HLLC and the
// exact Riemann solver, van Leer limiter, on Blakely's benchmark data (eq. 5.1 four-quadrant
// problem, n x n = cells), at the fixed dt of CFL 0.5 from the initial state (CFL 0.95 there let
// the faster waves that develop exceed 1 within a 1000^2 run's few hundred timed steps, measured
// on the H100).
//
// Compulsory bytes per cell update: the state read once and written once, 2 x 4 Reals (the
// second pass, 2 x 4 Reals more, is not compulsory: each sweep kernel has its own 64-byte bound,
// the sweep rows below).
// Flops per cell update, counted from muscl_hancock_point.hpp (evolved_face_states),
// slope_limiters.hpp, euler.hpp and riemann_hllc.hpp as written (add/sub/mul/div/sqrt = 1; fmin,
// fabs and comparisons not counted), per sweep: evolved boundary values 101 (van Leer slopes and
// extrapolation 4 x 7, two physical fluxes 2 x 16, half-step change 17, two face-state
// conversions 2 x 12); HLLC face flux 84 (from face states; its shock-side wave speeds on both
// sides, 12, included); update 12: 197 per sweep; the wave-rate maximum 25 (one sweep per step;
// raise_split_wave_rate's common path, where the cell cannot raise the maximum and its square
// root is skipped): 419 per split step. The exact solver's cost depends on its Newton iterations:
// not counted (0), so its bound is the bandwidth one alone.
#include "perf/kernels/bench_problems.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/muscl_hancock_2d_solver.hpp"

namespace portaflow::bench {

namespace {

RunConfig muscl_hancock_config(long long cells, KernelChoice kernel, FluxKind flux) {
  RunConfig c = riemann_2d_config(cells);
  c.time.cfl = 0.5;
  c.execution.kernel = kernel;
  c.family<FvConfig>().limiter = LimiterKind::kVanLeer;
  c.family<FvConfig>().flux = flux;
  return c;
}

BenchKernel muscl_hancock_kernel(KernelChoice kernel, FluxKind flux, double flops) {
  // The kernel names keep "flat" so results compare with those before the fused team step was
  // dropped.
  const std::string variant = std::string("flat") + (flux == FluxKind::kHllc ? ".hllc" : ".exact");
  const std::string how = "two sweep kernels (buffer to buffer), wave-rate max in the second";
  return {"muscl_hancock2d." + variant,
          "muscl_hancock2d",
          variant,
          "one split MUSCL-Hancock step (van Leer, " +
              std::string(flux == FluxKind::kHllc ? "HLLC" : "exact Riemann solver") + "), " + how +
              "; n x n = cells (eq. 5.1 data)",
          8.0 * sizeof(Real),
          flops,
          [kernel, flux](long long cells) {
            return std::make_unique<SolverStepCase<fv::MusclHancock2DSolver>>(
                muscl_hancock_config(cells, kernel, flux));
          }};
}

// One flat sweep on its own (line walkers, muscl_hancock_line_sweep.hpp), from the solver's
// initial state into a second buffer, so each step kernel has its own roofline: per cell 64 B
// (state read once, written once) and 197 flops (the per-sweep count above); the y sweep also
// reduces the wave-rate maximum (+25 flops), as the solver's second sweep does, and so does the
// x sweep's ".rate" form (the second sweep of the steps that go y then x).
class SweepCase final : public BenchCase {
 public:
  SweepCase(long long cells, int dir, bool rated, fv::SweepLaunch launch)
      : launch_(launch),
        rated_(rated),
        solver_(muscl_hancock_config(cells, KernelChoice::kFlat, FluxKind::kHllc)),
        dir_(dir),
        out_("bench.sweep_out", solver_.state_field().extent(0), solver_.state_field().extent(1),
             solver_.state_field().extent(2)),
        rate_("bench.sweep_rate") {
    const RunConfig config = muscl_hancock_config(cells, KernelChoice::kFlat, FluxKind::kHllc);
    const double h = 1.0 / config.mesh.cells[0];
    const double dt = solver_.stable_time_step();
    step_.dt_over_dx = static_cast<Real>(dt / h);
    step_.dt_over_dy = static_cast<Real>(dt / h);
    step_.inv_dx = step_.inv_dy = static_cast<Real>(1 / h);
    step_.gas = physics::IdealGas{static_cast<Real>(config.physics.gamma)};
    step_.nx = config.mesh.cells[0];
    step_.ny = config.mesh.cells[1];
    fv_ = config.family<FvConfig>();
    boundary_ = config.boundary;
  }
  void step() override {
    fv::sweep_lines_2d(solver_.state_field(), out_, dir_, step_, fv_, boundary_, launch_,
                       rated_ ? &rate_ : nullptr);
  }
  long long cell_updates_per_step() const override { return solver_.cell_count(); }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  fv::SweepLaunch launch_;
  bool rated_;
  fv::MusclHancock2DSolver solver_;
  int dir_;
  Field2D out_;
  fv::SweepRate rate_;
  fv::SplitStep2D step_;
  FvConfig fv_;
  BoundaryConfig boundary_;
};

// name suffix: ".rate" for an x sweep with the wave-rate maximum, ".norate" for a y sweep without
// it (the solver's second sweep has it: y after x on even steps, x after y on odd ones); then
// "" for the solver's choice, ".segN" for N-cell walkers, ".teams" for teams over tiles of lines,
// ".teams.tTwW" for teams of T threads over tiles W cells long, ".rows" for x teams walking
// rows, ".rows.tTnN" for T threads walking N tiles (T - 4 cells each), ".warps" for warps walking
// rows (".warps.nN": N tiles of 32 cells each).
BenchKernel sweep_kernel(int dir, fv::SweepLaunch launch, bool rated) {
  using Form = fv::SweepLaunch::Form;
  const std::string axis = dir == 0 ? "x" : "y";
  const bool teams = launch.form == Form::kTeams || launch.form == Form::kRows;
  const std::string shape =
      launch.team_size == 0 ? ""
      : launch.form == Form::kRows
          ? ".t" + std::to_string(launch.team_size) + "n" + std::to_string(launch.tiles)
          : ".t" + std::to_string(launch.team_size) + "w" + std::to_string(launch.width);
  const std::string rate_part = dir == 0 && rated ? ".rate" : dir == 1 && !rated ? ".norate" : "";
  const std::string warp_walk = launch.tiles > 0 ? ".n" + std::to_string(launch.tiles) : "";
  const std::string form_part = launch.segment > 0 ? ".seg" + std::to_string(launch.segment)
                                : launch.form == Form::kRows     ? ".rows" + shape
                                : launch.form == Form::kWarpRows ? ".warps" + warp_walk
                                : teams                          ? ".teams" + shape
                                                                 : "";
  const std::string suffix = rate_part + form_part;
  return {"muscl_hancock2d.sweep_" + axis + ".hllc" + suffix,
          "muscl_hancock2d",
          "sweep_" + axis + suffix,
          "one flat " + axis + " sweep (" +
              (launch.form == Form::kRows       ? "teams walking rows"
               : launch.form == Form::kWarpRows ? "warps walking rows"
               : teams                          ? "teams over tiles"
               : launch.segment > 0             ? "line walkers"
                                                : "default form") +
              ", van Leer, HLLC" + std::string(rated ? ", wave-rate maximum" : "") +
              ") from the eq. 5.1 data into a second buffer; n x n = cells",
          8.0 * sizeof(Real),
          rated ? 222.0 : 197.0,
          [dir, rated, launch](long long cells) {
            return std::make_unique<SweepCase>(cells, dir, rated, launch);
          }};
}

[[maybe_unused]] const bool kSweeps = [] {
  using Form = fv::SweepLaunch::Form;
  for (int dir : {0, 1}) {
    const bool rated = dir == 1;  // the y sweep of the x-y steps, the x sweep of the y-x ones
    register_kernel(sweep_kernel(dir, {0, Form::kAuto}, rated));
    register_kernel(sweep_kernel(dir, {0, Form::kTeams}, rated));
    // A tile of W cells takes W + 2 half steps, W + 1 Riemann problems and W updates: W = T - 2
    // runs each phase in one pass of a T-thread team (256 cells with 256 threads takes two).
    if (dir == 0)  // 510 cells need 66 KB of scratch in double, more than a CUDA team has
      for (int threads : {64, 128, 256})
        register_kernel(sweep_kernel(dir, {0, Form::kTeams, threads - 2, threads}, rated));
    for (Index segment : {2, 4, 8, 16, 32, 64, 128})
      register_kernel(sweep_kernel(dir, {segment, Form::kWalkers}, rated));
  }
  // x teams walking rows: the default walk, and teams of 64 threads (60 cells a tile) walking
  // 1 to 16 tiles, or of 128 (124 cells) walking the default number.
  register_kernel(sweep_kernel(0, {0, Form::kRows}, false));
  for (Index tiles : {1, 2, 4, 8, 16})
    register_kernel(sweep_kernel(0, {0, Form::kRows, 0, 64, tiles}, false));
  register_kernel(sweep_kernel(0, {0, Form::kRows, 0, 128, 0}, false));
  register_kernel(sweep_kernel(0, {0, Form::kWarpRows}, false));
  // The x sweep with the maximum, as the solver runs it after a y sweep: default, teams, rows
  // (64 and 128 threads), warps (the default walk and 4 to 32 tiles), 4-cell walkers; and the y
  // sweep without it, as the solver runs it before an x sweep.
  register_kernel(sweep_kernel(0, {0, Form::kAuto}, true));
  register_kernel(sweep_kernel(0, {0, Form::kTeams}, true));
  register_kernel(sweep_kernel(0, {0, Form::kRows}, true));
  register_kernel(sweep_kernel(0, {0, Form::kRows, 0, 128, 0}, true));
  register_kernel(sweep_kernel(0, {0, Form::kWarpRows}, true));
  for (Index tiles : {4, 8, 16, 32})
    register_kernel(sweep_kernel(0, {0, Form::kWarpRows, 0, 0, tiles}, true));
  register_kernel(sweep_kernel(0, {4, Form::kWalkers}, true));
  register_kernel(sweep_kernel(1, {0, Form::kAuto}, false));
  return true;
}();

// Scales each interior cell's density and pressure of u by 1 + 0.2 h (see RoughStepCase).
void roughen(const Field2D& u, Index nx, Index ny, Real gamma) {
  const Index g = fv::MusclHancock2DSolver::kGhosts;
  par_for(
      "bench.roughen", IndexBox2D{{g, g + ny}, {g, g + nx}}, KOKKOS_LAMBDA(Index j, Index i) {
        using E = physics::Euler<2>;
        const physics::IdealGas gas{gamma};
        const auto hash = [&](unsigned salt) {  // in [-1, 1)
          unsigned h = (unsigned(j) * 73856093u) ^ (unsigned(i) * 19349663u) ^ salt;
          h ^= h >> 13;
          h *= 0x5bd1e995u;
          h ^= h >> 15;
          return Real(h >> 8) / Real(1 << 23) - 1;
        };
        E::State s;
        for (int v = 0; v < E::kNumVars; ++v) s[v] = u(v, j, i);
        E::State w = E::to_primitive(s, gas);
        w[E::kRho] *= 1 + Real(0.2) * hash(0x9e3779b9u);
        w[E::kPressure] *= 1 + Real(0.2) * hash(0x7f4a7c15u);
        s = E::to_conservative(w, gas);
        for (int v = 0; v < E::kNumVars; ++v) u(v, j, i) = s[v];
      });
}

// The same steps on data with a Riemann problem at every face. On Blakely's data nearly every
// face sees uniform flow (the waves are a few cells wide when the timed steps start), which the
// exact solver solves with no arithmetic (riemann_exact.hpp, equal pressures and velocities), so
// those rows time the sweeps more than the solver. Here each cell's density and pressure are
// scaled by 1 + 0.2 h, h in [-1, 1) a hash of the cell, so no two neighbours are equal and each
// face takes the solver's whole path (Newton or the two-rarefaction closed form); dt is the CFL
// 0.5 step of the scaled data.
class RoughStepCase final : public BenchCase {
 public:
  explicit RoughStepCase(const RunConfig& config) : solver_(config) {
    roughen(solver_.state_field(), config.mesh.cells[0], config.mesh.cells[1],
            static_cast<Real>(config.physics.gamma));
    dt_ = solver_.stable_time_step();
  }
  void step() override { solver_.advance(dt_); }
  long long cell_updates_per_step() const override { return solver_.cell_count(); }
  bool healthy() const override { return !solver_.find_nonphysical().has_value(); }

 private:
  fv::MusclHancock2DSolver solver_;
  double dt_ = 0;
};

BenchKernel rough_kernel(KernelChoice kernel, FluxKind flux, double flops) {
  BenchKernel k = muscl_hancock_kernel(kernel, flux, flops);
  k.name += ".rough";
  k.variant += ".rough";
  k.description += ", density and pressure of every cell scaled by 1 + 0.2 h (h a hash in [-1, 1))";
  k.make = [kernel, flux](long long cells) {
    return std::make_unique<RoughStepCase>(muscl_hancock_config(cells, kernel, flux));
  };
  return k;
}

[[maybe_unused]] const bool kRough = [] {
  register_kernel(rough_kernel(KernelChoice::kFlat, FluxKind::kHllc, 419));
  register_kernel(rough_kernel(KernelChoice::kFlat, FluxKind::kExact, 0));
  return true;
}();

[[maybe_unused]] const KernelRegistration kFlatHllc{
    muscl_hancock_kernel(KernelChoice::kFlat, FluxKind::kHllc, 419)};
[[maybe_unused]] const KernelRegistration kFlatExact{
    muscl_hancock_kernel(KernelChoice::kFlat, FluxKind::kExact, 0)};

}  // namespace

}  // namespace portaflow::bench
