// The portaflow command: run, check and list decks. Every error ends here, as one message on
// stderr and a documented exit code (README: exit codes).
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "portaflow/app/interrupt.hpp"
#include "portaflow/app/kernel_times.hpp"
#include "portaflow/app/run_driver.hpp"
#include "portaflow/app/steady_driver.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/floating_point.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/io/atomic_write.hpp"
#include "portaflow/io/checkpoint.hpp"
#include "portaflow/io/deck_choices.hpp"
#include "portaflow/io/output_folder.hpp"
#include "portaflow/io/read_run_config.hpp"
#include "portaflow/schemes/multiblock/steady_solver.hpp"
#include "portaflow/schemes/solver.hpp"

namespace {

using namespace portaflow;

constexpr const char* kUsage = R"(portaflow: performance-portable CFD solvers (Kokkos)

Usage:
  portaflow run DECK [--set KEY.PATH=VALUE ...] [--restart FILE] [--overwrite]
                                                   run a deck; writes outputs to output.dir
  portaflow check DECK [--set KEY.PATH=VALUE ...] validate a deck and print it resolved
  portaflow list                                   schemes and every named value a deck accepts
  portaflow --help | -h                            this text
  portaflow --version                              version, Kokkos backend, precision

Options:
  --set KEY.PATH=VALUE   override one deck key, e.g. --set time.t_end=0.2 --set mesh.cells=800
                         (VALUE is YAML: 0.5, text, [400, 400], {rho: 1, u: 0, p: 1})
  --restart FILE         continue from a checkpoint (output.checkpoint_every, or the one an
                         interrupted run wrote) of this deck (time-accurate schemes)
  --overwrite            run into an output.dir holding another run's files, removing them
                         first (same as --set output.overwrite=true); without it that is refused
  --kokkos-threads=N     OpenMP threads (or set OMP_NUM_THREADS); other --kokkos-* options
                         are passed to Kokkos

Ctrl-C or SIGTERM stops a run after its current step, writes checkpoint.pfc and prints the
command that continues it (a second Ctrl-C ends it at once).

Exit codes: 0 success, 1 runtime error, 2 bad deck or command line, 3 non-physical solution,
130 interrupted (SIGINT), 143 terminated (SIGTERM).
)";

std::string version_text() {
  return std::string("portaflow ") + PORTAFLOW_VERSION + " (Kokkos " +
         std::to_string(KOKKOS_VERSION / 10000) + "." + std::to_string(KOKKOS_VERSION / 100 % 100) +
         "." + std::to_string(KOKKOS_VERSION % 100) + ", backend " + backend_name() +
         ", precision " + kPrecisionName + ")";
}

struct CommandLine {
  std::string command;
  std::string deck;
  std::vector<std::string> overrides;
  std::string restart;
};

CommandLine parse_command_line(int argc, char** argv) {
  CommandLine cl;
  std::vector<std::string> args;
  for (int k = 1; k < argc; ++k) {
    if (std::strncmp(argv[k], "--kokkos-", 9) == 0) continue;  // Kokkos' own options
    args.emplace_back(argv[k]);
  }
  if (args.empty()) throw InputError("no command given; try 'portaflow --help'");
  cl.command = args[0];
  for (std::size_t k = 1; k < args.size(); ++k) {
    const std::string& a = args[k];
    if (a == "--set") {
      if (k + 1 == args.size()) throw InputError("--set needs KEY.PATH=VALUE after it");
      cl.overrides.push_back(args[++k]);
    } else if (a == "--restart") {
      if (k + 1 == args.size()) throw InputError("--restart needs a checkpoint file after it");
      cl.restart = args[++k];
    } else if (a == "--overwrite") {
      cl.overrides.push_back("output.overwrite=true");
    } else if (a.rfind("--set=", 0) == 0) {
      cl.overrides.push_back(a.substr(6));
    } else if (!a.empty() && a[0] == '-') {
      throw InputError("unknown option '" + a + "'; try 'portaflow --help'");
    } else if (cl.deck.empty()) {
      cl.deck = a;
    } else {
      throw InputError("unexpected argument '" + a + "' (only one deck per run)");
    }
  }
  return cl;
}

