// Running the built portaflow command from a test: its exit code and what it printed.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "io/temporary_folder.hpp"

namespace portaflow::test_support {

struct CommandResult {
  int exit_code;       // -1 when the process did not exit normally (killed by a signal)
  std::string output;  // stdout and stderr together
};

// `prefix` goes before the binary inside the shell command (e.g. "ulimit -f 64;").
inline CommandResult run_portaflow(const std::string& arguments,
                                   const io::test_support::TemporaryFolder& folder,
                                   const std::string& prefix = "") {
  const auto log = folder / "command.log";
  const std::string command = prefix + " " + std::string(PORTAFLOW_BINARY) + " " + arguments +
                              " > " + log.string() + " 2>&1";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, io::test_support::read_file(log)};
}

inline std::string shipped_deck(const std::string& name) {
  return std::string(PORTAFLOW_SOURCE_DIR) + "/inputs/" + name;
}

// True when `text` contains `part`.
inline bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace portaflow::test_support
