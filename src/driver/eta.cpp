#include "eta.hpp"

#include <algorithm>
#include <cmath>

#include "portaflow/core/format.hpp"

namespace portaflow::driver {

namespace {

constexpr std::size_t kMinimumLines = 3;  // progress lines before the first estimate
constexpr double kMinimumSeconds = 5;     // and wall seconds
constexpr double kShortestWindow = 10;    // seconds the rate is measured over, at least
constexpr double kSmoothing = 0.3;        // weight of the newest finish time

}  // namespace

std::optional<double> Eta::update(double elapsed, double fraction) {
  samples_.emplace_back(elapsed, fraction);
  if (samples_.size() < kMinimumLines || elapsed < kMinimumSeconds || fraction <= 0) return {};
  const double window = std::max(kShortestWindow, 0.5 * elapsed);
  auto first = samples_.begin();
  while (first + 1 != samples_.end() && elapsed - first->first > window) ++first;
  if (first + 1 == samples_.end()) first = samples_.begin();
  const double seconds = elapsed - first->first, done = fraction - first->second;
  if (seconds <= 0 || done <= 0)
    return finish_ ? std::optional<double>(*finish_ - elapsed) : std::nullopt;
  const double finish = elapsed + (1 - fraction) * seconds / done;
  finish_ = finish_ ? *finish_ + kSmoothing * (finish - *finish_) : finish;
  return std::max(0.0, *finish_ - elapsed);
}

std::string Eta::text(double elapsed, double fraction) {
  const auto to_go = update(elapsed, fraction);
  return to_go ? "ETA " + format_duration(*to_go) : std::string("ETA (measuring)");
}

}  // namespace portaflow::driver
