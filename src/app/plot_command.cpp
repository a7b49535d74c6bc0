#include "plot_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "portaflow/core/error.hpp"

namespace portaflow::app {

namespace fs = std::filesystem;

namespace {

// Where the tool is: PORTAFLOW_PLOT_TOOL if set; beside an installed binary
// (<prefix>/share/portaflow/plot); in the source tree the binary was built from.
fs::path find_tool(const fs::path& exe) {
  if (const char* given = std::getenv("PORTAFLOW_PLOT_TOOL")) return given;
  const fs::path installed =
      exe.parent_path().parent_path() / "share/portaflow/plot/portaflow_plot.py";
  if (fs::exists(installed)) return installed;
  return fs::path(PORTAFLOW_SOURCE_DIR) / "tools/plot/portaflow_plot.py";
}

}  // namespace

int run_plot_command(const std::vector<std::string>& args) {
  std::error_code status;
  const fs::path exe = fs::read_symlink("/proc/self/exe", status);
  const fs::path tool = find_tool(exe);
  if (!fs::exists(tool)) {
    std::cerr << "portaflow: the plotting tool is not at " << tool.string()
              << "; install portaflow (cmake --install) or set PORTAFLOW_PLOT_TOOL\n";
    return static_cast<int>(ExitCode::kRuntimeError);
  }
  if (!status) setenv("PORTAFLOW_EXE", exe.c_str(), 1);
  // The system's python3, which Debian's python3-matplotlib serves, before any other python3 on
  // PATH (a virtual environment or pyenv without matplotlib); PORTAFLOW_PYTHON chooses another.
  const char* chosen = std::getenv("PORTAFLOW_PYTHON");
  const std::string python = chosen                           ? chosen
                             : fs::exists("/usr/bin/python3") ? "/usr/bin/python3"
                                                              : "python3";
  std::vector<std::string> words{python, tool.string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  execvp(python.c_str(), argv.data());
  std::cerr << "portaflow: cannot start " << python << " for the plots (" << std::strerror(errno)
            << "); on Debian: apt install python3 python3-matplotlib\n";
  return static_cast<int>(ExitCode::kRuntimeError);
}

}  // namespace portaflow::app
