// How the run loop (run_loop.cpp) marches a solver: to an end time in time steps, or to a steady
// state in cycles. A march knows its stop rule, its history columns, when a frame is due, how a
// position in the run is named in messages, and what its progress line and summary say; the loop
// around it is the same for both.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::driver {

class March {
 public:
  virtual ~March() = default;

  // history.csv's first columns, before the solver's monitors, and their values now.
  virtual std::vector<std::string> history_columns() const = 0;
  virtual std::vector<double> history_values(double wall_seconds) const = 0;

  // A new run, before its first step: returns what is wrong when the initial state is not
  // usable (a residual that is not finite).
  virtual std::optional<std::string> start() = 0;
  // The march's state for a checkpoint, and back.
  virtual std::vector<double> save() const = 0;
  virtual void restore(const std::vector<double>& saved) = 0;

  virtual bool finished() const = 0;
  // The limit the driver puts on the next step (the next output time).
  virtual double max_step() const = 0;
  // After solver.step() returned `taken`: returns what went wrong when the step found or left a
  // non-physical state (empty text: find the cell), nothing when all is well.
  virtual std::optional<std::string> after_step(double taken) = 0;

  virtual bool frame_at_start() const = 0;
  virtual bool frame_due() const = 0;      // after the step just taken (never after the last one)
  virtual double series_time() const = 0;  // a frame's time in the .pvd series
  // Whether each history row also checks the state (steady: residual norms can stay finite for a
  // while after a cell goes bad).
  virtual bool checks_state_at_rows() const = 0;

  // How messages name where the run is: "after step 41 (t = 0.0182388699)" or "at cycle 12",
  // what joins that to the bad cell (" in " or ": "), the unit ("step 41", "cycle 12"), a
  // frame's label ("(t = 0.01)", "(cycle 10)"), what the last good output is before any frame.
  virtual std::string where() const = 0;
  virtual const char* cell_joiner() const = 0;
  virtual std::string position() const = 0;
  virtual std::string unit() const = 0;
  virtual std::string frame_label() const = 0;
  virtual std::string no_frame_yet() const = 0;
  virtual std::string note_prefix() const = 0;

  virtual std::string progress_line(double elapsed, long long steps_done, double updates_per_second,
                                    const Monitors& monitors) = 0;
  virtual MarchOutcome outcome() const = 0;
  // Lines at the end of the run (a steady run's convergence and residuals), then "done: ...".
  virtual void summary(std::ostream& log, const Monitors& monitors) const = 0;
  virtual std::string done_line(double seconds, double updates_per_second,
                                const char* update_name) const = 0;
};

// time_march.cpp and steady_march.cpp; run_loop.cpp picks one by solver.march().
std::unique_ptr<March> make_time_march(const RunConfig& config, Solver& solver);
std::unique_ptr<March> make_steady_march(const RunConfig& config, Solver& solver);

}  // namespace portaflow::driver
