#include "portaflow/driver/run_loop.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <ostream>
#include <sstream>

#include "frame_writer.hpp"
#include "march.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/driver/interrupt.hpp"
#include "portaflow/io/checkpoint.hpp"
#include "portaflow/io/csv_writer.hpp"
#include "portaflow/io/solution_output.hpp"

namespace portaflow {

namespace {

// "cell (i, j) at x = (x, y): rho = .., p = .." on a grid; "block b, node (i, j) at (x, y) = (..)"
// on a multi-block mesh.
std::string describe(const NonPhysicalCell& cell, int grid_dimension) {
  std::string text;
  if (cell.block >= 0) {
    const bool three_d = cell.dimension == 3 || cell.index[2] != 0 || cell.position[2] != 0;
    const int d = three_d ? 3 : 2;
    text = "block " + std::to_string(cell.block) + ", node (";
    for (int k = 0; k < d; ++k) text += (k ? ", " : "") + std::to_string(cell.index[k]);
    text += std::string(") at ") + (three_d ? "(x, y, z) = (" : "(x, y) = (");
    for (int k = 0; k < d; ++k) text += (k ? ", " : "") + format("%.6g", cell.position[k]);
    text += ")";
  } else {
    std::string index = "cell (", position = "(";
    for (int k = 0; k < grid_dimension; ++k) {
      index += (k ? ", " : "") + std::to_string(cell.index[k]);
      position += (k ? ", " : "") + format("%.6g", cell.position[k]);
    }
    text = index + ") at x = " + position + ")";
  }
  if (!cell.what.empty()) return text + ": " + cell.what;
  return text + ": rho = " + format("%.6g", cell.rho) + ", p = " + format("%.6g", cell.pressure);
}

// history.csv: the march's columns, then the solver's monitors; one row every
// output.history_every steps and at the end.
class History {
 public:
  History(const std::filesystem::path& file, std::vector<std::string> header)
      : writer_(file, std::move(header)) {}
  void record(const std::vector<double>& march_values, const Monitors& monitors) {
    std::vector<double> row = march_values;
    row.insert(row.end(), monitors.values.begin(), monitors.values.end());
    writer_.append(row);
    last_step_ = static_cast<long long>(march_values.front());
    if (first_row_.empty()) first_row_ = row;
  }
  // Takes over an earlier run's rows up to `last_step` (restart).
  void restore(long long last_step) {
    std::ifstream in(writer_.path());
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::vector<double> row;
      std::istringstream cells(line);
      std::string cell;
      while (std::getline(cells, cell, ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
      if (row.empty() || row[0] > static_cast<double>(last_step)) break;
      writer_.append(row);
      last_step_ = static_cast<long long>(row[0]);
      if (first_row_.empty()) first_row_ = row;
    }
  }
  // The run's first row (the start of the run a restart continues).
  const std::vector<double>& first_row() const { return first_row_; }
  // The last row's step (the first column), or -1 before any.
  long long last_step() const { return last_step_; }
  // Rank 0 writes the file; the other ranks of a decomposed run keep the same rows unwritten.
  void flush() {
    if (ranks::is_root()) writer_.flush();
  }

 private:
  io::HistoryWriter writer_;
  long long last_step_ = -1;
  std::vector<double> first_row_;
};

// "totals over the run (relative change): mass -2.2e-16, ...": where the monitors are the
// conserved totals. `first` holds them after `offset` march columns.
std::string totals_change(const Monitors& now, const std::vector<double>& first,
                          std::size_t offset) {
  // (A run over ranks has one more column after them.)
  if (!now.conserved_totals || first.size() < offset + now.values.size()) return "";
  std::string line = "totals over the run (change relative to the start):";
  for (std::size_t k = 0; k < now.values.size(); ++k) {
    const double start = first[offset + k];
    const double change = now.values[k] - start;
    line += (k ? ", " : " ") + now.names[k] + " " +
            (start != 0 ? format("%+.2e", change / std::fabs(start))
                        : format("%+.2e", change) + " (absolute: it started at 0)");
  }
  return line +
         "; closed and periodic domains conserve them to round-off, open boundaries "
         "let them flow";
}

// "range: rho [0.125, 1], p [0.1, 1]": density and pressure where the solution has them, else
// every field.
std::string field_ranges(const SolutionSnapshot& s) {
  std::vector<const HostField*> fields;
  for (const HostField& f : s.fields) fields.push_back(&f);
  if (s.elements)
    for (const HostField& f : s.elements->point_fields) fields.push_back(&f);
  for (const BlockSnapshot& b : s.blocks)
    for (const HostField& f : b.fields) fields.push_back(&f);
  std::vector<std::string> names;
  for (const HostField* f : fields)
    if (std::find(names.begin(), names.end(), f->name) == names.end()) names.push_back(f->name);
  const bool has_rho_p =
      std::count(names.begin(), names.end(), "rho") && std::count(names.begin(), names.end(), "p");
  std::string line;
  for (const std::string& name : names) {
    if (has_rho_p && name != "rho" && name != "p") continue;
    double lo = INFINITY, hi = -INFINITY;
    for (const HostField* f : fields)
      if (f->name == name)
        for (const double v : f->values) lo = std::fmin(lo, v), hi = std::fmax(hi, v);
    if (s.part) lo = ranks::min(lo), hi = ranks::max(hi);  // a part's: the whole field's
    if (lo > hi) continue;
    line += (line.empty() ? "range: " : ", ") + name + " [" + format("%.6g", lo) + ", " +
            format("%.6g", hi) + "]";
  }
  return line;
}

// "  exchange 12.3%": a run on several ranks' share of its step time (this rank's) spent in halo
// exchanges, for the progress line; "" on one rank.
std::string exchange_share(const Solver& solver, double loop_seconds, double exchange_before) {
  if (ranks::count() == 1 || loop_seconds <= 0) return "";
  return "  exchange " +
         format("%.1f", 100 * (solver.exchange_seconds() - exchange_before) / loop_seconds) + "%";
}

}  // namespace

RunOutcome run_solver(const RunConfig& config, Solver& solver, std::ostream& log,
                      const std::optional<io::Checkpoint>& restart, TimeSplit& split,
                      const std::string& resolved_deck) {
  const OutputConfig& out = config.output;
  const std::unique_ptr<driver::March> march = solver.march() == MarchKind::kSteady
                                                   ? driver::make_steady_march(config, solver)
                                                   : driver::make_time_march(config, solver);
  io::SolutionOutput output(out);
  std::vector<std::string> header = march->history_columns();
  for (const auto& name : solver.monitors().names) header.push_back(name);
  // A run over several ranks: rank 0's seconds in halo exchanges so far, after the monitors.
  const bool exchange_column = ranks::count() > 1;
  if (exchange_column) header.push_back("exchange_seconds");
  History history(output.directory() / "history.csv", header);

  double output_seconds = 0;  // spent writing outputs, anywhere in the run
  auto timed = [&](const auto& work) {
    const Timer clock;
    work();
    output_seconds += clock.elapsed_seconds();
  };
  if (ranks::is_root()) timed([&] { solver.write_setup_files(output.directory()); });

  driver::FrameWriter frames(output);
  auto last_good = [&] {
    return frames.last_written().empty() ? march->no_frame_yet() : frames.last_written();
  };
  std::string last_checkpoint;  // ", checkpoint <file> (step N)" once one is written
  long long last_frame_step = -1;
  Timer wall;              // the step loop's, reset when it starts
  double wall_offset = 0;  // a restarted steady run's wall_seconds go on from the checkpoint's
  bool marching = false;
  auto wall_seconds = [&] { return marching ? wall_offset + wall.elapsed_seconds() : wall_offset; };

  // Every stop on a bad state comes here: where, which cell, and the last good file.
  auto stop_nonphysical = [&](const std::string& what) {
    frames.wait_quietly();
    history.flush();
    const auto bad = solver.find_nonphysical();
    std::string message = "the solution went non-physical " + march->where();
    if (bad) {
      message += march->cell_joiner() + describe(*bad, config.mesh.dimension) +
                 (what.empty() ? std::string() : " (" + what + ")");
    } else if (!what.empty()) {
      message += march->cell_joiner() + what + ", though no cell has a NaN, rho <= 0 or p <= 0 yet";
    } else {
      throw Error("the solver found no stable step " + march->where() +
                  " although every cell is physical: an internal error");
    }
    throw Error(message + ". Last good output: " + last_good() + ". " + solver.nonphysical_advice(),
                ExitCode::kNonPhysical);
  };
  auto check_state = [&] {
    if (solver.find_nonphysical()) stop_nonphysical("");
  };
  // A write that fails (a full disk, a folder made read-only, a file-size limit) stops the run;
  // the message adds what is still good on disk.
  auto writing = [&](const auto& write) {
    try {
      timed(write);
    } catch (const Error& error) {
      throw Error(std::string(error.what()) + ". The run stopped " + march->where() +
                      "; last good output: " + last_good() + last_checkpoint,
                  error.code());
    }
  };
  auto record = [&] {
    Monitors row = solver.monitors();
    if (exchange_column) row.values.push_back(solver.exchange_seconds());
    history.record(march->history_values(wall_seconds()), row);
  };
  // A frame goes to the frame writer's thread; history.csv is brought level with it.
  auto write_frame = [&](SolutionSnapshot snapshot) {
    std::filesystem::path file;
    writing([&] {
      file = frames.start(std::move(snapshot), march->series_time(), march->frame_label());
      history.flush();
    });
    last_frame_step = solver.steps();
    const std::string note = solver.output_note();
    if (!note.empty()) log << march->note_prefix() << note << std::endl;
    return file;
  };
  auto frame_now = [&] {
    check_state();
    SolutionSnapshot snapshot;
    timed([&] { snapshot = solver.snapshot(); });
    write_frame(std::move(snapshot));
  };
  auto write_checkpoint = [&] {
    writing([&] { frames.wait(); });  // the frames the checkpoint lists are on disk
    io::Checkpoint c;
    c.scheme = config.scheme_name;
    c.precision = kPrecisionName;
    c.cells = config.mesh.cells;
    c.frames = output.frames();
    c.march = march->save();
    c.march.push_back(wall_seconds());
    c.deck = resolved_deck;
    c.state = solver.save_state();
    // Each rank of a decomposed run writes its own file (io::rank_file); the name the messages
    // give is the one --restart takes on the same number of ranks.
    const auto file = output.directory() / "checkpoint.pfc";
    writing([&] {
      history.flush();
      io::write_checkpoint(io::rank_file(file), c);
    });
    last_checkpoint =
        ", checkpoint " + file.string() + io::rank_file_note() + " (" + march->position() + ")";
    return file;
  };
  // What every rank must agree on before a step: a signal that came to any of them, and whether
  // the progress line is due (by the clock of any; the line's monitors are collective).
  // One reduction per step on several ranks; none on one.
  int agreed_signal = 0;
  bool progress_due = false;
  double last_progress = 0;
  auto agree = [&] {
    agreed_signal = interrupt_signal();
    progress_due = out.progress_seconds > 0 && !march->finished() &&
                   wall.elapsed_seconds() - last_progress >= out.progress_seconds;
    if (ranks::count() == 1) return;
    std::vector<double> flags{static_cast<double>(agreed_signal), progress_due ? 1.0 : 0.0};
    ranks::max(flags);
    agreed_signal = static_cast<int>(flags[0]);
    progress_due = flags[1] > 0;
  };
  // Between steps only (interrupt.hpp): the last step and any write it started are complete.
  auto stop_if_interrupted = [&] {
    const int signal_number = agreed_signal;
    if (signal_number == 0) return;
    check_state();
    const auto checkpoint = write_checkpoint();
    throw Interrupted(signal_number,
                      march->where() +
                          (interrupt_came_during_write()
                               ? ", which came while an output file was written; that write "
                                 "was completed"
                               : std::string()) +
                          "; the state of that " + march->unit() + " is in " + checkpoint.string() +
                          io::rank_file_note(),
                      checkpoint);
  };

  if (restart) {
    solver.restore_state(restart->state);
    std::vector<double> saved = restart->march;
    if (!saved.empty()) {
      wall_offset = saved.back();
      saved.pop_back();
    }
    march->restore(saved);
    output.restore_frames(restart->frames);
    history.restore(solver.steps());
    log << "restarted at " << march->position()
        << (solver.march() == MarchKind::kTimeAccurate ? ", t = " + format("%.9g", solver.time())
                                                       : std::string())
        << "\n";
  } else {
    if (auto bad = march->start()) stop_nonphysical(*bad);
    if (march->checks_state_at_rows()) check_state();
    record();
    if (march->frame_at_start()) frame_now();
  }

  const long long start_step = solver.steps();
  const double output_before_loop = output_seconds;
  const double exchange_before_loop = solver.exchange_seconds();
  // Ranks finish their set-up at different times (rank 0 waited up to 0.4 s in its first
  // exchange on the GPU node): they start the loop together, so its time is the steps'.
  ranks::barrier();
  wall.reset();
  marching = true;
  while (!march->finished()) {
    agree();
    stop_if_interrupted();
    const double taken = solver.step(march->max_step());
    if (auto bad = march->after_step(taken)) stop_nonphysical(*bad);
    const long long step = solver.steps();
    if (step % out.history_every == 0) {
      if (march->checks_state_at_rows()) check_state();
      record();
    }
    if (march->frame_due()) frame_now();
    if (out.checkpoint_every > 0 && step % out.checkpoint_every == 0) {
      check_state();  // never checkpoint a broken state
      write_checkpoint();
    }
    const double elapsed = wall.elapsed_seconds();
    if (ranks::count() == 1) agree();  // one rank: no reduction, so agree at once
    if (progress_due && !march->finished()) {
      progress_due = false;
      last_progress = elapsed;
      const double rate =
          solver.updates_per_step() * static_cast<double>(step - start_step) / elapsed;
      log << march->progress_line(elapsed, step - start_step, rate, solver.monitors())
          << exchange_share(solver, elapsed, exchange_before_loop) << std::endl;
      timed([&] { history.flush(); });
    }
  }

  RunOutcome outcome;
  outcome.loop_seconds = wall.fence_and_elapsed();
  marching = false;
  wall_offset += outcome.loop_seconds;
  const long long steps_done = solver.steps() - start_step;
  outcome.updates_per_second =
      outcome.loop_seconds > 0
          ? solver.updates_per_step() * static_cast<double>(steps_done) / outcome.loop_seconds
          : 0;
  split.steps += outcome.loop_seconds - (output_seconds - output_before_loop);

  // The end: the last row, frame and the final files, from one snapshot. The frame is written
  // while the solver's tables are made; final.* is then a second name for it where it is one file.
  check_state();
  if (history.last_step() != solver.steps()) record();
  SolutionSnapshot final_state;
  timed([&] { final_state = solver.snapshot(); });
  std::filesystem::path end_frame;
  if (last_frame_step != solver.steps()) end_frame = write_frame(final_state);
  const MarchOutcome result = march->outcome();
  std::vector<std::pair<std::string, double>> errors;
  writing([&] {
    const std::vector<ResultTable> tables = solver.final_tables(result);
    errors = solver.exact_errors();
    frames.wait();
    output.write_final(final_state, end_frame);
    for (const ResultTable& table : tables) io::write_result_table(output.directory(), table);
    history.flush();
  });
  split.output += output_seconds;

  outcome.steps = solver.steps();
  outcome.time = solver.time();
  outcome.converged = result.converged;
  outcome.residual_drop = result.residual_drop;
  march->summary(log, solver.monitors());
  if (const std::string totals =
          totals_change(solver.monitors(), history.first_row(), march->history_columns().size());
      !totals.empty())
    log << totals << "\n";
  if (const std::string ranges = field_ranges(final_state); !ranges.empty()) log << ranges << "\n";
  log << march->done_line(outcome.loop_seconds, outcome.updates_per_second, solver.update_name())
      << "; outputs in " << out.dir << "\n";
  if (ranks::count() > 1) {
    // The slowest rank's exchange time: what the others waited on at worst.
    const double exchange = ranks::max(solver.exchange_seconds() - exchange_before_loop);
    log << "halo exchange: " << format("%.3g", exchange) << " s of the " << ranks::count()
        << " ranks' steps at most (" << format("%.1f", 100 * exchange / outcome.loop_seconds)
        << "% of " << format("%.3g", outcome.loop_seconds) << " s)\n";
  }
  for (const auto& [name, value] : errors)
    log << "error against the exact or published solution: " << name << " = " << value << "\n";
  return outcome;
}

}  // namespace portaflow
