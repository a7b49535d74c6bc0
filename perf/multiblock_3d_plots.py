#!/usr/bin/env python3
"""Seed 001's Fig. 7 in 3D from perf/multiblock_3d_device.sh's bench JSONs: node-stage updates
per second against nodes for one cube block and for 48 packed blocks, on CUDA, all cores and one
core, and a table with the roofline fractions.

  python3 perf/multiblock_3d_plots.py PREFIX OUT.png

PREFIX: the results' common path prefix, e.g. perf/results/h200-20261126-abc1234-multiblock3d-bench
(the script reads PREFIX-cuda.json, PREFIX-openmp<N>.json, PREFIX-openmp1.json). Prints the table
as Markdown.
"""
import glob
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(prefix):
    runs = []
    for path in sorted(glob.glob(prefix + "-*.json")):
        with open(path) as f:
            runs.append((path, json.load(f)))
    return runs


def main():
    prefix, png = sys.argv[1], sys.argv[2]
    runs = load(prefix)
    if not runs:
        sys.exit("no files match " + prefix + "-*.json")
    fig, ax = plt.subplots(figsize=(7, 4.5))
    print("| backend | kernel | nodes | node-stage updates/s | GB/s | % bandwidth | % FP64 | % roofline |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for path, data in runs:
        label = data.get("label", path)
        for variant, style in (("one_block", "-o"), ("blocks48", "--s")):
            rows = [r for r in data["records"]
                    if r["kernel"] == "multiblock3d.cycle." + variant and r["status"] == "ok"]
            if not rows:
                continue
            # A step is one 5-stage cycle: cells = node-stage updates per step = 5 x nodes.
            nodes = [r["cells"] / 5 for r in rows]
            rate = [r["cell_updates_per_s"] for r in rows]
            ax.loglog(nodes, rate, style, label=f"{label}, {variant}")
            for r in rows:
                print(f"| {label} | {variant} | {r['cells'] // 5} | {r['cell_updates_per_s']:.3e} | "
                      f"{r['effective_gb_per_s']:.1f} | {100 * r['fraction_of_bandwidth_ceiling']:.1f} | "
                      f"{100 * r['fraction_of_flop_ceiling']:.1f} | "
                      f"{100 * r.get('fraction_of_roofline', max(r['fraction_of_bandwidth_ceiling'], r['fraction_of_flop_ceiling'])):.1f} |")
    ax.set_xlabel("nodes (all blocks, interface nodes counted in each)")
    ax.set_ylabel("node updates per Runge-Kutta stage per second")
    ax.set_title("3D multi-block SBP-SAT, order 4: block-size scaling (seed 001, Fig. 7)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(png, dpi=120)


if __name__ == "__main__":
    main()
