#!/usr/bin/env bash
# The plotting tool behind `portaflow plot`, end to end: one small run per scheme family (a few
# seconds each on one thread), tools/plot/portaflow_plot.py on each, and the plots it must write
# (present, non-empty); then its refusals and its skips when optional files are missing.
#
#   PORTAFLOW_EXE=build/openmp/bin/portaflow bash tests/plot/test_plot.sh
#
# PYTHON picks the interpreter (default /usr/bin/python3, Debian's, which has matplotlib);
# KEEP=1 keeps the runs and plots in the temporary folder it prints. Exit 0 when everything
# passed, 1 on any failure, 2 on a bad invocation.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
plot="$root/tools/plot/portaflow_plot.py"
exe="${PORTAFLOW_EXE:-${1:-}}"
if [ -z "$exe" ] || [ ! -x "$exe" ]; then
  echo "usage: PORTAFLOW_EXE=path/to/portaflow bash tests/plot/test_plot.sh" >&2
  exit 2
fi
exe="$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")"
export PORTAFLOW_EXE="$exe" OMP_NUM_THREADS=1
python="${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}"
work="$(mktemp -d "${TMPDIR:-/tmp}/portaflow-plot-test.XXXXXX")"
[ "${KEEP:-0}" = 1 ] && echo "work folder: $work" || trap 'rm -rf "$work"' EXIT

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok:   $*"; }

# run_case NAME DECK [--set KEY=VALUE ...]: a run into $work/NAME.
run_case() {
  local name="$1" deck="$2"
  shift 2
  if ! "$exe" run "$root/inputs/$deck" --set "output.dir=$work/$name" --overwrite "$@" \
      >"$work/$name.run.log" 2>&1; then
    fail "$name: portaflow run failed:"; tail -n 5 "$work/$name.run.log"; return 1
  fi
}

# plot_case NAME KIND...: the plot tool on $work/NAME exits 0 and writes plots/KIND.png, each
# non-empty and named in a "wrote" line; its output is kept in $work/NAME.plot.log.
plot_case() {
  local name="$1" kind
  shift
  [ -d "$work/$name" ] || return 0  # its run failed, already counted
  "$python" "$plot" "$work/$name" >"$work/$name.plot.log" 2>&1
  local rc=$?
  [ "$rc" = 0 ] || { fail "$name: the plot tool exited $rc:"; cat "$work/$name.plot.log"; return; }
  for kind in "$@"; do
    if [ ! -s "$work/$name/plots/$kind.png" ]; then
      fail "$name: plots/$kind.png missing or empty"; cat "$work/$name.plot.log"
    elif ! grep -q "^wrote $work/$name/plots/$kind.png: " "$work/$name.plot.log"; then
      fail "$name: no 'wrote' line for plots/$kind.png"; cat "$work/$name.plot.log"
    else
      pass "$name: plots/$kind.png"
    fi
  done
}

# expect_in_log NAME TEXT / expect_not_in_log NAME TEXT: about the plot tool's output.
expect_in_log() { grep -qF -- "$2" "$work/$1.plot.log" && pass "$1: says '$2'" ||
  { fail "$1: no '$2' in:"; cat "$work/$1.plot.log"; }; }
expect_not_in_log() { grep -qF -- "$2" "$work/$1.plot.log" &&
  { fail "$1: '$2' in:"; cat "$work/$1.plot.log"; } || pass "$1: no '$2'"; }

echo "== one run per family (portaflow: $exe; python: $python)"
run_case cese_sod cese/sod.yaml --set mesh.cells=200
plot_case cese_sod history profiles
expect_in_log cese_sod "over the exact solution"
run_case cese_riemann_2d cese/riemann_2d.yaml --set "mesh.cells=[64,64]"
plot_case cese_riemann_2d history density_map line_out
run_case exact_sod exact_riemann/sod.yaml --set mesh.cells=200
plot_case exact_sod history profiles
expect_in_log exact_sod "the run is the exact solution itself"
run_case fv_toro1 fv/toro1.yaml --set mesh.cells=200
plot_case fv_toro1 history profiles
expect_not_in_log fv_toro1 "exact solution not drawn"
run_case fv_vortex fv/isentropic_vortex_muscl2.yaml --set "mesh.cells=[32,32]"
plot_case fv_vortex history density_map line_out
run_case dg_radial highorder/radial_dg_p1.yaml --set "mesh.cells=[20,20]"
plot_case dg_radial history density_map line_out
expect_in_log dg_radial "element-average density map"
run_case multiblock_naca multiblock/naca0012_level0.yaml --set time.max_cycles=60
plot_case multiblock_naca history surface_cp
run_case multiblock_3d multiblock/naca0012_extruded.yaml --set time.max_cycles=5 \
  --set mesh.span_nodes=5 --set multiblock.order=2 --set multigrid.levels=1 --set output.history_every=1
