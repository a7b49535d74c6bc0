#!/usr/bin/env python3
"""Centreline density of high-order radial explosion runs against the 1D radial reference, one
panel per method:

    /usr/bin/python3 perf/plot_radial.py REFERENCE.csv OUT.png DUMP.csv ...

REFERENCE.csv: a portaflow-dump of inputs/fv/radial_explosion_reference.yaml; each DUMP.csv a
portaflow-dump of inputs/highorder/radial_<method>_p<k>.yaml, named <method>_p<k>_<elements>.csv.
The centreline is perf/radial_check.py's: the lattice row nearest above y = 0, r = hypot(x, y).
(matplotlib: Debian python3-matplotlib, hence /usr/bin/python3.)
"""
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from radial_check import read  # noqa: E402


def main():
    reference, out, dumps = sys.argv[1], sys.argv[2], sys.argv[3:]
    ref = read(reference)
    fig, axes = plt.subplots(2, 2, figsize=(12, 8), sharex=True, sharey=True)
    panels = dict(zip(["dg", "cpr", "ndg", "sd"], axes.flat))
    for ax in panels.values():
        ax.plot([p[0] for p in ref], [p[2] for p in ref], "k-", lw=1, label="1D radial reference (4000 cells)")
    for dump in dumps:
        method, k, n = os.path.basename(dump)[:-4].split("_")
        pts = read(dump)
        y_row = min(p[1] for p in pts if p[1] > 1e-12)
        row = sorted((math.hypot(p[0], p[1]), p[2]) for p in pts if abs(p[1] - y_row) < 1e-12 and p[0] > 0)
        dof = int(n) ** 2 * (int(k[1]) + 1) ** 2
        panels[method].plot([r for r, _ in row], [d for _, d in row], ".", ms=2,
                            label=f"{k.upper()}, {n}^2 elements ({dof // 1000}k DoF)")
    for method, ax in panels.items():
        ax.set_title(f"{method}: density along y = 0+, t = 0.25")
        ax.set_xlim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    for ax in axes[1]:
        ax.set_xlabel("r")
    for ax in axes[:, 0]:
        ax.set_ylabel("rho")
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print("wrote", out)


if __name__ == "__main__":
    main()
