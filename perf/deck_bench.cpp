#include "perf/deck_bench.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "portaflow/config/deck_reader.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/scheme_registry.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::bench {

namespace {

RunConfig read_deck(const std::string& path, const std::vector<std::string>& overrides) {
  DeckReader deck = DeckReader::from_file(path, overrides);
  return read_run_config(deck);
}

class DeckCase final : public BenchCase {
 public:
  explicit DeckCase(const RunConfig& config)
      : solver_(make_solver(config)), cells_(config.mesh.cell_count()) {}

  void step() override {
    if (broken_) return;
    // The driver's own check: no step (NaN) means a non-physical cell.
    const double dt = solver_->step(std::numeric_limits<double>::infinity());
    if (solver_->march() == MarchKind::kTimeAccurate && !(dt > 0 && std::isfinite(dt))) {
      broken_ = true;
      return;
    }
  }
  long long cell_updates_per_step() const override { return cells_; }
  bool healthy() const override { return !broken_ && !solver_->find_nonphysical(); }

 private:
  std::unique_ptr<Solver> solver_;
  long long cells_;
  bool broken_ = false;
};

}  // namespace

BenchKernel make_deck_kernel(const std::string& path, const std::vector<std::string>& overrides) {
  const RunConfig base = read_deck(path, overrides);  // checks the deck once, up front
  const int dimension = base.mesh.dimension;
  BenchKernel kernel;
  kernel.name = "deck." + base.scheme_name;
  kernel.scheme = base.scheme_name;
  kernel.variant = "deck";
  kernel.description = "whole step of deck " + path +
                       " as the run driver takes it: stable_time_step() (read on the host) + "
                       "advance(dt); mesh.cells set from the size";
  kernel.bytes_per_cell_update = 0;  // unknown for a whole deck: no roofline fractions
  kernel.flops_per_cell_update = 0;
  kernel.make = [path, overrides, dimension](long long cells) -> std::unique_ptr<BenchCase> {
    std::vector<std::string> with_size = overrides;
    if (dimension == 1) {
      with_size.push_back("mesh.cells=" + std::to_string(cells));
    } else {
      const auto n =
          std::max(1LL, std::llround(std::pow(static_cast<double>(cells), 1.0 / dimension)));
      std::string list = "[" + std::to_string(n);
      for (int d = 1; d < dimension; ++d) list += ", " + std::to_string(n);
      with_size.push_back("mesh.cells=" + list + "]");
    }
    return std::make_unique<DeckCase>(read_deck(path, with_size));
  };
  return kernel;
}

}  // namespace portaflow::bench
