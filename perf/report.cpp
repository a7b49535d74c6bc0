#include "perf/report.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "perf/json_writer.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/types.hpp"

namespace portaflow::bench {

Figures derive_figures(const Record& record, const std::optional<Ceilings>& ceilings) {
  Figures f;
  if (!record.measurement) return f;
  const Measurement& m = *record.measurement;
  const auto cells = static_cast<double>(m.cell_updates_per_step);
  f.cell_updates_per_s = cells / m.summary.median;
  f.cell_updates_per_s_best = cells / m.summary.min;
  const double bytes = record.kernel.bytes_per_cell_update;
  const double flops = record.kernel.flops_per_cell_update;
  if (bytes > 0) f.effective_gb_per_s = bytes * f.cell_updates_per_s / 1e9;
  if (flops > 0) f.gflop_per_s = flops * f.cell_updates_per_s / 1e9;
  if (!ceilings) return f;
  std::optional<double> bandwidth_bound, flop_bound;  // cell-updates/s
  if (bytes > 0 && ceilings->bandwidth_gb_per_s > 0) {
    f.fraction_of_bandwidth_ceiling = *f.effective_gb_per_s / ceilings->bandwidth_gb_per_s;
    bandwidth_bound = ceilings->bandwidth_gb_per_s * 1e9 / bytes;
  }
  if (flops > 0 && ceilings->flop_gflop_per_s > 0) {
    f.fraction_of_flop_ceiling = *f.gflop_per_s / ceilings->flop_gflop_per_s;
    flop_bound = ceilings->flop_gflop_per_s * 1e9 / flops;
  }
  if (bandwidth_bound && (!flop_bound || *bandwidth_bound <= *flop_bound)) {
    f.roofline_bound_cell_updates_per_s = bandwidth_bound;
    f.roofline_bound_by = "bandwidth";
  } else if (flop_bound) {
    f.roofline_bound_cell_updates_per_s = flop_bound;
    f.roofline_bound_by = "flops";
  }
  if (f.roofline_bound_cell_updates_per_s)
    f.fraction_of_roofline = f.cell_updates_per_s / *f.roofline_bound_cell_updates_per_s;
  return f;
}

namespace {

std::optional<double> positive_or_null(double x) {
  return x > 0 ? std::optional<double>(x) : std::nullopt;
}

void write_ceilings(JsonWriter& json, const Ceilings& c) {
  json.begin_object();
  json.field("source", c.source);
  json.field("bandwidth_gb_per_s", c.bandwidth_gb_per_s);
  json.field("flop_gflop_per_s", c.flop_gflop_per_s);
  json.field("flop_precision", kPrecisionName);
  if (c.source == "measured") {
    json.field("bandwidth_rule",
               "max(triad, copy, library copy), best of repeats; STREAM byte counting");
    json.field("stream_elements", c.stream_elements);
    json.field("stream_array_bytes", c.stream_elements * 8);
    json.field("repeats", c.repeats);
    const auto write_stream = [&json](const char* name, const StreamResult& s) {
      json.key(name).begin_object();
      json.field("gb_per_s", s.best_gb_per_s);
      json.field("gb_per_s_median", s.median_gb_per_s);
      json.field("bytes_per_element", s.bytes_per_element);
      json.end_object();
    };
    write_stream("triad", c.triad);
    write_stream("copy", c.copy);
    write_stream("library_copy", c.library_copy);
    json.key("fma").begin_object();
    json.field("gflop_per_s", c.fma.best_gflop_per_s);
    json.field("flops_per_multiply_add", 2);
    json.field("chains_per_thread", c.fma.chains);
    json.field("threads", c.fma.threads);
    json.field("iterations", c.fma.iterations);
    json.field("checksum", c.fma.checksum);
    json.key("gflop_per_s_by_chains").begin_object();
    for (std::size_t k = 0; k < c.fma.gflop_per_s_by_chains.size(); ++k)
      json.field(std::to_string(kFmaChainCounts[k]), c.fma.gflop_per_s_by_chains[k]);
    json.end_object();
    json.end_object();
  }
  json.end_object();
}

void write_record(JsonWriter& json, const Record& r, const std::optional<Ceilings>& ceilings) {
  json.begin_object();
  json.field("kernel", r.kernel.name);
  json.field("scheme", r.kernel.scheme);
  json.field("variant", r.kernel.variant);
  json.field("description", r.kernel.description);
  json.field("status", r.status);
  json.field("note", r.note);
  json.field("requested_cells", r.requested_cells);
  json.optional_field("bytes_per_cell_update", positive_or_null(r.kernel.bytes_per_cell_update));
  json.optional_field("flops_per_cell_update", positive_or_null(r.kernel.flops_per_cell_update));
  if (!r.measurement) {
    json.key("cells").null_value();
    json.end_object();
    return;
  }
  const Measurement& m = *r.measurement;
  const Figures f = derive_figures(r, ceilings);
  json.field("cells", m.cell_updates_per_step);
  json.field("healthy", r.healthy);
  json.field("setup_seconds", r.setup_seconds);
  json.field("warmup_steps", m.warmup_steps);
  json.field("steps", m.steps);
  json.field("repeats", m.repeats);
  json.field("limited_by_time_cap", m.limited_by_time_cap);
  json.key("seconds_per_step").begin_object();
  json.field("median", m.summary.median);
  json.field("min", m.summary.min);
  json.field("max", m.summary.max);
  json.field("q1", m.summary.q1);
  json.field("q3", m.summary.q3);
  json.field("mean", m.summary.mean);
  json.field("relative_iqr", m.summary.relative_iqr);
  json.field("relative_spread", m.summary.relative_spread);
  json.key("samples").begin_array();
  for (const double t : m.seconds_per_step) json.value(t);
  json.end_array();
  json.end_object();
  json.field("cell_updates_per_s", f.cell_updates_per_s);
  json.field("cell_updates_per_s_best", f.cell_updates_per_s_best);
  json.optional_field("effective_gb_per_s", f.effective_gb_per_s);
  json.optional_field("gflop_per_s", f.gflop_per_s);
  json.optional_field("fraction_of_bandwidth_ceiling", f.fraction_of_bandwidth_ceiling);
  json.optional_field("fraction_of_flop_ceiling", f.fraction_of_flop_ceiling);
  json.optional_field("roofline_bound_cell_updates_per_s", f.roofline_bound_cell_updates_per_s);
  json.key("roofline_bound_by");
  if (f.roofline_bound_by.empty()) {
    json.null_value();
  } else {
    json.value(f.roofline_bound_by);
  }
  json.optional_field("fraction_of_roofline", f.fraction_of_roofline);
  json.end_object();
}

}  // namespace

std::string results_json(const RunReport& report) {
  JsonWriter json(2);
  json.begin_object();
  json.field("schema", "portaflow-bench/1");
  json.key("tool").begin_object();
  json.field("name", "portaflow-bench");
  json.field("version", report.build.version);
  json.field("commit", report.commit);
  json.field("commit_source", report.commit_source);
  json.field("tree_dirty", report.build.tree_dirty);
  json.field("compiler", report.build.compiler);
  json.field("build_type", report.build.build_type);
  json.field("cxx_flags", report.build.cxx_flags);
  json.field("kokkos_devices", report.build.kokkos_devices);
  json.field("kokkos_arch", report.build.kokkos_arch);
  json.end_object();
  json.field("date", report.date);
  json.field("complete", report.complete);
  json.field("label", report.label);
  json.field("command_line", report.command_line);

  const SystemInfo& s = report.system;
  json.key("host").begin_object();
  json.field("name", s.host_name);
  json.field("cpu_model", s.cpu_model);
  json.field("logical_cpus", s.logical_cpus);
  json.end_object();
  json.key("backend").begin_object();
  json.field("name", s.backend);
  json.field("device", s.device);
  json.field("concurrency", s.concurrency);
  json.field("omp_num_threads", s.omp_num_threads);
  json.field("omp_proc_bind", s.omp_proc_bind);
  json.field("omp_places", s.omp_places);
  json.end_object();
  json.key("gpu");
  if (s.has_cuda && !s.gpu_name.empty()) {
    json.begin_object();
    json.field("name", s.gpu_name);
    json.field("compute_capability", std::to_string(s.compute_capability_major) + "." +
                                         std::to_string(s.compute_capability_minor));
    json.field("memory_bytes", s.gpu_memory_bytes);
    json.field("multiprocessors", s.multiprocessors);
    json.field("theoretical_bandwidth_gb_per_s", s.gpu_theoretical_bandwidth_gb_per_s);
    json.end_object();
  } else {
    json.null_value();
  }
  json.key("versions").begin_object();
  json.field("kokkos", s.kokkos_version);
  json.optional_field("cuda_runtime_compiled", positive_or_null(s.cuda_runtime_compiled));
  json.optional_field("cuda_runtime", positive_or_null(s.cuda_runtime));
  json.optional_field("cuda_driver", positive_or_null(s.cuda_driver));
  json.end_object();
  json.field("precision", kPrecisionName);
  json.field("real_bytes", static_cast<int>(sizeof(Real)));

  json.key("ceilings");
  if (report.ceilings) {
    write_ceilings(json, *report.ceilings);
  } else {
    json.null_value();
  }
  json.key("records").begin_array();
  for (const Record& r : report.records) write_record(json, r, report.ceilings);
  json.end_array();
  json.end_object();
  return json.str();
}

void write_file_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const fs::path temporary =
      folder / ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()));
  const std::string failure = "could not write '" + path + "': ";
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out) throw Error(failure + "cannot create a temporary file in '" + folder.string() + "'");
    out << text;
    out.close();
    if (!out) {
      std::remove(temporary.c_str());
      throw Error(failure + "writing the temporary file failed (disk full?)");
    }
  }
  // Flush to disk before the rename, so a crash leaves the old file or the new, never an empty one.
  const int descriptor = ::open(temporary.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor >= 0) {
    ::fsync(descriptor);
    ::close(descriptor);
  }
  if (std::rename(temporary.c_str(), target.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    throw Error(failure + "renaming the temporary file failed: " + reason);
  }
}

