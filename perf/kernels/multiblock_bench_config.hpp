// The multi-block benches' solver settings (2D and 3D): Elsen et al.'s scaling test at M 0.63,
// alpha 2, order 4, dissipation 0.1, CFL 1.5.
#pragma once

#include "portaflow/config/run_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"

namespace portaflow::bench {

inline RunConfig multiblock_bench_config(KernelChoice kernel) {
  RunConfig c;
  c.physics.gamma = 1.4;
  c.family<MultiBlockOptions>().multiblock.order = 4;
  c.family<MultiBlockOptions>().multiblock.dissipation = 0.1;
  c.time.cfl = 1.5;
  c.family<MultiBlockOptions>().freestream.mach = 0.63;
  c.family<MultiBlockOptions>().freestream.alpha_degrees = 2;
  c.execution.kernel = kernel;
  return c;
}

}  // namespace portaflow::bench
