// PORTAFLOW_KERNEL_TIMES: the per-kernel launch counts come from Kokkos' tool callbacks, only
// while the variable is set, and are gone with the object.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>

#include "portaflow/core/parallel.hpp"
#include "portaflow/driver/kernel_times.hpp"

namespace portaflow {
namespace {

void launch_test_kernels(int times) {
  const DeviceView<Real*> x("test.kernel_times.x", 16);
  for (int k = 0; k < times; ++k)
    par_for(
        "test.kernel_times.fill", IndexRange{0, 16}, KOKKOS_LAMBDA(const Index i) { x(i) = i; });
  static_cast<void>(par_sum<double>(
      "test.kernel_times.sum", IndexRange{0, 16},
      KOKKOS_LAMBDA(const Index i, double& s) { s += x(i); }));
}

// The row of the report whose kernel label is `label`.
std::string row_of(const std::string& report, const std::string& label) {
  std::istringstream lines(report);
  std::string line;
  while (std::getline(lines, line))
    if (line.size() >= label.size() &&
        line.compare(line.size() - label.size(), label.size(), label) == 0)
      return line;
  return "";
}

TEST(KernelTimes, CountsEachLabelsLaunchesOnlyWhileSet) {
  unsetenv("PORTAFLOW_KERNEL_TIMES");
  {
    const KernelTimes off;
    EXPECT_FALSE(off.enabled());
    launch_test_kernels(1);
    std::ostringstream report;
    off.report(report);
    EXPECT_EQ(report.str(), "");
  }
  setenv("PORTAFLOW_KERNEL_TIMES", "1", 1);
  {
    const KernelTimes on;
    ASSERT_TRUE(on.enabled());
    launch_test_kernels(3);
    std::ostringstream report;
    on.report(report);
    std::istringstream fill(row_of(report.str(), "test.kernel_times.fill"));
    std::istringstream sum(row_of(report.str(), "test.kernel_times.sum"));
    long long fills = 0, sums = 0;
    fill >> fills;
    sum >> sums;
    EXPECT_EQ(fills, 3) << report.str();
    EXPECT_EQ(sums, 1) << report.str();
  }
  unsetenv("PORTAFLOW_KERNEL_TIMES");
  {
    // The first object's destructor removed the callbacks and its counts.
    setenv("PORTAFLOW_KERNEL_TIMES", "1", 1);
    const KernelTimes again;
    unsetenv("PORTAFLOW_KERNEL_TIMES");
    launch_test_kernels(1);
    std::ostringstream report;
    again.report(report);
    std::istringstream fill(row_of(report.str(), "test.kernel_times.fill"));
    long long fills = 0;
    fill >> fills;
    EXPECT_EQ(fills, 1) << report.str();
  }
}

}  // namespace
}  // namespace portaflow
