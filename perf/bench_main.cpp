// portaflow-bench: times registered kernels (or a deck's whole step) over a list of sizes and
// compares them with the ceilings of the same machine, measured in the same process
// (docs/performance.md). No VTK is linked, so a GPU node needs only this binary and a few
// shared libraries (perf/README.md).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "perf/bench_registry.hpp"
#include "perf/ceilings.hpp"
#include "perf/fast_math_check.hpp"
#include "perf/measurement.hpp"
#include "perf/report.hpp"
#include "perf/system_info.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/floating_point.hpp"
#include "portaflow/core/timer.hpp"
#include "portaflow/core/types.hpp"

#if defined(PORTAFLOW_BENCH_HAVE_DECK)
#include "perf/deck_bench.hpp"
#endif

namespace {

using namespace portaflow;
using namespace portaflow::bench;

constexpr const char* kUsage =
    R"(portaflow-bench: throughput of PortaFlow kernels against the machine's own
ceilings, on the Kokkos backend this binary was built for

Usage:
  portaflow-bench --list                       registered kernels: bytes and flops per cell update
  portaflow-bench --list-names                 their names only, one per line (for scripts)
  portaflow-bench --ceiling [--json FILE]      measure this backend's ceilings only
  portaflow-bench --kernel NAME[,NAME...] [OPTIONS]
                                               time kernels over sizes ('all': every kernel)
  portaflow-bench --deck DECK [--set KEY.PATH=VALUE ...] [OPTIONS]
                                               time a deck's whole step (stable_time_step +
                                               advance) over mesh sizes, if built with the
                                               deck reader (see --version)
  portaflow-bench --check-fast-math [N]        the fast reciprocal and square root of the FV
                                               kernels against 1 / x and sqrt(x) on N values
                                               (default 1e8) on this backend; exit 3 if any
                                               differs
  portaflow-bench --help | --version

Sizes and timing:
  --sizes N[,N...]       cell counts: 1e4,1e5,1e6 or 2^20 (default 1e4,1e5,1e6,1e7). A kernel
                         rounds to its grid (2D: n x n, n = round(sqrt(N))); the JSON gives both.
  --repeats R            timed batches per size, the samples of the statistics (default 5)
  --steps S              steps per batch (default: as many as take --target-seconds)
  --target-seconds T     timed work per batch when --steps is not given (default 0.2)
  --warmup W             untimed steps before timing, at least (default 3; more until 0.02 s
                         have passed, so GPU clocks and caches are warm)
  --max-seconds-per-size X
                         cap on the timed work of one (kernel, size): steps per batch are cut
                         first (down to 1), then repeats; a size whose estimated single step
                         (scaled from the previous size) would break the cap is skipped and
                         recorded as skipped (default 0: no cap)

