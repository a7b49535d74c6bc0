#!/usr/bin/env python3
"""Grid study of the NACA 0012 M = 0.63, alpha = 2 runs (issue 4, seed 001 sec. 7.3).

    /usr/bin/python3 perf/naca_study.py RUNS_DIR --json OUT.json --png OUT.png [--label TEXT]

RUNS_DIR holds level0/, level1/, level2/ with the forces.csv and surface_cp.csv of a
`portaflow run inputs/multiblock/naca0012_level<L>.yaml` each (perf/multiblock_gpu_checks.sh
writes them). The levels are nested (each twice the previous per direction), so with
h2 = h1 / 2 = h0 / 4 the observed order is p = log2((f0 - f1) / (f1 - f2)) and Richardson's
extrapolation f_inf = f2 + (f2 - f1) / (2^p - 1). Writes the table as JSON and the surface Cp
of the three levels (-Cp up, the aerodynamicist's convention) as a PNG. Needs matplotlib
(Debian: python3-matplotlib; use /usr/bin/python3).
"""
import argparse
import csv
import json
import math
import os


def read_forces(path):
    with open(path) as f:
        row = list(csv.DictReader(f))[-1]
    return {k: float(v) for k, v in row.items()}


def read_cp(path):
    points = []
    with open(path) as f:
        for r in csv.DictReader(f):
            points.append((float(r["x"]), float(r["y"]), float(r["cp"])))
    return points


def richardson(values):
    f0, f1, f2 = values
    d01, d12 = f0 - f1, f1 - f2
    out = {"values": values, "differences": [d01, d12]}
    if d12 != 0 and d01 / d12 > 0:
        p = math.log2(d01 / d12)
        out["observed_order"] = p
        if p > 0.5:
            out["extrapolated"] = f2 + (f2 - f1) / (2 ** p - 1)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("runs")
    ap.add_argument("--json", required=True)
    ap.add_argument("--png", required=True)
    ap.add_argument("--label", default="")
    a = ap.parse_args()
    levels = [os.path.join(a.runs, f"level{l}") for l in range(3)]
    forces = [read_forces(os.path.join(d, "forces.csv")) for d in levels]
    study = {
        "case": "NACA 0012, M = 0.63, alpha = 2 deg, inviscid (seed 001 sec. 7.3)",
        "label": a.label,
        "levels": [
            {"level": l, "cycles": int(f["cycles"]), "converged": int(f["converged"]) == 1,
             "residual_drop": f["residual_drop"], "lift": f["lift"], "drag": f["drag"]}
            for l, f in enumerate(forces)
        ],
        "lift": richardson([f["lift"] for f in forces]),
        "drag": richardson([f["drag"] for f in forces]),
    }
    with open(a.json, "w") as f:
        json.dump(study, f, indent=1)
    print(json.dumps(study, indent=1))

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 5.5))
    styles = [("tab:blue", ":"), ("tab:orange", "--"), ("k", "-")]
    for l, d in enumerate(levels):
        points = [p for p in read_cp(os.path.join(d, "surface_cp.csv"))]
        upper = sorted([p for p in points if p[1] >= 0])
        lower = sorted([p for p in points if p[1] < 0])
        color, style = styles[l]
        for side, name in ((upper, "upper"), (lower, "lower")):
            ax.plot([p[0] for p in side], [-p[2] for p in side], style, color=color,
                    label=f"level {l} (CL {forces[l]['lift']:.4f})" if name == "upper" else None)
    ax.set_xlabel("x / c")
    ax.set_ylabel("-Cp")
    ax.set_title("NACA 0012, M = 0.63, alpha = 2: surface pressure, order-4 SBP-SAT")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(a.png, dpi=120)
    print("wrote", a.json, a.png)


if __name__ == "__main__":
    main()
