#!/usr/bin/env bash
# Packs what a GPU node needs to run the benchmarks (DESIGN.md §7) into .device/bundle/ at the
# repository root: the cuda-hopper and openmp presets' portaflow-bench, stripped, plus the shared
# libraries a bare node will not have. Run on the build machine, from anywhere in the checkout:
#
#   bash perf/pack_gpu_bundle.sh [--float] [--preset-cuda cuda-hopper]
#
#   --float        also build single-precision binaries (build/<preset>-float, configured with
#                  -DPORTAFLOW_PRECISION=float) and pack them as portaflow-bench-*-float
#   --preset-cuda  the CUDA preset to pack (default cuda-hopper; cuda-kepler for K20/K40/K80)
#   --app          also pack the portaflow command itself (bin/portaflow-cuda, -openmp) and the
#                  VTK libraries it links (about 25 MB more), for whole runs that write their
#                  outputs on the node (the multi-block NACA 0012 runs); leaves portaflow-dump
#                  out and strips the libraries, so the bundle fits the 64 MiB carry limit
#
# Builds in the presets' own folders (build/cuda-hopper, build/openmp), or under
# $PORTAFLOW_BUNDLE_BUILD_DIR/<preset> when that is set. PORTAFLOW_JOBS sets the parallel jobs.
#
# Layout of the bundle (perf/gpu_run.sh reads it):
#   bin/portaflow-bench-cuda[-float]    the CUDA binary (Kokkos default space Cuda)
#   bin/portaflow-bench-openmp[-float]  the OpenMP binary, the CPU baseline on the same node
#   bin/portaflow-dump-*                the same for portaflow-dump (perf/dump_main.cpp), if built
#   lib/                                libcudart.so.11.0, libgomp.so.1, libyaml-cpp.so.0.7,
#                                       libkernel_timer.so (perf/tools/kernel_timer.cpp)
#   lib/fallback/                       libstdc++.so.6 and libgcc_s.so.1 of the build machine,
#                                       used only if the node's own are too old
#   MANIFEST.json                       commit, build date, build host, files and sizes
# The bundle is never committed (/.device/ is ignored). To take it to the device machine of a
# session: run(command="bash perf/gpu_run.sh .device/bundle $OUT", carry=[".device/bundle"]).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

float=0
app=0
cuda_preset=cuda-hopper
while [ $# -gt 0 ]; do
  case "$1" in
    --float) float=1 ;;
    --app) app=1 ;;
    --preset-cuda) cuda_preset="${2:?--preset-cuda needs a preset}"; shift ;;
    -h | --help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "pack_gpu_bundle: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$cuda_preset" in cuda-hopper | cuda-kepler) ;; *)
  echo "pack_gpu_bundle: --preset-cuda must be cuda-hopper or cuda-kepler" >&2; exit 2 ;;
esac
jobs="${PORTAFLOW_JOBS:-$(nproc)}"

log() { printf '[pack %(%H:%M:%S)T] %s\n' -1 "$*"; }

bash ci/setup-deps.sh "$cuda_preset" openmp

# The CUDA presets carry this environment; a build folder other than the preset's needs it too.
cuda_env=(env NVCC_WRAPPER_DEFAULT_COMPILER=g++-11 CUDA_ROOT=/usr "PATH=/usr/bin:$PATH")

# build PRESET FOLDER [extra cmake arguments]: configures and builds portaflow-bench, and
# portaflow-dump where the tree has it (the CE/SE issue's whole-run tool).
build() {
  local preset=$1 folder=$2
  shift 2
  local run=()
  [[ $preset == cuda-* ]] && run=("${cuda_env[@]}")
  log "configure $preset -> $folder $*"
  mkdir -p "$folder"
  "${run[@]}" cmake --preset "$preset" -B "$folder" "$@" >"$folder/pack-configure.log" 2>&1 || {
    cat "$folder/pack-configure.log"
    exit 1
  }
  local targets=(portaflow-bench)
  [ $app = 1 ] && [[ $folder != *-float ]] && targets+=(portaflow)
  grep -q '^build portaflow-dump:\|^build bin/portaflow-dump:' "$folder/build.ninja" 2>/dev/null &&
    targets+=(portaflow-dump)
  log "build ${targets[*]} in $folder"
  "${run[@]}" cmake --build "$folder" -j "$jobs" --target "${targets[@]}"
}

top="${PORTAFLOW_BUNDLE_BUILD_DIR:-build}"
mkdir -p "$top"
builds=("$cuda_preset:$top/$cuda_preset:cuda" "openmp:$top/openmp:openmp")
if [ $float = 1 ]; then
  builds+=("$cuda_preset:$top/$cuda_preset-float:cuda-float" "openmp:$top/openmp-float:openmp-float")
