#!/usr/bin/env python3
"""The CPU-vs-GPU scaling table of ci/scaling_report.sh (Python standard library only).

    scaling_report.py --results-dir perf/results CI_RUN.json [CI_RUN.json ...]

Prints, per kernel and size measured on this machine, the rows of the latest committed GPU-node
results (perf/results/*.json, newest by the "date" inside, not by file time) beside the fresh
rows from this machine, each labelled with where and when it was measured, with the GPU/CPU
ratio of cell-updates per second. Exits non-zero only for a broken benchmark: a results file
missing, unreadable or not JSON, a NaN or infinity in it, a failed record, or a successful
record without a finite throughput. Never on a timing.
"""
import argparse
import glob
import json
import math
import os
import sys


class Broken(Exception):
    pass


def reject_constant(name):
    raise ValueError(f"{name} in the file (NaN/infinity: a broken measurement)")


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f, parse_constant=reject_constant)
    except FileNotFoundError:
        raise Broken(f"{path}: missing")
    except (OSError, ValueError) as error:
        raise Broken(f"{path}: not valid JSON: {error}")


def check_run(run, where, strict):
    """Problems of one bench run; raises Broken for those that must fail CI when strict."""
    problems = []
    if not str(run.get("schema", "")).startswith("portaflow-bench/"):
        raise Broken(f"{where}: not a portaflow-bench run (schema {run.get('schema')!r})")
    for record in run.get("records", []):
        status = record.get("status")
        rate = record.get("cell_updates_per_s")
        label = f"{where}: {record.get('kernel')} at {record.get('requested_cells')} cells"
        if status == "failed":
            problems.append(f"{label} failed: {record.get('note')}")
        elif status == "ok" and not (isinstance(rate, (int, float)) and math.isfinite(rate)
                                     and rate > 0):
            problems.append(f"{label}: no finite throughput ({rate!r})")
        elif status == "ok" and record.get("healthy") is False:
            problems.append(f"{label}: state not healthy after the run")
    if strict and problems:
        raise Broken("; ".join(problems))
    return problems


def latest_gpu_suite(folder):
    """(path, suite) of the newest suite with a CUDA run, or (None, None)."""
    best = (None, None)
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        doc = load(path)  # an unreadable committed file is broken: raises
        if not str(doc.get("schema", "")).startswith("portaflow-bench-suite/"):
            continue
        if not any(r.get("backend", {}).get("name") == "Cuda" for r in doc.get("runs", [])):
            continue
        if best[1] is None or doc.get("date", "") > best[1].get("date", ""):
            best = (path, doc)
    return best


def rate_of(run, kernel, cells):
    for r in run.get("records", []):
        if r.get("kernel") == kernel and r.get("requested_cells") == cells and r.get("status") == "ok":
            return r
    return None


def threads(run):
    return run.get("backend", {}).get("concurrency")


def describe(run, where):
    backend = run.get("backend", {})
    if backend.get("name") == "Cuda":
        device = (run.get("gpu") or {}).get("name") or backend.get("device", "GPU")
        return f"{where}: {device} (CUDA, {run.get('precision', '?')})"
    cpu = run.get("host", {}).get("cpu_model", "CPU")
    return f"{where}: {cpu} (OpenMP, {run.get('precision', '?')})"


def fmt_rate(value):
    return f"{value / 1e6:11.1f}" if value else f"{'-':>11}"


