#!/usr/bin/env python3
"""Single grid against FAS multigrid on the NACA 0012 meshes (issue 24).

    /usr/bin/python3 perf/multigrid_plots.py RUNS --json OUT.json --png OUT.png --label TEXT

RUNS is the folder perf/multigrid_naca.sh wrote (level<L>/{single,multigrid}/history.csv and
forces.csv). The PNG has the largest residual drop against cycles (left) and against wall-clock
seconds (right), single grid dashed, multigrid solid, one colour per mesh level. The JSON holds,
per level and method: cycles and seconds to the first drop below 1e-10 (or the last row when
not reached), the final CL and CD and the multigrid/single-grid differences of CL and CD.
Needs matplotlib (Debian: python3-matplotlib; use /usr/bin/python3).
"""
import argparse
import csv
import json
import os

TARGET = 1e-10


def read_history(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return [(int(float(r["cycle"])), float(r["wall_seconds"]), float(r["drop"]),
             float(r["lift"]), float(r["drag"])) for r in rows]


def summary(history):
    reached = next((r for r in history if r[2] < TARGET), None)
    last = history[-1]
    row = reached or last
    return {"cycles": row[0], "seconds": row[1], "drop": row[2], "converged": reached is not None,
            "lift": last[3], "drag": last[4]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs")
    parser.add_argument("--json", required=True)
    parser.add_argument("--png", required=True)
    parser.add_argument("--label", default="")
    args = parser.parse_args()

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (by_cycle, by_time) = plt.subplots(1, 2, figsize=(12, 4.8))
    table = {}
    colours = {0: "tab:blue", 1: "tab:orange", 2: "tab:green"}
    for level in (0, 1, 2):
        entry = {}
        for kind, style in (("single", "--"), ("multigrid", "-")):
            path = os.path.join(args.runs, f"level{level}", kind, "history.csv")
            if not os.path.exists(path):
                continue
            history = read_history(path)
            entry[kind] = summary(history)
            label = f"level {level} {'single grid' if kind == 'single' else 'multigrid'}"
            cycles = [r[0] for r in history]
            seconds = [r[1] for r in history]
            drops = [r[2] for r in history]
            by_cycle.semilogy(cycles, drops, style, color=colours[level], label=label)
            by_time.semilogy(seconds, drops, style, color=colours[level], label=label)
        if "single" in entry and "multigrid" in entry:
            s, m = entry["single"], entry["multigrid"]
            entry["cycle_ratio"] = s["cycles"] / m["cycles"]
            entry["time_ratio"] = s["seconds"] / m["seconds"] if m["seconds"] > 0 else None
            entry["lift_difference"] = m["lift"] - s["lift"]
            entry["drag_difference"] = m["drag"] - s["drag"]
        table[f"level{level}"] = entry
    for axis, xlabel in ((by_cycle, "cycles (Runge-Kutta or multigrid)"),
                         (by_time, "wall-clock seconds")):
        axis.axhline(TARGET, color="grey", linewidth=0.8)
        axis.set_xlabel(xlabel)
        axis.set_ylabel("largest residual / initial")
        axis.grid(True, which="major", alpha=0.3)
    by_cycle.set_xscale("log")
    by_time.set_xscale("log")
    by_cycle.legend(fontsize=8)
    # The label names the machine and the multigrid settings (they changed between commits).
    fig.suptitle(f"NACA 0012, M 0.63, alpha 2: single grid vs FAS multigrid\n{args.label}",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(args.png, dpi=110)
    with open(args.json, "w") as f:
        json.dump({"label": args.label, "target_drop": TARGET, "levels": table}, f, indent=2)
    print(json.dumps(table, indent=2))


if __name__ == "__main__":
    main()