fi
for entry in "${builds[@]}"; do
  IFS=: read -r preset folder _ <<<"$entry"
  if [[ $folder == *-float ]]; then
    # The preset's own float twin when CMakePresets.json has one, else the same by hand.
    if cmake --list-presets 2>/dev/null | grep -q "\"$preset-float\""; then
      build "$preset-float" "$folder"
    else
      build "$preset" "$folder" -DPORTAFLOW_PRECISION=float
    fi
  else
    build "$preset" "$folder"
  fi
done

bundle=.device/bundle
rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib/fallback"
for entry in "${builds[@]}"; do
  IFS=: read -r _ folder name <<<"$entry"
  for tool in portaflow-bench portaflow-dump portaflow; do
    [ $tool = portaflow ] && [ $app = 0 ] && continue
    # With the app, portaflow-dump is left out and the libraries stripped: the device tool
    # carries 64 MiB in all, and the app with its VTK libraries takes most of it.
    [ $tool = portaflow-dump ] && [ $app = 1 ] && continue
    [ -f "$folder/bin/$tool" ] || continue
    cp "$folder/bin/$tool" "$bundle/bin/$tool-$name"
    strip --strip-unneeded "$bundle/bin/$tool-$name"
  done
done

# The libraries the binaries need that a bare node lacks, resolved as ldd sees them here.
# libcudart comes from Debian's CUDA 11.8 (/usr/lib/x86_64-linux-gnu), never /usr/local/cuda.
for binary in "$bundle"/bin/*; do
  while read -r name _ path _; do
    [ -n "${path:-}" ] && [ -e "$path" ] || continue
    case "$name" in
      libcudart.so.11.0 | libgomp.so.1 | libyaml-cpp.so.0.7) cp -L "$path" "$bundle/lib/$name" ;;
      libstdc++.so.6 | libgcc_s.so.1) cp -L "$path" "$bundle/lib/fallback/$name" ;;
      libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux*) ;;
      *) [[ $(basename "$binary") == portaflow-cuda* || $(basename "$binary") == portaflow-openmp* ]] &&
           cp -L "$path" "$bundle/lib/$name" ;;
    esac
  done < <(ldd "$binary" | grep '=>')
  if ldd "$binary" | grep -q 'not found'; then
    echo "pack_gpu_bundle: $binary has unresolved libraries here:" >&2
    ldd "$binary" | grep 'not found' >&2
    exit 1
  fi
done
for binary in "$bundle"/bin/portaflow-bench-cuda*; do
  cudart=$(ldd "$binary" | awk '/libcudart/ {print $3}')
  case "$(readlink -f "$cudart")" in
    /usr/local/*)
      echo "pack_gpu_bundle: $binary links $cudart, not Debian's CUDA 11.8 runtime" >&2
      exit 1 ;;
  esac
done

# The kernel timer (perf/tools/kernel_timer.cpp), a Kokkos Tools library loaded through
# KOKKOS_PROFILE_LIBRARY (perf/multigrid_profile_device.sh); it needs no Kokkos headers.
g++ -O2 -std=c++17 -shared -fPIC perf/tools/kernel_timer.cpp -o "$bundle/lib/libkernel_timer.so" -ldl

# With the app: no fallback C++ runtime either (perf/multiblock_gpu_checks.sh does not use it).
[ $app = 1 ] && strip --strip-unneeded "$bundle"/lib/*.so* 2>/dev/null && rm -rf "$bundle/lib/fallback"

# The manifest: where and from what the bundle was made.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=false
[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=true
{
  printf '{\n  "schema": "portaflow-bundle/1",\n'
  printf '  "commit": "%s",\n  "tree_dirty": %s,\n' "$commit" "$dirty"
  printf '  "built": "%s",\n  "build_host": "%s",\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(hostname)"
  printf '  "cuda_preset": "%s",\n  "files": [\n' "$cuda_preset"
  first=1
  while read -r file; do
    [ $first = 1 ] || printf ',\n'
    first=0
    printf '    {"path": "%s", "bytes": %s}' "${file#"$bundle"/}" "$(stat -c %s "$file")"
  done < <(find "$bundle" -type f ! -name MANIFEST.json | sort)
  printf '\n  ]\n}\n'
} >"$bundle/MANIFEST.json"

log "bundle $root/$bundle (commit $commit$([ $dirty = true ] && echo ', modified tree')):"
(cd "$bundle" && find . -type f | sort | xargs ls -l | awk '{printf "  %9d  %s\n", $5, $9}')
echo "size: $(du -sh "$bundle" | cut -f1) ($(du -sb "$bundle" | cut -f1) bytes)"
echo "on the GPU node, from the repository root: bash perf/gpu_run.sh $bundle \$OUT"
