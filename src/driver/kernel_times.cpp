#include "portaflow/driver/kernel_times.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace portaflow {

namespace {

using Clock = std::chrono::steady_clock;

struct KernelTotals {
  long long launches = 0;
  double seconds = 0;
};

// One run, one thread issuing kernels: plain statics suffice.
std::map<std::string, KernelTotals>& totals() {
  static std::map<std::string, KernelTotals> table;
  return table;
}
std::vector<std::pair<std::string, Clock::time_point>>& open_kernels() {
  static std::vector<std::pair<std::string, Clock::time_point>> open;
  return open;
}

void begin_kernel(const char* name, const std::uint32_t, std::uint64_t* id) {
  auto& open = open_kernels();
  *id = open.size();
  open.emplace_back(name, Clock::now());  // Kokkos fenced just before this call
}

void end_kernel(const std::uint64_t id) {
  auto& open = open_kernels();
  if (id >= open.size()) return;
  const double seconds = std::chrono::duration<double>(Clock::now() - open[id].second).count();
  KernelTotals& t = totals()[open[id].first];
  ++t.launches;
  t.seconds += seconds;
  open.resize(id);  // kernels nest only when one launches inside another's callback
}

// The same pair for parallel_for, parallel_reduce and parallel_scan; nullptrs remove them.
void set_kernel_callbacks(Kokkos::Tools::beginFunction begin, Kokkos::Tools::endFunction end) {
  namespace tools = Kokkos::Tools::Experimental;
  tools::set_begin_parallel_for_callback(begin);
  tools::set_end_parallel_for_callback(end);
  tools::set_begin_parallel_reduce_callback(begin);
  tools::set_end_parallel_reduce_callback(end);
  tools::set_begin_parallel_scan_callback(begin);
  tools::set_end_parallel_scan_callback(end);
}

}  // namespace

KernelTimes::KernelTimes() {
  const char* setting = std::getenv("PORTAFLOW_KERNEL_TIMES");
  if (setting == nullptr || std::strcmp(setting, "") == 0 || std::strcmp(setting, "0") == 0) return;
  set_kernel_callbacks(begin_kernel, end_kernel);
  enabled_ = true;
}

KernelTimes::~KernelTimes() {
  if (!enabled_) return;
  set_kernel_callbacks(nullptr, nullptr);
  totals().clear();
  open_kernels().clear();
}

void KernelTimes::report(std::ostream& out) const {
  if (!enabled_) return;
  std::vector<std::pair<std::string, KernelTotals>> rows(totals().begin(), totals().end());
  std::sort(rows.begin(), rows.end(),
            [](const auto& a, const auto& b) { return a.second.seconds > b.second.seconds; });
  long long launches = 0;
  double seconds = 0;
  for (const auto& row : rows) {
    launches += row.second.launches;
    seconds += row.second.seconds;
  }
  char line[256];
  std::snprintf(
      line, sizeof line,
      "kernel times (PORTAFLOW_KERNEL_TIMES; fenced, so nothing overlaps): %lld launches, "
      "%.4g s\n%12s %12s %12s  %s\n",
      launches, seconds, "launches", "total s", "mean us", "kernel");
  out << line;
  for (const auto& row : rows) {
    std::snprintf(line, sizeof line, "%12lld %12.4g %12.3g  %s\n", row.second.launches,
                  row.second.seconds, 1e6 * row.second.seconds / double(row.second.launches),
                  row.first.c_str());
    out << line;
  }
}

}  // namespace portaflow
