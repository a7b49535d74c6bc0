#!/usr/bin/env bash
# Issue 23: two CUDA builds of the stream-function/vorticity solver on the same GPU node (a
# baseline commit's and a change's), from the repository root:
#
#   bash perf/poisson_ab_device.sh BASE_BINARY NEW_BINARY OUT
#
# For each binary: inputs/incompressible/naca0012_re5000.yaml (193 x 65 C-grid, BiCGSTAB with
# the diagonal), 300 steps, and the Re 1000 cavity at 512^2 (BiCGSTAB with the multigrid
# preconditioner), 100 steps; logs in OUT/<base|new>-{airfoil,cavity512}.log. Each log's last
# lines give the steps' time, the iterations per solve and the loads. Set LD_LIBRARY_PATH to
# the bundle's lib/ first.
set -uo pipefail
usage="usage: poisson_ab_device.sh BASE_BINARY NEW_BINARY OUT"
base="${1:?$usage}"
new="${2:?$usage}"
out="${3:?$usage}"
mkdir -p "$out"
{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores"
  for which in base new; do
    binary=$base; [ $which = new ] && binary=$new
    timeout 200 "$binary" run inputs/incompressible/naca0012_re5000.yaml --set time.max_steps=300 \
      --set output.dir="$out/run" --set output.vtk=false --overwrite >"$out/$which-airfoil.log" 2>&1
    echo "$which airfoil: $(grep -E 'Poisson|^done' "$out/$which-airfoil.log" | tail -n 2 | tr '\n' ' ')"
    timeout 200 "$binary" run inputs/incompressible/cavity_re1000.yaml --set mesh.cells=[512,512] \
      --set incompressible.preconditioner=multigrid --set time.max_steps=100 \
      --set output.dir="$out/run" --set output.vtk=false --overwrite >"$out/$which-cavity512.log" 2>&1
    echo "$which cavity 512^2: $(grep -E 'Poisson|^done' "$out/$which-cavity512.log" | tail -n 2 | tr '\n' ' ')"
  done
  rm -rf "$out/run"
} 2>&1 | tee "$out/poisson-ab.log"