Ceilings (measured first whenever kernels are timed, in the same process):
  --ceiling              measure them (alone: measure and report only the ceilings)
  --no-ceiling           do not measure: roofline fractions are null
  --bandwidth-ceiling GB_PER_S --flop-ceiling GFLOP_PER_S
                         use these (e.g. from an earlier run's JSON) instead of measuring
  --stream-elements N    STREAM array length in doubles (default 2^27 on a GPU, 2^25 on a CPU:
                         far beyond the last-level cache)
  --ceiling-repeats R    timed runs of each STREAM kernel, best kept (default 10; the FMA
                         kernel runs min(R, 5) times per chain count)
  --fma-seconds T        length of one timed FMA run (default 0.1)

Output:
  --json FILE            write the results (JSON, schema portaflow-bench/1, see perf/README.md)
                         through a temporary file and a rename, after the ceilings and again
                         after every measurement ("complete": true once the run has ended), so
                         a run that is stopped keeps what it measured; '-' writes the JSON to
                         stdout at the end and the table to stderr
  --label TEXT           free text stored in the JSON (e.g. "omp16")
  --quiet                no table

Kokkos options (--kokkos-threads=N, --kokkos-device-id=N, ...) are passed to Kokkos.
OMP_NUM_THREADS sets the OpenMP threads; OMP_PROC_BIND=close and OMP_PLACES=cores are set
unless given. PORTAFLOW_COMMIT in the environment overrides the commit recorded (by default the
one this binary was built from).

What is measured, per (kernel, size): a batch of S steps between two Kokkos::fence() calls, R
times; the time per step of each batch is one sample. Reported: median, min, max, quartiles
and relative spread of the time per step; cell-updates/s = cells / median (and / min, "best");
effective GB/s = declared compulsory bytes per cell update x cell-updates/s; GFLOP/s likewise
with the declared flops; fractions of the measured bandwidth ceiling (max of STREAM triad and
copy) and flop ceiling (FMA kernel, in the build's precision); the roofline bound
min(bandwidth / bytes, flop rate / flops) in cell-updates/s and the fraction of it reached.

Exit codes: 0 success; 1 runtime error; 2 bad command line; 3 a benchmark is broken (a kernel
threw, or its state went non-finite or non-physical). A timing never fails a run.
)";

struct Options {
  bool help = false;
  bool version = false;
  bool list = false;
  bool list_names = false;
  bool ceiling = false;
  bool no_ceiling = false;
  bool quiet = false;
  long long check_fast_math = 0;  // values to check; 0: no check
  std::vector<std::string> kernels;
  std::vector<long long> sizes{10000, 100000, 1000000, 10000000};
  TimingOptions timing;
  CeilingOptions ceiling_options;
  std::optional<double> bandwidth_ceiling;
  std::optional<double> flop_ceiling;
  std::string json_path;
  std::string label;
  std::string deck;
  std::vector<std::string> deck_overrides;
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, ','))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

double parse_number(const std::string& option, const std::string& text) {
  // "2^N" for powers of two, otherwise anything strtod reads in full (1e6, 1000000, 0.5).
  const auto caret = text.find('^');
  if (caret != std::string::npos) {
    const double base = parse_number(option, text.substr(0, caret));
    const double exponent = parse_number(option, text.substr(caret + 1));
    return std::pow(base, exponent);
  }
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value))
    throw InputError(option + ": '" + text + "' is not a number");
  return value;
}

long long parse_count(const std::string& option, const std::string& text, long long minimum) {
  const double value = parse_number(option, text);
  if (value != std::floor(value) || value < static_cast<double>(minimum) || value > 9.0e18)
    throw InputError(option + ": '" + text +
                     "' must be a whole number >= " + std::to_string(minimum));
  return static_cast<long long>(value);
}

double parse_positive(const std::string& option, const std::string& text) {
  const double value = parse_number(option, text);
  if (!(value > 0)) throw InputError(option + ": '" + text + "' must be positive");
  return value;
}

