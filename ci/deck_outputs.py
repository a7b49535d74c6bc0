#!/usr/bin/env python3
"""Runs every shipped deck at a small size and compares the outputs of two builds, value by value:
the check that a change of structure changed no result.

    python3 ci/deck_outputs.py run BINARY OUT [--steps N] [--only PATTERN]
        runs each deck under inputs/ with BINARY into OUT/<folder>_<deck>/ (time-accurate decks
        stop after N steps, steady ones after N cycles; default 20), and OUT/runs.json says how
        each run ended
    python3 ci/deck_outputs.py compare OUT_A OUT_B [--tolerance T] [--most N]
        compares the two sets: the same runs ending the same way, and in each run folder every
        CSV and VTK file (.vtr, .vts, .vtu, .vtm and its pieces) holding the same arrays with the
        same values: each array's largest difference at most T times its largest magnitude
        (default 0: bitwise). history.csv's wall_seconds column is a
        wall-clock time and is not compared. Prints one line per run; exit 1 on any difference.

The VTK files are read here (XML with raw appended or inline binary data), so no VTK Python
module is needed.
"""
import argparse
import base64
import json
import math
import pathlib
import re
import struct
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
TYPES = {"Float64": "d", "Float32": "f", "Int32": "i", "Int64": "q", "UInt8": "B", "Int8": "b",
         "UInt32": "I", "UInt64": "Q", "Int16": "h", "UInt16": "H"}
WALL_CLOCK_COLUMNS = {"wall_seconds"}


def decks():
    return sorted(p for p in (ROOT / "inputs").rglob("*.yaml"))


def run_name(deck):
    return f"{deck.parent.name}_{deck.stem}"


def command_run(args):
    out = pathlib.Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    index = out / "runs.json"
    results = json.loads(index.read_text()) if index.exists() else {}  # --only adds to a set
    for deck in decks():
        name = run_name(deck)
        if args.only and not re.search(args.only, name):
            continue
        steady = re.search(r"^scheme:\s*multiblock\b", deck.read_text(), re.M) is not None
        folder = out / name
        overrides = [f"output.dir={folder}", "output.overwrite=true", "output.progress_seconds=0"]
        if steady:
            overrides += [f"time.max_cycles={args.steps}", f"output.every_cycles={args.steps // 2}"]
        else:
            overrides += [f"time.max_steps={args.steps}"]
        command = [args.binary, "run", str(deck)]
        for o in overrides:
            command += ["--set", o]
        start = time.time()
        done = subprocess.run(command, capture_output=True, text=True)
        seconds = time.time() - start
        results[name] = {"exit_code": done.returncode, "seconds": round(seconds, 2)}
        tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or [""]
        print(f"{name}: exit {done.returncode} in {seconds:.1f} s  {tail[0][:100]}", flush=True)
    index.write_text(json.dumps(results, indent=1, sort_keys=True))
    return 0


# ---- reading outputs ------------------------------------------------------------------------

def read_csv(path):
    lines = path.read_text().splitlines()
    header = lines[0].split(",") if lines else []
    rows = [line.split(",") for line in lines[1:]]
    columns = {}
    for c, name in enumerate(header):
        if name in WALL_CLOCK_COLUMNS:
            continue
        columns[name] = [row[c] if c < len(row) else "" for row in rows]
    return columns


def appended_data(raw):
    marker = raw.find(b"<AppendedData")
    if marker < 0:
        return None, raw
    start = raw.find(b"_", raw.find(b">", marker)) + 1
    return start, raw


def read_vtk_xml(path):
    """{array name: tuple of values} for every DataArray of a .vtr/.vts/.vtu file."""
    raw = path.read_bytes()
    start, _ = appended_data(raw)
    header_end = raw.find(b"<AppendedData") if start is not None else len(raw)
    text = raw[:header_end].decode("utf-8", "replace")
    if start is not None:
        text += "</VTKFile>"
    root = ET.fromstring(text)
    header_type = "Q" if root.get("header_type", "UInt32") == "UInt64" else "I"
    header_size = struct.calcsize("<" + header_type)
    if root.get("compressor"):
        raise ValueError(f"{path}: compressed VTK data is not read here")
    arrays = {}
    # Geometry arrays by position in their section (a writer may name them x, y, z or not at
    # all); the rest by name.
    located = [(parent, position, element) for parent in root.iter()
               for position, element in enumerate(parent.findall("DataArray"))]
    for parent, position, element in located:
        kind = TYPES[element.get("type")]
        name = element.get("Name")
        if parent.tag in ("Coordinates", "Points") or not name:
            name = f"{parent.tag}[{position}]"
        fmt = element.get("format")
        if fmt == "appended":
            at = start + int(element.get("offset"))
            (size,) = struct.unpack_from("<" + header_type, raw, at)
            data = raw[at + header_size: at + header_size + size]
        elif fmt == "binary":
            blob = base64.b64decode("".join((element.text or "").split()))
            (size,) = struct.unpack_from("<" + header_type, blob, 0)
            data = blob[header_size: header_size + size]
        else:
            values = tuple(float(v) for v in (element.text or "").split())
            arrays[name] = values
            continue
        count = len(data) // struct.calcsize(kind)
        arrays[name] = struct.unpack("<" + kind * count, data)
    return arrays


