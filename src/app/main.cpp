// The portaflow command: run, check and list decks. Every error ends here, as one message on
// stderr and a documented exit code (docs/running.md, "Exit codes").
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "plot_command.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/floating_point.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/driver/commands.hpp"
#include "portaflow/driver/interrupt.hpp"
#include "portaflow/driver/kernel_times.hpp"
#include "thread_defaults.hpp"

namespace {

using namespace portaflow;

constexpr const char* kUsage = R"(portaflow: performance-portable CFD solvers (Kokkos)

Usage:
  portaflow run DECK [--set KEY.PATH=VALUE ...] [--restart FILE] [--overwrite]
                                                   run a deck; writes outputs to output.dir
  portaflow check DECK [--set KEY.PATH=VALUE ...] validate a deck and print it resolved
  portaflow list                                   schemes and every named value a deck accepts
  portaflow list --keys DECK...                    every key the decks read, with its default,
                                                   limits and meaning (docs/deck-reference.md)
  portaflow plot RUN_DIR [--only KIND ...]         plots of a run's outputs, as PNGs in
                                                   RUN_DIR/plots (python3 with matplotlib)
  portaflow --help | -h                            this text
  portaflow --version                              version, Kokkos backend, precision

Options:
  --set KEY.PATH=VALUE   override one deck key, e.g. --set time.t_end=0.2 --set mesh.cells=800
                         (VALUE is YAML: 0.5, text, [400, 400], {rho: 1, u: 0, p: 1})
  --restart FILE         continue from a checkpoint (output.checkpoint_every, or the one an
                         interrupted run wrote) of this deck
  --overwrite            run into an output.dir holding another run's files, removing them
                         first (same as --set output.overwrite=true); without it that is refused
  --kokkos-threads=N     OpenMP threads (or set OMP_NUM_THREADS); other --kokkos-* options
                         are passed to Kokkos

Threads: by default they are not pinned and sleep while they wait (OMP_PROC_BIND=false,
OMP_WAIT_POLICY=passive), so a busy or shared machine slows a run no more than its share;
small problems run on one thread (4096 cells; the stream-function/vorticity solver up to
131072). Set these variables to choose otherwise.

Ctrl-C or SIGTERM stops a run after its current step, writes checkpoint.pfc and prints the
command that continues it (a second Ctrl-C ends it at once).

Over several ranks (a build with MPI; docs/mpi.md): mpirun -np N portaflow run DECK.

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
  std::string program;  // as the user typed it, for the commands messages suggest
  std::string command;
  std::string deck;
  std::vector<std::string> overrides;
  std::string restart;
};

CommandLine parse_command_line(int argc, char** argv) {
  CommandLine cl;
  cl.program = argv[0];
  std::vector<std::string> args;
  for (int k = 1; k < argc; ++k) {
    if (std::strncmp(argv[k], "--kokkos-", 9) == 0) continue;  // Kokkos' own options
    args.emplace_back(argv[k]);
  }
  if (args.empty()) throw InputError("no command given; try 'portaflow --help'");
  cl.command = args[0];
  if (cl.command == "plot" || cl.command == "list") {  // their own arguments
    cl.overrides.assign(args.begin() + 1, args.end());
    return cl;
  }
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

DeckRequest deck_request(const CommandLine& cl) {
  if (cl.deck.empty()) throw InputError("'" + cl.command + "' needs a deck file");
  return {cl.deck, cl.overrides, cl.restart, cl.program};
}

// An ostream that drops what it is given: the log of ranks other than 0.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
};

// Ranks of a run started by mpirun (core/ranks.hpp) each take a GPU of their node by their
// node-local rank, unless the command line names one.
std::vector<char*> with_device_of_rank(int argc, char** argv, std::string& storage) {
  std::vector<char*> args(argv, argv + argc);
#ifdef KOKKOS_ENABLE_CUDA
  for (int k = 1; k < argc; ++k)
    if (std::strncmp(argv[k], "--kokkos-device", 15) == 0 ||
        std::strncmp(argv[k], "--kokkos-ndevices", 17) == 0 ||
        std::strncmp(argv[k], "--kokkos-num-devices", 20) == 0)
      return args;
  const int devices = Kokkos::Cuda::detect_device_count();
  if (ranks::node_count() > 1 && devices > 1) {
    storage = "--kokkos-device-id=" + std::to_string(ranks::node_rank() % devices);
    args.push_back(storage.data());
  }
#else
  static_cast<void>(storage);
#endif
  return args;
}

// How the halo strips of a run over ranks travel (core/halo_exchange.cpp), for the log: said
// only where the code runs on a GPU.
std::string halo_path_note() {
  if (Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible) return "";
  return ranks::mpi_reads_device_memory()
             ? "; halo strips go to MPI from GPU memory (CUDA-aware MPI)"
             : "; halo strips go through page-locked host memory (this MPI is not CUDA-aware)";
}

