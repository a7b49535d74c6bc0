// A steady march: cycles of local (pseudo-) time steps until every equation's L2 residual has
// fallen by time.residual_drop from its value before the first cycle, or until time.max_cycles.
// Not converging is not an error: the summary says so and the run still succeeds.
#include <algorithm>
#include <cmath>
#include <limits>

#include "eta.hpp"
#include "march.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"
#include "portaflow/driver/convergence.hpp"
#include "portaflow/io/csv_writer.hpp"

namespace portaflow {

namespace {
constexpr double kRoundOffShare = 1e-8;

double drop_of(double norm, double reference) {
  if (reference > 0) return norm / reference;
  return norm > 0 ? std::numeric_limits<double>::infinity() : 0.0;
}
}  // namespace

std::vector<double> drop_references(std::vector<double> initial) {
  if (initial.empty()) return initial;
  const double largest = *std::max_element(initial.begin(), initial.end());
  for (double& r : initial)
    if (r < kRoundOffShare * largest) r = largest;
  return initial;
}

double largest_drop(const std::vector<double>& norms, const std::vector<double>& reference) {
  double drop = 0;
  for (std::size_t e = 0; e < norms.size(); ++e)
    drop = std::max(drop, drop_of(norms[e], reference[e]));
  return drop;
}

bool every_equation_dropped(const std::vector<double>& norms, const std::vector<double>& reference,
                            double target) {
  for (std::size_t e = 0; e < norms.size(); ++e)
    if (!(norms[e] <= target * reference[e])) return false;
  return true;
}

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

namespace driver {

namespace {

class SteadyMarch final : public March {
 public:
  SteadyMarch(const RunConfig& config, Solver& solver)
      : solver_(solver),
        equations_(solver.residual_names()),
        target_(config.time.residual_drop),
        max_cycles_(config.time.max_cycles),
        every_cycles_(config.output.every_cycles) {}

  std::vector<std::string> history_columns() const override {
    std::vector<std::string> columns{"cycle", "wall_seconds"};
    for (const auto& name : equations_) columns.push_back("res_" + name);
    columns.push_back("drop");
    return columns;
  }
  std::vector<double> history_values(double wall_seconds) const override {
    std::vector<double> row{static_cast<double>(solver_.steps()), wall_seconds};
    row.insert(row.end(), norms_.begin(), norms_.end());
    row.push_back(drop_);
    return row;
  }

  std::optional<std::string> start() override {
    initial_ = solver_.residual_norms();
    if (auto bad = take_norms(initial_)) return bad;
    reference_ = drop_references(initial_);
    drop_ = largest_drop(norms_, reference_);
    if (std::isfinite(std::log10(drop_))) trend_.emplace_back(solver_.steps(), std::log10(drop_));
    return std::nullopt;
  }
  // The initial residuals and their references: the drop of a restarted run is measured against
  // the same ones as the uninterrupted run's.
  std::vector<double> save() const override {
    std::vector<double> saved = initial_;
    saved.insert(saved.end(), reference_.begin(), reference_.end());
    return saved;
  }
  void restore(const std::vector<double>& saved) override {
    const std::size_t n = equations_.size();
    if (saved.size() != 2 * n)
      throw Error("checkpoint: the steady march's state has " + std::to_string(saved.size()) +
                  " values, expected " + std::to_string(2 * n) + " (from another scheme?)");
    initial_.assign(saved.begin(), saved.begin() + static_cast<std::ptrdiff_t>(n));
    reference_.assign(saved.begin() + static_cast<std::ptrdiff_t>(n), saved.end());
    take_norms(solver_.residual_norms());
    drop_ = largest_drop(norms_, reference_);
    converged_ = every_equation_dropped(norms_, reference_, target_);
  }

  bool finished() const override { return converged_ || solver_.steps() >= max_cycles_; }
  double max_step() const override { return std::numeric_limits<double>::infinity(); }
  std::optional<std::string> after_step(double /*taken*/) override {
    if (auto bad = take_norms(solver_.residual_norms())) return bad;
    drop_ = largest_drop(norms_, reference_);
    converged_ = every_equation_dropped(norms_, reference_, target_);
    return std::nullopt;
  }

  bool frame_at_start() const override { return every_cycles_ > 0; }
  bool frame_due() const override {
    return !finished() && every_cycles_ > 0 && solver_.steps() % every_cycles_ == 0;
  }
  double series_time() const override { return static_cast<double>(solver_.steps()); }
  bool checks_state_at_rows() const override { return true; }

