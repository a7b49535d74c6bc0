// The time to go that progress lines print, smoothed so that it settles instead of swinging with
// the first steps' start-up costs or with a machine that is busy for a moment. The rate is taken
// over the recent part of the run (the last half of the time so far, at least 10 s), the finish
// time it gives is averaged over successive lines, and nothing is shown until the run has gone
// for a few lines and seconds.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace portaflow::driver {

class Eta {
 public:
  // `fraction` of the run done at `elapsed` wall seconds (from the start of the step loop).
  // Returns the smoothed seconds to go, or nothing while it is too early to tell.
  std::optional<double> update(double elapsed, double fraction);
  // "ETA 12 min 5 s", or "ETA (measuring)" while update gives nothing.
  std::string text(double elapsed, double fraction);

 private:
  std::vector<std::pair<double, double>> samples_;  // (elapsed, fraction)
  std::optional<double> finish_;                    // smoothed wall time at the end
};

}  // namespace portaflow::driver