def read_vtm(path):
    """{block name/array: values} over a .vtm's pieces."""
    root = ET.parse(path).getroot()
    arrays = {}
    for data_set in root.iter("DataSet"):
        piece = path.parent / data_set.get("file")
        for name, values in read_vtk_xml(piece).items():
            arrays[f"{data_set.get('name')}/{name}"] = values
    return arrays


def read_output(path):
    if path.suffix == ".csv":
        return read_csv(path)
    if path.suffix == ".vtm":
        return read_vtm(path)
    if path.suffix in (".vtr", ".vts", ".vtu"):
        return read_vtk_xml(path)
    return None


# ---- comparing ------------------------------------------------------------------------------

def as_number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def array_scale(*arrays):
    """The largest finite magnitude in the arrays (1e-300 if none): what a difference is measured
    against, so that values near zero in a field of order one do not count as large changes."""
    scale = 1e-300
    for values in arrays:
        for v in values:
            x = as_number(v)
            if x is not None and math.isfinite(x):
                scale = max(scale, abs(x))
    return scale


def difference(a, b, scale):
    """0 for equal values (NaN = NaN), inf for different non-numbers, else |a - b| / scale."""
    x, y = as_number(a), as_number(b)
    if x is None or y is None:
        return 0.0 if a == b else math.inf
    if x == y or (math.isnan(x) and math.isnan(y)):
        return 0.0
    if math.isnan(x) or math.isnan(y):
        return math.inf
    return abs(x - y) / scale


def compare_files(a, b, tolerance):
    """A list of differences between two outputs of the same name: arrays (CSV columns, VTK
    arrays) whose largest difference, over the array's largest magnitude, exceeds `tolerance`."""
    first, second = read_output(a), read_output(b)
    if first is None:
        return []
    problems = []
    for name in sorted(set(first) | set(second)):
        if name not in first or name not in second:
            problems.append(f"{a.name}: array '{name}' only in {'second' if name in second else 'first'}")
            continue
        x, y = first[name], second[name]
        if len(x) != len(y):
            problems.append(f"{a.name}: '{name}' has {len(x)} values against {len(y)}")
            continue
        scale = array_scale(x, y)
        worst, at = 0.0, None
        for k, (u, v) in enumerate(zip(x, y)):
            d = difference(u, v, scale)
            if d > worst:
                worst, at = d, k
        if at is not None and worst > tolerance:
            problems.append(f"{a.name}: '{name}' differs by {worst:.3g} of its largest value, most at "
                            f"{at}: {x[at]} against {y[at]}")
    return problems


def output_files(folder):
    return sorted(p.relative_to(folder) for p in folder.rglob("*")
                  if p.is_file() and p.suffix in (".csv", ".vtr", ".vts", ".vtu", ".vtm")
                  and p.parent == folder)


def command_compare(args):
    a, b = pathlib.Path(args.first), pathlib.Path(args.second)
    runs_a = json.loads((a / "runs.json").read_text())
    runs_b = json.loads((b / "runs.json").read_text())
    failures = 0
    for name in sorted(set(runs_a) | set(runs_b)):
        if name not in runs_a or name not in runs_b:
            print(f"{name}: run only in {'second' if name in runs_b else 'first'}")
            failures += 1
            continue
        problems = []
        if runs_a[name]["exit_code"] != runs_b[name]["exit_code"]:
            problems.append(f"exit {runs_a[name]['exit_code']} against {runs_b[name]['exit_code']}")
        files_a, files_b = output_files(a / name), output_files(b / name)
        if files_a != files_b:
            only = sorted(set(map(str, files_a)) ^ set(map(str, files_b)))
            problems.append(f"different files: {', '.join(only[:6])}")
        compared = 0
        for relative in files_a:
            if (b / name / relative).exists():
                problems += compare_files(a / name / relative, b / name / relative, args.tolerance)
                compared += 1
        status = "same" if not problems else "DIFFERENT"
        print(f"{name}: {status} ({compared} files, exit {runs_a[name]['exit_code']})")
        for p in problems[:args.most]:
            print(f"    {p}")
        failures += bool(problems)
    print(f"{len(set(runs_a) | set(runs_b))} runs, {failures} with differences")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("binary")
    run.add_argument("out")
    run.add_argument("--steps", type=int, default=20)
    run.add_argument("--only")
    compare = sub.add_parser("compare")
    compare.add_argument("first")
    compare.add_argument("second")
    compare.add_argument("--tolerance", type=float, default=0.0)
    compare.add_argument("--most", type=int, default=8, help="differences listed per run")
    args = parser.parse_args()
    return command_run(args) if args.command == "run" else command_compare(args)


if __name__ == "__main__":
    sys.exit(main())
