#include "portaflow/driver/commands.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/driver/interrupt.hpp"
#include "portaflow/driver/run_loop.hpp"
#include "portaflow/io/atomic_write.hpp"
#include "portaflow/io/checkpoint.hpp"
#include "portaflow/io/output_folder.hpp"
#include "portaflow/schemes/scheme_registry.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

namespace {

// Every scheme's result files: any of them in an output folder is an earlier run's.
std::vector<std::string> every_result_file() {
  std::vector<std::string> names;
  for (const SchemeDescriptor* scheme : scheme_list())
    names.insert(names.end(), scheme->result_files.begin(), scheme->result_files.end());
  return names;
}

std::string march_text(const RunConfig& config) {
  if (config.time.march == MarchKind::kSteady)
    return "at most " + std::to_string(config.time.max_cycles) + " cycles to a residual drop of " +
           format("%g", config.time.residual_drop);
  return "t_end = " + format("%g", config.time.t_end);
}

// Keys a restart may change: when and how far the run marches, what it writes, which kernel
// variant runs. Every other key (scheme, mesh, order, physics, problem, boundaries) defines the
// discretised problem the checkpoint's state belongs to.
bool restart_may_change(const std::string& key) {
  for (const char* section : {"time.", "output.", "execution."})
    if (key.rfind(section, 0) == 0) return true;
  return false;
}

io::Checkpoint read_restart(const DeckRequest& request, const RunConfig& config,
                            const std::string& resolved, std::ostream& log) {
  const std::filesystem::path file = io::rank_file(request.restart);
  if (file != std::filesystem::path(request.restart) && !std::filesystem::exists(file))
    throw InputError("checkpoint '" + request.restart + "': this run on " +
                     std::to_string(ranks::count()) + " ranks reads " + file.string() +
                     ", which does not exist; a run continues on the number of ranks that wrote "
                     "its checkpoint");
  io::Checkpoint restart = io::read_checkpoint(file);
  if (restart.scheme != config.scheme_name || restart.cells != config.mesh.cells ||
      restart.precision != kPrecisionName)
    throw InputError("checkpoint '" + request.restart + "' was written by a " + restart.scheme +
                     " run (" + restart.precision + ", cells " + std::to_string(restart.cells[0]) +
                     " x " + std::to_string(restart.cells[1]) + "); this deck asks for " +
                     config.scheme_name + " (" + kPrecisionName + ", cells " +
                     std::to_string(config.mesh.cells[0]) + " x " +
                     std::to_string(config.mesh.cells[1]) + ")");
  if (restart.deck.empty()) {
    log << "note: checkpoint " << request.restart
        << " is of the previous format, which does not keep its deck: the deck's keys could not "
           "be compared with the run that wrote it\n";
    return restart;
  }
  std::string refused, noted;
  for (const KeyChange& change : resolved_changes(restart.deck, resolved)) {
    if (change.path == "output.overwrite") continue;  // --overwrite: how the run began
    const std::string text = change.path + " " + change.before + " -> " + change.after;
    if (restart_may_change(change.path))
      noted += "\n  " + text;
    else
      refused += "\n  " + text;
  }
  if (!refused.empty())
    throw InputError(
        "checkpoint '" + request.restart +
        "' belongs to a run of another problem: these keys differ from that run's "
        "deck and change the discretisation or the problem its state belongs to:" +
        refused + "\nRestore them to continue that run, or start a new run (without --restart).");
  if (!noted.empty())
    log << "restart with keys changed from the run that wrote " << request.restart
        << " (accepted: they change how far the run goes or what it writes, not its problem):"
        << noted << "\n";
  return restart;
}

// `portaflow list --keys`: one table per scheme of the keys the decks lead its reader to ask for.
void print_key_reference(const std::vector<std::string>& decks, std::ostream& out) {
  std::map<std::string, std::vector<KeyDoc>> keys;  // scheme -> keys, first-asked order
  std::map<std::string, std::vector<std::string>> read_from;
  for (const std::string& file : decks) {
    DeckReader deck = DeckReader::from_file(file);
    const RunConfig config = read_run_config(deck);
    auto& list = keys[config.scheme_name];
    read_from[config.scheme_name].push_back(file);
    for (const KeyDoc& key : deck.keys_read())
      if (std::none_of(list.begin(), list.end(),
                       [&](const KeyDoc& known) { return known.path == key.path; }))
        list.push_back(key);
  }
  auto cell = [](std::string text) {
    for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2))
      text.replace(at, 1, "\\|");
    return text;
  };
  out << "# Deck keys\n\n"
      << "Every key the shipped decks lead each scheme's reader to ask for: what it expects, its "
         "default (keys marked required have none) and what it means, from the readers' own "
         "checks. Made by `portaflow list --keys` over every deck under `inputs/` "
         "(`bash ci/deck-reference.sh` remakes this file; a test fails when it is out of date). "
         "Keys nobody asks for are errors; `portaflow check DECK` prints a deck with every default "
         "filled in.\n";
  for (const SchemeDescriptor* scheme : scheme_list()) {
    const auto found = keys.find(scheme->name);
    if (found == keys.end()) continue;
    out << "\n## " << scheme->name << "\n\n"
        << scheme->summary << ". Keys read by the " << read_from[scheme->name].size() << " deck"
        << (read_from[scheme->name].size() == 1 ? "" : "s") << " given.\n\n"
        << "| key | expected | default | meaning |\n| --- | --- | --- | --- |\n";
    for (const KeyDoc& key : found->second)
      out << "| `" << key.path << "` | " << cell(key.expected) << " | "
          << (key.default_text.empty() ? std::string("required")
                                       : "`" + cell(key.default_text) + "`")
          << " | " << cell(key.meaning) << " |\n";
  }
}

