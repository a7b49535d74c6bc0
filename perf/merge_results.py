#!/usr/bin/env python3
"""Merges the portaflow-bench JSON files of one GPU-node session into one results file.

    merge_results.py --node DIR --out-dir OUT [--problems FILE] [--elapsed S] [--budget S] RUN.json...

Called by perf/gpu_run.sh on the GPU node, so it uses the Python standard library only. Writes
OUT/<gpu>-<YYYYMMDD>-<commit>.json (schema "portaflow-bench-suite/1", perf/README.md) through a
temporary file and a rename, and prints its path. The runs are kept whole, as the bench wrote
them; "node" holds what nvidia-smi, lscpu and /etc/os-release said about the machine.
"""
import argparse
import datetime
import json
import os
import re
import sys


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().strip()
    except OSError:
        return ""


def reject_constant(name):
    raise ValueError(f"non-finite number {name} in a results file")


def load_run(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_constant=reject_constant)


def cpu_model(lscpu_text):
    for line in lscpu_text.splitlines():
        if line.startswith("Model name:") or line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def gpu_short_name(nvidia_smi_lines, runs):
    """'GPU 0: NVIDIA H200 (UUID: ...)' -> 'h200'; falls back to the bench's GPU name."""
    names = [line.split(":", 1)[1] for line in nvidia_smi_lines if line.startswith("GPU ")]
    names += [(r.get("gpu") or {}).get("name", "") for r in runs]
    for name in names:
        match = re.search(r"\b([A-Za-z]{1,2}\d{2,4}[A-Za-z]?)\b", name.replace("NVIDIA", ""))
        if match:
            return match.group(1).lower()
    return "gpu"


def node_description(folder):
    lscpu = read_text(os.path.join(folder, "lscpu.txt"))
    query = read_text(os.path.join(folder, "nvidia-smi-query.csv")).splitlines()
    gpus = []
    if len(query) > 1:
        header = [h.strip() for h in query[0].split(",")]
        for row in query[1:]:
            gpus.append(dict(zip(header, [v.strip() for v in row.split(",")])))
    manifest = None
    try:
        with open(os.path.join(folder, "bundle-manifest.json"), encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        pass
    nproc = read_text(os.path.join(folder, "nproc.txt"))
    return {
        "hostname": read_text(os.path.join(folder, "hostname.txt")),
        "nvidia_smi_L": read_text(os.path.join(folder, "nvidia-smi-L.txt")).splitlines(),
        "gpus": gpus,
        "cpu_model": cpu_model(lscpu),
        "logical_cpus": int(nproc) if nproc.isdigit() else None,
        "lscpu": lscpu.splitlines()[:40],
        "os": read_text(os.path.join(folder, "os.txt")),
        "kernel": read_text(os.path.join(folder, "kernel.txt")),
        "bundle": manifest,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="portaflow-bench JSON files")
    parser.add_argument("--node", required=True, help="folder of node facts written by gpu_run.sh")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--problems", help="file of problem lines (missing: none)")
    parser.add_argument("--elapsed", type=float)
    parser.add_argument("--budget", type=float)
    args = parser.parse_args()

    runs, problems = [], []
    for path in args.runs:
        try:
            runs.append(load_run(path))
        except (OSError, ValueError) as error:
            problems.append(f"{os.path.basename(path)}: unreadable ({error})")
    if args.problems and os.path.exists(args.problems):
        problems += [line for line in read_text(args.problems).splitlines() if line]
    for run in runs:
        if not run.get("complete", False):
            problems.append(f"{run.get('label')}: incomplete (stopped before the end)")
        for record in run.get("records", []):
            if record.get("status") == "failed":
                problems.append(f"{run.get('label')}: {record.get('kernel')} at "
                                f"{record.get('requested_cells')} cells failed: {record.get('note')}")
    if not runs:
        sys.exit("merge_results: no readable runs")

    node = node_description(args.node)
    commits = sorted({r.get("tool", {}).get("commit", "unknown") for r in runs})
    commit = commits[0] if len(commits) == 1 else "+".join(commits)
    now = datetime.datetime.now(datetime.timezone.utc)
    suite = {
        "schema": "portaflow-bench-suite/1",
        "date": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "node": node,
        "script": {"name": "perf/gpu_run.sh", "elapsed_seconds": args.elapsed,
                   "budget_seconds": args.budget},
        "problems": problems,
        "runs": runs,
    }
    name = f"{gpu_short_name(node['nvidia_smi_L'], runs)}-{now:%Y%m%d}-{commit}.json"
    target = os.path.join(args.out_dir, name)
    temporary = os.path.join(args.out_dir, f".{name}.tmp-{os.getpid()}")
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(suite, f, indent=1, allow_nan=False)
        f.write("\n")
    os.replace(temporary, target)
    print(target)


if __name__ == "__main__":
    main()
