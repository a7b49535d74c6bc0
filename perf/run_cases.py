#!/usr/bin/env python3
"""PortaFlow's one performance runner: runs case files (perf/cases/) on packed or local builds
and writes one JSON per case (schema portaflow-case/1) with the device, the commits, the date,
the case's configuration and every run's figures.

    python3 perf/run_cases.py [--bundle DIR|FILE] [--build NAME=DIR ...] [--out DIR] [--pack]
                              [--budget SECONDS] [--only PATTERN ...] [--repetitions N]
                              [--timeout SECONDS] [--resume DIR] [--dry-run] CASE [CASE ...]

CASE is a case file (.toml or .json), a folder (every case file under it), or a list file
(.txt/.list: one case path a line, '#' comments). Python 3.11+ standard library only: it runs on
the GPU node (no Kokkos, no internet) and on the build machine.

Builds: --bundle names a folder (or a .tar, .tar.gz, .tar.xz of one) made by
perf/pack_gpu_bundle.sh: one sub-folder per build (cuda, openmp, cuda-float, before, after...)
holding portaflow, portaflow-bench and portaflow-dump (optionally .xz or .gz: unpacked into a
work folder first) and BUILD.json, beside lib/ (the shared libraries). --build NAME=DIR adds or
replaces one build: a bundle build folder, a CMake build folder (binaries in DIR/bin) or a
folder of binaries. A case names the builds it runs on; a build it names but nobody gave is
recorded as skipped.

Each case's processes run one at a time (unless the run says `concurrent`), from the repository
root, with OMP_NUM_THREADS from the case (`threads`: a count or "all"), OMP_PROC_BIND=close and
OMP_PLACES=cores unless the case sets them; `threads = "user"` sets none of them, so that portaflow's
own defaults apply as for a user. A failed, timed-out or skipped process is recorded
with its error and the runner goes on. The case's JSON is rewritten after every process, so a
call stopped by its time limit keeps what it measured. --budget stops starting processes once
that many seconds have passed (they are recorded as skipped), so a device call can end with its
results packed.

Writes, in --out (default ./perf-results):
  <gpu>-<YYYYMMDD>-<commit>-<case>.json   one per case (perf/README.md: "Case results")
  artifacts/<case>/<run>/...               what the case keeps (histories, forces, dumps, logs)
  run_cases.log, summary.md                the console log; a table per case
With --pack everything is put into results.tar.gz as well and artifacts/ removed, so that a
device call returns a few files (the device tool brings back at most 8).

Exit status: 0 every process ok; 3 some failed or timed out; 2 a case file or the command
line is wrong (nothing run); 1 an internal error.
"""
import argparse
import copy
import datetime
import fnmatch
import glob
import gzip
import itertools
import json
import lzma
import math
import os
import platform
import re
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

try:
    import tomllib
except ImportError:  # Python < 3.11: JSON case files only
    tomllib = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = "portaflow-case/1"
TOOLS = ("portaflow", "portaflow-bench", "portaflow-dump")

CASE_KEYS = {"name", "study", "description", "builds", "repetitions", "timeout", "threads",
             "env", "run", "expected_seconds", "notes", "measures"}
RUN_KEYS = {"name", "description", "tool", "args", "builds", "threads", "env", "timeout",
            "repetitions", "matrix", "record", "patterns", "csv_last", "json_file", "keep",
            "kernels_matching", "post", "concurrent", "cpus", "signal", "first_passing",
            "restart_from_checkpoint", "stdin", "variants", "matrix_files", "cap"}
POST_KEYS = {"name", "tool", "args", "record", "patterns", "csv_last", "json_file", "timeout",
             "env"}
RECORD_KINDS = {"done", "bench", "json_line", "tail", "progress"}

# The source papers, by what the runner writes instead of their internal names (kernel
# descriptions and deck comments of older builds still carry those names).
CITATIONS = [
    (r"[Ss]eed 000's", "the CE/SE GPU thesis' (2016)"), (r"[Ss]eed 000", "the CE/SE GPU thesis (2016)"),
    (r"[Ss]eed 001's", "Elsen et al.'s (2008)"), (r"[Ss]eed 001", "Elsen et al. (2008)"),
    (r"[Ss]eed 002's", "Zimmerman et al.'s (2018)"), (r"[Ss]eed 002", "Zimmerman et al. (2018)"),
    (r"[Ss]eed 003's", "Blakely's (LSC lecture)"), (r"[Ss]eed 003", "Blakely (LSC lecture)"),
    (r"[Ss]eed 004's", "Gohari et al.'s (2012)"), (r"[Ss]eed 004", "Gohari et al. (2012)"),
    (r"DESIGN\.md (§)?6 probe", "roofline probe"), (r" ?\(?DESIGN\.md §?\d*\)?", ""),
]


def cite(text):
    for pattern, replacement in CITATIONS:
        text = re.sub(pattern, replacement, text)
    return text


class CaseError(Exception):
    """A case file or the command line is wrong."""


# --------------------------------------------------------------------------------------------
# Small helpers


def now_utc():
    return datetime.datetime.now(datetime.timezone.utc)


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def safe_name(text):
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "x"


def number(text):
    """'1.5e3' -> 1500.0, '12' -> 12, anything else unchanged."""
    if not isinstance(text, str):
        return text
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def write_json_atomically(path, data):
    text = cite(json.dumps(finite(data), indent=1, allow_nan=False)) + "\n"
    temporary = f"{path}.tmp-{os.getpid()}"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


