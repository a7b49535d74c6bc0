#include "portaflow/app/run_driver.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

#include "portaflow/app/interrupt.hpp"
#include "portaflow/app/log_format.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/io/csv_writer.hpp"
#include "portaflow/io/solution_output.hpp"

namespace portaflow {

namespace {

std::string describe_cell(const NonPhysicalCell& cell, int dimension) {
  std::string index = "cell (", position = "(";
  for (int d = 0; d < dimension; ++d) {
    index += (d ? ", " : "") + std::to_string(cell.index[d]);
    position += (d ? ", " : "") + format("%.6g", cell.position[d]);
  }
  if (!cell.what.empty()) return index + ") at x = " + position + "): " + cell.what;
  return index + ") at x = " + position + "): rho = " + format("%.6g", cell.rho) +
         ", p = " + format("%.6g", cell.pressure);
}

// history.csv: step, time, dt and the conserved totals.
class History {
 public:
  History(const std::filesystem::path& file, Solver& solver) : solver_(solver) {
    const ConservedTotals totals = solver.conserved_totals();
    std::vector<std::string> header{"step", "time", "dt"};
    header.insert(header.end(), totals.names.begin(), totals.names.end());
    writer_ = std::make_unique<io::HistoryWriter>(file, header);
  }
  void record(long long step, double dt) {
    std::vector<double> row{static_cast<double>(step), solver_.time(), dt};
    const ConservedTotals totals = solver_.conserved_totals();
    row.insert(row.end(), totals.values.begin(), totals.values.end());
    writer_->append(row);
  }
  // Takes over an earlier run's rows up to `last_step` (restart).
  void restore(long long last_step) {
    std::ifstream in(writer_->path());
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::vector<double> row;
      std::istringstream cells(line);
      std::string cell;
      while (std::getline(cells, cell, ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
      if (row.empty() || row[0] > static_cast<double>(last_step)) break;
      writer_->append(row);
    }
  }
  void flush() { writer_->flush(); }

 private:
  Solver& solver_;
  std::unique_ptr<io::HistoryWriter> writer_;
};

}  // namespace

RunSummary run_to_end(const RunConfig& config, Solver& solver, std::ostream& log,
                      const std::optional<io::Checkpoint>& restart) {
  const double t_end = config.time.t_end;
  // Times within this of t_end or of an output time count as reaching it (round-off in t += dt).
  const double time_tolerance = 1e-12 * t_end;
  const int dimension = config.mesh.dimension;
  io::SolutionOutput output(config.output);
  History history(output.directory() / "history.csv", solver);
  solver.write_setup_files(output.directory());

  std::string last_good = "none yet";
  std::string last_checkpoint;  // ", checkpoint <file> (step N)" once one is written
  long long step_now = 0;
  auto stop_if_nonphysical = [&](long long step) {
    const auto bad = solver.find_nonphysical();
    if (!bad) return;
    history.flush();
    throw Error("the solution went non-physical after step " + std::to_string(step) +
                    " (t = " + format("%.9g", solver.time()) + ") in " +
                    describe_cell(*bad, dimension) + ". Last good output: " + last_good +
                    ". Try a smaller time.cfl, or check the initial data.",
                ExitCode::kNonPhysical);
  };
  // A write that fails (a full disk, a folder made read-only, a file-size limit) stops the run;
  // the message adds what is still good on disk.
  auto writing = [&](const auto& write) {
    try {
      write();
    } catch (const Error& error) {
      throw Error(std::string(error.what()) + ". The run stopped at step " +
                      std::to_string(step_now) + " (t = " + format("%.9g", solver.time()) +
                      "); last good output: " + last_good + last_checkpoint,
                  error.code());
    }
  };
  auto write_frame = [&](long long step) {
    stop_if_nonphysical(step);
    std::filesystem::path file;
    writing([&] {
      file = output.write_frame(solver.snapshot());
      history.flush();
    });
    if (!file.empty()) last_good = file.string() + " (t = " + format("%.9g", solver.time()) + ")";
    const std::string note = solver.output_note();
    if (!note.empty()) log << "t = " << format("%.6e", solver.time()) << ": " << note << std::endl;
  };

  // Output times are k * every (not a running sum), so a restart reproduces them exactly.
  const double every = config.output.every > 0 ? config.output.every : t_end;
  long long outputs_passed = 0;
  long long step = 0;
  if (restart) {
    solver.restore_state(restart->state);
    step_now = step = restart->state.steps;
    outputs_passed = restart->outputs_passed;
    output.restore_frames(restart->frames);
    history.restore(step);
    log << "restarted at step " << step << ", t = " << format("%.9g", solver.time()) << "\n";
  } else {
    history.record(step, 0);
    write_frame(step);
  }
  auto next_output = [&] {
    return std::fmin(static_cast<double>(outputs_passed + 1) * every, t_end);
  };
  auto write_checkpoint = [&] {
    io::Checkpoint c;
    c.scheme = config.scheme_name;
    c.precision = kPrecisionName;
    c.cells = config.mesh.cells;
    c.outputs_passed = outputs_passed;
    c.frames = output.frames();
    c.state = solver.save_state();
    const auto file = output.directory() / "checkpoint.pfc";
    writing([&] {
      history.flush();
      io::write_checkpoint(file, c);
    });
    last_checkpoint =
        ", checkpoint " + file.string() + " (step " + std::to_string(c.state.steps) + ")";
    return file;
  };
  // Between steps only (interrupt.hpp): the last step and any write it started are complete.
  auto stop_if_interrupted = [&](long long step) {
    const int signal_number = interrupt_signal();
    if (signal_number == 0) return;
    stop_if_nonphysical(step);
    const auto checkpoint = write_checkpoint();
    throw Interrupted(signal_number,
                      "after step " + std::to_string(step) +
                          " (t = " + format("%.9g", solver.time()) + ")" +
                          (interrupt_came_during_write()
                               ? ", which came while an output file was written; that write "
                                 "was completed"
                               : std::string()) +
                          "; the state of that step is in " + checkpoint.string(),
                      checkpoint);
  };

  Timer wall;
  double last_progress = 0;
  double last_dt = 0;
  const double start_time = solver.time();
  const long long start_step = step;
  while (solver.time() < t_end - time_tolerance &&
         (config.time.max_steps == 0 || step < config.time.max_steps)) {
    stop_if_interrupted(step);
    const double stable_dt = solver.stable_time_step();
    if (std::isnan(stable_dt) || stable_dt <= 0) stop_if_nonphysical(step);
    if (std::isnan(stable_dt) || stable_dt <= 0)
      throw Error("the stable time step is " + format("%g", stable_dt) + " after step " +
                  std::to_string(step) + " although every cell is physical: an internal error");
    const double dt = std::fmin(stable_dt, next_output() - solver.time());
    solver.advance(dt);
    step_now = ++step;
    last_dt = dt;
    if (step % config.output.history_every == 0) history.record(step, dt);
    if (solver.time() >= next_output() - time_tolerance) {
      ++outputs_passed;
      if (solver.time() < t_end - time_tolerance) write_frame(step);
    }
    if (config.output.checkpoint_every > 0 && step % config.output.checkpoint_every == 0) {
      stop_if_nonphysical(step);  // never checkpoint a broken state
      write_checkpoint();
    }
    const double elapsed = wall.elapsed_seconds();
    if (config.output.progress_seconds > 0 &&
        elapsed - last_progress >= config.output.progress_seconds) {
      last_progress = elapsed;
      const double fraction = (solver.time() - start_time) / (t_end - start_time);
      log << "step " << step << "  t = " << format("%.6e", solver.time()) << " ("
          << format("%.1f", 100 * solver.time() / t_end) << "%)  dt = " << format("%.3e", dt)
          << "  " << format("%.3e", solver.cell_count() * (step - start_step) / elapsed)
          << " cell-updates/s  ETA " << format_duration(elapsed * (1 - fraction) / fraction)
          << std::endl;
    }
  }

  RunSummary summary;
  summary.steps = step;
  summary.time = solver.time();
  summary.wall_seconds = wall.fence_and_elapsed();
  summary.cell_updates_per_second =
      summary.wall_seconds > 0 ? solver.cell_count() * (step - start_step) / summary.wall_seconds
                               : 0;
  if (step % config.output.history_every != 0) history.record(step, last_dt);
  write_frame(step);
  writing([&] {
    output.write_final(solver.snapshot());
    for (const ResultTable& table : solver.final_tables())
      io::write_csv(output.directory() / (table.name + ".csv"), table.header, table.columns);
    history.flush();
  });
  return summary;
}

}  // namespace portaflow
