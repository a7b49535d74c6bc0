// A time-accurate march: steps of the solver's CFL limit, clipped so that the run lands on every
// output time k * output.every and on time.t_end.
#include <cmath>

#include "eta.hpp"
#include "march.hpp"
#include "portaflow/core/format.hpp"

namespace portaflow::driver {

namespace {

class TimeMarch final : public March {
 public:
  TimeMarch(const RunConfig& config, Solver& solver)
      : solver_(solver),
        t_end_(config.time.t_end),
        tolerance_(1e-12 * config.time.t_end),
        every_(config.output.every > 0 ? config.output.every : config.time.t_end),
        max_steps_(config.time.max_steps),
        start_time_(solver.time()) {}

  std::vector<std::string> history_columns() const override { return {"step", "time", "dt"}; }
  std::vector<double> history_values(double /*wall_seconds*/) const override {
    return {static_cast<double>(solver_.steps()), solver_.time(), last_dt_};
  }

  std::optional<std::string> start() override { return std::nullopt; }
  // Output times are k * every (not a running sum), so a restart reproduces them exactly.
  std::vector<double> save() const override { return {static_cast<double>(outputs_passed_)}; }
  void restore(const std::vector<double>& saved) override {
    outputs_passed_ = saved.empty() ? 0 : static_cast<long long>(saved[0]);
    start_time_ = solver_.time();
  }

  bool finished() const override {
    // Times within tolerance of t_end or of an output time count as reaching it (round-off in
    // t += dt).
    return !(solver_.time() < t_end_ - tolerance_) ||
           (max_steps_ > 0 && solver_.steps() >= max_steps_);
  }
  double max_step() const override { return next_output() - solver_.time(); }
  std::optional<std::string> after_step(double taken) override {
    frame_due_ = false;
    if (std::isnan(taken)) return std::string();
    last_dt_ = taken;
    if (solver_.time() >= next_output() - tolerance_) {
      ++outputs_passed_;
      frame_due_ = solver_.time() < t_end_ - tolerance_;
    }
    return std::nullopt;
  }

  bool frame_at_start() const override { return true; }
  bool frame_due() const override { return frame_due_; }
  double series_time() const override { return solver_.time(); }
  bool checks_state_at_rows() const override { return false; }

  std::string where() const override {
    return "after step " + std::to_string(solver_.steps()) +
           " (t = " + format("%.9g", solver_.time()) + ")";
  }
  const char* cell_joiner() const override { return " in "; }
  std::string position() const override { return "step " + std::to_string(solver_.steps()); }
  std::string unit() const override { return "step"; }
  std::string frame_label() const override {
    return "(t = " + format("%.9g", solver_.time()) + ")";
  }
  std::string no_frame_yet() const override { return "none yet"; }
  std::string note_prefix() const override {
    return "t = " + format("%.6e", solver_.time()) + ": ";
  }

  std::string progress_line(double elapsed, long long /*steps_done*/, double updates_per_second,
                            const Monitors& /*monitors*/) override {
    const double fraction = (solver_.time() - start_time_) / (t_end_ - start_time_);
    return "step " + std::to_string(solver_.steps()) + "  t = " + format("%.6e", solver_.time()) +
           " (" + format("%.1f", 100 * solver_.time() / t_end_) +
           "%)  dt = " + format("%.3e", last_dt_) + "  " + format("%.3e", updates_per_second) +
           " " + solver_.update_name() + "/s  " + eta_.text(elapsed, fraction);
  }
  MarchOutcome outcome() const override { return {solver_.steps(), false, 0}; }
  void summary(std::ostream& /*log*/, const Monitors& /*monitors*/) const override {}
  std::string done_line(double seconds, double updates_per_second,
                        const char* update_name) const override {
    return "done: " + std::to_string(solver_.steps()) +
           " steps to t = " + format("%g", solver_.time()) + " in " + format("%g", seconds) +
           " s (" + format("%g", updates_per_second) + " " + update_name + "/s)";
  }

 private:
  double next_output() const {
    return std::fmin(static_cast<double>(outputs_passed_ + 1) * every_, t_end_);
  }

  Solver& solver_;
  double t_end_, tolerance_, every_;
  long long max_steps_;
  double start_time_;
  long long outputs_passed_ = 0;
  double last_dt_ = 0;
  bool frame_due_ = false;
  Eta eta_;
};

}  // namespace

std::unique_ptr<March> make_time_march(const RunConfig& config, Solver& solver) {
  return std::make_unique<TimeMarch>(config, solver);
}

}  // namespace portaflow::driver
