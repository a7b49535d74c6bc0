#!/usr/bin/env bash
# Single grid against FAS multigrid on seed 001's NACA 0012 case (issue 24), on the three nested
# C-meshes, with one portaflow binary:
#
#   bash perf/multigrid_naca.sh PORTAFLOW_BINARY OUT [THREADS] [LEVELS]
#
# For each mesh level L (default "0 1 2"): inputs/multiblock/naca0012_level<L>.yaml (single
# grid, CFL 2.5 as shipped) and inputs/multiblock/naca0012_multigrid.yaml at mesh.level L, each
# to a residual drop of 1e-10, history every cycle -> OUT/level<L>/{single,multigrid}/
# {history.csv,forces.csv,run.log}. Multigrid runs the deck as it is on every mesh level (V(2,2)
# over 3 levels with one Runge-Kutta cycle a visit on the coarsest, directional residual
# smoothing at CFL 7.5, correction averaging 0.05; until this deck's light averaging, level 0
# needed the smoothing off and CFL 2.5). Environment:
# MULTIGRID_EXTRA, options added to every multigrid run (e.g. "--set multigrid.cycle=w");
# RUN_EXTRA, options added to every run; SKIP_SINGLE=1 runs multigrid only.
# perf/multigrid_plots.py turns OUT into the PNG and the JSON.
set -uo pipefail
usage="usage: multigrid_naca.sh PORTAFLOW_BINARY OUT [THREADS] [LEVELS]"
binary="${1:?$usage}"
out="${2:?$usage}"
threads="${3:-$(nproc)}"
levels="${4:-0 1 2}"
mkdir -p "$out"
kinds="single multigrid"
[ "${SKIP_SINGLE:-0}" = 1 ] && kinds=multigrid
for level in $levels; do
  for kind in $kinds; do
    dir="$out/level$level/$kind"
    mkdir -p "$dir"
    deck="inputs/multiblock/naca0012_level$level.yaml"
    extra="${RUN_EXTRA:-}"
    if [ "$kind" = multigrid ]; then
      deck=inputs/multiblock/naca0012_multigrid.yaml
      extra="$extra ${MULTIGRID_EXTRA:-}"
    fi
    # shellcheck disable=SC2086  # $extra is a list of options
    OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout 560 "$binary" run "$deck" \
      --set "mesh.level=$level" $extra --set "output.dir=$dir/run" --set output.history_every=1 \
      --set output.vtk=false --set output.progress_seconds=60 >"$dir/run.log" 2>&1 ||
      echo "level $level $kind: exit status $?" >>"$dir/run.log"
    for f in history.csv forces.csv; do [ -f "$dir/run/$f" ] && cp "$dir/run/$f" "$dir/$f"; done
    rm -rf "$dir/run"
    echo "level $level $kind: $(grep -E '^done|non-physical|exit status' "$dir/run.log" | tail -n 1)"
  done
done
