// The figures of a run, derived from the measurements and the ceilings in one place, and their
// two outputs: a line per measurement on the terminal and the JSON results file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "perf/bench_registry.hpp"
#include "perf/ceilings.hpp"
#include "perf/measurement.hpp"
#include "perf/system_info.hpp"

namespace portaflow::bench {

// One (kernel, size) of a run.
struct Record {
  BenchKernel kernel;  // a copy: name, declared bytes and flops
  long long requested_cells = 0;
  std::string status = "ok";  // "ok", "skipped" (time cap, out of memory), "failed"
  std::string note;           // why skipped or failed
  double setup_seconds = 0;   // allocation and initialisation, not in the timings
  std::optional<Measurement> measurement;
  bool healthy = true;  // BenchCase::healthy() after timing
};

// Everything derived from one measurement. Rates use the median time per step; *_best the
// fastest repeat. Figures that need a ceiling or a declared byte/flop count are empty without.
struct Figures {
  double cell_updates_per_s = 0;
  double cell_updates_per_s_best = 0;
  std::optional<double> effective_gb_per_s;  // bytes_per_cell_update x cell-updates/s
  std::optional<double> gflop_per_s;         // flops_per_cell_update x cell-updates/s
  std::optional<double> fraction_of_bandwidth_ceiling;
  std::optional<double> fraction_of_flop_ceiling;
  std::optional<double> roofline_bound_cell_updates_per_s;  // min(bw / bytes, flops_rate / flops)
  std::string roofline_bound_by;                            // "bandwidth" or "flops"
  std::optional<double> fraction_of_roofline;
};
Figures derive_figures(const Record& record, const std::optional<Ceilings>& ceilings);

struct RunReport {
  BuildInfo build;
  std::string commit;
  std::string commit_source;
  std::string date;
  std::string label;
  std::string command_line;
  SystemInfo system;
  std::optional<Ceilings> ceilings;
  std::vector<Record> records;
  bool complete = false;  // false while the run is still going (the file is rewritten after each
                          // record, so a run that is killed leaves what it measured)
};

// The JSON document (schema "portaflow-bench/1"; perf/README.md describes every field).
std::string results_json(const RunReport& report);

// Writes `text` to `path` through a temporary file in the same folder and a rename, so a reader
// never sees half a file. Throws portaflow::Error naming the path.
void write_file_atomically(const std::string& path, const std::string& text);

// Terminal lines.
std::string ceilings_text(const Ceilings& ceilings);
std::string record_line(const Record& record, const std::optional<Ceilings>& ceilings);
std::string record_header();

}  // namespace portaflow::bench