// Ends a failed run. On several ranks the error may have come to one rank or to all: rank 0
// says it at once and ends them all; another rank waits two seconds first, so that an error all
// ranks met is said once (rank 0's abort ends the rest), and one only it met is still said.
[[noreturn]] void fail(const std::string& message, int code) {
  if (ranks::count() > 1 && !ranks::is_root()) std::this_thread::sleep_for(std::chrono::seconds(2));
  std::cerr << "portaflow: " << ranks::prefix() << message << std::endl;
  ranks::abort(code);
}

// The line a stopped run ends with: where it stopped and the command that continues it.
std::string continue_text(const CommandLine& cl, const Interrupted& stop) {
  if (stop.checkpoint().empty()) return "";
  return ". Continue with: " + rerun_command(deck_request(cl)) + " --restart " +
         shell_word(stop.checkpoint().string());
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
      list_command(cl.overrides, std::cout);
      return 0;
    }
    if (cl.command == "plot") return app::run_plot_command(cl.overrides);
    if (cl.command != "run" && cl.command != "check")
      throw InputError("unknown command '" + cl.command + "'; try 'portaflow --help'");
    if (cl.command == "check") {  // validation only: no Kokkos needed
      check_deck(deck_request(cl), std::cout);
      return 0;
    }
    const DeckRequest request = deck_request(cl);
    const ProblemSize size = problem_size(request);
    app::apply_thread_defaults(argc, argv, size.cells, size.one_thread_cells);
    // After the thread defaults (which may restart the process), before Kokkos.
    ranks::start(argc, argv);
    // CUDA loads a kernel's module when it is first launched rather than all of them at start-up:
    // a run uses a few of the binary's kernels (CUDA 11.7+; docs/performance.md, start-up).
    setenv("CUDA_MODULE_LOADING", "LAZY", 0);
    portaflow::configure_host_subnormals();  // float builds (core/floating_point.hpp)
#ifdef __GLIBC__
    // Large host buffers (set-up tables, and a snapshot of tens of MB at every frame) stay with
    // the process when freed rather than going back to the system: the page faults of fresh pages
    // cost more than filling them (CPR P2 at 400^2 elements with a frame at every step, 2-core
    // build machine: output 2.4 -> 1.45 s). docs/performance.md, "Where a whole run's time goes".
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
    // Before Kokkos, so a signal during start-up is kept too; and never uninstalled: a signal
    // after the run's last check below is recorded and ignored (the outputs are whole) instead
    // of taking the default action halfway through the process's exit.
    static const InterruptHandlers* const handlers = new InterruptHandlers();
    static_cast<void>(handlers);
    NullBuffer null_buffer;
    std::ostream null_log(&null_buffer);
    std::ostream& log = ranks::is_root() ? std::cout : null_log;
    try {
      const auto before_kokkos = std::chrono::steady_clock::now();
      std::string device_argument;
      std::vector<char*> kokkos_args = with_device_of_rank(argc, argv, device_argument);
      int kokkos_argc = static_cast<int>(kokkos_args.size());
      Kokkos::ScopeGuard kokkos(kokkos_argc, kokkos_args.data());
      TimeSplit split;
      split.startup =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - before_kokkos).count();
      const KernelTimes kernel_times;
      log << version_text() << "\n";
      if (ranks::count() > 1)
        log << "ranks: " << ranks::count() << " (MPI), " << ranks::node_count() << " on this node"
            << halo_path_note() << "\n";
      if (const std::string threads = app::thread_report(); !threads.empty())
        log << threads << (ranks::count() > 1 ? " per rank" : "") << "\n";
      run_deck(request, log, split);
      if (ranks::is_root()) kernel_times.report(std::cerr);
    } catch (const Interrupted& stop) {
      // Every rank stopped at the same step (driver/run_loop.cpp agrees on signals).
      if (ranks::is_root())
        std::cerr << "portaflow: " << stop.what() << continue_text(cl, stop) << "\n";
      ranks::finish();
      return static_cast<int>(stop.code());
    }
    ranks::finish();
    if (const int signal_number = interrupt_signal()) {
      // It came while the last outputs were written, after the last step: nothing to continue.
      std::cerr << "portaflow: " << signal_name(signal_number)
                << " came after the last step; the run is complete and its outputs are whole\n";
      return 128 + signal_number;
    }
    return 0;
  } catch (const Error& e) {
    if (ranks::count() > 1) fail(e.what(), static_cast<int>(e.code()));
    std::cerr << "portaflow: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    if (ranks::count() > 1)
      fail(std::string("internal error: ") + e.what(), static_cast<int>(ExitCode::kRuntimeError));
    std::cerr << "portaflow: internal error: " << e.what() << "\n";
    return static_cast<int>(ExitCode::kRuntimeError);
  }
}
