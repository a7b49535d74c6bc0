#include "thread_defaults.hpp"

#include <sched.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#ifdef KOKKOS_ENABLE_OPENMP
#include <omp.h>
#endif

#include "portaflow/core/types.hpp"

namespace portaflow::app {

namespace {

// Set in the environment by the first start: which defaults it applied ("wait bind small=N").
// Its presence means "already applied", so the second start does not start a third.
constexpr const char* kApplied = "PORTAFLOW_THREAD_DEFAULTS";

bool threads_on_command_line(int argc, char** argv) {
  for (int k = 1; k < argc; ++k)
    if (!std::strncmp(argv[k], "--kokkos-threads", 16) ||
        !std::strncmp(argv[k], "--kokkos-num-threads", 20))
      return true;
  return false;
}

bool has(const std::string& applied, const std::string& word) {
  return (" " + applied + " ").find(" " + word) != std::string::npos;
}

#ifdef KOKKOS_ENABLE_OPENMP
// With OMP_PROC_BIND pinning, libgomp bound this, the initial thread, to the first place when the
// program was loaded, and a started program inherits that place's processors as all it may run
// on: its threads would all share one core. Before starting again, the thread gets back every
// processor of every place (the places were built from the processors the program was given).
void unbind_for_restart() {
  const int places = omp_get_num_places();
  if (places <= 0) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int place = 0; place < places; ++place) {
    std::vector<int> ids(static_cast<std::size_t>(omp_get_place_num_procs(place)));
    omp_get_place_proc_ids(place, ids.data());
    for (const int id : ids)
      if (id >= 0 && id < CPU_SETSIZE) CPU_SET(id, &set);
  }
  sched_setaffinity(0, sizeof(set), &set);
}
#endif

}  // namespace

void apply_thread_defaults(int argc, char** argv, long long problem_cells,
                           long long one_thread_cells) {
#ifdef KOKKOS_ENABLE_OPENMP
  if (std::getenv(kApplied)) return;
  std::string applied;
  auto by_default = [&](const char* name, const char* value, const std::string& word) {
    if (std::getenv(name)) return;
    setenv(name, value, 1);
    applied += (applied.empty() ? "" : " ") + word;
  };
  by_default("OMP_WAIT_POLICY", "passive", "wait");
  by_default("OMP_PROC_BIND", "false", "bind");
  if (problem_cells > 0 && problem_cells <= one_thread_cells &&
      !threads_on_command_line(argc, argv))
    by_default("OMP_NUM_THREADS", "1", "small=" + std::to_string(problem_cells));
  setenv(kApplied, applied.empty() ? "none" : applied.c_str(), 1);
  if (applied.empty()) return;
  unbind_for_restart();
  execv("/proc/self/exe", argv);
  // No /proc (or no permission): run on under the environment the program was loaded with.
  setenv(kApplied, "unapplied", 1);
#else
  static_cast<void>(argc);
  static_cast<void>(argv);
  static_cast<void>(problem_cells);
  static_cast<void>(one_thread_cells);
#endif
}

std::string thread_report() {
#ifdef KOKKOS_ENABLE_OPENMP
  const char* env = std::getenv(kApplied);
  const std::string applied = env ? env : "";
  const int threads = Kokkos::OpenMP::concurrency();
  const unsigned cores = std::thread::hardware_concurrency();
  std::string line = "threads: " + std::to_string(threads) + " OpenMP thread" +
                     (threads == 1 ? "" : "s") + " on " + std::to_string(cores) + " cores";
  const std::size_t small = applied.find("small=");
  if (small != std::string::npos)
    line += " (the problem's " + applied.substr(small + 6, applied.find(' ', small) - small - 6) +
            " cells run fastest on one)";
  const char* bind = std::getenv("OMP_PROC_BIND");
  const char* wait = std::getenv("OMP_WAIT_POLICY");
  line += std::string(", ") + (bind && std::strcmp(bind, "false") ? "pinned" : "not pinned") +
          ", " + (wait ? wait : "libgomp's default") + " waiting";
  if (applied == "unapplied")
    return line +
           "; the defaults could not be applied (no /proc/self/exe): set OMP_NUM_THREADS, "
           "OMP_PROC_BIND=false and OMP_WAIT_POLICY=passive yourself";
  return line + (has(applied, "wait") || has(applied, "bind") || small != std::string::npos
                     ? " (defaults; set OMP_NUM_THREADS, OMP_PROC_BIND, OMP_WAIT_POLICY to choose)"
                     : " (as set in the environment)");
#else
  return "";
#endif
}

}  // namespace portaflow::app