plot_case multiblock_3d history surface_cp
expect_in_log multiblock_3d "at mid-span"
run_case cavity incompressible/cavity_re100.yaml --set "mesh.cells=[32,32]" --set time.t_end=1
plot_case cavity history centrelines
expect_in_log cavity "against Ghia, Ghia & Shin (1982)"
run_case plate incompressible/flat_plate_re1e5.yaml --set "mesh.cells=[40,24]" --set time.t_end=0.2 \
  --set output.history_every=5
plot_case plate history surface blasius_profile
run_case airfoil incompressible/naca0012_re5000.yaml --set mesh.airfoil_intervals=48 \
  --set mesh.wake_intervals=12 --set mesh.normal_intervals=32 --set mesh.wall_spacing=5e-3 \
  --set time.t_end=0.05 --set output.history_every=5
plot_case airfoil history surface

echo "== refusals"
out="$("$python" "$plot" /nonexistent 2>&1)"; rc=$?
[ "$rc" = 2 ] && [[ "$out" == *"/nonexistent: no such directory"* ]] &&
  pass "/nonexistent: exit 2, '$out'" || fail "/nonexistent: exit $rc, '$out'"
mkdir -p "$work/empty"
out="$("$python" "$plot" "$work/empty" 2>&1)"; rc=$?
[ "$rc" = 2 ] && [[ "$out" == *"holds no PortaFlow run"* ]] &&
  pass "empty folder: exit 2" || fail "empty folder: exit $rc, '$out'"
out="$("$python" "$plot" "$work/cavity" --only nonsense 2>&1)"; rc=$?
[ "$rc" = 2 ] && pass "--only nonsense: exit 2" || fail "--only nonsense: exit $rc, '$out'"
# Without matplotlib: a module of that name that fails to import stands in for its absence.
mkdir -p "$work/no_mpl/matplotlib"
echo 'raise ImportError("No module named matplotlib")' >"$work/no_mpl/matplotlib/__init__.py"
out="$(PYTHONPATH="$work/no_mpl" "$python" "$plot" "$work/cavity" 2>&1)"; rc=$?
[ "$rc" = 2 ] && [[ "$out" == *"apt install python3-matplotlib"* ]] && [ "$(echo "$out" | wc -l)" = 1 ] &&
  pass "no matplotlib: exit 2, '$out'" || fail "no matplotlib: exit $rc, '$out'"

echo "== options and missing files"
"$python" "$plot" "$work/cavity" --only centrelines --format pdf >"$work/cavity_pdf.plot.log" 2>&1 &&
  [ -s "$work/cavity/plots/centrelines.pdf" ] && pass "--only centrelines --format pdf" ||
  { fail "--only centrelines --format pdf"; cat "$work/cavity_pdf.plot.log"; }
[ "$(grep -c '^wrote' "$work/cavity_pdf.plot.log")" = 1 ] && pass "--only: one file written" ||
  fail "--only wrote other plots too"
# No reference solver: the profiles are still drawn, with a note why the exact solution is not.
if PORTAFLOW_EXE=/nonexistent/portaflow PATH=/usr/bin:/bin "$python" "$plot" "$work/cese_sod" \
    --only profiles >"$work/no_exe.plot.log" 2>&1; then
  expect_in_log no_exe "wrote $work/cese_sod/plots/profiles.png"
  expect_in_log no_exe "exact solution not drawn: PORTAFLOW_EXE=/nonexistent/portaflow is not"
else
  fail "no exact solver: exit $?"; cat "$work/no_exe.plot.log"
fi
# Optional files removed: their plots, or their parts, are skipped with a note, exit 0.
cp -r "$work/cavity" "$work/cavity_bare"; rm -rf "$work/cavity_bare/plots" "$work/cavity_bare/ghia_comparison.csv"
cp -r "$work/multiblock_naca" "$work/mb_bare"; rm -f "$work/mb_bare/forces.csv" "$work/mb_bare/surface_cp.csv"
cp -r "$work/fv_vortex" "$work/fv_unfinished"; rm -f "$work/fv_unfinished/final.vtr" "$work/fv_unfinished/history.csv"
plot_case cavity_bare centrelines
expect_in_log cavity_bare "Ghia, Ghia & Shin (1982) not drawn: no ghia_comparison.csv"
plot_case mb_bare history
expect_in_log mb_bare "skipped surface_cp: no surface_cp.csv"
plot_case fv_unfinished density_map line_out
expect_in_log fv_unfinished "using the latest frame"
expect_in_log fv_unfinished "skipped history: no history.csv"
if grep -l "Traceback" "$work"/*.plot.log; then fail "a traceback in the logs above"; fi

echo
if [ "$failures" = 0 ]; then echo "test_plot.sh: all passed"; else echo "test_plot.sh: $failures failed"; fi
[ "$failures" = 0 ]
