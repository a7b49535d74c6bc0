// Wall-clock timing. fence_and_elapsed() waits for the device first, so a kernel that was only
// launched is not mistaken for one that finished.
#pragma once

#include <chrono>

#include "portaflow/core/types.hpp"

namespace portaflow {

class Timer {
 public:
  Timer() : start_(Clock::now()) {}
  void reset() { start_ = Clock::now(); }
  double elapsed_seconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }
  double fence_and_elapsed() const {
    Kokkos::fence();
    return elapsed_seconds();
  }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
};

}  // namespace portaflow
