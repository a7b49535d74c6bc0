// Ctrl-C (SIGINT) and SIGTERM. The handler only records the signal; the drivers look at it between
// steps (or cycles), so a write in progress always completes and is renamed into place. The run
// driver then writes a checkpoint of the last completed step and throws Interrupted; main prints
// where the run stopped and the command that continues it, and exits with 128 + the signal's number
// (130, 143). A second signal a second or more after the first, while the first one is being
// handled, removes the temporary file being written, if any, and ends the process at once with the
// signal's default action (so a hung write can still be killed, leaving no temporary). One sooner
// is the same request sent twice (`timeout` signals the command and then its process group) and
// changes nothing.
#pragma once

#include <csignal>
#include <filesystem>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow {

// Installs the handlers for SIGINT and SIGTERM, and ignores SIGXFSZ (a file over the size
// limit, `ulimit -f`, then fails with EFBIG and is reported like a full disk instead of killing
// the process). Restores the previous dispositions when destroyed.
class InterruptHandlers {
 public:
  InterruptHandlers();
  ~InterruptHandlers();
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;

 private:
  struct sigaction old_int_ {
  }, old_term_{}, old_xfsz_{};
};

// The first signal received (SIGINT or SIGTERM), or 0.
int interrupt_signal() noexcept;
// True when that signal came while an output file was being written (that write completed).
bool interrupt_came_during_write() noexcept;
// "SIGINT", "SIGTERM".
std::string signal_name(int signal_number);
// For tests: forget a recorded signal.
void clear_interrupt() noexcept;

// Thrown by the drivers once they have stopped cleanly after a signal.
class Interrupted : public Error {
 public:
  Interrupted(int signal_number, const std::string& where, std::filesystem::path checkpoint = {});
  int signal_number() const { return signal_; }
  // The checkpoint the stopped run wrote; empty if none was.
  const std::filesystem::path& checkpoint() const { return checkpoint_; }

 private:
  int signal_;
  std::filesystem::path checkpoint_;
};

}  // namespace portaflow
