#!/usr/bin/env bash
# Issue 23's NACA 0012 at Re = 1e5, alpha = 8 (seed 004, Fig. 12) on the GPU node's cores, from
# the repository root, with a bundle packed by `perf/pack_gpu_bundle.sh --app`:
#
#   bash perf/incompressible_alpha8_device.sh BUNDLE OUT SECONDS [RESTART_DIR [BACKENDS]]
#
# Runs the laminar and the Baldwin-Lomax deck side by side for at most SECONDS each (ALPHA8_KINDS,
# e.g. "laminar", runs fewer), by default
# on the OpenMP build with half the cores each; BACKENDS (e.g. "cuda,openmp": laminar, then
# Baldwin-Lomax) puts a run on the CUDA build (then the other OpenMP run takes all the cores).
# On this 12288-node grid each step is two BiCGSTAB solves of a few hundred iterations, latency-
# bound: 8 threads give ~11 steps/s, no more than 2 cores of the build machine.
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
IFS=, read -r -a backends <<<"${5:-openmp,openmp}"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cores=$(nproc)
half=$(( cores / 2 ))
mkdir -p "$out"
first=0
IFS=, read -r -a kinds <<<"${ALPHA8_KINDS:-laminar,baldwin_lomax}"
for k in "${!kinds[@]}"; do
  kind=${kinds[$k]}
  backend=${backends[$k]:-openmp}
  # Each OpenMP run on its own half of the cores (two processes bound to the same cores ran 20x
  # slower), or on all of them beside a CUDA run.
  threads=${ALPHA8_THREADS:-$half}
  cpus="$first-$(( first + threads - 1 ))"
  first=$(( first + half ))
  if [ "${backends[0]}" != "${backends[1]:-openmp}" ]; then threads=$cores; cpus="0-$(( cores - 1 ))"; fi
  (
    dir="$out/$kind"
    mkdir -p "$dir"
    args=(run "inputs/incompressible/naca0012_re1e5_alpha8_$kind.yaml" --set "output.dir=$dir/run"
          --set output.progress_seconds=60 --set output.checkpoint_every=500)
    if [ -n "$restart_dir" ]; then
      cp -r "$restart_dir/$kind/run" "$dir/run"
      args+=(--restart "$dir/run/checkpoint.pfc")
    fi
    OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout -s TERM "$limit" \
      taskset -c "$cpus" "$bundle/bin/portaflow-$backend" "${args[@]}" >"$dir/run.log" 2>&1
    echo "exit status $?" >>"$dir/run.log"
  ) &
done
wait
