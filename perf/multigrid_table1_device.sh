#!/usr/bin/env bash
# Issue 24's figures on the GPU node in one call, with a bundle packed by
# `perf/pack_gpu_bundle.sh --app`, from the repository root:
#
#   bash perf/multigrid_table1_device.sh BUNDLE OUT
#
# - OUT/multigrid-cuda/, OUT/multigrid-cores/: every mesh level, single grid and the multigrid
#   deck, CUDA and all cores (perf/multigrid_device.sh);
# - OUT/core1/: one core, level 2: 1500 single-grid and 60 multigrid cycles (whole runs would
#   take ~10 minutes; their time per cycle times the converged cycle counts stands in);
# - OUT/cuda-w3/, OUT/cuda-v4/: the level-2 multigrid on CUDA as W(2,2) over 3 levels and
#   V(2,2) over 4 (multigrid only);
# - OUT/extruded/: the extruded 3D NACA 0012 deck on CUDA, mesh levels 0 and 1;
# - OUT/timing.log: level 2, single grid against the deck, each twice on CUDA and once on all
#   cores, with a history row every 1000 cycles: the runs above write one every cycle (for the
#   plots), and its force evaluation and wait cost the single grid's 20406 cycles more than the
#   multigrid's few hundred; then the deck with 4 and 2 Runge-Kutta cycles on the coarsest level
#   (multigrid.coarsest_smoothing; the deck has 1), 4 on the cores too;
# - OUT/profile/: each kernel's device time (perf/multigrid_profile_device.sh; the bundle needs
#   lib/libkernel_timer.so).
# Everything under OUT is also packed into OUT/table1.tar.gz (the device tool returns shallow
# folders only).
# perf/multigrid_plots.py turns the folders into JSON and PNG.
set -uo pipefail
usage="usage: multigrid_table1_device.sh BUNDLE OUT"
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
bash perf/multigrid_device.sh "$bundle" "$out" cuda
bash perf/multigrid_device.sh "$bundle" "$out" cores
{
  echo "== one core, level 2"
  for kind in single multigrid; do
    deck=inputs/multiblock/naca0012_level2.yaml cycles=1500
    [ $kind = multigrid ] && deck=inputs/multiblock/naca0012_multigrid.yaml cycles=60
    mkdir -p "$out/core1/$kind"
    OMP_NUM_THREADS=1 OMP_PROC_BIND=close OMP_PLACES=cores "$bundle/bin/portaflow-openmp" run \
      "$deck" --set mesh.level=2 --set time.max_cycles=$cycles --set output.history_every=1 \
      --set output.vtk=false --set output.dir="$out/core1/$kind/run" >"$out/core1/$kind/run.log" 2>&1
    cp "$out/core1/$kind/run/history.csv" "$out/core1/$kind/history.csv"
    rm -rf "$out/core1/$kind/run"
    echo "$kind: $(grep -E '^done' "$out/core1/$kind/run.log")"
  done
  echo "== CUDA, level 2: W(2,2) over 3 levels, V(2,2) over 4"
  SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.cycle=w" \
    bash perf/multigrid_naca.sh "$bundle/bin/portaflow-cuda" "$out/cuda-w3" 1 2
  SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.levels=4" \
    bash perf/multigrid_naca.sh "$bundle/bin/portaflow-cuda" "$out/cuda-v4" 1 2
  echo "== CUDA, the extruded 3D NACA 0012 deck, mesh levels 0 and 1"
  for level in 0 1; do
    dir="$out/extruded/level$level"
    mkdir -p "$dir"
    timeout 300 "$bundle/bin/portaflow-cuda" run inputs/multiblock/naca0012_extruded.yaml \
      --set mesh.level=$level --set output.history_every=1 --set output.vtk=false \
      --set output.dir="$dir/run" >"$dir/run.log" 2>&1
    cp "$dir/run/history.csv" "$dir/run/forces.csv" "$dir/" 2>/dev/null
    rm -rf "$dir/run"
    echo "level $level: $(grep -E '^done|non-physical' "$dir/run.log" | tail -n 1)"
    grep -E 'CL =' "$dir/run.log"
  done
} 2>&1 | tee "$out/table1-extra.log"
# timed RUN_NAME DECK OPTIONS...: one level-2 run, history every 1000 cycles, its "done" line.
timed() {
  local name=$1 deck=$2 binary=$bundle/bin/portaflow-cuda threads=1
  shift 2
  [[ $name == cores-* ]] && binary=$bundle/bin/portaflow-openmp threads=$(nproc)
  OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout 300 "$binary" run \
    "inputs/multiblock/$deck" --set mesh.level=2 --set output.history_every=1000 \
    --set output.vtk=false --set output.dir="$out/timing/$name" "$@" >"$out/timing/$name.log" 2>&1
  echo "$name: $(grep -E '^done|non-physical' "$out/timing/$name.log" | tail -n 1)"
  grep -E 'CL =' "$out/timing/$name.log"
  rm -rf "$out/timing/$name"
}
mkdir -p "$out/timing"
{
  for k in 1 2; do
    timed cuda-single-$k naca0012_level2.yaml
    timed cuda-multigrid-$k naca0012_multigrid.yaml
  done
  timed cores-single naca0012_level2.yaml
  timed cores-multigrid naca0012_multigrid.yaml
  timed cuda-coarsest4 naca0012_multigrid.yaml --set multigrid.coarsest_smoothing=4
  timed cores-coarsest4 naca0012_multigrid.yaml --set multigrid.coarsest_smoothing=4
  timed cuda-coarsest2 naca0012_multigrid.yaml --set multigrid.coarsest_smoothing=2
} 2>&1 | tee "$out/timing.log"
# Each kernel's device time over 100 multigrid and 2000 single-grid cycles (OUT/profile/).
bash perf/multigrid_profile_device.sh "$bundle" "$out/profile" >/dev/null 2>&1
tar -czf "$out/table1.tar.gz" -C "$out" --exclude table1.tar.gz .
