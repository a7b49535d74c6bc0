#!/usr/bin/env bash
# Whether a multi-block run repeats bitwise: the NACA 0012 multigrid deck on the level-1 mesh,
# 100 cycles, three times with one binary, from the repository root:
#
#   bash perf/multiblock_repeatability_device.sh BINARY OUT
#
# Compares the three history.csv files without their wall_seconds column and prints whether
# they are identical, the first differing line, and each run's last row.
set -uo pipefail
usage="usage: multiblock_repeatability_device.sh BINARY OUT"
binary="${1:?$usage}"
out="${2:?$usage}"
mkdir -p "$out"
for k in 1 2 3; do
  "$binary" run inputs/multiblock/naca0012_multigrid.yaml --set mesh.level=1 \
    --set time.max_cycles=100 --set output.history_every=1 --set output.vtk=false \
    --set output.dir="$out/run$k" --overwrite >"$out/run$k.log" 2>&1 || tail -n 3 "$out/run$k.log"
  cut -d, -f1,3- "$out/run$k/history.csv" >"$out/history$k.csv"
  rm -rf "$out/run$k"
done
for k in 2 3; do
  if cmp -s "$out/history1.csv" "$out/history$k.csv"; then
    echo "run 1 vs $k: identical"
  else
    echo "run 1 vs $k: differ ($(cmp "$out/history1.csv" "$out/history$k.csv" | head -n 1))"
  fi
done
echo "columns: $(head -n 1 "$out/history1.csv")"
for k in 1 2 3; do echo "run $k, last row: $(tail -n 1 "$out/history$k.csv")"; done