void list_available(std::ostream& out) {
  out << "Schemes (deck key 'scheme'):\n";
  for (const auto& s : available_schemes())
    out << "  " << s.name << " ("
        << (s.dimension > 0    ? std::to_string(s.dimension) + "D"
            : s.dimension == 0 ? std::string("1D/2D")
                               : std::string("2D/3D"))
        << "): " << s.description << "\n";
  io::print_deck_choices(out);
}

std::string describe_multiblock_mesh(const MultiBlockMeshConfig& m) {
  const std::string nodes = std::to_string(m.nodes[0]) + " x " + std::to_string(m.nodes[1]);
  switch (m.kind) {
    case MultiBlockMeshKind::kBox:
      return "box mesh of " + nodes + " nodes";
    case MultiBlockMeshKind::kFourBlock:
      return "four-block box mesh of " + nodes + " nodes";
    case MultiBlockMeshKind::kNaca0012:
      return "NACA 0012 C-mesh level " + std::to_string(m.level);
    case MultiBlockMeshKind::kPlot3d:
      return "Plot3D mesh " + m.plot3d_file;
    case MultiBlockMeshKind::kCube:
      return "3D cube mesh of " + nodes + " x " + std::to_string(m.nodes[2]) + " nodes";
    case MultiBlockMeshKind::kCubeBlocks:
      return "3D five-block cube mesh of " + nodes + " x " + std::to_string(m.nodes[2]) + " nodes";
    case MultiBlockMeshKind::kNaca0012Extruded:
      return "NACA 0012 C-mesh level " + std::to_string(m.level) + " extruded over " +
             std::to_string(m.span_nodes) + " span nodes";
  }
  return "mesh";
}

// multiblock: a steady state, with its own driver (cycles and residuals, not time steps).
int run_steady(const CommandLine& cl, const RunConfig& config) {
  std::cout << version_text() << "\n"
            << "deck " << cl.deck << ": scheme multiblock (order " << config.multiblock.order
            << "), " << describe_multiblock_mesh(config.multiblock_mesh) << ", Mach "
            << config.freestream.mach << ", alpha " << config.freestream.alpha_degrees
            << " deg; at most " << config.steady.max_cycles << " cycles to a residual drop of "
            << config.steady.residual_drop << "; output in " << config.output.dir << std::endl;
  auto solver = make_steady_solver(config);
  for (const auto& line : solver->setup_report()) std::cout << line << "\n";
  const SteadySummary summary = run_to_steady(config, *solver, std::cout);
  std::cout << "done: " << (summary.converged ? "converged" : "not converged") << " after "
            << summary.cycles << " cycles in " << summary.wall_seconds << " s; outputs in "
            << config.output.dir << "\n";
  return 0;
}

int run_command(const CommandLine& cl) {
  if (cl.deck.empty()) throw InputError("'" + cl.command + "' needs a deck file");
  io::DeckReader deck = io::DeckReader::from_file(cl.deck, cl.overrides);
  const RunConfig config = io::read_run_config(deck);
  if (cl.command == "check") {
    std::cout << deck.resolved_text();
    std::cout << "# " << cl.deck << ": OK\n";
    return 0;
  }
  if (config.scheme == SchemeKind::kMultiBlock && !cl.restart.empty())
    throw InputError("--restart " + cl.restart +
                     ": checkpoint and restart are not supported "
                     "for the multiblock scheme yet; run " +
                     cl.deck + " without --restart (it starts from the free stream)");
  io::prepare_output_folder(config.output, !cl.restart.empty(), std::cout);
  const std::filesystem::path resolved = std::filesystem::path(config.output.dir) / "resolved.yaml";
  io::write_atomically(resolved, [&](const std::filesystem::path& tmp) {
    std::ofstream out(tmp);
    out << deck.resolved_text();
    if (!out) throw Error("cannot write " + tmp.string());
  });
  if (config.scheme == SchemeKind::kMultiBlock) return run_steady(cl, config);
  std::cout << version_text() << "\n"
            << "deck " << cl.deck << ": scheme " << config.scheme_name << ", "
            << config.mesh.cell_count() << " cells, t_end = " << config.time.t_end << ", output in "
            << config.output.dir << std::endl;  // flushed: a log file shows the run has begun
  std::optional<io::Checkpoint> restart;
  if (!cl.restart.empty()) {
    restart = io::read_checkpoint(cl.restart);
    if (restart->scheme != config.scheme_name || restart->cells != config.mesh.cells ||
        restart->precision != kPrecisionName)
      throw InputError(
          "checkpoint '" + cl.restart + "' was written by a " + restart->scheme + " run (" +
          restart->precision + ", cells " + std::to_string(restart->cells[0]) + " x " +
          std::to_string(restart->cells[1]) + "); this deck asks for " + config.scheme_name + " (" +
          kPrecisionName + ", cells " + std::to_string(config.mesh.cells[0]) + " x " +
          std::to_string(config.mesh.cells[1]) + ")");
  }
  auto solver = make_solver(config);
  const RunSummary summary = run_to_end(config, *solver, std::cout, restart);
  std::cout << "done: " << summary.steps << " steps to t = " << summary.time << " in "
            << summary.wall_seconds << " s (" << summary.cell_updates_per_second
            << " cell-updates/s); outputs in " << config.output.dir << "\n";
  for (const auto& [name, value] : solver->exact_errors())
    std::cout << "error against the exact or published solution: " << name << " = " << value
              << "\n";
  return 0;
}

