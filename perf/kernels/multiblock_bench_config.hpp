// The multi-block benches' solver settings (2D and 3D): seed 001's scaling test at M 0.63,
// alpha 2, order 4, dissipation 0.1, CFL 1.5.
#pragma once

#include "portaflow/schemes/run_config.hpp"

namespace portaflow::bench {

inline RunConfig multiblock_bench_config(KernelChoice kernel) {
  RunConfig c;
  c.scheme = SchemeKind::kMultiBlock;
  c.scheme_name = "multiblock";
  c.physics.gamma = 1.4;
  c.multiblock.order = 4;
  c.multiblock.dissipation = 0.1;
  c.time.cfl = 1.5;
  c.freestream.mach = 0.63;
  c.freestream.alpha_degrees = 2;
  c.execution.kernel = kernel;
  return c;
}

}  // namespace portaflow::bench
