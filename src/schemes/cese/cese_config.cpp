#include <type_traits>

#include "portaflow/schemes/cese/cese_solver.hpp"

namespace portaflow::cese {

namespace {
constexpr bool kHostBackend = std::is_same_v<ExecSpace::memory_space, HostSpace>;
}

KernelVariant kernel_variant(const ExecutionConfig& execution) {
  return execution.kernel == KernelChoice::kFlat ? KernelVariant::kFlat : KernelVariant::kTeam;
}

// Defaults: on a GPU a tile is a thread block's worth of points whose terms fit in shared
// memory (33 x 5 points x 20 terms x 8 B = 26 KB in 2D); on a CPU a team is one thread, and a
// tile a cache-sized strip.
TileShape1D tile_1d(const ExecutionConfig& execution) {
  if (execution.tile[0] > 0) return {execution.tile[0]};
  return {kHostBackend ? 2048 : 256};
}

TileShape2D tile_2d(const ExecutionConfig& execution) {
  if (execution.tile[0] > 0) return {execution.tile[1], execution.tile[0]};
  return kHostBackend ? TileShape2D{8, 128} : TileShape2D{4, 32};
}

}  // namespace portaflow::cese