// An argument as a shell reads it back: quoted when it holds anything but plain characters.
std::string shell_word(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-+=.,/:@%") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The line a stopped run ends with: where it stopped and the command that continues it.
std::string continue_text(const CommandLine& cl, const Interrupted& stop) {
  if (stop.checkpoint().empty()) return "";
  std::string command = "portaflow run " + shell_word(cl.deck);
  for (const auto& o : cl.overrides)
    if (o != "output.overwrite=true") command += " --set " + shell_word(o);
  return ". Continue with: " + command + " --restart " + shell_word(stop.checkpoint().string());
}

}  // namespace

int main(int argc, char** argv) {
  // Help and version need no Kokkos.
  for (int k = 1; k < argc; ++k) {
    if (!std::strcmp(argv[k], "--help") || !std::strcmp(argv[k], "-h") ||
        !std::strcmp(argv[k], "help")) {
      std::cout << kUsage;
      return 0;
    }
    if (!std::strcmp(argv[k], "--version")) {
      std::cout << version_text() << "\n";
      return 0;
    }
  }
  try {
    const CommandLine cl = parse_command_line(argc, argv);
    if (cl.command == "list") {
      list_available(std::cout);
      return 0;
    }
    if (cl.command != "run" && cl.command != "check")
      throw InputError("unknown command '" + cl.command + "'; try 'portaflow --help'");
    if (cl.command == "check") return run_command(cl);  // validation only: no Kokkos needed
    // Pinned threads unless the user chose otherwise (Kokkos recommends spread + threads).
    setenv("OMP_PROC_BIND", "spread", /*overwrite=*/0);
    setenv("OMP_PLACES", "threads", 0);
    portaflow::configure_host_subnormals();  // float builds (core/floating_point.hpp)
    // Before Kokkos, so a signal during start-up is kept too; and never uninstalled: a signal
    // after the run's last check below is recorded and ignored (the outputs are whole) instead
    // of taking the default action halfway through the process's exit.
    static const InterruptHandlers* const handlers = new InterruptHandlers();
    static_cast<void>(handlers);
    int status = 0;
    try {
      Kokkos::ScopeGuard kokkos(argc, argv);
      const KernelTimes kernel_times;
      status = run_command(cl);
      kernel_times.report(std::cerr);
    } catch (const Interrupted& stop) {
      std::cerr << "portaflow: " << stop.what() << continue_text(cl, stop) << "\n";
      return static_cast<int>(stop.code());
    }
    if (const int signal_number = interrupt_signal()) {
      // It came while the last outputs were written, after the last step: nothing to continue.
      std::cerr << "portaflow: " << signal_name(signal_number)
                << " came after the last step; the run is complete and its outputs are whole\n";
      return 128 + signal_number;
    }
    return status;
  } catch (const Error& e) {
    std::cerr << "portaflow: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::cerr << "portaflow: internal error: " << e.what() << "\n";
    return static_cast<int>(ExitCode::kRuntimeError);
  }
}
