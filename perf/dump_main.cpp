// portaflow-dump: runs a deck without output files and writes its final state at full
// precision; times the whole run (solver construction with its allocations and the initial
// host-to-device copy, every step with its dt read-back, the final copy back), as the CE/SE
// thesis timed its runs (sec. 5.2.2: "all memory transfers and allocations have been included").
// Used on the GPU node, which has no VTK: the same deck on CUDA and on OpenMP, compared digit by
// digit (perf/compare_dumps.py), and the thesis' timing setups.
//
//   portaflow-dump DECK OUT.csv [--steps N] [--set key=value ...]
// Prints one JSON line: deck, backend, precision, cells, steps, t, seconds, cell-updates/s, and
// the whole run's three parts: set-up (solver construction with the initial copy), the steps
// (each with its dt read-back), the snapshot (copy back and primitive variables); for problems
// with an exact solution also l2_density_error (perf/work_unit_study.py's accuracy): the
// element methods' pointwise L2 over their Gauss rule, else the RMS over cells of the cell value
// against the exact density at the cell centre (how those schemes' decks set their initial data).
// OUT.csv "-" writes no file (the studies need only the line).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/floating_point.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/scheme_registry.hpp"
#include "portaflow/schemes/solver.hpp"

namespace {

using namespace portaflow;

// The L2 density error against the exact solution (see the header), or -1 where there is none.
double l2_density_error(const RunConfig& config, const Solver& solver,
                        const SolutionSnapshot& snap) {
  if (!has_exact_solution(config.problem)) return -1;
  if (snap.elements) {
    for (const auto& [name, value] : solver.exact_errors())
      if (name.find("pointwise") != std::string::npos) return value;
    return -1;
  }
  if (snap.dimension != 2) return -1;
  const HostField* density = nullptr;
  for (const auto& f : snap.fields)
    if (f.name == "rho") density = &f;
  if (!density) return -1;
  const auto& rho = density->values;
  const std::size_t nx = snap.edges[0].size() - 1, ny = snap.edges[1].size() - 1;
  double sum = 0;
  for (std::size_t j = 0; j < ny; ++j)
    for (std::size_t i = 0; i < nx; ++i) {
      const double x = 0.5 * (snap.edges[0][i] + snap.edges[0][i + 1]);
      const double y = 0.5 * (snap.edges[1][j] + snap.edges[1][j + 1]);
      const double e = rho[j * nx + i] - exact_primitive(config.problem, config.mesh,
                                                         config.physics.gamma, x, y, snap.time)[0];
      sum += e * e;
    }
  return std::sqrt(sum / static_cast<double>(nx * ny));
}

void write_dump(const std::string& file, const SolutionSnapshot& snap);

int run(int argc, char** argv) {
  std::vector<std::string> positional, overrides;
  long long steps = -1;
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a.rfind("--kokkos-", 0) == 0) continue;
    if (a == "--steps" && k + 1 < argc) {
      steps = std::stoll(argv[++k]);
    } else if (a == "--set" && k + 1 < argc) {
      overrides.emplace_back(argv[++k]);
    } else if (a == "--help" || a == "-h") {
      std::cout
          << "usage: portaflow-dump DECK OUT.csv [--steps N] [--set key=value ...]\n"
             "Runs DECK (N steps, or to time.t_end), writes x,y,rho,u,v,p per cell with\n"
             "17 significant digits to OUT.csv, prints a JSON line with the whole-run time.\n";
      return 0;
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() != 2)
    throw InputError("usage: portaflow-dump DECK OUT.csv [--steps N] [--set k=v]");
  DeckReader deck = DeckReader::from_file(positional[0], overrides);
  const RunConfig config = read_run_config(deck);
  if (config.time.march != MarchKind::kTimeAccurate)
    throw InputError(positional[0] + ": portaflow-dump runs time-accurate decks only");

  Kokkos::fence();
  const auto start = std::chrono::steady_clock::now();
  auto solver = make_solver(config);
  const auto set_up = std::chrono::steady_clock::now();
  long long done = 0;
  const double t_end = config.time.t_end;
  while ((steps < 0 && solver->time() < t_end * (1 - 1e-12)) || (steps >= 0 && done < steps)) {
    const double limit =
        steps < 0 ? t_end - solver->time() : std::numeric_limits<double>::infinity();
    const double dt = solver->step(limit);
    if (!(dt > 0))
      throw Error("non-physical state after step " + std::to_string(done), ExitCode::kNonPhysical);
    ++done;
  }
  Kokkos::fence();
  const auto stepped = std::chrono::steady_clock::now();
  const SolutionSnapshot snap = solver->snapshot();  // includes the copy back to the host
  const auto end = std::chrono::steady_clock::now();
  const auto between = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
  const double seconds = between(start, end);

  const double error = l2_density_error(config, *solver, snap);
  if (positional[1] != "-") write_dump(positional[1], snap);
  std::printf(
      "{\"deck\": \"%s\", \"backend\": \"%s\", \"precision\": \"%s\", \"threads\": %d, "
      "\"cells\": %lld, \"steps\": %lld, \"time\": %.17g, \"seconds\": %.6g, "
      "\"cell_updates_per_second\": %.6g, \"setup_seconds\": %.6g, \"steps_seconds\": %.6g, "
      "\"snapshot_seconds\": %.6g, \"l2_density_error\": %.6g}\n",
      positional[0].c_str(), backend_name(), kPrecisionName, ExecSpace().concurrency(),
      solver->cell_count(), done, solver->time(), seconds,
      seconds > 0 ? solver->cell_count() * done / seconds : 0.0, between(start, set_up),
      between(set_up, stepped), between(stepped, end), error);
  return 0;
}

// x, y and the point (element methods) or cell fields at full precision.
void write_dump(const std::string& file, const SolutionSnapshot& snap) {
  std::ofstream out(file);
  // High-order runs: every output point of every element (their point fields); else cell centres.
  const bool elements = snap.elements.has_value();
  const auto& fields = elements ? snap.elements->point_fields : snap.fields;
  const int nx = elements ? 0 : static_cast<int>(snap.edges[0].size()) - 1;
  out << "x,y";
  for (const auto& f : fields) out << "," << f.name;
  out << "\n";
  char text[40];
  for (std::size_t k = 0; k < fields[0].values.size(); ++k) {
    double x = 0, y = 0;
    if (elements) {
      x = snap.elements->points[3 * k];
      y = snap.elements->points[3 * k + 1];
    } else {
      const int i = static_cast<int>(k % nx), j = static_cast<int>(k / nx);
      x = 0.5 * (snap.edges[0][i] + snap.edges[0][i + 1]);
      y = snap.dimension > 1 ? 0.5 * (snap.edges[1][j] + snap.edges[1][j + 1]) : 0.0;
    }
    std::snprintf(text, sizeof text, "%.17g,%.17g", x, y);
    out << text;
    for (const auto& f : fields) {
      std::snprintf(text, sizeof text, ",%.17g", f.values[k]);
      out << text;
    }
    out << "\n";
  }
  if (!out) throw Error("could not write " + file);
}

}  // namespace

int main(int argc, char** argv) {
  portaflow::configure_host_subnormals();  // float builds (core/floating_point.hpp)
  Kokkos::ScopeGuard kokkos(argc, argv);
  try {
    return run(argc, argv);
  } catch (const portaflow::Error& e) {
    std::cerr << "portaflow-dump: " << e.what() << "\n";
    return static_cast<int>(e.code());
  }
}
