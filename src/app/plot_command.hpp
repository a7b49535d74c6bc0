// `portaflow plot RUN_DIR`: the plotting tool (tools/plot/portaflow_plot.py and its plotlib/,
// python3 with matplotlib) run on a run's output folder, with PORTAFLOW_EXE naming this binary so
// the tool can run the exact solutions it draws the results against.
#pragma once

#include <string>
#include <vector>

namespace portaflow::app {

// Replaces the process with python3 running the tool; returns the exit code only when that
// cannot start (no tool found, no python3), after saying why on stderr.
int run_plot_command(const std::vector<std::string>& args);

}  // namespace portaflow::app
