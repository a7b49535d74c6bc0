#!/usr/bin/env bash
# Issue 23 on the GPU node, from the repository root, with a bundle packed by
# `perf/pack_gpu_bundle.sh --app` (portaflow and portaflow-bench, CUDA and OpenMP):
#   bash perf/incompressible_device.sh BUNDLE OUT MODE[,MODE...]   (each mode within 5 min)
# cavity: 1. The cavity against Ghia at Re = 100 on 129^2 with the CUDA build and on the node's
#    cores (the same differences as the build machine's OpenMP runs,
#    perf/results/openmp-*-cavity-ghia.json), with their times.
# speed: 2. Time steps per second on 129^2 ... 1025^2 (Re = 1000, 200 steps from rest): CUDA, all
#    cores, one core.
# poisson: 3. The Poisson solvers to the same tolerance (1e-8) inside the first steps on 513^2
#    and 1025^2: BiCGSTAB + multigrid, BiCGSTAB + diagonal, seed 004's Jacobi (capped at 100 000
#    sweeps).
# grid: 4. Elliptic generation of the NACA 0012 C-grid (seed 004 eqs. 1-5) at 257^2, 513^2 and
#    1025^2 nodes, 400 iterations each (tolerance 0, so all run): the Kokkos generator on CUDA, on
#    all cores and on one core, and the host reference on one core (the seed's 1-core framing).
# bench: 5. The kernels (perf/kernels/incompressible_bench.cpp) at 256^2, 512^2 and 1024^2 nodes
#    with the ceilings measured in the same process: the vorticity update as 2D tiles and as 1D
#    rows (seed 004's thread-block question), the Poisson spmv and Jacobi sweep; CUDA, all cores,
#    one core -> OUT/incompressible-bench-{cuda,openmp<cores>,openmp1}.json.
# Everything goes to OUT/incompressible-device.log; the cavity JSON to OUT/cavity-*.json.
set -uo pipefail
usage="usage: incompressible_device.sh BUNDLE OUT MODE[,MODE...] (cavity speed poisson grid bench)"
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
modes=",${3:?$usage},"
mkdir -p "$out"
cores=$(nproc)
log="$out/incompressible-device.log"
tag=incompressible
# shellcheck source=lib/device_log.sh
source "$(dirname "$0")/lib/device_log.sh"
deck=inputs/incompressible/cavity_re1000.yaml
wants() { [[ "$modes" == *",$1,"* ]]; }

# run_deck LABEL BINARY THREADS LIMIT [portaflow run arguments...]: its done/Poisson lines.
run_deck() {
  local label=$1 bin=$2 threads=$3 limit=$4
  shift 4
  local dir
  dir=$(mktemp -d)
  local text
  text=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout "$limit" \
    "$bundle/bin/$bin" run "$@" --set "output.dir=$dir/run" --set output.vtk=false \
    --set output.progress_seconds=0 2>&1)
  say "$label: exit $?; $(grep -E 'Poisson|done:' <<<"$text" | tail -n 2 | tr '\n' ' ')"
  rm -rf "$dir"
}

if wants bench; then
  say "5. kernels at 256^2, 512^2, 1024^2 nodes"
  kernels=incompressible.vorticity_rate.tiles2d,incompressible.vorticity_rate.flat1d
  kernels+=,incompressible.poisson.spmv,incompressible.poisson.jacobi
  sizes=65536,262144,1048576
  run bench.cuda portaflow-bench-cuda 1 200 --kernel "$kernels" --sizes "$sizes" --ceiling \
    --repeats 5 --json "$out/incompressible-bench-cuda.json" --label cuda
  run "bench.openmp$cores" portaflow-bench-openmp "$cores" 200 --kernel "$kernels" --sizes "$sizes" \
    --ceiling --repeats 3 --json "$out/incompressible-bench-openmp$cores.json" --label "omp$cores"
  run bench.openmp1 portaflow-bench-openmp 1 200 --kernel "$kernels" --sizes "$sizes" --ceiling \
    --repeats 3 --json "$out/incompressible-bench-openmp1.json" --label omp1