Options parse_options(int argc, char** argv) {
  Options o;
  std::vector<std::string> args;
  for (int k = 1; k < argc; ++k) {
    if (std::strncmp(argv[k], "--kokkos-", 9) == 0) continue;  // Kokkos' own
    args.emplace_back(argv[k]);
  }
  for (std::size_t k = 0; k < args.size(); ++k) {
    std::string name = args[k];
    std::optional<std::string> inline_value;
    const auto equals = name.find('=');
    if (name.rfind("--", 0) == 0 && equals != std::string::npos) {
      inline_value = name.substr(equals + 1);
      name = name.substr(0, equals);
    }
    const auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (k + 1 >= args.size()) throw InputError(name + " needs a value; see --help");
      return args[++k];
    };
    const auto flag = [&] {
      if (inline_value) throw InputError(name + " takes no value");
    };
    if (name == "--help" || name == "-h") {
      o.help = true;
    } else if (name == "--version") {
      o.version = true;
    } else if (name == "--list") {
      flag();
      o.list = true;
    } else if (name == "--list-names") {
      flag();
      o.list_names = true;
    } else if (name == "--ceiling") {
      flag();
      o.ceiling = true;
    } else if (name == "--no-ceiling") {
      flag();
      o.no_ceiling = true;
    } else if (name == "--check-fast-math") {
      o.check_fast_math = 100000000;
      const bool has_value =
          inline_value || (k + 1 < args.size() && args[k + 1].rfind("--", 0) != 0);
      if (has_value) o.check_fast_math = parse_count(name, value(), 1);
    } else if (name == "--quiet") {
      flag();
      o.quiet = true;
    } else if (name == "--kernel" || name == "--kernels") {
      for (const std::string& n : split_commas(value())) o.kernels.push_back(n);
    } else if (name == "--sizes") {
      o.sizes.clear();
      for (const std::string& s : split_commas(value())) o.sizes.push_back(parse_count(name, s, 1));
      if (o.sizes.empty()) throw InputError("--sizes needs at least one size");
    } else if (name == "--repeats") {
      o.timing.repeats = static_cast<int>(parse_count(name, value(), 1));
    } else if (name == "--steps") {
      o.timing.steps = parse_count(name, value(), 1);
    } else if (name == "--target-seconds") {
      o.timing.target_seconds = parse_positive(name, value());
    } else if (name == "--warmup") {
      o.timing.warmup_steps = parse_count(name, value(), 0);
    } else if (name == "--max-seconds-per-size") {
      o.timing.max_seconds = parse_number(name, value());
      if (o.timing.max_seconds < 0) throw InputError(name + " must be >= 0");
    } else if (name == "--bandwidth-ceiling") {
      o.bandwidth_ceiling = parse_positive(name, value());
    } else if (name == "--flop-ceiling") {
      o.flop_ceiling = parse_positive(name, value());
    } else if (name == "--stream-elements") {
      o.ceiling_options.stream_elements = parse_count(name, value(), 1024);
    } else if (name == "--ceiling-repeats") {
      o.ceiling_options.repeats = static_cast<int>(parse_count(name, value(), 1));
      o.ceiling_options.fma_repeats = std::min(5, o.ceiling_options.repeats);
    } else if (name == "--fma-seconds") {
      o.ceiling_options.fma_target_seconds = parse_positive(name, value());
    } else if (name == "--json") {
      o.json_path = value();
    } else if (name == "--label") {
      o.label = value();
    } else if (name == "--deck") {
      o.deck = value();
    } else if (name == "--set") {
      o.deck_overrides.push_back(value());
    } else {
      throw InputError("unknown option '" + args[k] + "'; see --help");
    }
  }
  if (o.bandwidth_ceiling.has_value() != o.flop_ceiling.has_value())
    throw InputError("--bandwidth-ceiling and --flop-ceiling go together");
  if (o.bandwidth_ceiling && (o.ceiling || o.no_ceiling))
    throw InputError("given ceilings exclude --ceiling and --no-ceiling");
  if (o.ceiling && o.no_ceiling) throw InputError("--ceiling and --no-ceiling exclude each other");
  if (!o.deck_overrides.empty() && o.deck.empty()) throw InputError("--set needs --deck");
  return o;
}

std::string version_text() {
  const BuildInfo& b = build_info();
  std::string text = "portaflow-bench " + b.version + " (commit " + b.commit +
                     (b.tree_dirty ? ", modified tree" : "") + "; Kokkos " +
                     std::to_string(KOKKOS_VERSION / 10000) + "." +
                     std::to_string(KOKKOS_VERSION / 100 % 100) + "." +
                     std::to_string(KOKKOS_VERSION % 100) + ", backend " + backend_name() +
                     ", precision " + kPrecisionName + "; " + b.compiler + " " + b.build_type;
#if defined(PORTAFLOW_BENCH_HAVE_DECK)
  text += "; --deck available";
#else
  text += "; built without the deck reader: no --deck";
#endif
  return text + ")";
}

