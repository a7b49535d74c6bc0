#!/usr/bin/python3
"""Plots a 1D run's final.csv (x,rho,u,p) over the exact solution's final.csv.

    ci/plot_line_out.py RESULT/final.csv [--exact EXACT/final.csv] [-o plot.png]

EXACT comes from running the matching inputs/exact_riemann/ deck (on a fine mesh, e.g.
--set mesh.cells=4000). Without --exact the result is plotted alone.
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402


def read_columns(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows or rows[0][:4] != ["x", "rho", "u", "p"]:
        sys.exit(f"{path}: expected a header starting x,rho,u,p, found {rows[0] if rows else 'nothing'}")
    return {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(rows[0])}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("result")
    parser.add_argument("--exact")
    parser.add_argument("-o", "--output", default="line_out.png")
    parser.add_argument("--title", default=None)
    args = parser.parse_args()

    result = read_columns(args.result)
    exact = read_columns(args.exact) if args.exact else None
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    for ax, name, label in zip(axes, ["rho", "u", "p"], ["density", "velocity", "pressure"]):
        if exact:
            ax.plot(exact["x"], exact[name], "k-", lw=1.2, label="exact")
        ax.plot(result["x"], result[name], "o", ms=2.5, mfc="none", color="tab:red", label=args.result)
        ax.set_xlabel("x")
        ax.set_title(label)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7)
    if args.title:
        fig.suptitle(args.title)
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
