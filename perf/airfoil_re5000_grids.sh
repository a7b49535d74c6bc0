#!/usr/bin/env bash
# NACA 0012 at Re = 5000, alpha = 0 (issue 23) on a family of C-grids for CD's observed order of
# convergence, all grids at once with one portaflow binary:
#
#   bash perf/airfoil_re5000_grids.sh PORTAFLOW_BINARY OUT "128 192 256" LIMIT_S [THREADS]
#
# A grid N has N airfoil, N/4 wake and N/2 normal intervals and a first wall spacing of 0.256/N
# (N = 128 is inputs/incompressible/naca0012_re5000.yaml as shipped), so 128, 192, 256 refine by
# 1.5 and 4/3 everywhere, wall spacing included. The coarser 64 turns unsteady (perf/results/
# openmp-20261126-a45ed64-naca0012-re5000.json), so it is not in the family.
# The grids run side by side (on a GPU each step is latency-bound: several processes overlap),
# each for at most LIMIT_S seconds, stopped by SIGINT (which writes checkpoint.pfc), with
# checkpoints every 1000 steps as well. Running the same command again continues every grid
# that has not reached t_end from its checkpoint, in the same folder. Per grid: OUT/g<N>/run.log
# (appended to by each continuation) and OUT/g<N>/run/ (history.csv, surface.csv, final.vts).
# perf/incompressible_plots.py airfoil turns the folders into the PNG and the JSON.
set -uo pipefail
usage="usage: airfoil_re5000_grids.sh PORTAFLOW_BINARY OUT \"N N N\" LIMIT_S [THREADS]"
binary="${1:?$usage}"
out="${2:?$usage}"
grids="${3:?$usage}"
limit="${4:?$usage}"
threads="${5:-1}"
deck=inputs/incompressible/naca0012_re5000.yaml
mkdir -p "$out"
for n in $grids; do
  (
    dir="$out/g$n"
    mkdir -p "$dir"
    if [ -f "$dir/run/final.vts" ]; then
      echo "g$n: finished earlier" >>"$dir/run.log"
      exit 0
    fi
    args=(run "$deck" --set "mesh.airfoil_intervals=$n" --set "mesh.wake_intervals=$((n / 4))"
          --set "mesh.normal_intervals=$((n / 2))"
          --set "mesh.wall_spacing=$(awk -v n="$n" 'BEGIN { printf "%.17g", 0.256 / n }')"
          --set "output.dir=$dir/run" --set output.checkpoint_every=1000
          --set output.progress_seconds=60)
    [ -f "$dir/run/checkpoint.pfc" ] && args+=(--restart "$dir/run/checkpoint.pfc")
    echo "--- $(date -u +%FT%TZ) ${args[*]}" >>"$dir/run.log"
    OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores \
      timeout -s INT "$limit" "$binary" "${args[@]}" >>"$dir/run.log" 2>&1
    echo "exit status $?" >>"$dir/run.log"
  ) &
done
wait
for n in $grids; do
  echo "g$n: $(grep -E '^done|interrupted|non-physical|exit status' "$out/g$n/run.log" | tail -n 2 | tr '\n' ' ')"
done