// Work only rank 0 does (the output folder, files every rank would write alike), its outcome
// shared: an error there is thrown on every rank, so all of them stop together. Rank 0 reports
// it; the others end quietly (app/main.cpp).
template <class Work>
void on_root(const Work& work) {
  if (ranks::count() == 1) return work();
  std::vector<unsigned char> failure;  // exit code, then the message; empty when it went well
  if (ranks::is_root()) {
    try {
      work();
    } catch (const Error& error) {
      const std::string text = std::string(1, static_cast<char>(error.code())) + error.what();
      failure.assign(text.begin(), text.end());
    }
  }
  ranks::broadcast(failure, 0);
  if (failure.empty()) return;
  const auto code = static_cast<ExitCode>(static_cast<unsigned char>(failure[0]));
  throw Error(std::string(failure.begin() + 1, failure.end()), code);
}

}  // namespace

std::string shell_word(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-+=.,/:@%") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string rerun_command(const DeckRequest& request, bool keep_output_dir) {
  std::string command = shell_word(request.program) + " run " + shell_word(request.deck);
  for (const auto& o : request.overrides)
    if (o != "output.overwrite=true" && (keep_output_dir || o.rfind("output.dir=", 0) != 0))
      command += " --set " + shell_word(o);
  return command;
}

ProblemSize problem_size(const DeckRequest& request) noexcept {
  try {
    DeckReader deck = DeckReader::from_file(request.deck, request.overrides);
    const RunConfig config = read_run_config(deck);
    const long long cells = config.mesh.cell_count();
    return {cells > 1 ? cells : 0, find_scheme(config.scheme_name).one_thread_cells};
  } catch (...) {
    return {};
  }
}

void check_deck(const DeckRequest& request, std::ostream& out) {
  DeckReader deck = DeckReader::from_file(request.deck, request.overrides);
  const RunConfig config = read_run_config(deck);
  std::vector<std::string> files;
  if (const auto check_files = find_scheme(config.scheme_name).check_files)
    files = check_files(config);
  out << deck.resolved_text();
  for (const std::string& line : files) out << "# " << line << "\n";
  out << "# " << request.deck << ": OK\n";
}

void run_deck(const DeckRequest& request, std::ostream& log, TimeSplit split) {
  const Timer deck_clock;
  DeckReader deck = DeckReader::from_file(request.deck, request.overrides);
  const RunConfig config = read_run_config(deck);
  const std::string resolved = deck.resolved_text();
  // The checkpoint first: a restart that cannot continue touches nothing.
  std::optional<io::Checkpoint> restart;
  if (!request.restart.empty()) restart = read_restart(request, config, resolved, log);
  const std::vector<std::string> result_files = every_result_file();
  on_root([&] {
    io::prepare_output_folder(config.output, result_files, restart.has_value(),
                              {rerun_command(request), rerun_command(request, false)}, log);
  });
  log << "deck " << request.deck << ": scheme " << config.scheme_name << ", " << march_text(config)
      << ", output in " << config.output.dir << std::endl;  // flushed: a log shows the run began
  split.deck = deck_clock.elapsed_seconds();

  std::unique_ptr<Solver> solver;
  try {
    const Timer setup_clock;
    solver = make_solver(config);
    if (ranks::count() > 1 && !solver->decomposed())
      throw InputError(
          "scheme " + config.scheme_name + (config.mesh.dimension == 1 ? " in 1D" : std::string()) +
          " runs on one rank only, and this run was started on " + std::to_string(ranks::count()) +
          " (docs/mpi.md lists the schemes that split over ranks); start it "
          "without mpirun, or with mpirun -np 1");
    split.phases = solver->setup_phases();
    split.setup = setup_clock.fence_and_elapsed();
    for (const SetupPhase& phase : split.phases) split.setup -= phase.seconds;
    // Written once the set-up has succeeded: a deck whose mesh or set-up fails leaves no file
    // that would make its corrected rerun look like another run's.
    const std::filesystem::path file = std::filesystem::path(config.output.dir) / "resolved.yaml";
    on_root([&] {
      io::write_atomically(file, [&](const std::filesystem::path& tmp) {
        std::ofstream text(tmp);
        text << resolved;
        if (!text) throw Error("cannot write " + tmp.string());
      });
    });
    const OutputKind kind = find_scheme(config.scheme_name).output;
    log << solver->cell_count() << " "
        << (kind == OutputKind::kNodes || kind == OutputKind::kBlocks ? "nodes"
            : kind == OutputKind::kElements                           ? "solution points"
                                                                      : "cells")
        << "\n";
    for (const auto& line : solver->setup_report()) log << line << "\n";
    run_solver(config, *solver, log, restart, split, resolved);
  } catch (const Interrupted&) {
    throw;  // its checkpoint continues the run
  } catch (...) {
    // A new run that fails before its first step (its set-up, its first outputs, a non-physical
    // initial state) leaves nothing behind, so the corrected deck runs again as typed.
    if (!restart && (!solver || solver->steps() == 0) && ranks::is_root()) {
      try {
        io::remove_run_files(config.output.dir, result_files);
      } catch (const Error&) {  // the run's own error is the one to report
      }
    }
    throw;
  }
  log << split.text() << "\n";
}

void list_command(const std::vector<std::string>& args, std::ostream& out) {
  if (args.empty()) {
    print_schemes(out);
    return;
  }
  if (args[0] != "--keys")
    throw InputError("unknown argument '" + args[0] + "' for list; try 'portaflow --help'");
  if (args.size() == 1)
    throw InputError("list --keys needs the decks to read, e.g. inputs/*/*.yaml");
  print_key_reference({args.begin() + 1, args.end()}, out);
}

}  // namespace portaflow
