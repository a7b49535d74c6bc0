#!/usr/bin/env bash
# Issue 24's 3D multi-block checks on the GPU node, from the repository root, with a bundle packed
# by `perf/pack_gpu_bundle.sh --app`:
#
#   bash perf/multiblock_3d_device.sh BUNDLE OUT
#
# 1. Seed 001's Fig. 7 in 3D: multiblock3d.cycle.one_block (one warped cube block of growing
#    size, far-field faces) and multiblock3d.cycle.blocks48 (the same problem cut into 4 x 4 x 3
#    blocks, all packed into one launch) in node-stage updates per second, with the bandwidth
#    and FP64 ceilings measured in the same process: CUDA, all cores, one core
#    -> OUT/multiblock3d-bench-{cuda,openmp<cores>,openmp1}.json.
# 2. The extruded NACA 0012 deck to a residual drop of 1e-10 on CUDA and on the cores, and the
#    2D level-0 deck with the same multigrid settings on CUDA, for CL and CD side by side
#    -> OUT/extruded/<run>/{history,forces}.csv and the log.
# 3. The five-block cube and the one-block cube decks (uniform flow) on CUDA: the residual must
#    stay at round-off.
# Everything is logged to OUT/multiblock3d.log.
set -uo pipefail
usage="usage: multiblock_3d_device.sh BUNDLE OUT"
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
mkdir -p "$out"
cores=$(nproc)
log="$out/multiblock3d.log"
tag=3d
# shellcheck source=lib/device_log.sh
source "$(dirname "$0")/lib/device_log.sh"

# 1. Fig. 7: n^3 = 17^3 ... 201^3 on the GPU, up to 129^3 on the cores, 65^3 on one core.
kernels=multiblock3d.cycle.one_block,multiblock3d.cycle.blocks48
run bench.cuda portaflow-bench-cuda 1 240 --kernel "$kernels" \
  --sizes 4913,35937,274625,2146689,8120601 --ceiling --repeats 5 \
  --json "$out/multiblock3d-bench-cuda.json" --label cuda
run bench.openmp$cores portaflow-bench-openmp "$cores" 240 --kernel "$kernels" \
  --sizes 4913,35937,274625,2146689 --ceiling --repeats 3 \
  --json "$out/multiblock3d-bench-openmp$cores.json" --label "omp$cores"
run bench.openmp1 portaflow-bench-openmp 1 200 --kernel "$kernels" --sizes 4913,35937,274625 \
  --ceiling --repeats 3 --json "$out/multiblock3d-bench-openmp1.json" --label omp1

# 2. Extruded NACA 0012 against 2D.
deck=inputs/multiblock/naca0012_extruded.yaml
steady() {  # steady NAME BINARY THREADS SECONDS DECK ARGS...
  local name=$1 bin=$2 threads=$3 limit=$4 file=$5
  shift 5
  local dir="$out/extruded/$name"
  mkdir -p "$dir"
  run "$name" "$bin" "$threads" "$limit" run "$file" --set "output.dir=$dir/run" \
    --set output.progress_seconds=20 "$@"
  for f in history.csv forces.csv; do [ -f "$dir/run/$f" ] && cp "$dir/run/$f" "$dir/$f"; done
  rm -rf "$dir/run"
}
steady extruded-cuda portaflow-cuda 1 200 "$deck"
steady extruded-cores portaflow-openmp "$cores" 200 "$deck"
steady naca2d-cuda portaflow-cuda 1 100 inputs/multiblock/naca0012_multigrid.yaml \
  --set mesh.level=0 --set multigrid.levels=3 --set time.cfl=2.5
steady extruded-level1-cuda portaflow-cuda 1 240 "$deck" --set mesh.level=1

# 3. Uniform flow on the 3D decks.
for d in cube cube_blocks; do
  steady "$d-cuda" portaflow-cuda 1 60 "inputs/multiblock/$d.yaml"
done
say "done"