def finite(value):
    """JSON has no NaN or infinity: they become null."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


class Namespace(dict):
    """Figures as attributes for `first_passing` conditions: check.max_density < 1.2."""

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        return Namespace(value) if isinstance(value, dict) else value

    def __getattr__(self, key):
        value = self.get(key)
        return Namespace(value) if isinstance(value, dict) else value


def read_text(path, limit=None):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read() if limit is None else f.read(limit)
    except OSError:
        return ""


class Log:
    def __init__(self):
        self.lines = []
        self.path = None
        self.start = time.time()

    def __call__(self, text):
        line = f"[run_cases {time.strftime('%H:%M:%S')} +{time.time() - self.start:.0f}s] {text}"
        print(line, flush=True)
        self.lines.append(line)
        if self.path:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(cite(line) + "\n")


log = Log()

# --------------------------------------------------------------------------------------------
# Case files


def load_case_file(path):
    if path.endswith(".toml"):
        if tomllib is None:
            raise CaseError(f"{path}: TOML needs Python 3.11 or later (tomllib)")
        with open(path, "rb") as f:
            try:
                case = tomllib.load(f)
            except tomllib.TOMLDecodeError as error:
                raise CaseError(f"{path}: {error}")
    else:
        with open(path, encoding="utf-8") as f:
            try:
                case = json.load(f)
            except ValueError as error:
                raise CaseError(f"{path}: {error}")
    case = normalise_case(case, path)
    case["case_file"] = os.path.relpath(os.path.abspath(path), ROOT)
    return case


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def normalise_case(case, path):
    where = os.path.relpath(path, ROOT)
    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseError(f"{where}: unknown keys {sorted(unknown)} (known: {sorted(CASE_KEYS)})")
    case.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    case.setdefault("study", os.path.basename(os.path.dirname(os.path.abspath(path))))
    case.setdefault("description", "")
    case["builds"] = as_list(case.get("builds", ["cuda"]))
    case.setdefault("repetitions", 1)
    case.setdefault("timeout", 300)
    case.setdefault("threads", "all")
    case.setdefault("env", {})
    runs = case.get("run")
    if not runs:
        raise CaseError(f"{where}: no [[run]] entries")
    names = set()
    for k, run in enumerate(runs):
        label = f"{where}: run {k + 1} ({run.get('name', '?')})"
        unknown = set(run) - RUN_KEYS
        if unknown:
            raise CaseError(f"{label}: unknown keys {sorted(unknown)} (known: {sorted(RUN_KEYS)})")
        for key in ("name", "tool"):
            if key not in run:
                raise CaseError(f"{label}: '{key}' missing")
        if run["name"] in names:
            raise CaseError(f"{label}: the name is used twice")
        names.add(run["name"])
        run.setdefault("args", [])
        if not all(isinstance(a, (str, int, float)) for a in run["args"]):
            raise CaseError(f"{label}: args must be strings")
        run["args"] = [str(a) for a in run["args"]]
        run["record"] = as_list(run.get("record", []))
        bad = [r for r in run["record"] if r not in RECORD_KINDS]
        if bad:
            raise CaseError(f"{label}: unknown record kinds {bad} (known: {sorted(RECORD_KINDS)})")
        matrix = run.get("matrix", {})
        files = run.get("matrix_files", {})
        if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
            raise CaseError(f"{label}: matrix_files must map names to glob patterns (strings)")
        if files:
            matrix = dict(matrix)
            for key, pattern in files.items():
                # Files under the repository root, as paths relative to it, sorted: a case over
                # every deck (inputs/*/*.yaml) takes in a new deck without an edit.
                found = sorted(os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, pattern))
                               if os.path.isfile(f))
                if not found:
                    raise CaseError(f"{label}: matrix_files: no file matches '{pattern}'")
                matrix[key] = found
            run["matrix"] = matrix
        if not isinstance(matrix, dict) or not all(isinstance(v, list) and v for v in matrix.values()):
            raise CaseError(f"{label}: matrix must map names to non-empty lists")
        if isinstance(run.get("threads"), list):
            matrix = dict(matrix, threads=run.pop("threads"))
        variants = run.get("variants")
        if variants is not None:
            if not isinstance(variants, dict) or not variants or "variant" in matrix or \
                    not all(isinstance(v, list) for v in variants.values()):
                raise CaseError(f"{label}: variants must map names to lists of extra arguments")
            run["variants"] = {k: [str(a) for a in v] for k, v in variants.items()}
            matrix = dict(variant=list(variants), **matrix)
        run["matrix"] = matrix
        if "first_passing" in run:
            fp = run["first_passing"]
            if not isinstance(fp, dict) or fp.get("over") not in matrix or "condition" not in fp:
                raise CaseError(f"{label}: first_passing needs 'over' (a matrix key) and 'condition'")
        for post in as_list(run.get("post")):
            unknown = set(post) - POST_KEYS
            if unknown or "tool" not in post:
                raise CaseError(f"{label}: post entries take {sorted(POST_KEYS)} and need 'tool'")
            post["args"] = [str(a) for a in post.get("args", [])]
            post["record"] = as_list(post.get("record", []))
        run["post"] = as_list(run.get("post"))
        if run["tool"] not in TOOLS and run["tool"] not in ("python3", "mpirun") and \
                not run["tool"].startswith("builtin:"):
            raise CaseError(f"{label}: tool must be one of {TOOLS}, python3, mpirun (the "
                            "bundle's MPI runtime) or builtin:NAME")
        if run["tool"].startswith("builtin:") and run["tool"][8:] not in BUILTINS:
            raise CaseError(f"{label}: no built-in '{run['tool'][8:]}' (known: {sorted(BUILTINS)})")
    return case


def case_paths(items):
    paths = []
    for item in items:
        if os.path.isdir(item):
            for root, _, files in os.walk(item):
                paths += [os.path.join(root, f) for f in files if f.endswith((".toml", ".json"))]
        elif item.endswith((".txt", ".list")):
            base = os.path.dirname(os.path.abspath(item))
            for line in read_text(item).splitlines():
                line = line.split("#", 1)[0].strip()
                if line:
                    full = line if os.path.isabs(line) else os.path.join(ROOT, line)
                    if not os.path.exists(full):
                        full = os.path.join(base, line)
                    paths += case_paths([full])
        elif os.path.exists(item):
            paths.append(item)
        else:
            raise CaseError(f"no case file, folder or list '{item}'")
    return sorted(dict.fromkeys(os.path.abspath(p) for p in paths))


# --------------------------------------------------------------------------------------------
# Builds


class Build:
    def __init__(self, name, folder, tools, info=None, lib_dirs=()):
        self.name = name
        self.folder = folder
        self.tools = tools  # tool -> path
        self.info = dict(info or {})
        self.lib_dirs = list(lib_dirs)
        self.checked = False

    @property
    def backend(self):
        backend = self.info.get("backend")
        if backend:
            return backend
        text = (self.info.get("version") or "").lower()
        if "backend cuda" in text or "cuda" in self.name:
            return "cuda"
        return "openmp"

    def describe(self):
        return dict(self.info, name=self.name, folder=self.folder, backend=self.backend,
                    tools=sorted(self.tools))


def unpack_file(path, target_dir):
    """Copies PATH into TARGET_DIR, gunzipping or unxzing it; returns the new path."""
    name = os.path.basename(path)
    if name.endswith(".xz"):
        target = os.path.join(target_dir, name[:-3])
        with lzma.open(path) as src, open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
    elif name.endswith(".gz") and not name.endswith(".tar.gz"):
        target = os.path.join(target_dir, name[:-3])
        with gzip.open(path) as src, open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
    else:
        target = os.path.join(target_dir, name)
        shutil.copy2(path, target)
    return target


def needs_unpacking(folder):
    for root, _, files in os.walk(folder):
        if any(f.endswith((".xz", ".gz")) and not f.endswith(".tar.gz") for f in files):
            return True
    return False


def unpacked_copy(folder, work):
    """FOLDER as is, or a copy in WORK with every .xz/.gz file unpacked (executables kept)."""
    if not needs_unpacking(folder):
        return folder
    target = os.path.join(work, "unpacked-" + safe_name(os.path.abspath(folder)))
    for root, _, files in os.walk(folder):
        out_dir = os.path.join(target, os.path.relpath(root, folder))
        os.makedirs(out_dir, exist_ok=True)
        for f in files:
            new = unpack_file(os.path.join(root, f), out_dir)
            if os.path.basename(new).startswith("portaflow") or "/bin" in out_dir:
                os.chmod(new, 0o755)
    log(f"unpacked {folder} into {target}")
    return target


def extract_archive(path, work):
    target = os.path.join(work, "bundle")
    with tarfile.open(path) as tar:
        try:
            tar.extractall(target, filter="data")
        except TypeError:  # Python without extraction filters
            tar.extractall(target)
    entries = [e for e in os.listdir(target) if not e.startswith(".")]
    if len(entries) == 1 and os.path.isdir(os.path.join(target, entries[0])):
        target = os.path.join(target, entries[0])
    return target


def tools_in(folder):
    tools = {}
    for tool in TOOLS:
        for candidate in (os.path.join(folder, tool), os.path.join(folder, "bin", tool)):
            if os.path.isfile(candidate):
                tools[tool] = candidate
                break
    return tools


def read_json_file(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def bundle_builds(bundle):
    """The builds of a bundle folder: its sub-folders with binaries, and the older layout's
    bin/<tool>-<build> files."""
    builds, manifest = {}, read_json_file(os.path.join(bundle, "MANIFEST.json")) or {}
    libs = [os.path.join(bundle, "lib")]
    for entry in sorted(os.listdir(bundle)):
        folder = os.path.join(bundle, entry)
        if entry in ("lib", "bin") or not os.path.isdir(folder):
            continue
        tools = tools_in(folder)
        if tools:
            info = read_json_file(os.path.join(folder, "BUILD.json")) or {}
            builds[entry] = Build(entry, folder, tools, info, libs + [os.path.join(folder, "lib")])
    legacy = os.path.join(bundle, "bin")
    if os.path.isdir(legacy):
        for f in sorted(os.listdir(legacy)):
            m = re.match(r"(portaflow-bench|portaflow-dump|portaflow)-(.+)$", f)
            if m and os.path.isfile(os.path.join(legacy, f)):
                build = builds.setdefault(m.group(2), Build(m.group(2), legacy, {}, {}, libs))
                build.tools[m.group(1)] = os.path.join(legacy, f)
        for build in builds.values():
            build.info.setdefault("commit", manifest.get("commit"))
    return builds, manifest


def cmake_build_info(folder):
    """What a CMake build folder says about itself: backend, precision, commit built."""
    info = {}
    cache = read_text(os.path.join(folder, "CMakeCache.txt"))
    if cache:
        if re.search(r"^Kokkos_ENABLE_CUDA:\w+=ON", cache, re.M) or "nvcc_wrapper" in cache:
            info["backend"] = "cuda"
        m = re.search(r"^PORTAFLOW_PRECISION:\w+=(\w+)", cache, re.M)
        info["precision"] = m.group(1) if m else "double"
    generated = read_text(os.path.join(folder, "perf", "build_info.cpp"))
    body = generated.split("BuildInfo info", 1)[-1] if "BuildInfo info" in generated else ""
    strings = re.findall(r'"([^"]*)"', body)  # version, commit, ... (perf/build_info.cpp.in)
    if len(strings) >= 2:
        info["commit"] = strings[1]
    return info


def prepare_builds(args, work):
    builds, manifest = {}, {}
    if args.bundle:
        bundle = args.bundle
        if os.path.isfile(bundle):
            bundle = extract_archive(bundle, work)
        bundle = unpacked_copy(os.path.abspath(bundle), work)
        builds, manifest = bundle_builds(bundle)
        if not builds:
            raise CaseError(f"no builds in bundle {args.bundle}")
    for item in args.build or []:
        if "=" not in item:
            raise CaseError(f"--build {item}: NAME=DIR expected")
        name, folder = item.split("=", 1)
        if not os.path.isdir(folder):
            raise CaseError(f"--build {item}: no folder {folder}")
        folder = unpacked_copy(os.path.abspath(folder), work)
        tools = tools_in(folder)
        if not tools:
            raise CaseError(f"--build {item}: no {', '.join(TOOLS)} in {folder} or {folder}/bin")
        info = read_json_file(os.path.join(folder, "BUILD.json")) or cmake_build_info(folder)
        libs = [os.path.join(folder, "lib"), os.path.join(os.path.dirname(folder), "lib")]
        builds[name] = Build(name, folder, tools, info, libs)
    return builds, manifest


def mpi_runtime(build):
    """The Open MPI runtime a bundle carries beside the build (pack_gpu_bundle.sh --mpi), or
    None."""
    for lib in (build.lib_dirs if build else []):
        folder = os.path.join(os.path.dirname(lib), "mpi")
        if os.path.isfile(os.path.join(folder, "bin", "mpirun")):
            return folder
    return None


def mpi_environment(env, folder):
    """Points Open MPI at its relocated tree: plugins, help texts, libraries; lets root start
    ranks (the device nodes run as root); one node: no ssh launcher (plm isolated), shared memory
    without cross-process reads (containers may forbid them), TCP."""
    arch = next(iter(os.listdir(os.path.join(folder, "lib"))), "")
    ompi_lib = os.path.join(folder, "lib", arch, "openmpi", "lib")
    env.update(OPAL_PREFIX=folder,
               PMIX_MCA_mca_base_component_path=os.path.join(folder, "lib", arch, "pmix2", "lib", "pmix"),
               OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_pml="ob1", OMPI_MCA_btl="self,vader,tcp", OMPI_MCA_plm="isolated",
               OMPI_MCA_btl_vader_single_copy_mechanism="none",
               PATH=os.path.join(folder, "bin") + ":" + env.get("PATH", "/usr/bin:/bin"))
    env["LD_LIBRARY_PATH"] = ":".join(p for p in (env.get("LD_LIBRARY_PATH", ""), ompi_lib,
                                                  os.path.join(folder, "deps")) if p)


def library_path(dirs, extra=""):
    existing = [d for d in dirs if d and os.path.isdir(d)]
    current = os.environ.get("LD_LIBRARY_PATH", "")
    return ":".join(existing + ([extra] if extra else []) + ([current] if current else []))


def check_build(build):
    """Asks one of the build's binaries for --version (libraries found? which backend?); adds
    the bundle's fallback C++ runtime when the machine's is too old."""
    if build.checked:
        return
    build.checked = True
    tool = next((build.tools[t] for t in ("portaflow", "portaflow-bench") if t in build.tools), None)
    if tool is None:
        return
    for attempt in range(2):
        env = dict(os.environ, LD_LIBRARY_PATH=library_path(build.lib_dirs))
        try:
            p = subprocess.run([tool, "--version"], capture_output=True, text=True, env=env,
                               timeout=60)
            ok = p.returncode == 0
            text = (p.stdout + p.stderr).strip()
        except (OSError, subprocess.TimeoutExpired) as error:
            ok, text = False, str(error)
        if ok:
            build.info["version"] = text.splitlines()[0] if text else ""
            m = re.search(r"precision (\w+)", text)
            if m:
                build.info.setdefault("precision", m.group(1))
            if re.search(r"backend Cuda", text, re.I):
                build.info.setdefault("backend", "cuda")
            return
        fallback = [os.path.join(d, "fallback") for d in build.lib_dirs]
        if attempt == 0 and any(os.path.isdir(d) for d in fallback):
            build.lib_dirs += fallback
            continue
        build.info["start_error"] = text[-500:]
        log(f"build {build.name}: {os.path.basename(tool)} --version failed: {text[-300:]}")
        return


# --------------------------------------------------------------------------------------------
# The machine


def run_quiet(command):
    try:
        p = subprocess.run(command, capture_output=True, text=True, timeout=30)
        return p.stdout.strip() if p.returncode == 0 else ""
    except (OSError, subprocess.TimeoutExpired):
        return ""


def device_info():
    gpus = []
    query = run_quiet(["nvidia-smi", "--query-gpu=name,driver_version,memory.total,"
                       "clocks.max.sm,clocks.max.memory,power.limit", "--format=csv,noheader"])
    fields = ["name", "driver_version", "memory_total", "clocks_max_sm", "clocks_max_memory",
              "power_limit"]
    for line in query.splitlines():
        gpus.append(dict(zip(fields, [v.strip() for v in line.split(",")])))
    cpu = "unknown"
    for line in read_text("/proc/cpuinfo").splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    os_name = ""
    for line in read_text("/etc/os-release").splitlines():
        if line.startswith("PRETTY_NAME="):
            os_name = line.split("=", 1)[1].strip('"')
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {"gpus": gpus, "gpu": gpus[0]["name"] if gpus else None,
            "nvidia_smi_L": run_quiet(["nvidia-smi", "-L"]).splitlines(),
            "cpu_model": cpu, "cores": usable, "logical_cpus": os.cpu_count(),
            "hostname": socket.gethostname(), "os": os_name, "kernel": platform.release(),
            "python": platform.python_version()}


def short_device_name(device):
    """'h200', or 'h200x4' on a node of 4 GPUs (so results of one case on nodes of different
    sizes get different file names)."""
    name = (device.get("gpu") or "").replace("NVIDIA", "")
    m = re.search(r"\b([A-Za-z]{1,2}\d{2,4}[A-Za-z]?)\b", name)
    short = m.group(1).lower() if m else ("gpu" if device.get("gpu") else "cpu")
    gpus = len(device.get("gpus") or [])
    return f"{short}x{gpus}" if gpus > 1 else short


def checkout_commit():
    commit = run_quiet(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    return commit or None


# --------------------------------------------------------------------------------------------
# Planning: a case's runs expanded into processes


PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z0-9_.-]+)?)\}")
TOKEN = re.compile(r"(\{\{)|(\}\})|\{([A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z0-9_.-]+)?)\}")


def substitute(text, values):
    """{name} -> its value; {{ and }} -> literal braces; other braces (YAML) stay."""
    def replace(match):
        if match.group(1):
            return "{"
        if match.group(2):
            return "}"
        key = match.group(3)
        if key in values:
            return str(values[key])
        if key.startswith("bin:"):
            return str(values.get("bins", {}).get(key[4:], f"<no build {key[4:]}>"))
        raise CaseError(f"unknown placeholder {{{key}}} in '{text}'")
    return TOKEN.sub(replace, text)


def expansions(run):
    """Every combination of the run's matrix, in the file's key order (first key outermost; a
    first_passing key innermost)."""
    matrix = dict(run["matrix"])
    over = (run.get("first_passing") or {}).get("over")
    keys = [k for k in matrix if k != over] + ([over] if over else [])
    for values in itertools.product(*(matrix[k] for k in keys)):
        yield dict(zip(keys, values))


def variant_name(run, variables):
    name = run["name"]
    if PLACEHOLDER.search(name):
        return substitute(name, {k: v for k, v in variables.items()})
    shown = [str(v) for k, v in variables.items()]
    return ".".join([name] + shown) if shown else name


def run_builds(case, run):
    if "builds" in run:
        return as_list(run["builds"])
    if run["tool"] == "python3" or run["tool"].startswith("builtin:"):
        return [None]
    return case["builds"]


def threads_for(setting, build, cores, build_name=None):
    if isinstance(setting, dict):
        backend = build.backend if build else ("cuda" if "cuda" in (build_name or "") else "openmp")
        setting = setting.get(backend, setting.get("default", "all"))
    if setting in ("all", "user", None):
        return cores
    if isinstance(setting, str) and setting.startswith("all/"):
        return max(1, cores // int(setting[4:]))
    return int(setting)


# --------------------------------------------------------------------------------------------
# Built-in tools (no binary needed)


def builtin_compare_csv(args, _env):
    """compare_csv A.csv B.csv [C.csv ...] [--drop COLUMN ...]: whether the files are equal
    without the dropped columns (e.g. wall_seconds), the first differing line, last rows."""
    drop, files = [], []
    items = iter(args)
    for item in items:
        if item == "--drop":
            drop.append(next(items))
        else:
            files.append(item)
    tables = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            rows = [line.rstrip("\n").split(",") for line in f if line.strip()]
        header = rows[0] if rows else []
        keep = [k for k, h in enumerate(header) if h not in drop]
        tables.append([[r[k] for k in keep if k < len(r)] for r in rows])
    result = {"files": len(files), "dropped_columns": drop, "comparisons": []}
    for k in range(1, len(tables)):
        a, b = tables[0], tables[k]
        first = next((n for n, (x, y) in enumerate(zip(a, b)) if x != y), None)
        if first is None and len(a) != len(b):
            first = min(len(a), len(b))
        result["comparisons"].append({"first": 1, "other": k + 1, "identical": first is None,
                                      "first_differing_line": None if first is None else first + 1})
    result["identical"] = all(c["identical"] for c in result["comparisons"])
    result["last_rows"] = [",".join(t[-1]) if t else "" for t in tables]
    return json.dumps(result)


BUILTINS = {"compare_csv": builtin_compare_csv}


# --------------------------------------------------------------------------------------------
# Parsing what a process printed or wrote

DONE_UNSTEADY = re.compile(r"^done: (\d+) steps to t = (\S+) in (\S+) s \((\S+) cell-updates/s\)", re.M)
DONE_STEADY = re.compile(r"^done: (converged|not converged) after (\d+) cycles in (\S+) s"
                         r"(?: \((\S+) [a-z -]*updates/s\))?", re.M)
TIME_SPLIT = re.compile(r"^time: (.*)$", re.M)
SPLIT_PART = re.compile(r"([a-z][a-z -]*?) ([-0-9.eE+]+) s")


def parse_done(text):
    figures = {}
    m = None
    for m in DONE_UNSTEADY.finditer(text):
        pass
    if m:
        figures.update(steps=int(m.group(1)), t=number(m.group(2)), loop_seconds=number(m.group(3)),
                       cell_updates_per_s=number(m.group(4)))
    m = None
    for m in DONE_STEADY.finditer(text):
        pass
    if m:
        figures.update(converged=m.group(1) == "converged", cycles=int(m.group(2)),
                       loop_seconds=number(m.group(3)))
        if m.group(4):  # the run's own rate: node-stage updates/s for the multi-block solver
            figures["cell_updates_per_s"] = number(m.group(4))
    if re.search(r"^portaflow: interrupted", text, re.M):
        figures["interrupted"] = True
    m = None
    for m in TIME_SPLIT.finditer(text):
        pass
    if m:  # "time: device start-up 0.41 s, deck 0.002 s, ..., output 0.1 s; total 2.1 s"
        figures["time_split"] = {name.strip(): number(value)
                                 for name, value in SPLIT_PART.findall(m.group(1))}
    return figures


DECK_TIME = re.compile(r"^deck .*: scheme (\S+), t_end = (\S+), output in ", re.M)
DECK_STEADY = re.compile(r"^deck .*: scheme (\S+), at most (\d+) cycles to a residual drop of (\S+), output in ",
                         re.M)
PROGRESS_TIME = re.compile(r"^step (\d+)\s+t = (\S+)", re.M)
PROGRESS_STEADY = re.compile(r"^cycle (\d+)\s+log10\(residual drop\) (\S+)", re.M)
INTERRUPTED_TIME = re.compile(r"^portaflow: interrupted by (SIG\w+) after step (\d+) \(t = ([^)]+)\)", re.M)
INTERRUPTED_STEADY = re.compile(r"^portaflow: interrupted by (SIG\w+) at cycle (\d+)", re.M)


def cycles_to_go(samples, target_log, max_cycles):
    """Cycles still needed to bring log10(residual drop) to TARGET_LOG: a straight line through
    the latter half of the (cycle, log10 drop) samples, as the solver's own ETA; None when the
    residual is not falling (then only max_cycles bounds the run)."""
    if len(samples) < 2:
        return None
    now = samples[-1][0]
    recent = [x for x in samples if 2 * x[0] >= now]
    if len(recent) < 2:
        recent = samples[-2:]
    n = len(recent)
    mean_c = sum(c for c, _ in recent) / n
    mean_l = sum(v for _, v in recent) / n
    variance = sum((c - mean_c) ** 2 for c, _ in recent)
    if variance <= 0:
        return None
    slope = sum((c - mean_c) * (v - mean_l) for c, v in recent) / variance
    remaining = target_log - samples[-1][1]
    if remaining >= 0:
        return 0
    if slope >= 0:
        return None
    return min(max_cycles - now, math.ceil(remaining / slope))


def recent_rate(samples):
    """Units per second over the latter half of (seconds, units) samples, or None."""
    if len(samples) < 2:
        return None
    first, last = samples[0][0], samples[-1][0]
    middle = 0.5 * (first + last)
    anchor = min(samples[:-1], key=lambda x: abs(x[0] - middle))
    if last - anchor[0] <= 0 or samples[-1][1] <= anchor[1]:
        return None
    return (samples[-1][1] - anchor[1]) / (last - anchor[0])


def parse_progress(text, wall_seconds):
    """How far a `portaflow run` got and, when it did not finish, how long the whole run would
    take: from the deck line (t_end, or time.max_cycles and time.residual_drop), the done line,
    the interrupt line and the progress lines.

    The projection (projected_seconds, a projection, not a measurement) is the wall time at the
    stop plus the time still to go at the recent rate: the simulated time (t_end - t) or the
    cycles to go, at the rate of the latter half of the loop, timed by when each progress line
    and the interrupt line came (StampedOutput.stamps), so that start-up and the first steps'
    costs are not scaled up. A steady run's cycles to go come from the trend of log10(residual
    drop) over the progress lines, as the solver's own ETA, or are time.max_cycles's where the
    residual is not falling (projected_seconds_max_cycles: that bound always). Without stamps (or
    with fewer than two timed points) the wall time is scaled by the fraction done."""
    figures = {}
    m_time, m_steady = DECK_TIME.search(text), DECK_STEADY.search(text)
    done = parse_done(text)
    if m_time:
        figures.update(march="time", scheme=m_time.group(1), t_end=number(m_time.group(2)))
    elif m_steady:
        figures.update(march="steady", scheme=m_steady.group(1), max_cycles=int(m_steady.group(2)),
                       residual_drop_target=number(m_steady.group(3)))
    else:
        figures["march"] = None
    stamps = getattr(text, "stamps", None) or []
    timed_time, timed_steady, stop_at = [], [], None  # (seconds, t) and (seconds, cycle, log10 drop)
    for seconds, line in stamps:
        m = PROGRESS_TIME.match(line)
        if m and isinstance(number(m.group(2)), (int, float)):
            timed_time.append((seconds, number(m.group(2))))
        m = PROGRESS_STEADY.match(line)
        if m:
            timed_steady.append((seconds, int(m.group(1)), number(m.group(2))))
        if line.startswith("portaflow: interrupted by"):
            stop_at = seconds
    interrupted_time = list(INTERRUPTED_TIME.finditer(text))
    interrupted_steady = list(INTERRUPTED_STEADY.finditer(text))
    figures["finished"] = ("steps" in done or "cycles" in done) and not done.get("interrupted")
    if interrupted_time:
        m = interrupted_time[-1]
        figures.update(stopped_by=m.group(1), steps=int(m.group(2)), t=number(m.group(3)))
    elif interrupted_steady:
        m = interrupted_steady[-1]
        figures.update(stopped_by=m.group(1), cycles=int(m.group(2)))
    else:
        for key in ("steps", "t", "cycles", "converged"):
            if key in done:
                figures[key] = done[key]
    progress_steady = [(int(a), number(b)) for a, b in PROGRESS_STEADY.findall(text)]
    figures["progress_lines"] = len(PROGRESS_TIME.findall(text)) + len(progress_steady)
    if figures["finished"] or not isinstance(wall_seconds, (int, float)):
        return figures
    if figures["march"] == "time" and isinstance(figures.get("t"), (int, float)) and \
            isinstance(figures.get("t_end"), (int, float)) and figures["t"] > 0:
        t, t_end = figures["t"], figures["t_end"]
        figures["fraction_done"] = t / t_end
        rate = recent_rate(timed_time + ([(stop_at, t)] if stop_at is not None else []))
        if rate:
            figures.update(projected_seconds=wall_seconds + max(0.0, t_end - t) / rate,
                           projection="wall time at the stop + (t_end - t) at the recent rate of "
                                      "simulated time per second")
        else:
            figures.update(projected_seconds=wall_seconds * t_end / t,
                           projection="wall time x t_end / t")
    elif figures["march"] == "steady" and figures.get("cycles"):
        cycles, max_cycles = figures["cycles"], figures["max_cycles"]
        samples = [(c, v) for c, v in progress_steady if isinstance(v, (int, float)) and math.isfinite(v)]
        if samples:
            figures["log10_residual_drop"] = samples[-1][1]
        to_go = cycles_to_go(samples, math.log10(figures["residual_drop_target"]), max_cycles) \
            if samples and figures.get("residual_drop_target", 0) > 0 else None
        rate = recent_rate([(w, c) for w, c, _ in timed_steady] +
                           ([(stop_at, cycles)] if stop_at is not None else []))
        remaining = lambda n: (wall_seconds + n / rate) if rate else wall_seconds * (cycles + n) / cycles
        figures["projected_seconds_max_cycles"] = remaining(max(0, max_cycles - cycles))
        basis = "wall time at the stop + the cycles to go at the recent rate of cycles per second" \
            if rate else "wall time x (cycles done + cycles to go) / cycles done"
        if to_go is not None:
            figures.update(fraction_done=cycles / (cycles + to_go), projected_cycles=cycles + to_go,
                           projected_seconds=remaining(to_go),
                           projection=basis + "; cycles to go from the residual's trend")
        else:
            figures.update(fraction_done=cycles / max(max_cycles, cycles), projected_cycles=max_cycles,
                           projected_seconds=figures["projected_seconds_max_cycles"],
                           projection=basis + "; cycles to go: time.max_cycles (the residual is not falling)")
    return figures


class StampedOutput(str):
    """A process's output with `stamps`: (seconds since the start, line) for each line."""
    stamps = None


