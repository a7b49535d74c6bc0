// What both fuzz targets check: a reader given bytes either succeeds or throws an InputError
// whose message names the input (the command prints it and exits 2). Anything else aborts, which
// libFuzzer records as a finding with the input that caused it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::fuzz {

[[noreturn]] inline void finding(const char* what, const std::string& message) {
  std::fprintf(stderr, "FUZZ FINDING (%s): %s\n", what, message.c_str());
  std::abort();
}

// Runs `read`; `name` is what every error message must mention.
template <class Read>
void expect_loads_or_located_error(const std::string& name, const Read& read) {
  try {
    read();
  } catch (const InputError& error) {
    const std::string message = error.what();
    if (message.find(name) == std::string::npos)
      finding("message does not name the input", message);
  } catch (const Error& error) {
    finding("an Error that is not an InputError (exit code 1 for bad input)", error.what());
  } catch (const std::exception& error) {
    finding("an exception that is not a portaflow::Error", error.what());
  }
}

}  // namespace portaflow::fuzz