namespace {

std::string format(const char* pattern, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* pattern, ...) {
  char text[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(text, sizeof text, pattern, args);
  va_end(args);
  return text;
}

std::string percent(const std::optional<double>& fraction) {
  return fraction ? format("%5.1f%%", 100.0 * *fraction) : std::string("     -");
}

}  // namespace

std::string ceilings_text(const Ceilings& c) {
  if (c.source != "measured") {
    return format("ceilings (%s): bandwidth %.1f GB/s, %s rate %.1f GFLOP/s\n", c.source.c_str(),
                  c.bandwidth_gb_per_s, kPrecisionName, c.flop_gflop_per_s);
  }
  return format(
      "ceilings (measured, %lld doubles per array = %.0f MiB): triad %.1f GB/s (median %.1f), copy "
      "%.1f GB/s (median %.1f), library copy %.1f GB/s; bandwidth ceiling %.1f GB/s\n"
      "ceilings: %s multiply-add %.1f GFLOP/s (%d chains x %lld threads x %lld iterations)\n",
      c.stream_elements, static_cast<double>(c.stream_elements) * 8.0 / (1 << 20),
      c.triad.best_gb_per_s, c.triad.median_gb_per_s, c.copy.best_gb_per_s, c.copy.median_gb_per_s,
      c.library_copy.best_gb_per_s, c.bandwidth_gb_per_s, kPrecisionName, c.fma.best_gflop_per_s,
      c.fma.chains, c.fma.threads, c.fma.iterations);
}

std::string record_header() {
  return format("%-22s %11s %13s %11s %7s %11s %9s %6s %6s %6s\n", "kernel", "cells",
                "steps x reps", "s/step", "IQR", "Mcell/s", "GB/s", "%bw", "%flop", "%roof");
}

std::string record_line(const Record& r, const std::optional<Ceilings>& ceilings) {
  if (!r.measurement) {
    return format("%-22s %11lld  %s: %s\n", r.kernel.name.c_str(), r.requested_cells,
                  r.status.c_str(), r.note.c_str());
  }
  const Measurement& m = *r.measurement;
  const Figures f = derive_figures(r, ceilings);
  const std::string steps = format("%lld x %d", m.steps, m.repeats);
  return format("%-22s %11lld %13s %11.4g %6.1f%% %11.1f %9s %6s %6s %6s%s\n",
                r.kernel.name.c_str(), m.cell_updates_per_step, steps.c_str(), m.summary.median,
                100.0 * m.summary.relative_iqr, f.cell_updates_per_s / 1e6,
                f.effective_gb_per_s ? format("%.1f", *f.effective_gb_per_s).c_str() : "-",
                percent(f.fraction_of_bandwidth_ceiling).c_str(),
                percent(f.fraction_of_flop_ceiling).c_str(),
                percent(f.fraction_of_roofline).c_str(),
                r.healthy ? "" : "  UNHEALTHY (NaN or non-physical state)");
}

}  // namespace portaflow::bench
