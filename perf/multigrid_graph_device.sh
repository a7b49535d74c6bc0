#!/usr/bin/env bash
# Issue 24 on the GPU node: each multigrid (or single-grid) cycle replayed as one recorded CUDA
# graph against the same launches issued one by one, with a bundle packed by
# `perf/pack_gpu_bundle.sh --app`, from the repository root:
#
#   bash perf/multigrid_graph_device.sh BUNDLE OUT
#
# With the CUDA build, one call (so one node for every figure):
# - OUT/graph-off/ and OUT/graph-on/: the level-2 mesh, single grid and the deck's W(2,2) over
#   4 levels (perf/multigrid_naca.sh), with execution.cuda_graph false and true;
# - OUT/graph-on-w3/, OUT/graph-on-v4/ and OUT/graph-off-w3/: the level-2 multigrid as W(2,2)
#   over 3 levels and V(2,2) over 4 (multigrid only);
# - OUT/graph-on-levels/: mesh levels 0 and 1, single grid and multigrid, with the graph;
# - OUT/extruded-{off,on}/: the 3D extruded NACA 0012 deck (V(2,2) over 3 levels), 100 cycles.
# perf/multigrid_plots.py turns each folder into its JSON and PNG.
set -uo pipefail
usage="usage: multigrid_graph_device.sh BUNDLE OUT"
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
binary="$bundle/bin/portaflow-cuda"
mkdir -p "$out"
off="--set execution.cuda_graph=false"
{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores"
  for graph in off on; do
    extra=""; [ "$graph" = off ] && extra="$off"
    echo "== level 2, graph $graph"
    RUN_EXTRA="$extra" bash perf/multigrid_naca.sh "$binary" "$out/graph-$graph" 1 2
  done
  echo "== level 2, W(2,2) over 3 levels, graph off and on; V(2,2) over 4, graph on"
  SKIP_SINGLE=1 RUN_EXTRA="$off" MULTIGRID_EXTRA="--set multigrid.levels=3" \
    bash perf/multigrid_naca.sh "$binary" "$out/graph-off-w3" 1 2
  SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.levels=3" \
    bash perf/multigrid_naca.sh "$binary" "$out/graph-on-w3" 1 2
  SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.cycle=v" \
    bash perf/multigrid_naca.sh "$binary" "$out/graph-on-v4" 1 2
  echo "== every mesh level, graph on"
  bash perf/multigrid_naca.sh "$binary" "$out/graph-on-levels" 1 "0 1"
  echo "== 3D: the extruded NACA 0012, 100 multigrid cycles"
  for graph in off on; do
    extra=""; [ "$graph" = off ] && extra="$off"
    # shellcheck disable=SC2086  # $extra is a list of options
    timeout 300 "$binary" run inputs/multiblock/naca0012_extruded.yaml $extra \
      --set time.max_cycles=100 --set output.dir="$out/extruded-$graph" --set output.vtk=false \
      --set output.history_every=1 >"$out/extruded-$graph.log" 2>&1
    echo "graph $graph: $(grep -E '^done|CL =|note:' "$out/extruded-$graph.log" | tr '\n' ' ')"
  done
} 2>&1 | tee "$out/multigrid-graph.log"