void list_kernels(std::ostream& out) {
  out << "Registered kernels (--kernel NAME), precision " << kPrecisionName << ":\n";
  for (const BenchKernel& k : registered_kernels()) {
    out << "  " << k.name << "  [scheme " << k.scheme << ", variant " << k.variant << "]  "
        << k.bytes_per_cell_update << " B and " << k.flops_per_cell_update
        << " flop per cell update\n      " << k.description << "\n";
  }
}

// The kernels named on the command line, in that order ('all' expands to every one).
std::vector<BenchKernel> selected_kernels(const Options& o) {
  std::vector<BenchKernel> chosen;
  for (const std::string& name : o.kernels) {
    if (name == "all") {
      for (const BenchKernel& k : registered_kernels())
        if (k.variant != "deck") chosen.push_back(k);
      continue;
    }
    const BenchKernel* kernel = find_kernel(name);
    if (!kernel) {
      std::string known;
      for (const BenchKernel& k : registered_kernels()) known += " " + k.name;
      throw InputError("no kernel called '" + name + "'; registered:" + known);
    }
    chosen.push_back(*kernel);
  }
  return chosen;
}

// Times one kernel over every size; `saved` is called after each record.
void run_kernel(const BenchKernel& kernel, const Options& o,
                const std::optional<Ceilings>& ceilings, std::ostream& table,
                std::vector<Record>& records, const std::function<void()>& saved) {
  std::optional<Measurement> previous;  // the latest measured size, for the time-cap estimate
  for (const long long cells : o.sizes) {
    Record r;
    r.kernel = kernel;
    r.kernel.make = nullptr;  // records outlive nothing they need to build
    r.requested_cells = cells;
    if (o.timing.max_seconds > 0 && previous) {
      const Measurement& p = *previous;
      const double estimate = p.summary.median * static_cast<double>(cells) /
                              static_cast<double>(p.cell_updates_per_step);
      const double warmup_and_one = estimate * static_cast<double>(o.timing.warmup_steps + 1);
      if (warmup_and_one > o.timing.max_seconds) {
        r.status = "skipped";
        r.note = "estimated " + std::to_string(estimate) +
                 " s per step: warm-up and one step would exceed --max-seconds-per-size";
        table << record_line(r, ceilings) << std::flush;
        records.push_back(std::move(r));
        saved();
        continue;
      }
    }
    std::unique_ptr<BenchCase> bench_case;
    try {
      const Timer setup;
      bench_case = kernel.make(cells);
      r.setup_seconds = setup.fence_and_elapsed();
      r.measurement = measure(*bench_case, o.timing);
      r.healthy = bench_case->healthy();
      if (!r.healthy) {
        r.status = "failed";
        r.note = "the state is not healthy after the run (NaN or non-physical)";
      }
    } catch (const std::bad_alloc& e) {
      // Out of (device) memory at this size is a limit of the machine, not a broken benchmark.
      r.status = "skipped";
      r.note = std::string("allocation failed: ") + e.what();
      r.measurement.reset();
    } catch (const InputError&) {
      throw;
    } catch (const std::exception& e) {
      r.status = "failed";
      r.note = e.what();
      r.measurement.reset();
    }
    bench_case.reset();  // free its memory before the next size
    table << record_line(r, ceilings) << std::flush;
    records.push_back(std::move(r));
    if (records.back().measurement) previous = records.back().measurement;
    saved();
  }
}

std::string joined_command_line(int argc, char** argv) {
  std::string text;
  for (int k = 0; k < argc; ++k) text += (k ? " " : "") + std::string(argv[k]);
  return text;
}

