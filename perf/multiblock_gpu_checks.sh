#!/usr/bin/env bash
# Multi-block SBP-SAT checks that need the GPU node (issue 4), run there from the repository
# root with a bundle packed by `bash perf/pack_gpu_bundle.sh --app`:
#
#   bash perf/multiblock_gpu_checks.sh BUNDLE OUT
#
# 1. Kernel rates: multiblock.residual.{team,flat} (the order-4 volume residual) and
#    multiblock.cycle.{team,flat} (a whole 5-stage cycle, counted per node-stage) on seed 001's
#    single warped block with far-field faces, CUDA and OpenMP (1 thread and all cores), with the
#    bandwidth and FP64 ceilings measured in the same processes -> OUT/multiblock-bench-*.json.
# 2. NACA 0012, M = 0.63, alpha = 2 (seed 001 sec. 7.3), levels 0, 1, 2 run to a residual drop
#    of 1e-10 on CUDA with the shipped decks: history.csv, forces.csv, surface_cp.csv and the
#    run log per level -> OUT/naca/level<L>/.
#    Level 0 also on the cores, to compare the converged CL and CD of the two backends.
# 3. The seed's speed-up framing: the level-2 NACA deck for a fixed 2000 cycles on CUDA, on all
#    cores and on one core (whole runs: mesh generation, copies, every cycle) -> the run logs.
# 4. The far-field distance: level 2 at 20, 60, 100 chords, without and with the far-field vortex.
# Writes OUT/multiblock-checks.log, OUT/multiblock-bench-*.json and OUT/multiblock-runs.tgz (the
# run folders of 2-4).
set -uo pipefail
bundle="$(cd "${1:?usage: multiblock_gpu_checks.sh BUNDLE OUT}" && pwd)"
out="${2:?usage: multiblock_gpu_checks.sh BUNDLE OUT}"
mkdir -p "$out"
cores=$(nproc)
log="$out/multiblock-checks.log"
tag=checks
# shellcheck source=lib/device_log.sh
source "$(dirname "$0")/lib/device_log.sh"

# 1. Kernel rates.
kernels=multiblock.residual.team,multiblock.residual.flat,multiblock.cycle.team,multiblock.cycle.flat
run bench.cuda portaflow-bench-cuda 1 200 --kernel "$kernels" --sizes 1e4,1e5,1e6,4e6 \
  --ceiling --repeats 5 --json "$out/multiblock-bench-cuda.json" --label cuda
run bench.openmp$cores portaflow-bench-openmp "$cores" 200 --kernel "$kernels" \
  --sizes 1e4,1e5,1e6 --ceiling --repeats 3 --json "$out/multiblock-bench-openmp$cores.json" \
  --label "omp$cores"
run bench.openmp1 portaflow-bench-openmp 1 200 --kernel "$kernels" --sizes 1e4,1e5 --ceiling \
  --repeats 3 --json "$out/multiblock-bench-openmp1.json" --label omp1

# 2. NACA 0012 to convergence on CUDA.
for level in 0 1 2; do
  dir="$out/naca/level$level"
  mkdir -p "$dir"
  run "naca.level$level.cuda" portaflow-cuda 1 240 run "inputs/multiblock/naca0012_level$level.yaml" \
    --set "output.dir=$dir/run" --set output.progress_seconds=20
  for f in history.csv forces.csv surface_cp.csv; do
    [ -f "$dir/run/$f" ] && cp "$dir/run/$f" "$dir/$f"
  done
  rm -rf "$dir/run"
done

# The same converged level-0 solution on the cores: CUDA and OpenMP CL, CD compared.
run "naca.level0.openmp$cores" portaflow-openmp "$cores" 240 run inputs/multiblock/naca0012_level0.yaml \
  --set "output.dir=$out/naca/level0-openmp$cores/run" --set output.progress_seconds=20
cp "$out/naca/level0-openmp$cores/run/forces.csv" "$out/naca/level0-openmp$cores/" 2>/dev/null
rm -rf "$out/naca/level0-openmp$cores/run"

# 3. Speed-up framing: 2000 cycles of the level-2 deck.
fixed=(--set time.max_cycles=2000 --set output.vtk=false --set output.progress_seconds=0)
run speedup.cuda portaflow-cuda 1 200 run inputs/multiblock/naca0012_level2.yaml \
  --set "output.dir=$out/speedup/cuda" "${fixed[@]}"
run "speedup.openmp$cores" portaflow-openmp "$cores" 300 run inputs/multiblock/naca0012_level2.yaml \
  --set "output.dir=$out/speedup/omp$cores" "${fixed[@]}"
run speedup.openmp1 portaflow-openmp 1 300 run inputs/multiblock/naca0012_level2.yaml \
  --set "output.dir=$out/speedup/omp1" --set time.max_cycles=200 --set output.vtk=false \
  --set output.progress_seconds=0
rm -rf "$out"/speedup/*/final* "$out"/speedup/*/solution*

# 4. The far field: the fine level with the outer boundary at 20, 60 and 100 chords, without
#    and with the far-field point vortex (the shipped decks use it, at 20 chords).
for vortex in false true; do
  for ff in 20 60 100; do
    [ $vortex = true ] && [ $ff = 20 ] && continue  # that is the shipped deck, run above
    run "far_field.$ff.vortex_$vortex" portaflow-cuda 1 120 run inputs/multiblock/naca0012_level2.yaml \
      --set "output.dir=$out/far_field/R$ff-vortex_$vortex" --set "mesh.far_field=$ff" \
      --set "multiblock.far_field_vortex=$vortex" --set output.vtk=false --set output.progress_seconds=0
  done
done
rm -rf "$out"/far_field/*/final* "$out"/far_field/*/solution*

# The device tool returns a limited number of files: the run folders travel as one archive.
tar czf "$out/multiblock-runs.tgz" -C "$out" naca speedup far_field && rm -rf "$out"/{naca,speedup,far_field}
say "done"
