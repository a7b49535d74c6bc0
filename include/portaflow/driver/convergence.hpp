// How a steady march measures its convergence: every equation's residual against its value
// before the first cycle, and the cycles still to go from the residual's recent trend.
#pragma once

#include <utility>
#include <vector>

namespace portaflow {

// Each equation's reference for its residual drop: its initial residual, except one that starts
// below 1e-8 of the largest (at round-off: the z momentum of an extruded 2D flow, which the 3D
// transient then stirs up), which has no scale of its own and is measured against the largest
// initial residual instead, or it could never fall by time.residual_drop.
std::vector<double> drop_references(std::vector<double> initial);

// Max over equations of norm / reference; an equation whose reference is exactly 0 (the initial
// state solves it already) has fallen by "0" while it stays 0, and by infinity once it is not.
double largest_drop(const std::vector<double>& norms, const std::vector<double>& reference);

// True when every equation's norm is at most target times its reference.
bool every_equation_dropped(const std::vector<double>& norms, const std::vector<double>& reference,
                            double target);

// Cycles still to run, for the progress line's ETA: where the least-squares line through the
// recent (cycle, log10 residual drop) samples, those of the latter half of the run so far (at
// least the last two), reaches log10(target_drop); or up to max_cycles, whichever comes first.
// `samples` are in cycle order, the last one being now.
struct CyclesToGo {
  long long cycles = 0;
  bool from_residual_trend = false;  // false: limited by max_cycles
};
CyclesToGo estimate_cycles_to_go(const std::vector<std::pair<long long, double>>& samples,
                                 double target_drop, long long max_cycles);

}  // namespace portaflow
