#!/usr/bin/env bash
# Single grid against FAS multigrid on seed 001's NACA 0012 case (issue 24), on the three nested
# C-meshes, with one portaflow binary:
#
#   bash perf/multigrid_naca.sh PORTAFLOW_BINARY OUT [THREADS]
#
# For each mesh level L in 0 1 2: inputs/multiblock/naca0012_level<L>.yaml (single grid, CFL 2.5
# as shipped) and inputs/multiblock/naca0012_multigrid.yaml at mesh.level L (4 levels, V(2,2),
# CFL 3), each to a residual drop of 1e-10, history every cycle -> OUT/level<L>/{single,multigrid}/
# {history.csv,forces.csv,run.log}. perf/multigrid_plots.py turns OUT into the PNG and the JSON.
set -uo pipefail
binary="${1:?usage: multigrid_naca.sh PORTAFLOW_BINARY OUT [THREADS]}"
out="${2:?usage: multigrid_naca.sh PORTAFLOW_BINARY OUT [THREADS]}"
threads="${3:-$(nproc)}"
mkdir -p "$out"
for level in 0 1 2; do
  for kind in single multigrid; do
    dir="$out/level$level/$kind"
    mkdir -p "$dir"
    deck=inputs/multiblock/naca0012_multigrid.yaml
    [ "$kind" = single ] && deck="inputs/multiblock/naca0012_level$level.yaml"
    OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores "$binary" run "$deck" \
      --set "mesh.level=$level" --set "output.dir=$dir/run" --set output.history_every=1 \
      --set output.vtk=false --set output.progress_seconds=30 >"$dir/run.log" 2>&1 ||
      echo "level $level $kind: exit status $?" >>"$dir/run.log"
    for f in history.csv forces.csv; do [ -f "$dir/run/$f" ] && cp "$dir/run/$f" "$dir/$f"; done
    rm -rf "$dir/run"
    tail -n 4 "$dir/run.log"
  done
done
