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
# - OUT/cuda-w4/, OUT/cuda-v3/: the level-2 multigrid on CUDA as W(2,2) over 4 levels and
#   V(2,2) over 3 (multigrid only).
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
  echo "== CUDA, level 2: W(2,2) over 4 levels, V(2,2) over 3"
  SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.levels=4" \
    bash perf/multigrid_naca.sh "$bundle/bin/portaflow-cuda" "$out/cuda-w4" 1 2
  SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.cycle=v" \
    bash perf/multigrid_naca.sh "$bundle/bin/portaflow-cuda" "$out/cuda-v3" 1 2
} 2>&1 | tee "$out/table1-extra.log"