def last_json_line(text):
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{") and line.endswith("}"):
            try:
                return json.loads(line)
            except ValueError:
                continue
    return None


def read_csv_last(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        return None
    if len(lines) < 2:
        return None
    header = lines[0].split(",")
    row = dict(zip(header, (number(v) for v in lines[-1].split(","))))
    row["rows"] = len(lines) - 1
    return row


def bench_figures(doc):
    records = {}
    for r in doc.get("records", []):
        records[f"{r.get('kernel')}@{r.get('cells') or r.get('requested_cells')}"] = {
            k: r.get(k) for k in ("kernel", "cells", "status", "note", "cell_updates_per_s",
                                  "cell_updates_per_s_best", "effective_gb_per_s", "gflop_per_s",
                                  "fraction_of_bandwidth_ceiling", "fraction_of_roofline",
                                  "roofline_bound_by") if k in r}
        median = (r.get("seconds_per_step") or {}).get("median")
        if median is not None:
            records[f"{r.get('kernel')}@{r.get('cells') or r.get('requested_cells')}"]["seconds_per_step"] = median
    ceilings = doc.get("ceilings") or {}
    return {"records": records, "ceilings": {k: ceilings.get(k) for k in
                                             ("bandwidth_gb_per_s", "flop_gflop_per_s")},
            "complete": doc.get("complete"), "precision": doc.get("precision")}


def record_figures(spec, text, values, result):
    """The figures SPEC (a run or a post entry) asks for, from the process's output TEXT and the
    files it wrote."""
    figures = {}
    kinds = spec.get("record", [])
    if "done" in kinds:
        figures.update(parse_done(text))
    if "progress" in kinds:
        figures.update(parse_progress(text, result.get("wall_seconds")))
    if "json_line" in kinds:
        line = last_json_line(text)
        if line is None:
            result.setdefault("problems", []).append("no JSON line in the output")
        else:
            figures.update(line)
    for name, pattern in (spec.get("patterns") or {}).items():
        matches = re.findall(pattern, text, re.M)
        if matches:
            last = matches[-1]
            figures[name] = [number(v) for v in last] if isinstance(last, tuple) else number(last)
            if len(matches) > 1:
                figures[name + "_all"] = [[number(v) for v in m] if isinstance(m, tuple) else number(m)
                                          for m in matches]
    for path in as_list(spec.get("csv_last")):
        path = substitute(path, values)
        row = read_csv_last(path)
        key = os.path.splitext(os.path.basename(path))[0]
        if row is None:
            result.setdefault("problems", []).append(f"no rows in {os.path.relpath(path, ROOT)}")
        figures[key] = row
    if spec.get("json_file"):
        path = substitute(spec["json_file"], values)
        data = read_json_file(path)
        if data is None:
            result.setdefault("problems", []).append(f"no JSON in {path}")
        figures[os.path.splitext(os.path.basename(path))[0].replace("-", "_")] = data
    if "tail" in kinds:
        figures["tail"] = text.strip().splitlines()[-12:]
    return figures


# --------------------------------------------------------------------------------------------
# Running


class Runner:
    def __init__(self, args, builds, manifest, device, out, work):
        self.args = args
        self.builds = builds
        self.manifest = manifest
        self.device = device
        self.out = out
        self.work = work
        self.start = time.time()
        self.cores = device["cores"] or os.cpu_count() or 1
        self.failures = 0
        self.case_files = []

    # -- time budget
    def left(self):
        if not self.args.budget:
            return None
        return self.args.budget - (time.time() - self.start)

    def timeout_of(self, case, run):
        """The run's time limit: --timeout, else the run's, else the case's."""
        return self.args.timeout or run.get("timeout", case["timeout"])

    def selected(self, run, variables):
        """--only: the run's name or this expansion's name (e.g. a deck path of a matrix_files
        run named "{deck}") matches one of the patterns; no --only selects everything."""
        if not self.args.only:
            return True
        names = (run["name"], variant_name(run, variables))
        return any(fnmatch.fnmatch(n, pattern) for pattern in self.args.only
                   for n in names)

    def commit_of(self, case):
        commits = []
        for name in case["builds"]:
            build = self.builds.get(name)
            if build and build.info.get("commit") and build.info["commit"] not in commits:
                commits.append(build.info["commit"])
        if not commits and self.manifest.get("commit"):
            commits.append(self.manifest["commit"])
        if not commits:
            commits.append(checkout_commit() or "unknown")
        return "+".join(commits)

    def process_plan(self, case):
        """[(repetition, run, variables, build name)] in execution order. Builds alternate
        within each run and repetition (A/B), repetitions are outermost."""
        plan = []
        reps = self.args.repetitions or max([case["repetitions"]] +
                                            [r.get("repetitions", case["repetitions"]) for r in case["run"]])
        for rep in range(1, reps + 1):
            for run in case["run"]:
                run_reps = self.args.repetitions or run.get("repetitions", case["repetitions"])
                if rep > run_reps:
                    continue
                for variables in expansions(run):
                    if not self.selected(run, variables):
                        continue
                    for build in run_builds(case, run):
                        plan.append((rep, run, variables, build))
        return plan

    def values_for(self, case, run, variables, build_name, rep, tmp, keep_dir):
        build = self.builds.get(build_name) if build_name else None
        threads = threads_for(variables.get("threads", run.get("threads", case["threads"])),
                              build, self.cores, build_name)
        values = {"repo": ROOT, "tmp": tmp, "work": os.path.join(self.work, safe_name(case["name"])),
                  "keep": keep_dir, "cores": self.cores, "threads": threads, "rep": rep,
                  "build": build_name or "", "resume": self.args.resume or "<no --resume>",
                  "bin": build.folder if build else f"<build:{build_name}>",
                  "lib": next((d for d in build.lib_dirs if os.path.isdir(d)), "") if build
                  else f"<lib of build:{build_name}>",
                  "bins": {n: (os.path.dirname(b.tools[next(iter(b.tools))]) if b.tools else b.folder)
                           for n, b in self.builds.items()},
                  "kernels": "{kernels}"}
        if build and build.tools:
            values["bin"] = os.path.dirname(next(iter(build.tools.values())))
        values.update({k: v for k, v in variables.items()})
        values["run"] = variant_name(run, variables)
        return values, build, threads

    def command_for(self, spec, build, values, dry):
        tool = spec["tool"]
        extra = (spec.get("variants") or {}).get(values.get("variant"), [])
        args = [substitute(a, values) for a in spec.get("args", []) + extra]
        if tool in TOOLS:
            path = build.tools.get(tool) if build else None
            if path is None:
                path = f"<build:{values['build']}>/{tool}"
            return [path] + args, path
        if tool == "python3":
            return [sys.executable] + args, sys.executable
        if tool == "mpirun":  # the bundle's Open MPI (pack_gpu_bundle.sh --mpi)
            folder = mpi_runtime(build)
            path = os.path.join(folder, "bin", "mpirun") if folder else "<no mpi/ in the bundle>"
            return [path] + args, path
        return [tool] + args, tool

    def environment(self, case, run, build, threads, values, extra=None):
        env = dict(os.environ)
        if run.get("threads", case.get("threads")) == "user":
            # As a user runs it: none of the OpenMP variables, so portaflow's own defaults apply
            # (docs/troubleshooting.md, "Threads").
            for name in ("OMP_NUM_THREADS", "OMP_PROC_BIND", "OMP_PLACES", "OMP_WAIT_POLICY",
                         "PORTAFLOW_THREAD_DEFAULTS"):
                env.pop(name, None)
        else:
            env.update(OMP_NUM_THREADS=str(threads), OMP_PROC_BIND="close", OMP_PLACES="cores")
        for source in (case.get("env", {}), run.get("env", {}), extra or {}):
            env.update({k: substitute(str(v), values) for k, v in source.items()})
        if build:
            env["LD_LIBRARY_PATH"] = library_path(build.lib_dirs)
            if mpi_runtime(build):
                mpi_environment(env, mpi_runtime(build))
        shown = {k: env[k] for k in sorted(env) if k.startswith(("OMP_", "KOKKOS_", "PORTAFLOW_",
                                                                  "KERNEL_"))
                 or k in (case.get("env", {}).keys() | run.get("env", {}).keys())}
        return env, shown

    def resolve_kernels(self, run, build, values, dry):
        pattern = run.get("kernels_matching")
        if not pattern:
            return
        if build is None or "portaflow-bench" not in build.tools:
            values["kernels"] = f"<kernels matching '{pattern}'>"
            return
        env = dict(os.environ, LD_LIBRARY_PATH=library_path(build.lib_dirs))
        try:
            p = subprocess.run([build.tools["portaflow-bench"], "--list-names"], capture_output=True,
                               text=True, env=env, timeout=120)
            names = [n.strip() for n in p.stdout.splitlines() if re.search(pattern, n.strip())]
        except (OSError, subprocess.TimeoutExpired):
            names = []
        values["kernels"] = ",".join(names) if names else f"<no kernel matches '{pattern}'>"

    # -- one process
    def execute(self, command, env, timeout, run, cwd=ROOT, stdin=None, affinity=None):
        """(status, exit code, seconds, output)."""
        def pin():
            if affinity:
                os.sched_setaffinity(0, affinity)
        started = time.time()
        try:
            p = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                 cwd=cwd, start_new_session=True, text=True, errors="replace",
                                 stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
                                 preexec_fn=pin if affinity else None)
        except OSError as error:
            return "failed", None, 0.0, f"cannot start {command[0]}: {error}"
        return self.finish(p, started, timeout, run, stdin)

    def finish(self, p, started, timeout, run, stdin=None):
        if "progress" in run.get("record", []) and stdin is None:
            return self.finish_stamped(p, started, timeout, run)
        try:
            output, _ = p.communicate(input=stdin, timeout=timeout)
            status = "ok" if p.returncode == 0 else "failed"
        except subprocess.TimeoutExpired:
            sig = getattr(signal, "SIG" + (run.get("signal") or "TERM").upper())
            try:
                os.killpg(p.pid, sig)
                output, _ = p.communicate(timeout=20)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                output, _ = p.communicate()
            status = "timeout"
            if run.get("cap") and p.returncode in (128 + sig, -sig):
                status = "capped"  # stopped as the run asked (portaflow: checkpointed, exit 130)
        return status, p.returncode, time.time() - started, output or ""

    def finish_stamped(self, p, started, timeout, run):
        """finish() for a run that records "progress": the output is read as it comes, each
        line stamped with the seconds since the start (output.stamps), which is when each
        progress line was printed."""
        lines = []

        def read():
            for line in p.stdout:
                lines.append((time.time() - started, line))
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        try:
            p.wait(timeout=timeout)
            status = "ok" if p.returncode == 0 else "failed"
        except subprocess.TimeoutExpired:
            sig = getattr(signal, "SIG" + (run.get("signal") or "TERM").upper())
            try:
                os.killpg(p.pid, sig)
                p.wait(timeout=20)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait()
            status = "timeout"
            if run.get("cap") and p.returncode in (128 + sig, -sig):
                status = "capped"
        reader.join(timeout=30)
        output = StampedOutput("".join(line for _, line in lines))
        output.stamps = [(round(t, 3), line.rstrip("\n")) for t, line in lines]
        return status, p.returncode, time.time() - started, output

    def run_case(self, case, dry):
        name = case["name"]
        keep_root = os.path.join(self.out, "artifacts", safe_name(name))
        plan = self.process_plan(case)
        if not plan and self.args.only:
            log(f"case {name}: no run matches --only; nothing run, no result written")
            return None
        started = now_utc()
        commit = self.commit_of(case)
        file_name = f"{short_device_name(self.device)}-{started:%Y%m%d}-{commit}-{safe_name(name)}.json"
        target = os.path.join(self.out, file_name)
        record = {
            "schema": SCHEMA, "case": name, "study": case["study"],
            "case_file": case["case_file"], "description": case["description"].strip(),
            "date": iso(started), "finished": None,
            "device": self.device,
            "commit": {"label": commit, "checkout": checkout_commit(),
                       "bundle": self.manifest.get("commit"),
                       "builds": {b: (self.builds[b].info.get("commit") if b in self.builds else None)
                                  for b in case["builds"]}},
            "builds": {b: (self.builds[b].describe() if b in self.builds else None)
                       for b in sorted({b for _, r, _, b in plan if b})},
            "configuration": {k: v for k, v in case.items() if k != "case_file"},
            "runner": {"command_line": " ".join(shlex.quote(a) for a in sys.argv),
                       "budget_seconds": self.args.budget, "elapsed_seconds": None},
            "runs": [], "summary": [], "problems": [],
        }
        log(f"case {name} ({case['case_file']}): {len(plan)} processes on builds "
            f"{', '.join(sorted({b for _, _, _, b in plan if b})) or '-'}"
            + (f", about {case['expected_seconds']} s" if case.get("expected_seconds") else ""))
        if dry:
            self.print_plan(case, plan)
            return None
        os.makedirs(keep_root, exist_ok=True)
        os.makedirs(os.path.join(self.work, safe_name(name)), exist_ok=True)
        self.case_files.append((case, target, record))  # packed even if the case breaks off
        write_json_atomically(target, record)
        for build in {b for _, _, _, b in plan if b}:
            if build in self.builds:
                check_build(self.builds[build])
        passed_groups = set()
        k = 0
        while k < len(plan):
            rep, run, variables, build_name = plan[k]
            if run.get("concurrent"):
                group = [p for p in plan[k:] if p[0] == rep and p[1] is run]
                k += len(group)
                results = self.run_concurrently(case, group, keep_root)
            else:
                k += 1
                fp = run.get("first_passing")
                group_key = None
                if fp:
                    group_key = (rep, run["name"], build_name,
                                 tuple((a, b) for a, b in variables.items() if a != fp["over"]))
                    if group_key in passed_groups:
                        continue
                results = [self.run_one(case, rep, run, variables, build_name, keep_root)]
                if fp and results[0]["status"] == "ok":
                    try:
                        passed = bool(eval(fp["condition"], {"__builtins__": {}},
                                           Namespace(results[0]["figures"])))
                    except Exception as error:  # a figure missing: not passed
                        passed = False
                        results[0].setdefault("problems", []).append(f"condition: {error}")
                    results[0]["passed"] = passed
                    if passed:
                        passed_groups.add(group_key)
            record["runs"] += results
            record["summary"] = summarise(record["runs"])
            record["problems"] = [f"{r['id']}: {r['status']}: {r.get('error', '')}".rstrip(": ")
                                  for r in record["runs"] if r["status"] not in ("ok", "capped")]
            record["runner"]["elapsed_seconds"] = round(time.time() - self.start, 1)
            write_json_atomically(target, record)
        record["finished"] = iso(now_utc())
        write_json_atomically(target, record)
        log(f"case {name}: wrote {os.path.relpath(target)}")
        return record

    def print_plan(self, case, plan):
        print(f"  study {case['study']}; builds {', '.join(case['builds'])}; repetitions "
              f"{case['repetitions']}; timeout {case['timeout']} s; threads {case['threads']}")
        if case["description"]:
            print("  " + case["description"].strip().splitlines()[0])
        missing = sorted({b for _, _, _, b in plan if b and b not in self.builds})
        if missing and self.builds:
            print(f"  builds not given (their runs would be skipped): {', '.join(missing)}")
        for rep, run, variables, build_name in plan:
            values, build, threads = self.values_for(case, run, variables, build_name, rep,
                                                     "{tmp}", "{keep}")
            values["work"] = "{work}"
            self.resolve_kernels(run, build, values, True)
            command, _ = self.command_for(run, build, values, True)
            if "bench" in run["record"] and "--json" not in command:
                command += ["--json", "{tmp}/bench.json"]
            _, shown = self.environment(case, run, build, threads, values)
            setting = variables.get("threads", run.get("threads", case["threads"]))
            if isinstance(setting, dict):
                setting = setting.get(build.backend if build else
                                      ("cuda" if "cuda" in (build_name or "") else "openmp"),
                                      setting.get("default", "all"))
            if setting in ("all", None) or str(setting).startswith("all/"):
                shown["OMP_NUM_THREADS"] = f"<{setting or 'all'} cores>"
            check_paths(command, case)
            tag = f"[{rep}] {values['run']}@{build_name or '-'}"
            flags = []
            if run.get("concurrent"):
                flags.append("concurrent")
            if run.get("first_passing"):
                flags.append(f"until {run['first_passing']['condition']}")
            if run.get("timeout") or self.args.timeout:
                flags.append(f"timeout {self.timeout_of(case, run)} s")
            if run.get("cap"):
                flags.append(f"capped at {self.timeout_of(case, run)} s by SIG{(run.get('signal') or 'TERM').upper()}")
            records = run["record"] + list((run.get("patterns") or {}).keys()) + \
                [os.path.basename(p) for p in as_list(run.get("csv_last"))]
            print(f"  {tag}: OMP_NUM_THREADS={shown.get('OMP_NUM_THREADS')}"
                  + "".join(f" {k}={v}" for k, v in shown.items() if k != "OMP_NUM_THREADS"
                            and not k.startswith("OMP_PROC_BIND") and not k.startswith("OMP_PLACES"))
                  + f" {' '.join(shlex.quote(c) for c in command)}")
            extras = (["records " + ", ".join(records)] if records else []) + flags
            if run.get("keep"):
                extras.append("keeps " + ", ".join(os.path.basename(p.rstrip("/")) for p in run["keep"]))
            if extras:
                print(f"      ({'; '.join(extras)})")
            for post in run["post"]:
                post_command, _ = self.command_for(post, build, values, True)
                check_paths(post_command, case)
                print(f"      then {' '.join(shlex.quote(c) for c in post_command)}")

    def prepare_process(self, case, rep, run, variables, build_name, keep_root):
        run_id = f"{variant_name(run, variables)}@{build_name or '-'}#{rep}"
        keep_dir = os.path.join(keep_root, safe_name(f"{variant_name(run, variables)}--{build_name or 'none'}--r{rep}"))
        tmp = tempfile.mkdtemp(prefix="case-", dir=self.work)
        os.makedirs(keep_dir, exist_ok=True)
        values, build, threads = self.values_for(case, run, variables, build_name, rep, tmp, keep_dir)
        result = {"id": run_id, "run": run["name"], "variant": values["run"], "build": build_name,
                  "repetition": rep, "variables": variables, "threads": threads, "status": None}
        return run_id, keep_dir, tmp, values, build, threads, result

    def skip_reason(self, run, build_name, build):
        if build_name and build is None:
            return f"no build '{build_name}' was given"
        if run["tool"] in TOOLS and build is not None and run["tool"] not in build.tools:
            return f"build '{build_name}' has no {run['tool']}"
        if build is not None and build.info.get("start_error"):
            return f"build '{build_name}' does not start: {build.info['start_error'][-200:]}"
        left = self.left()
        if left is not None and left < 5:
            return "the time budget is spent"
        return None

    def run_one(self, case, rep, run, variables, build_name, keep_root):
        run_id, keep_dir, tmp, values, build, threads, result = self.prepare_process(
            case, rep, run, variables, build_name, keep_root)
        reason = self.skip_reason(run, build_name, build)
        if reason:
            result.update(status="skipped", error=reason)
            log(f"{case['name']}: {run_id}: skipped: {reason}")
            shutil.rmtree(tmp, ignore_errors=True)
            return result
        self.resolve_kernels(run, build, values, False)
        if str(values.get("kernels", "")).startswith("<"):
            if "{kernels}" in " ".join(run["args"]):
                result.update(status="skipped", error=values["kernels"])
                return result
        command, _ = self.command_for(run, build, values, False)
        bench_json = None
        if "bench" in run["record"]:
            if "--json" in command:
                bench_json = command[command.index("--json") + 1]
            else:
                bench_json = os.path.join(tmp, "bench.json")
                command += ["--json", bench_json]
        if run.get("restart_from_checkpoint") and self.args.resume:
            self.restore_checkpoint(case, run, values, keep_dir, tmp, command)
        env, shown = self.environment(case, run, build, threads, values)
        timeout = self.limit(self.timeout_of(case, run))
        if run.get("cap"):
            result["cap_seconds"] = timeout  # the time limit this process had (budget included)
        result.update(command=[os.path.relpath(c, ROOT) if c.startswith(ROOT + "/") else c
                               for c in command], env=shown)
        log(f"{case['name']}: {run_id}: {' '.join(shlex.quote(c) for c in result['command'])}")
        if run["tool"].startswith("builtin:"):
            started = time.time()
            try:
                output, status, code = BUILTINS[run["tool"][8:]](command[1:], env), "ok", 0
            except Exception as error:  # a missing file, say: recorded, not fatal
                output, status, code = f"{type(error).__name__}: {error}", "failed", 1
            seconds = time.time() - started
        else:
            status, code, seconds, output = self.execute(command, env, timeout, run,
                                                         stdin=run.get("stdin"))
        self.collect(case, run, values, result, status, code, seconds, output, bench_json,
                     keep_dir, build)
        for k, post in enumerate(run["post"]):
            self.run_post(case, run, post, k, values, build, threads, result, keep_dir)
        shutil.rmtree(tmp, ignore_errors=True)
        return result

    def limit(self, timeout):
        left = self.left()
        return timeout if left is None else max(5, min(timeout, left))

    def restore_checkpoint(self, case, run, values, keep_dir, tmp, command):
        """--resume DIR: the same run's folder from an earlier call (DIR/artifacts/<case>/<run>/run)
        is copied to {tmp}/run and --restart given its checkpoint.pfc."""
        earlier = os.path.join(self.args.resume, "artifacts", safe_name(case["name"]),
                               os.path.basename(keep_dir), "run")
        checkpoint = os.path.join(earlier, "checkpoint.pfc")
        if os.path.isfile(checkpoint):
            shutil.copytree(earlier, os.path.join(tmp, "run"), dirs_exist_ok=True)
            command += ["--restart", os.path.join(tmp, "run", "checkpoint.pfc")]
            log(f"{values['run']}: continues from {checkpoint}")

    def collect(self, case, run, values, result, status, code, seconds, output, bench_json,
                keep_dir, build):
        result.update(status=status, exit_code=code, wall_seconds=round(seconds, 4))
        result["figures"] = record_figures(run, output, values, result)
        if bench_json:
            doc = read_json_file(bench_json)
            if doc is None:
                result.setdefault("problems", []).append("no portaflow-bench JSON written")
            else:
                result["bench"] = doc
                result["figures"].update(bench_figures(doc))
        if status not in ("ok", "capped"):
            self.failures += 1
            tail = output.strip().splitlines()[-15:]
            result["error"] = (f"exit status {code}" if status == "failed" else
                               f"no end within {self.limit(self.timeout_of(case, run))} s") + \
                ("; " + " | ".join(tail[-3:]) if tail else "")
            result["output_tail"] = tail
        os.makedirs(keep_dir, exist_ok=True)
        with open(os.path.join(keep_dir, "output.log"), "w", encoding="utf-8") as f:
            f.write(cite(output))
        for pattern in as_list(run.get("keep")):
            for path in glob.glob(substitute(pattern, values)):
                target = os.path.join(keep_dir, os.path.basename(path.rstrip("/")))
                if os.path.isdir(path):
                    shutil.copytree(path, target, dirs_exist_ok=True)
                elif os.path.isfile(path):
                    shutil.copy2(path, target)
        figures = result["figures"]
        brief = ", ".join(f"{k} {figures[k]}" for k in ("loop_seconds", "cycles", "steps", "seconds")
                          if isinstance(figures.get(k), (int, float)))
        if isinstance(figures.get("projected_seconds"), (int, float)):
            brief += f"{', ' if brief else ''}projected full run {figures['projected_seconds']:.4g} s"
        log(f"{case['name']}: {result['id']}: {status} in {seconds:.2f} s" + (f" ({brief})" if brief else "")
            + (f": {result['error']}" if status not in ("ok", "capped") else ""))

    def run_post(self, case, run, post, k, values, build, threads, result, keep_dir):
        name = post.get("name", f"post{k + 1}")
        if result["status"] != "ok":
            result["figures"][name] = None
            return
        command, _ = self.command_for(post, build, values, False)
        env, _ = self.environment(case, run, build, threads, values, post.get("env"))
        if post["tool"].startswith("builtin:"):
            try:
                output, status = BUILTINS[post["tool"][8:]](command[1:], env), "ok"
            except Exception as error:
                output, status = f"{type(error).__name__}: {error}", "failed"
        else:
            status, _, _, output = self.execute(command, env, self.limit(post.get("timeout", 300)), run)
        figures = record_figures(post, output, values, result)
        if status != "ok":
            figures["status"] = status
            figures["error"] = output.strip().splitlines()[-3:]
            result.setdefault("problems", []).append(f"{name}: {status}")
        result["figures"][name] = figures
        with open(os.path.join(keep_dir, f"{safe_name(name)}.log"), "w", encoding="utf-8") as f:
            f.write(cite(output))

    def run_concurrently(self, case, group, keep_root):
        """The group's processes started together; cpus = "split" gives each its own block of
        cores (OMP_NUM_THREADS follows unless the run sets threads)."""
        started, results = [], []
        share = max(1, self.cores // len(group))
        for n, (rep, run, variables, build_name) in enumerate(group):
            run_id, keep_dir, tmp, values, build, threads, result = self.prepare_process(
                case, rep, run, variables, build_name, keep_root)
            reason = self.skip_reason(run, build_name, build)
            if reason:
                result.update(status="skipped", error=reason)
                results.append(result)
                continue
            affinity = None
            if run.get("cpus") == "split":
                affinity = set(range(n * share, (n + 1) * share))
                if "threads" not in run and "threads" not in variables:
                    threads = share
            command, _ = self.command_for(run, build, values, False)
            if run.get("restart_from_checkpoint") and self.args.resume:
                self.restore_checkpoint(case, run, values, keep_dir, tmp, command)
            env, shown = self.environment(case, run, build, threads, values)
            result.update(command=command, env=shown, threads=threads,
                          cpus=sorted(affinity) if affinity else None)
            log(f"{case['name']}: {run_id} (concurrent): {' '.join(shlex.quote(c) for c in command)}")

            def pin(cpus=affinity):
                if cpus:
                    os.sched_setaffinity(0, cpus)
            try:
                p = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env=env, cwd=ROOT, start_new_session=True, text=True,
                                     errors="replace", stdin=subprocess.DEVNULL, preexec_fn=pin)
            except OSError as error:
                result.update(status="failed", error=str(error))
                results.append(result)
                continue
            started.append((p, time.time(), run, values, result, keep_dir, tmp, build))
        timeout = self.limit(max((self.timeout_of(case, r) for _, r, _, _ in group)))
        deadline = time.time() + timeout
        for p, start, run, values, result, keep_dir, tmp, build in started:
            if run.get("cap"):
                result["cap_seconds"] = timeout
            status, code, seconds, output = self.finish(p, start, max(1, deadline - time.time()), run)
            self.collect(case, run, values, result, status, code, seconds, output, None, keep_dir, build)
            shutil.rmtree(tmp, ignore_errors=True)
            results.append(result)
        return results


