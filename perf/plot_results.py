#!/usr/bin/env python3
"""Plots a portaflow-bench results file as PNGs.

    /usr/bin/python3 perf/plot_results.py RESULTS.json -o DIR

RESULTS.json is either a GPU-node suite (perf/gpu_run.sh, schema portaflow-bench-suite/1) or a
single portaflow-bench run (schema portaflow-bench/1). Writes, in DIR, named after the file:
  <name>-throughput.png  cell-updates/s against cells, log-log, one panel per kernel, one line per
                         run (CUDA, OpenMP with each thread count); dotted: each run's roofline
                         bound (DRAM-resident sizes can only approach it; small sizes that fit in
                         cache may pass it)
  <name>-scaling.png     strong scaling: cell-updates/s against OpenMP threads at the largest
                         sizes every thread count measured, with ideal linear scaling from one
                         thread, and the GPU at the same size as a horizontal line
  <name>-roofline.png    fraction of the roofline bound reached, per kernel and run, at the
                         largest size each run measured
Needs matplotlib (Debian: python3-matplotlib; use /usr/bin/python3). Prints the files written.
"""
import argparse
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load_runs(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("schema", "").startswith("portaflow-bench-suite/"):
        return doc, doc.get("runs", [])
    if doc.get("schema", "").startswith("portaflow-bench/"):
        return doc, [doc]
    sys.exit(f"plot_results: {path} is not a portaflow-bench results file (schema "
             f"{doc.get('schema')!r})")


def run_label(run):
    label = run.get("label")
    if label:
        return label
    backend = run.get("backend", {})
    if backend.get("name") == "Cuda":
        return "cuda"
    return f"{backend.get('name', '?').lower()}{backend.get('concurrency', '')}"


def is_gpu(run):
    return run.get("backend", {}).get("name") == "Cuda"


def threads_of(run):
    return None if is_gpu(run) else run.get("backend", {}).get("concurrency")


def ok_records(run, kernel=None):
    return [r for r in run.get("records", [])
            if r.get("status") == "ok" and r.get("cell_updates_per_s")
            and (kernel is None or r.get("kernel") == kernel)]


def kernels_in(runs):
    names = []
    for run in runs:
        for r in ok_records(run):
            if r["kernel"] not in names:
                names.append(r["kernel"])
    return names


def ordered(runs):
    """GPU runs first, then host runs by thread count."""
    return sorted(runs, key=lambda r: (0 if is_gpu(r) else 1, threads_of(r) or 0, run_label(r)))


def colours(runs):
    cmap = plt.get_cmap("viridis")
    host = [r for r in runs if not is_gpu(r)]
    result = {}
    for k, run in enumerate(host):
        result[id(run)] = cmap(0.1 + 0.8 * k / max(1, len(host) - 1))
    for k, run in enumerate(r for r in runs if is_gpu(r)):
        result[id(run)] = ("tab:red", "tab:orange", "tab:pink")[k % 3]
    return result


def panel_grid(count):
    columns = min(count, 2)
    rows = math.ceil(count / columns)
    fig, axes = plt.subplots(rows, columns, figsize=(6.5 * columns, 4.6 * rows), squeeze=False)
    for ax in axes.flat[count:]:
        ax.set_visible(False)
    return fig, list(axes.flat)


def subtitle(doc, runs):
    node = doc.get("node", {})
    first = runs[0]
    gpu = next((r.get("backend", {}).get("device") for r in runs if is_gpu(r)), None)
    cpu = node.get("cpu_model") or first.get("host", {}).get("cpu_model", "")
    parts = [p for p in (gpu, cpu) if p]
    when = doc.get("date") or first.get("date", "")
    commit = doc.get("commit") or first.get("tool", {}).get("commit", "")
    return f"{' / '.join(parts)} - {when[:10]} - commit {commit} - {first.get('precision', '')}"


def plot_throughput(doc, runs, kernels, path):
    fig, axes = panel_grid(len(kernels))
    colour = colours(runs)
    for ax, kernel in zip(axes, kernels):
        for run in runs:
            records = sorted(ok_records(run, kernel), key=lambda r: r["cells"])
            if not records:
                continue
            x = [r["cells"] for r in records]
            ax.plot(x, [r["cell_updates_per_s"] for r in records], "o-", color=colour[id(run)],
                    label=run_label(run), linewidth=2 if is_gpu(run) else 1.3)
            bound = records[-1].get("roofline_bound_cell_updates_per_s")
            if bound:
                ax.axhline(bound, color=colour[id(run)], linestyle=":", linewidth=1)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(kernel)
        ax.set_xlabel("cells")
        ax.set_ylabel("cell-updates / s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8, title="dotted: roofline bound", title_fontsize=7)
    fig.suptitle(f"Throughput against size\n{subtitle(doc, runs)}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_scaling(doc, runs, kernels, path):
    host = [r for r in runs if not is_gpu(r) and threads_of(r)]
    gpus = [r for r in runs if is_gpu(r)]
    fig, axes = panel_grid(len(kernels))
    for ax, kernel in zip(axes, kernels):
        by_threads = {}
        for run in host:
            for r in ok_records(run, kernel):
                by_threads.setdefault(r["cells"], {})[threads_of(run)] = r["cell_updates_per_s"]
        thread_counts = sorted({threads_of(r) for r in host})
        complete = [c for c, m in by_threads.items() if len(m) == len(thread_counts)]
        sizes = sorted(complete)[-2:] if complete else sorted(by_threads)[-2:]
        styles = ["o-", "s--"]
        for style, cells in zip(styles, sizes):
            measured = by_threads[cells]
            t = sorted(measured)
            line = ax.plot(t, [measured[k] for k in t], style, label=f"OpenMP, {cells:.3g} cells")[0]
            if t and t[0] == 1:
                ax.plot(t, [measured[1] * k for k in t], ":", color=line.get_color(), linewidth=1,
                        label="ideal from 1 thread" if style == styles[0] else None)
            for gpu in gpus:
                match = [r for r in ok_records(gpu, kernel) if r["cells"] == cells]
                if match:
                    ax.axhline(match[0]["cell_updates_per_s"], color="tab:red",
                               linestyle="-" if style == styles[0] else "--", linewidth=1.5,
                               label=f"{run_label(gpu)} (GPU), {cells:.3g} cells")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        if thread_counts:
            ax.set_xticks(thread_counts)
            ax.set_xticklabels([str(t) for t in thread_counts])
        ax.set_title(kernel)
        ax.set_xlabel("OpenMP threads (OMP_PROC_BIND=close, OMP_PLACES=cores)")
        ax.set_ylabel("cell-updates / s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"Strong scaling, GPU as a line\n{subtitle(doc, runs)}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_roofline_fraction(doc, runs, kernels, path):
    fig, ax = plt.subplots(figsize=(max(6.5, 1.6 * len(kernels) * max(1, len(runs)) / 3), 4.8))
    colour = colours(runs)
    width = 0.8 / max(1, len(runs))
    for k, run in enumerate(runs):
        heights, labels = [], []
        for kernel in kernels:
            records = sorted(ok_records(run, kernel), key=lambda r: r["cells"])
            fraction = records[-1].get("fraction_of_roofline") if records else None
            heights.append(fraction if fraction is not None else 0.0)
            labels.append(f"{records[-1]['cells']:.0e}" if records else "")
        x = [i + (k - (len(runs) - 1) / 2) * width for i in range(len(kernels))]
        bars = ax.bar(x, heights, width, color=colour[id(run)], label=run_label(run))
        for bar, text in zip(bars, labels):
            if text:
                ax.annotate(text, (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                            ha="center", va="bottom", fontsize=6, rotation=90)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.axhline(0.7, color="grey", linestyle="--", linewidth=0.8, label="70% goal (issue 3)")
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(kernels, rotation=15)
    ax.set_ylabel("fraction of roofline bound\n(largest size each run measured)")
    ax.legend(fontsize=8, ncol=2)
    ax.grid(True, axis="y", alpha=0.3)
    fig.suptitle(f"Fraction of the roofline bound\n{subtitle(doc, runs)}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="results JSON (suite or single run)")
    parser.add_argument("-o", "--out-dir", required=True, help="folder for the PNGs")
    args = parser.parse_args()
    doc, runs = load_runs(args.results)
    runs = ordered(runs)
    kernels = kernels_in(runs)
    if not kernels:
        sys.exit(f"plot_results: {args.results} has no successful measurements to plot")
    os.makedirs(args.out_dir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(args.results))[0]
    written = []
    for suffix, plot in (("throughput", plot_throughput), ("scaling", plot_scaling),
                         ("roofline", plot_roofline_fraction)):
        path = os.path.join(args.out_dir, f"{stem}-{suffix}.png")
        plot(doc, runs, kernels, path)
        written.append(path)
    print("\n".join(written))


if __name__ == "__main__":
    main()