  std::string where() const override { return "at " + position(); }
  const char* cell_joiner() const override { return ": "; }
  std::string position() const override { return "cycle " + std::to_string(solver_.steps()); }
  std::string unit() const override { return "cycle"; }
  std::string frame_label() const override { return "(" + position() + ")"; }
  std::string no_frame_yet() const override {
    return "none (output.every_cycles is 0, or no frame was due yet)";
  }
  std::string note_prefix() const override { return position() + ": "; }

  std::string progress_line(double elapsed, long long steps_done, double updates_per_second,
                            const Monitors& monitors) override {
    if (std::isfinite(std::log10(drop_))) trend_.emplace_back(solver_.steps(), std::log10(drop_));
    const CyclesToGo to_go = estimate_cycles_to_go(trend_, target_, max_cycles_);
    const double cycles_done = static_cast<double>(steps_done);
    std::string line = position() + "  log10(residual drop) " + format("%.2f", std::log10(drop_)) +
                       " (target " + format("%.1f", std::log10(target_)) + ")";
    for (std::size_t k = 0; k < monitors.names.size(); ++k)
      line += "  " + monitors.names[k] + " " + format("%.6f", monitors.values[k]);
    const double fraction = cycles_done / (cycles_done + static_cast<double>(to_go.cycles));
    return line + "  " + format("%.3e", updates_per_second) + " " + solver_.update_name() + "/s  " +
           eta_.text(elapsed, fraction) +
           (to_go.from_residual_trend ? " (residual trend)" : " (time.max_cycles)");
  }
  MarchOutcome outcome() const override { return {solver_.steps(), converged_, drop_}; }

  void summary(std::ostream& log, const Monitors& monitors) const override {
    const long long cycles = solver_.steps();
    if (converged_) {
      log << "summary: converged in " << cycles << " cycles: every residual fell below "
          << format("%.3g", target_) << " of its initial value (largest ratio "
          << format("%.3g", drop_) << ")\n";
    } else {
      log << "summary: not converged after " << cycles << " cycles (time.max_cycles): the "
          << "largest residual is " << format("%.3g", drop_) << " of its initial value, the "
          << "target " << format("%.3g", target_)
          << " (time.residual_drop); the outputs hold the last cycle\n";
    }
    log << " ";
    for (std::size_t k = 0; k < monitors.names.size(); ++k)
      log << (k ? ", " : " ") << monitors.names[k] << " = " << format("%.9g", monitors.values[k]);
    log << "\n  residuals (L2, final / initial):";
    for (std::size_t e = 0; e < equations_.size(); ++e)
      log << (e ? ", " : " ") << equations_[e] << " " << format("%.3e", norms_[e]) << " / "
          << format("%.3e", initial_[e])
          << (reference_[e] != initial_[e] ? " (at round-off: measured against the largest)" : "");
    log << "\n";
  }
  std::string done_line(double seconds, double updates_per_second,
                        const char* update_name) const override {
    return std::string("done: ") + (converged_ ? "converged" : "not converged") + " after " +
           std::to_string(solver_.steps()) + " cycles in " + format("%g", seconds) + " s (" +
           format("%.3e", updates_per_second) + " " + update_name + "/s)";
  }

 private:
  // Takes the residual norms of the last cycle; says which is not finite, if one is.
  std::optional<std::string> take_norms(const std::vector<double>& norms) {
    if (norms.size() != equations_.size())
      throw Error("internal error: the solver gave " + std::to_string(norms.size()) +
                  " residual norms for " + std::to_string(equations_.size()) + " equations");
    norms_ = norms;
    for (std::size_t e = 0; e < norms.size(); ++e)
      if (!std::isfinite(norms[e]))
        return "the " + equations_[e] + " residual is " + io::format_round_trip(norms[e]);
    return std::nullopt;
  }

  Solver& solver_;
  std::vector<std::string> equations_;
  double target_;
  long long max_cycles_, every_cycles_;
  std::vector<double> initial_, reference_, norms_;
  double drop_ = 0;
  bool converged_ = false;
  // (cycle, log10 drop) at each progress line, for the ETA's trend.
  std::vector<std::pair<long long, double>> trend_;
  Eta eta_;
};

}  // namespace

std::unique_ptr<March> make_steady_march(const RunConfig& config, Solver& solver) {
  return std::make_unique<SteadyMarch>(config, solver);
}

}  // namespace driver

}  // namespace portaflow