def check_paths(command, case):
    """Dry run: every argument naming a file under inputs/ or perf/ must exist."""
    for arg in command:
        for candidate in re.findall(r"(?:^|[=\s])((?:inputs|perf)/[A-Za-z0-9_./-]+)", arg):
            if "{" not in candidate and not os.path.exists(os.path.join(ROOT, candidate)):
                raise CaseError(f"{case['case_file']}: '{candidate}' does not exist")


# --------------------------------------------------------------------------------------------
# Summary: median, min, max of every numeric figure over repetitions


def flatten(figures, prefix=""):
    out = {}
    for key, value in (figures or {}).items():
        name = f"{prefix}{key}"
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)):
            out[name] = value
        elif isinstance(value, dict):
            out.update(flatten(value, name + "."))
    return out


def summarise(runs):
    groups = {}
    for r in runs:
        key = (r["variant"], r["build"])
        g = groups.setdefault(key, {"variant": r["variant"], "run": r["run"], "build": r["build"],
                                    "variables": r["variables"], "n": 0, "ok": 0, "values": {}})
        g["n"] += 1
        if r["status"] not in ("ok", "capped"):  # a capped run's figures are what it did
            continue
        g["ok"] += 1
        numbers = flatten(r.get("figures"))
        numbers["wall_seconds"] = r["wall_seconds"]
        for name, value in numbers.items():
            if name.endswith((".cells", ".rows")):
                continue
            g["values"].setdefault(name, []).append(value)
    summary = []
    for g in groups.values():
        figures = {}
        for name, values in g.pop("values").items():
            figures[name] = {"median": statistics.median(values), "min": min(values),
                             "max": max(values), "n": len(values)}
            if len(values) > 1:
                figures[name]["values"] = values
        g["figures"] = figures
        summary.append(g)
    return summary


