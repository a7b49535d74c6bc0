#include "portaflow/app/steady_driver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <ostream>

#include "portaflow/app/interrupt.hpp"
#include "portaflow/app/log_format.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/io/csv_writer.hpp"
#include "portaflow/io/multiblock_output.hpp"

namespace portaflow {

namespace {

// The Runge-Kutta scheme of Elsen et al. (2008) has five stages, each one residual evaluation per
// node: the unit of the throughput figure ("node-stage updates").
constexpr int kRungeKuttaStages = 5;

// norm / reference; an equation whose reference is exactly 0 (the initial state solves it
// already) has fallen by "0" while it stays 0, and by infinity once it is not.
double drop_of(double norm, double reference) {
  if (reference > 0) return norm / reference;
  return norm > 0 ? std::numeric_limits<double>::infinity() : 0.0;
}

constexpr double kRoundOffShare = 1e-8;

double largest_drop(const std::vector<double>& norms, const std::vector<double>& reference) {
  double drop = 0;
  for (std::size_t e = 0; e < norms.size(); ++e)
    drop = std::max(drop, drop_of(norms[e], reference[e]));
  return drop;
}

// Each equation's residual is measured against its own initial value, except one that starts
// below 1e-8 of the largest (at round-off: the z momentum of an extruded 2D flow, which the 3D
// transient then stirs up): it has no scale of its own and is measured against the largest
// initial residual instead, or it could never fall by time.residual_drop.
std::vector<double> drop_references(std::vector<double> initial) {
  const double largest = *std::max_element(initial.begin(), initial.end());
  for (double& r : initial)
    if (r < kRoundOffShare * largest) r = largest;
  return initial;
}

bool every_equation_dropped(const std::vector<double>& norms, const std::vector<double>& reference,
                            double target) {
  for (std::size_t e = 0; e < norms.size(); ++e)
    if (!(norms[e] <= target * reference[e])) return false;
  return true;
}

std::string describe_node(const NonPhysicalCell& node) {
  const bool three_d = node.dimension == 3 || node.index[2] != 0 || node.position[2] != 0;
  std::string text = "block " + std::to_string(node.block) + ", node (" +
                     std::to_string(node.index[0]) + ", " + std::to_string(node.index[1]) +
                     (three_d ? ", " + std::to_string(node.index[2]) : std::string()) + ") at " +
                     (three_d ? "(x, y, z) = (" : "(x, y) = (") + format("%.6g", node.position[0]) +
                     ", " + format("%.6g", node.position[1]) +
                     (three_d ? ", " + format("%.6g", node.position[2]) : std::string()) + ")";
  return text + ": rho = " + format("%.6g", node.rho) + ", p = " + format("%.6g", node.pressure);
}

std::string cycle_text(long long cycle) { return "cycle " + std::to_string(cycle); }

}  // namespace

CyclesToGo estimate_cycles_to_go(const std::vector<std::pair<long long, double>>& samples,
                                 double target_drop, long long max_cycles) {
  CyclesToGo to_go;
  if (samples.empty()) return to_go;
  const long long now = samples.back().first;
  to_go.cycles = std::max(0LL, max_cycles - now);
  // The latter half of the run so far: the early transient says little about the final rate.
  std::size_t first = samples.size();
  while (first > 0 && 2 * samples[first - 1].first >= now) --first;
  if (samples.size() >= 2) first = std::min(first, samples.size() - 2);
  const std::size_t count = samples.size() - first;
  if (count < 2) return to_go;
  double mean_cycle = 0, mean_log = 0;
  for (std::size_t s = first; s < samples.size(); ++s) {
    mean_cycle += static_cast<double>(samples[s].first) / count;
    mean_log += samples[s].second / count;
  }
  double covariance = 0, variance = 0;
  for (std::size_t s = first; s < samples.size(); ++s) {
    const double dc = static_cast<double>(samples[s].first) - mean_cycle;
    covariance += dc * (samples[s].second - mean_log);
    variance += dc * dc;
  }
  if (!(variance > 0)) return to_go;
  const double slope = covariance / variance;  // log10 of the drop per cycle
  const double remaining_log = std::log10(target_drop) - samples.back().second;
  if (remaining_log >= 0) return {0, true};
  if (!(slope < 0)) return to_go;  // not falling: only max_cycles bounds the run
  const double cycles = std::ceil(remaining_log / slope);
  if (cycles < static_cast<double>(to_go.cycles)) to_go = {static_cast<long long>(cycles), true};
  return to_go;
}

SteadySummary run_to_steady(const RunConfig& config, SteadySolver& solver, std::ostream& log) {
  const OutputConfig& out = config.output;
  const double target = config.steady.residual_drop;
  const long long max_cycles = config.steady.max_cycles;
  io::MultiBlockOutput output(out);

  const std::vector<std::string> equations = solver.equation_names();
  std::vector<std::string> header{"cycle", "wall_seconds"};
  for (const auto& name : equations) header.push_back("res_" + name);
  header.insert(header.end(), {"drop", "lift", "drag"});
  io::HistoryWriter history(output.directory() / "history.csv", header);

  std::string last_good = "none (output.every_cycles is 0, or no frame was due yet)";
  long long last_frame_cycle = -1;
  long long last_row_cycle = -1;

  // Every stop on a bad state goes through here: the cycle, where and what, the last good file.
  auto stop = [&](long long cycle, const std::string& what) {
    history.flush();
    std::string message = "the solution went non-physical at " + cycle_text(cycle) + ": ";
    if (const auto bad = solver.find_nonphysical()) {
      message += describe_node(*bad) + (what.empty() ? std::string() : " (" + what + ")");
    } else {
      message += what + ", though no node has a NaN, rho <= 0 or p <= 0 yet";
    }
    throw Error(message + ". Last good output: " + last_good +
                    ". Try a smaller time.cfl or a larger multiblock.dissipation.",
                ExitCode::kNonPhysical);
  };
  auto check_norms = [&](long long cycle, const std::vector<double>& norms) {
    if (norms.size() != equations.size())
      throw Error("internal error: the solver gave " + std::to_string(norms.size()) +
                  " residual norms for " + std::to_string(equations.size()) + " equations");
    for (std::size_t e = 0; e < norms.size(); ++e)
      if (!std::isfinite(norms[e]))
        stop(cycle, "the " + equations[e] + " residual is " + io::format_round_trip(norms[e]));
  };
  auto check_state = [&](long long cycle) {
    if (solver.find_nonphysical()) stop(cycle, "");
  };

  Timer wall;  // reset when the march starts
  bool marching = false;
  auto record = [&](long long cycle, const std::vector<double>& norms, double drop) {
    const ForceCoefficients forces = solver.forces();
    std::vector<double> row{static_cast<double>(cycle), marching ? wall.elapsed_seconds() : 0.0};
    row.insert(row.end(), norms.begin(), norms.end());
    row.insert(row.end(), {drop, forces.lift, forces.drag});
    history.append(row);
    last_row_cycle = cycle;
  };
  auto write_frame = [&](long long cycle, const MultiBlockSnapshot& snapshot) {
    const auto file = output.write_frame(snapshot);
    history.flush();
    last_frame_cycle = cycle;
    if (!file.empty()) last_good = file.string() + " (" + cycle_text(cycle) + ")";
  };

  const long long start_cycle = solver.cycles();
  long long cycle = start_cycle;
  const std::vector<double> initial = solver.residual_norms();
  check_norms(cycle, initial);
  const std::vector<double> reference = drop_references(initial);
  check_state(cycle);
  std::vector<double> norms = initial;
  double drop = largest_drop(norms, reference);
  record(cycle, norms, drop);
  if (out.every_cycles > 0) write_frame(cycle, solver.snapshot());

  // (cycle, log10 drop) at each progress line, for the ETA's trend.
  std::vector<std::pair<long long, double>> trend;
  if (std::isfinite(std::log10(drop))) trend.emplace_back(cycle, std::log10(drop));
  const double node_stages = solver.node_cycles_per_cycle() * kRungeKuttaStages;
  double last_progress = 0;
  bool converged = false;
  wall.reset();
  marching = true;
  while (cycle < max_cycles) {
    if (const int signal_number = interrupt_signal()) {
      // No checkpoint for this scheme yet: the cycle's state goes out as a frame instead.
      check_state(cycle);
      if (last_row_cycle != cycle) record(cycle, norms, drop);
      if (out.vtk && last_frame_cycle != cycle) write_frame(cycle, solver.snapshot());
      history.flush();
      throw Interrupted(signal_number, "at " + cycle_text(cycle) +
                                           "; the state of that cycle is in " + last_good +
                                           " (multiblock runs have no checkpoint yet: run the "
                                           "deck again to start over)");
    }
    solver.cycle();
    ++cycle;
    norms = solver.residual_norms();
    check_norms(cycle, norms);
    drop = largest_drop(norms, reference);
    converged = every_equation_dropped(norms, reference, target);
    if (cycle % out.history_every == 0) {
      check_state(cycle);
      record(cycle, norms, drop);
    }
    const bool last = converged || cycle == max_cycles;
    if (!last && out.every_cycles > 0 && cycle % out.every_cycles == 0) {
      check_state(cycle);
      write_frame(cycle, solver.snapshot());
    }
    const double elapsed = wall.elapsed_seconds();
    if (!last && out.progress_seconds > 0 && elapsed - last_progress >= out.progress_seconds) {
      last_progress = elapsed;
      if (std::isfinite(std::log10(drop))) trend.emplace_back(cycle, std::log10(drop));
      const ForceCoefficients forces = solver.forces();
      const CyclesToGo to_go = estimate_cycles_to_go(trend, target, max_cycles);
      const double cycles_done = static_cast<double>(cycle - start_cycle);
      log << cycle_text(cycle) << "  log10(residual drop) " << format("%.2f", std::log10(drop))
          << " (target " << format("%.1f", std::log10(target)) << ")  CL "
          << format("%.6f", forces.lift) << "  CD " << format("%.6f", forces.drag) << "  "
          << format("%.3e", node_stages * cycles_done / elapsed) << " node-stage updates/s  ETA "
          << format_duration(elapsed / cycles_done * static_cast<double>(to_go.cycles))
          << (to_go.from_residual_trend ? " (residual trend)" : " (time.max_cycles)") << std::endl;
      history.flush();
    }
    if (converged) break;
  }

  SteadySummary summary;
  summary.cycles = cycle;
  summary.converged = converged;
  summary.residual_drop = drop;
  summary.wall_seconds = wall.fence_and_elapsed();
  summary.node_stage_updates_per_second =
      summary.wall_seconds > 0
          ? node_stages * static_cast<double>(cycle - start_cycle) / summary.wall_seconds
          : 0;

  check_state(cycle);
  if (last_row_cycle != cycle) record(cycle, norms, drop);
  summary.forces = solver.forces();
  const MultiBlockSnapshot final_state = solver.snapshot();
  if (out.vtk && last_frame_cycle != cycle) write_frame(cycle, final_state);
  output.write_final(final_state);
  output.write_surface(solver.surface_pressure());
  io::write_csv(output.directory() / "forces.csv",
                {"cycles", "converged", "residual_drop", "lift", "drag"},
                {{static_cast<double>(cycle)},
                 {converged ? 1.0 : 0.0},
                 {drop},
                 {summary.forces.lift},
                 {summary.forces.drag}});
  history.flush();

  if (converged) {
    log << "summary: converged in " << cycle << " cycles: every residual fell below "
        << format("%.3g", target) << " of its initial value (largest ratio " << format("%.3g", drop)
        << ")\n";
  } else {
    log << "summary: not converged after " << cycle << " cycles (time.max_cycles): the largest "
        << "residual is " << format("%.3g", drop) << " of its initial value, the target "
        << format("%.3g", target) << " (time.residual_drop); the outputs hold the last cycle\n";
  }
  log << "  CL = " << format("%.9g", summary.forces.lift)
      << ", CD = " << format("%.9g", summary.forces.drag) << "\n  residuals (L2, final / initial):";
  for (std::size_t e = 0; e < equations.size(); ++e)
    log << (e ? ", " : " ") << equations[e] << " " << format("%.3e", norms[e]) << " / "
        << format("%.3e", initial[e])
        << (reference[e] != initial[e] ? " (at round-off: measured against the largest)" : "");
  log << "\n  " << format("%.3f", summary.wall_seconds) << " s, "
      << format("%.3e", summary.node_stage_updates_per_second) << " node-stage updates/s\n";
  return summary;
}

}  // namespace portaflow
