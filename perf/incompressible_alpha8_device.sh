#!/usr/bin/env bash
# Issue 23's NACA 0012 at Re = 1e5, alpha = 8 (seed 004, Fig. 12) on the GPU node's cores, from
# the repository root, with a bundle packed by `perf/pack_gpu_bundle.sh --app`:
#
#   bash perf/incompressible_alpha8_device.sh BUNDLE OUT SECONDS [RESTART_DIR]
#
# Runs the laminar and the Baldwin-Lomax deck side by side, half the cores each (the OpenMP
# build: on this grid size the CUDA build's step is the slower, README), for at most SECONDS each.
# Checkpoints every 500 steps (and on SIGTERM from the limit); with RESTART_DIR (an earlier OUT,
# carried to the node) each run continues from its checkpoint, in a copy of its run folder
# (--restart continues the history and frames there). Per run: OUT/<kind>/run.log and
# OUT/<kind>/run/ (history.csv, frames, final files, checkpoint.pfc).
set -uo pipefail
usage="usage: incompressible_alpha8_device.sh BUNDLE OUT SECONDS [RESTART_DIR]"
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
limit="${3:?$usage}"
restart_dir="${4:-}"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
half=$(( $(nproc) / 2 ))
mkdir -p "$out"
first=0
for kind in laminar baldwin_lomax; do
  # Each run on its own half of the cores (two processes bound to the same cores ran 20x slower).
  cpus="$first-$(( first + half - 1 ))"
  first=$(( first + half ))
  (
    dir="$out/$kind"
    mkdir -p "$dir"
    args=(run "inputs/incompressible/naca0012_re1e5_alpha8_$kind.yaml" --set "output.dir=$dir/run"
          --set output.progress_seconds=60 --set output.checkpoint_every=500)
    if [ -n "$restart_dir" ]; then
      cp -r "$restart_dir/$kind/run" "$dir/run"
      args+=(--restart "$dir/run/checkpoint.pfc")
    fi
    OMP_NUM_THREADS=$half OMP_PROC_BIND=close OMP_PLACES=cores timeout -s TERM "$limit" \
      taskset -c "$cpus" "$bundle/bin/portaflow-openmp" "${args[@]}" >"$dir/run.log" 2>&1
    echo "exit status $?" >>"$dir/run.log"
  ) &
done
wait