def summary_markdown(case, record):
    lines = [f"## {case['name']} ({case['study']}): {record['device'].get('gpu') or record['device']['cpu_model']}, "
             f"{record['date'][:10]}, commit {record['commit']['label']}", "",
             "| run | build | ok/n | wall s (median) | loop s | key figures |", "|---|---|---|---|---|---|"]
    for g in record["summary"]:
        f = g["figures"]
        med = lambda k: f"{f[k]['median']:.4g}" if k in f else "-"
        key = []
        for name in ("cycles", "steps", "seconds", "cell_updates_per_s"):
            if name in f:
                key.append(f"{name} {f[name]['median']:.4g}")
        rates = [(n, v) for n, v in f.items() if n.endswith(".cell_updates_per_s")]
        for n, v in rates[:4]:
            key.append(f"{n.split('.', 1)[1].rsplit('.', 1)[0]} {v['median']:.3g}/s")
        if len(rates) > 4:
            key.append(f"... {len(rates)} kernel rates")
        lines.append(f"| {g['variant']} | {g['build'] or '-'} | {g['ok']}/{g['n']} | {med('wall_seconds')} | "
                     f"{med('loop_seconds')} | {'; '.join(key)} |")
    if record["problems"]:
        lines += ["", "Problems:"] + [f"- {p}" for p in record["problems"][:30]]
    return "\n".join(lines) + "\n"


