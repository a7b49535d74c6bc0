// Timing one BenchCase: warm-up, then repeats of a batch of steps with a fence before and after
// each batch, so every sample is the time per step of work that really finished.
#pragma once

#include <vector>

#include "perf/bench_registry.hpp"
#include "perf/statistics.hpp"

namespace portaflow::bench {

struct TimingOptions {
  long long warmup_steps = 3;        // at least this many untimed steps first
  double warmup_min_seconds = 0.02;  // and keep warming up until this much time has passed
  long long steps = 0;               // steps per repeat; 0: chosen from target_seconds
  double target_seconds = 0.2;       // timed work per repeat when steps == 0
  long long max_steps = 1000000;     // upper limit on the chosen steps per repeat
  int repeats = 5;                   // timed batches; the statistics are over these
  double max_seconds = 0;            // > 0: cap on the timed work of one case (steps, then
                                     // repeats are cut, never below 1 step x 1 repeat)
};

struct Measurement {
  long long cell_updates_per_step = 0;
  long long warmup_steps = 0;
  double warmup_seconds_per_step = 0;  // the estimate the step count was chosen from
  long long steps = 0;                 // per repeat
  int repeats = 0;
  std::vector<double> seconds_per_step;  // one sample per repeat
  Summary summary;                       // of seconds_per_step
  bool limited_by_time_cap = false;      // max_seconds cut steps or repeats
};

// Times `bench_case` as described above. Throws portaflow::Error if a sample is not a positive,
// finite time.
Measurement measure(BenchCase& bench_case, const TimingOptions& options);

}  // namespace portaflow::bench
