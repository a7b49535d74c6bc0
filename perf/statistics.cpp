#include "perf/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::bench {

namespace {

void check_samples(const std::vector<double>& samples) {
  if (samples.empty()) throw Error("statistics of no samples: at least one is needed");
  for (const double x : samples)
    if (std::isnan(x)) throw Error("statistics: a sample is NaN (a broken measurement)");
}

// Definition 7 of Hyndman & Fan (1996) on already sorted samples.
double sorted_quantile(const std::vector<double>& sorted, double q) {
  const double position = (static_cast<double>(sorted.size()) - 1.0) * q;
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

}  // namespace

double quantile(std::vector<double> samples, double q) {
  check_samples(samples);
  if (!(q >= 0.0 && q <= 1.0))
    throw Error("quantile: q must lie in [0, 1], got " + std::to_string(q));
  std::sort(samples.begin(), samples.end());
  return sorted_quantile(samples, q);
}

double median(const std::vector<double>& samples) { return quantile(samples, 0.5); }

Summary summarize(const std::vector<double>& samples) {
  check_samples(samples);
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  Summary s;
  s.count = static_cast<long long>(sorted.size());
  s.min = sorted.front();
  s.max = sorted.back();
  s.q1 = sorted_quantile(sorted, 0.25);
  s.median = sorted_quantile(sorted, 0.5);
  s.q3 = sorted_quantile(sorted, 0.75);
  s.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
  if (s.median != 0.0) {
    s.relative_iqr = (s.q3 - s.q1) / s.median;
    s.relative_spread = (s.max - s.min) / s.median;
  }
  return s;
}

}  // namespace portaflow::bench