def fmt_fraction(value):
    return f"{100 * value:6.1f}%" if isinstance(value, (int, float)) else f"{'-':>7}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ci_runs", nargs="+", help="portaflow-bench JSON files from this machine")
    parser.add_argument("--results-dir", default="perf/results")
    args = parser.parse_args()

    try:
        ci_runs = []
        for path in args.ci_runs:
            run = load(path)
            check_run(run, os.path.basename(path), strict=True)
            ci_runs.append(run)
        gpu_path, suite = latest_gpu_suite(args.results_dir)
        warnings = []
        if suite:
            for run in suite.get("runs", []):
                # Committed results stay readable history: their failed rows are reported, not
                # fatal (the run that produced them already said so), but NaN/invalid JSON is.
                warnings += check_run(run, os.path.basename(gpu_path), strict=False)
    except Broken as error:
        print(f"scaling report: BROKEN BENCHMARK: {error}", file=sys.stderr)
        return 1

    ci_host = ci_runs[0].get("host", {})
    print("== CPU-vs-GPU scaling report (cell-updates per second; a report: timings never fail CI)")
    print(f"this machine: {ci_host.get('name')} ({ci_host.get('cpu_model')}, "
          f"{ci_host.get('logical_cpus')} logical CPUs), {ci_runs[0].get('date')}, commit "
          f"{ci_runs[0].get('tool', {}).get('commit')}")
    gpu_runs, node_cpu_runs = [], []
    if suite:
        node = suite.get("node", {})
        # Like with like: only the node's runs in this build's precision.
        precision = ci_runs[0].get("precision")
        same = [r for r in suite["runs"] if r.get("precision") == precision]
        gpu_runs = [r for r in same if r.get("backend", {}).get("name") == "Cuda"]
        node_cpu_runs = sorted((r for r in same if r.get("backend", {}).get("name") != "Cuda"),
                               key=lambda r: threads(r) or 0)
        # The node's one-thread and all-thread rows: the serial and parallel CPU baselines.
        if len(node_cpu_runs) > 2:
            node_cpu_runs = [node_cpu_runs[0], node_cpu_runs[-1]]
        print(f"GPU node:     {os.path.relpath(gpu_path)}: {', '.join(node.get('nvidia_smi_L', [])) or '?'}; "
              f"{node.get('cpu_model', '?')}; {suite.get('date')}, commit {suite.get('commit')}")
    else:
        print(f"GPU node:     no GPU-node results committed yet under {args.results_dir}/ "
              "(run perf/gpu_run.sh on the GPU node and commit its JSON); CPU rows only")

    print()
    print("ceilings (bandwidth = max(STREAM triad, copy, library copy); FMA rate in the build's precision)")
    for where, runs in (("GPU node", gpu_runs + node_cpu_runs), ("this machine", ci_runs)):
        for run in runs:
            c = run.get("ceilings") or {}
            print(f"  {describe(run, where):<62} {run.get('date', '')[:10]}  threads "
                  f"{'-' if run.get('backend', {}).get('name') == 'Cuda' else threads(run):>3}  "
                  f"{c.get('bandwidth_gb_per_s', float('nan')):9.1f} GB/s "
                  f"{c.get('flop_gflop_per_s', float('nan')):10.1f} GFLOP/s")

    print()
    header = (f"{'kernel':<20} {'cells':>9}  {'measured on':<62} {'date':<10} {'thr':>4} "
              f"{'Mcell/s':>11} {'%roof':>7} {'GPU/this':>9}")
    print(header)
    print("-" * len(header))
    kernels = []
    for run in ci_runs:
        for r in run.get("records", []):
            if r.get("kernel") not in kernels:
                kernels.append(r.get("kernel"))
    for kernel in kernels:
        sizes = sorted({r.get("requested_cells") for run in ci_runs for r in run.get("records", [])
                        if r.get("kernel") == kernel})
        for cells in sizes:
            gpu_record = next((rate_of(g, kernel, cells) for g in gpu_runs if rate_of(g, kernel, cells)),
                              None)
            gpu_rate = gpu_record.get("cell_updates_per_s") if gpu_record else None
            rows = [(g, "GPU node") for g in gpu_runs] + [(c, "GPU node") for c in node_cpu_runs] + \
                   [(c, "this machine") for c in ci_runs]
            first = True
            for run, where in rows:
                record = rate_of(run, kernel, cells)
                is_gpu = run.get("backend", {}).get("name") == "Cuda"
                rate = record.get("cell_updates_per_s") if record else None
                ratio = (f"{gpu_rate / rate:9.1f}" if gpu_rate and rate and not is_gpu
                         else f"{'-':>9}")
                print(f"{kernel if first else '':<20} {cells if first else '':>9}  "
                      f"{describe(run, where):<62} {run.get('date', '')[:10]:<10} "
                      f"{'-' if is_gpu else threads(run):>4} {fmt_rate(rate)} "
                      f"{fmt_fraction(record.get('fraction_of_roofline') if record else None)} {ratio}")
                first = False
            if suite and not gpu_record:
                print(f"{'':<20} {'':>9}  (the GPU-node results have no {kernel} at {cells} cells)")
    if warnings:
        print()
        print("warnings from the committed GPU-node results:")
        for w in warnings:
            print(f"  {w}")
    print()
    print("GPU/this: the GPU node's CUDA cell-updates/s divided by the row's; %roof: fraction of "
          "the row's own roofline bound (ceilings of the same run). Small sizes that fit in cache "
          "can pass 100%.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
