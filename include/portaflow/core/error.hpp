// Errors you can test. Host code throws portaflow::Error with a sentence that says what was wrong
// and what to do; main() catches it and exits non-zero. Device code uses PORTAFLOW_REQUIRE
// (core/device_require.hpp). No Kokkos here: the deck and Plot3D readers build without it (the fuzz
// targets, fuzz/).
#pragma once

#include <stdexcept>
#include <string>

namespace portaflow {

// Process exit codes, documented in docs/running.md.
enum class ExitCode : int {
  kSuccess = 0,
  kRuntimeError = 1,  // I/O failure, internal error
  kInputError = 2,    // bad deck, bad command line
  kNonPhysical = 3,   // the solution went non-physical (NaN, rho <= 0 or p <= 0)
  // Stopped by a signal after writing a checkpoint (app/interrupt.hpp): 128 + the signal's
  // number, the shells' convention, so scripts see the same code as for a killed process.
  kInterruptedBySigint = 130,
  kInterruptedBySigterm = 143,
};

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, ExitCode code = ExitCode::kRuntimeError)
      : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

// A mistake in what the user gave us: a deck, an override, a command-line argument.
class InputError : public Error {
 public:
  explicit InputError(const std::string& message) : Error(message, ExitCode::kInputError) {}
};

// Host-side check: throws Error(message) when the condition fails.
inline void require(bool condition, const std::string& message) {
  if (!condition) throw Error(message);
}

}  // namespace portaflow
