#include "perf/measurement.hpp"

#include <algorithm>
#include <cmath>

#include "portaflow/core/error.hpp"
#include "portaflow/core/timer.hpp"

namespace portaflow::bench {

namespace {

// Runs `steps` steps between two fences; returns the seconds they took.
double timed_batch(BenchCase& bench_case, long long steps) {
  Kokkos::fence();
  const Timer timer;
  for (long long s = 0; s < steps; ++s) bench_case.step();
  return timer.fence_and_elapsed();
}

}  // namespace

Measurement measure(BenchCase& bench_case, const TimingOptions& options) {
  Measurement m;
  m.cell_updates_per_step = bench_case.cell_updates_per_step();
  if (m.cell_updates_per_step <= 0)
    throw Error("the benchmark case reports " + std::to_string(m.cell_updates_per_step) +
                " cell updates per step; it must be positive");

  // Warm-up: caches, page faults of the first touch, GPU clocks, lazily allocated buffers. The
  // first batch also gives the estimate of the time per step; small kernels warm up in growing
  // batches until warmup_min_seconds have passed, so the estimate is not one launch's latency.
  long long batch = std::max(1LL, options.warmup_steps);
  double seconds = timed_batch(bench_case, batch);
  m.warmup_steps = batch;
  double per_step = seconds / static_cast<double>(batch);
  double warmed = seconds;
  while (warmed < options.warmup_min_seconds && m.warmup_steps < 1000000) {
    batch = std::min<long long>(
        1000000,
        std::max<long long>(2 * batch,
                            static_cast<long long>(std::ceil((options.warmup_min_seconds - warmed) /
                                                             std::max(per_step, 1e-9)))));
    seconds = timed_batch(bench_case, batch);
    m.warmup_steps += batch;
    warmed += seconds;
    per_step = seconds / static_cast<double>(batch);  // the latest, warmest estimate
  }
  m.warmup_seconds_per_step = per_step;

  m.steps = options.steps > 0 ? options.steps
                              : std::clamp<long long>(
                                    std::llround(options.target_seconds / std::max(per_step, 1e-9)),
                                    1, options.max_steps);
  m.repeats = std::max(1, options.repeats);
  if (options.max_seconds > 0) {
    const double planned = per_step * static_cast<double>(m.steps) * m.repeats;
    if (planned > options.max_seconds) {
      m.limited_by_time_cap = true;
      const auto affordable_steps = static_cast<long long>(options.max_seconds / per_step);
      // Keep the repeats (they give the spread) and cut the steps, down to 1 per repeat; only
      // then cut repeats.
      m.steps = std::max(1LL, std::min(m.steps, affordable_steps / m.repeats));
      if (per_step * static_cast<double>(m.steps) * m.repeats > options.max_seconds)
        m.repeats = static_cast<int>(std::clamp<long long>(affordable_steps, 1, m.repeats));
    }
  }

  for (int r = 0; r < m.repeats; ++r) {
    const double t = timed_batch(bench_case, m.steps) / static_cast<double>(m.steps);
    if (!(t > 0) || !std::isfinite(t))
      throw Error("a timed repeat gave " + std::to_string(t) + " s per step (clock problem?)");
    m.seconds_per_step.push_back(t);
  }
  m.summary = summarize(m.seconds_per_step);
  return m;
}

}  // namespace portaflow::bench
