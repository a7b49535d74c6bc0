// Per-kernel launch counts and times for one run, from Kokkos' tool callbacks (no external tool
// library needed): set PORTAFLOW_KERNEL_TIMES=1 and the run prints, at its end, every kernel
// label with its launches, its total and mean time, sorted by total. Kokkos fences the device
// around every callback, so the times are each kernel's launch plus execution with nothing
// overlapped: use them to see where a step goes and how many launches it makes, not for the
// step's speed (run without the variable for that).
#pragma once

#include <iosfwd>

namespace portaflow {

class KernelTimes {
 public:
  // Installs the callbacks when PORTAFLOW_KERNEL_TIMES is set and not "0"; call after
  // Kokkos::initialize.
  KernelTimes();
  // Removes the callbacks again (and the counts), so a later run in the process starts clean.
  ~KernelTimes();
  KernelTimes(const KernelTimes&) = delete;
  KernelTimes& operator=(const KernelTimes&) = delete;
  // Prints the table to `out` if installed (before Kokkos::finalize).
  void report(std::ostream& out) const;
  bool enabled() const { return enabled_; }

 private:
  bool enabled_ = false;
};

}  // namespace portaflow