fi

if wants cavity; then
  say "1. cavity against Ghia, 129^2, Re 100"
  timeout 280 python3 perf/cavity_ghia.py "$bundle/bin/portaflow-cuda" "$out/cavity-cuda" --re 100 \
    --no-plot 2>&1 | tee -a "$log"
  OMP_NUM_THREADS=$cores OMP_PROC_BIND=close OMP_PLACES=cores timeout 280 python3 perf/cavity_ghia.py \
    "$bundle/bin/portaflow-openmp" "$out/cavity-openmp$cores" --re 100 --no-plot 2>&1 | tee -a "$log"
fi

if wants grid; then
  say "4. C-grid generation, 400 elliptic iterations"
  naca=inputs/incompressible/naca0012_re5000.yaml
  # gen LABEL BINARY THREADS ON NODES: the generation line of a one-step run.
  gen() {
    local n=$5 dir
    dir=$(mktemp -d)
    local text
    text=$(OMP_NUM_THREADS=$3 OMP_PROC_BIND=close OMP_PLACES=cores timeout 300 "$bundle/bin/$2" run \
      "$naca" --set "output.dir=$dir/run" --set output.vtk=false --set time.max_steps=1 \
      --set "mesh.airfoil_intervals=$(((n - 1) / 2))" --set "mesh.wake_intervals=$(((n - 1) / 4))" \
      --set "mesh.normal_intervals=$((n - 1))" --set mesh.wall_spacing=0.0005 \
      --set mesh.elliptic_iterations=400 --set mesh.elliptic_tolerance=1e-300 \
      --set incompressible.poisson_max_iterations=1 \
      --set "mesh.generated_on=$4" 2>&1)
    say "$1: $(grep -E 'generated on|grid quality|portaflow:' <<<"$text" | tr '\n' ' ')"
    rm -rf "$dir"
  }
  for n in 257 513 1025; do
    gen "grid.cuda.$n" portaflow-cuda 1 device $n
    gen "grid.openmp$cores.$n" portaflow-openmp "$cores" device $n
    gen "grid.openmp1.$n" portaflow-openmp 1 device $n
    gen "grid.host1.$n" portaflow-openmp 1 host $n
  done
fi

if wants speed; then
  say "2. steps per second (Re 1000, 200 steps from rest)"
  for n in 128 256 512 1024; do
    run_deck "steps.cuda.$n" portaflow-cuda 1 60 "$deck" --set "mesh.cells=[$n,$n]" --set time.max_steps=200
    run_deck "steps.openmp$cores.$n" portaflow-openmp "$cores" 60 "$deck" --set "mesh.cells=[$n,$n]" --set time.max_steps=200
    run_deck "steps.openmp1.$n" portaflow-openmp 1 60 "$deck" --set "mesh.cells=[$n,$n]" --set time.max_steps=20
  done
fi

if wants poisson; then
  say "3. Poisson solvers to 1e-8 inside the first steps"
  for n in 512 1024; do
    common=("$deck" --set "mesh.cells=[$n,$n]" --set incompressible.poisson_tolerance=1e-8)
    run_deck "poisson.multigrid.cuda.$n" portaflow-cuda 1 60 "${common[@]}" --set time.max_steps=10
    run_deck "poisson.diagonal.cuda.$n" portaflow-cuda 1 90 "${common[@]}" --set time.max_steps=10 \
      --set incompressible.preconditioner=jacobi
    run_deck "poisson.jacobi.cuda.$n" portaflow-cuda 1 120 "${common[@]}" --set time.max_steps=2 \
      --set incompressible.poisson=jacobi
    run_deck "poisson.multigrid.openmp$cores.$n" portaflow-openmp "$cores" 60 "${common[@]}" --set time.max_steps=10
  done
fi
say "done"
