#include "portaflow/driver/commands.hpp"

#include <fstream>
#include <iostream>
#include <optional>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/core/types.hpp"
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

io::Checkpoint read_restart(const DeckRequest& request, const RunConfig& config) {
  io::Checkpoint restart = io::read_checkpoint(request.restart);
  if (restart.scheme != config.scheme_name || restart.cells != config.mesh.cells ||
      restart.precision != kPrecisionName)
    throw InputError("checkpoint '" + request.restart + "' was written by a " + restart.scheme +
                     " run (" + restart.precision + ", cells " + std::to_string(restart.cells[0]) +
                     " x " + std::to_string(restart.cells[1]) + "); this deck asks for " +
                     config.scheme_name + " (" + kPrecisionName + ", cells " +
                     std::to_string(config.mesh.cells[0]) + " x " +
                     std::to_string(config.mesh.cells[1]) + ")");
  return restart;
}

}  // namespace

void check_deck(const DeckRequest& request, std::ostream& out) {
  DeckReader deck = DeckReader::from_file(request.deck, request.overrides);
  read_run_config(deck);
  out << deck.resolved_text();
  out << "# " << request.deck << ": OK\n";
}

void run_deck(const DeckRequest& request, std::ostream& log, TimeSplit split) {
  const Timer deck_clock;
  DeckReader deck = DeckReader::from_file(request.deck, request.overrides);
  const RunConfig config = read_run_config(deck);
  // The checkpoint first: a restart that cannot continue touches nothing.
  std::optional<io::Checkpoint> restart;
  if (!request.restart.empty()) restart = read_restart(request, config);
  io::prepare_output_folder(config.output, every_result_file(), restart.has_value(), log);
  const std::filesystem::path resolved = std::filesystem::path(config.output.dir) / "resolved.yaml";
  io::write_atomically(resolved, [&](const std::filesystem::path& tmp) {
    std::ofstream file(tmp);
    file << deck.resolved_text();
    if (!file) throw Error("cannot write " + tmp.string());
  });
  log << "deck " << request.deck << ": scheme " << config.scheme_name << ", " << march_text(config)
      << ", output in " << config.output.dir << std::endl;  // flushed: a log shows the run began
  split.deck = deck_clock.elapsed_seconds();

  const Timer setup_clock;
  const std::unique_ptr<Solver> solver = make_solver(config);
  split.phases = solver->setup_phases();
  split.setup = setup_clock.fence_and_elapsed();
  for (const SetupPhase& phase : split.phases) split.setup -= phase.seconds;
  log << solver->cell_count() << " " << (solver->march() == MarchKind::kSteady ? "nodes" : "cells")
      << "\n";
  for (const auto& line : solver->setup_report()) log << line << "\n";

  run_solver(config, *solver, log, restart, split);
  log << split.text() << "\n";
}

void list_schemes(std::ostream& out) { print_schemes(out); }

}  // namespace portaflow