int run(const Options& o, const std::string& command_line) {
  std::vector<BenchKernel> kernels = selected_kernels(o);
#if defined(PORTAFLOW_BENCH_HAVE_DECK)
  if (!o.deck.empty()) kernels.push_back(make_deck_kernel(o.deck, o.deck_overrides));
#else
  if (!o.deck.empty())
    throw InputError("this portaflow-bench was built without the deck reader: --deck unavailable");
#endif
  if (kernels.empty() && !o.ceiling)
    throw InputError("nothing to do: give --ceiling, --kernel NAME or --deck DECK (see --help)");

  std::ostream& table = o.json_path == "-" ? std::cerr : std::cout;
  std::ostringstream discard;
  std::ostream& out = o.quiet ? discard : table;

  RunReport report;
  report.build = build_info();
  report.commit = reported_commit(&report.commit_source);
  report.date = utc_now_iso8601();
  report.label = o.label;
  report.command_line = command_line;
  report.system = query_system();
  out << version_text() << "\n"
      << "host " << report.system.host_name << ", device " << report.system.device << ", "
      << report.date << "\n";

  if (o.bandwidth_ceiling) {
    Ceilings given;
    given.source = "command line";
    given.bandwidth_gb_per_s = *o.bandwidth_ceiling;
    given.flop_gflop_per_s = *o.flop_ceiling;
    report.ceilings = given;
  } else if (!o.no_ceiling) {
    report.ceilings = measure_ceilings(o.ceiling_options);
  }
  if (report.ceilings) out << ceilings_text(*report.ceilings) << std::flush;

  // The results file is rewritten after the ceilings and after every record ("complete": false
  // until the end), so a run stopped by a time limit keeps what it measured.
  const bool to_file = !o.json_path.empty() && o.json_path != "-";
  const auto save = [&] {
    if (to_file) write_file_atomically(o.json_path, results_json(report));
  };
  save();
  if (!kernels.empty()) out << record_header();
  for (const BenchKernel& kernel : kernels)
    run_kernel(kernel, o, report.ceilings, out, report.records, save);

  bool broken = false;
  for (const Record& r : report.records) broken = broken || r.status == "failed";
  report.complete = true;
  if (to_file) {
    save();
    out << "results written to " << o.json_path << "\n";
  } else if (o.json_path == "-") {
    std::cout << results_json(report);
  }
  if (broken) {
    std::cerr << "portaflow-bench: a benchmark is broken (a kernel failed or went non-finite); "
                 "see the 'failed' rows above\n";
    return static_cast<int>(ExitCode::kNonPhysical);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Options options = parse_options(argc, argv);
    if (options.help) {
      std::cout << kUsage;
      return 0;
    }
    if (options.version) {
      std::cout << version_text() << "\n";
      return 0;
    }
    if (options.list) {
      list_kernels(std::cout);
      return 0;
    }
    if (options.list_names) {
      for (const BenchKernel& k : registered_kernels()) std::cout << k.name << "\n";
      return 0;
    }
    // Pinned threads unless the user chose otherwise: close/cores keeps a strong-scaling sweep
    // on the first cores of one socket, one thread per core.
    setenv("OMP_PROC_BIND", "close", /*overwrite=*/0);
    setenv("OMP_PLACES", "cores", 0);
    portaflow::configure_host_subnormals();  // float builds (core/floating_point.hpp)
    Kokkos::ScopeGuard kokkos(argc, argv);
    if (options.check_fast_math > 0) {
      const FastMathCheck c = check_fast_math(options.check_fast_math, std::cout);
      const bool alike = c.reciprocal_mismatches == 0 && c.sqrt_mismatches == 0;
      return static_cast<int>(alike ? ExitCode::kSuccess : ExitCode::kNonPhysical);
    }
    return run(options, joined_command_line(argc, argv));
  } catch (const Error& e) {
    std::cerr << "portaflow-bench: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::cerr << "portaflow-bench: internal error: " << e.what() << "\n";
    return static_cast<int>(ExitCode::kRuntimeError);
  }
}
