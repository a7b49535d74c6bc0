#include "portaflow/driver/interrupt.hpp"

#include <cstring>
#include <ctime>

#include "portaflow/io/atomic_write.hpp"

namespace portaflow {

namespace {

volatile std::sig_atomic_t received_signal = 0;
volatile std::sig_atomic_t received_during_write = 0;
// When the first signal came (CLOCK_MONOTONIC). Only the handler reads and writes it, and the
// handler blocks both signals while it runs, so it is never seen half-written.
timespec first_signal_time{};

// A signal this soon after the first is the same request, not a second Ctrl-C: coreutils'
// `timeout` sends its signal to the command and then to the command's process group, and a
// batch system may do the same.
constexpr double kSameRequestSeconds = 1.0;

double seconds_between(const timespec& a, const timespec& b) {
  return double(b.tv_sec - a.tv_sec) + 1e-9 * double(b.tv_nsec - a.tv_nsec);
}

extern "C" void on_interrupt(int signal_number) {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe (POSIX)
  if (received_signal != 0) {
    if (seconds_between(first_signal_time, now) < kSameRequestSeconds) return;
    // A second signal, later: the user wants out now. Both calls are async-signal-safe.
    io::remove_unfinished_temporary();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
    return;
  }
  first_signal_time = now;
  received_during_write = io::write_in_progress() ? 1 : 0;
  received_signal = signal_number;
}

void install(int signal_number, void (*handler)(int), struct sigaction* previous) {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  // Neither interrupt may run the handler while the other one is in it.
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  // Restart interrupted system calls: the write in progress must complete, not fail with EINTR.
  action.sa_flags = SA_RESTART;
  sigaction(signal_number, &action, previous);
}

ExitCode exit_code_for(int signal_number) {
  return signal_number == SIGTERM ? ExitCode::kInterruptedBySigterm
                                  : ExitCode::kInterruptedBySigint;
}

}  // namespace

InterruptHandlers::InterruptHandlers() {
  install(SIGINT, on_interrupt, &old_int_);
  install(SIGTERM, on_interrupt, &old_term_);
  install(SIGXFSZ, SIG_IGN, &old_xfsz_);
}

InterruptHandlers::~InterruptHandlers() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  sigaction(SIGXFSZ, &old_xfsz_, nullptr);
}

int interrupt_signal() noexcept { return received_signal; }
bool interrupt_came_during_write() noexcept { return received_during_write != 0; }
void clear_interrupt() noexcept {
  received_signal = 0;
  received_during_write = 0;
}

std::string signal_name(int signal_number) {
  switch (signal_number) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
  }
  return "signal " + std::to_string(signal_number);
}

Interrupted::Interrupted(int signal_number, const std::string& where,
                         std::filesystem::path checkpoint)
    : Error("interrupted by " + signal_name(signal_number) + " " + where,
            exit_code_for(signal_number)),
      signal_(signal_number),
      checkpoint_(std::move(checkpoint)) {}

}  // namespace portaflow
