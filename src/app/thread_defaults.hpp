// OpenMP defaults that stay fast on a shared or busy machine. libgomp reads its environment when
// the program is loaded, before main, so a default that differs from what the user's environment
// says is applied by starting the program again with it (execv of /proc/self/exe).
#pragma once

#include <string>

namespace portaflow::app {

// Called first in main for `portaflow run`. Unless the user set them: OMP_WAIT_POLICY=passive
// (threads sleep at barriers instead of spinning: a spinning thread that shares its core with
// another process slows every step to the scheduler's time slice), OMP_PROC_BIND=false (no
// pinning: the system moves threads off a busy core), and OMP_NUM_THREADS=1 for problems too
// small to gain from a second thread (at most `one_thread_cells` cells: the scheme's measured
// limit, schemes/scheme_descriptor.hpp). Returns only when the environment already holds these;
// otherwise the process is replaced.
void apply_thread_defaults(int argc, char** argv, long long problem_cells,
                           long long one_thread_cells);

// The line the run prints at start-up: the threads it runs on, whether they are pinned and how
// they wait, which of these were defaults, and how to change them. Empty for builds without
// OpenMP.
std::string thread_report();

}  // namespace portaflow::app