def pack(out, names):
    archive = os.path.join(out, "results.tar.gz")
    with tarfile.open(archive, "w:gz") as tar:
        for name in names:
            path = os.path.join(out, name)
            if os.path.exists(path):
                tar.add(path, arcname=name)
    shutil.rmtree(os.path.join(out, "artifacts"), ignore_errors=True)
    return archive


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="perf/README.md documents the case files.")
    parser.add_argument("cases", nargs="+", help="case files, folders of them, or list files")
    parser.add_argument("--bundle", help="a bundle folder or archive (perf/pack_gpu_bundle.sh)")
    parser.add_argument("--build", action="append", metavar="NAME=DIR",
                        help="a build by name: bundle build folder, CMake build folder or binaries")
    parser.add_argument("--out", default="perf-results", help="results folder (default perf-results)")
    parser.add_argument("--pack", action="store_true", help="put everything into OUT/results.tar.gz")
    parser.add_argument("--budget", type=float, help="seconds after which no process is started")
    parser.add_argument("--only", action="append",
                        help="run only runs whose name (or expansion's name) matches this shell "
                             "pattern; repeat it or separate patterns with commas for several")
    parser.add_argument("--repetitions", type=int, help="override every case's repetitions")
    parser.add_argument("--timeout", type=float,
                        help="override every case's and run's timeout (seconds): a `cap` run's cap")
    parser.add_argument("--resume", help="an earlier call's results folder (restart_from_checkpoint)")
    parser.add_argument("--work", help="scratch folder (default: a temporary one)")
    parser.add_argument("--dry-run", action="store_true", help="print what would run; run nothing")
    args = parser.parse_args()
    if args.only:
        args.only = [p.strip() for item in args.only for p in item.split(",") if p.strip()]
    if args.timeout is not None:
        args.timeout = int(args.timeout) if args.timeout == int(args.timeout) else args.timeout

    try:
        paths = case_paths(args.cases)
        if not paths:
            raise CaseError("no case files given")
        cases = [load_case_file(p) for p in paths]
        names = [c["name"] for c in cases]
        doubles = sorted({n for n in names if names.count(n) > 1})
        if doubles:
            raise CaseError(f"case names used twice: {doubles}")
    except CaseError as error:
        print(f"run_cases: {error}", file=sys.stderr)
        return 2

    work = args.work or tempfile.mkdtemp(prefix="portaflow-cases-")
    os.makedirs(work, exist_ok=True)
    try:
        builds, manifest = prepare_builds(args, work) if not args.dry_run or args.bundle or args.build \
            else ({}, {})
    except (CaseError, OSError, tarfile.TarError) as error:
        print(f"run_cases: {error}", file=sys.stderr)
        return 2
    if args.dry_run:
        device = {"gpu": None, "cpu_model": "(dry run)", "cores": os.cpu_count() or 1}
    else:
        device = device_info()
    if args.resume and os.path.isfile(args.resume):
        resume = os.path.join(work, "resume")
        with tarfile.open(args.resume) as tar:
            tar.extractall(resume)
        args.resume = resume
    out = os.path.abspath(args.out)
    runner = Runner(args, builds, manifest, device, out, work)
    if not args.dry_run:
        os.makedirs(out, exist_ok=True)
        log.path = os.path.join(out, "run_cases.log")
        log(f"device: {device.get('gpu') or 'no GPU'}; {device['cpu_model']}, {device['cores']} cores; "
            f"builds: {', '.join(f'{n} ({b.folder})' for n, b in builds.items()) or 'none'}")
    status = 0
    for case in cases:
        try:
            if args.dry_run:
                print(f"case {case['name']} ({case['case_file']})")
            runner.run_case(case, args.dry_run)
        except CaseError as error:
            print(f"run_cases: {error}", file=sys.stderr)
            status = 2
        except Exception as error:  # a bug here must not lose the other cases' results
            log(f"case {case['name']}: internal error {type(error).__name__}: {error}")
            status = max(status, 1)
    if args.dry_run:
        if status == 0:
            print(f"dry run: {len(cases)} case files are valid")
        shutil.rmtree(work, ignore_errors=True) if not args.work else None
        return status
    text = "".join(summary_markdown(c, r) + "\n" for c, _, r in runner.case_files)
    with open(os.path.join(out, "summary.md"), "w", encoding="utf-8") as f:
        f.write(cite(text))
    print(cite(text))
    if args.pack:
        names = [os.path.basename(t) for _, t, _ in runner.case_files] + \
            ["artifacts", "run_cases.log", "summary.md"]
        log(f"packed into {pack(out, names)}")
        if len(runner.case_files) > 5:  # the device brings back 8 files: the archive has them
            for _, target, _ in runner.case_files:
                os.remove(target)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    if status == 0 and runner.failures:
        status = 3
    return status


if __name__ == "__main__":
    sys.exit(main())
