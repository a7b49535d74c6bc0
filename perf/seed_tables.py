#!/usr/bin/env python3
"""Gohari et al.'s (2012) speed tables beside ours: C-grid generation (their Table 3) and the
stream-function/vorticity time step (their Tables 4-5), at their grid sizes.

Reads the results of perf/cases/incompressible/cgrid_generation_seed_sizes.toml and
flow_solver_seed_sizes.toml (perf/run_cases.py JSON) and writes PREFIX.md (the tables), PREFIX.json
and PREFIX.png (time against grid size for CUDA, 16 cores and one core, and the speedup over one
core, with the seed's GTX 480 / one-core numbers beside ours).

Grid generation: CUDA's time to tolerance is measured at every size, one core's at the smallest
sizes the result holds; elsewhere one core's (and 16 cores') time is projected from their time for 200 iterations
without sequencing, times the iterations CUDA took on the grid itself plus a quarter of those on
the coarser grids (the sizes measured on one core show how close the projection comes). The
seed's flow-solver times are whole runs of an unstated number of steps, so only their speedups
compare with ours (per step, same steps on every build).

    /usr/bin/python3 perf/seed_tables.py GRID.json FLOW.json [FLOW2.json ...] --out PREFIX
"""
import argparse
import json
import math
import re

# Gohari et al. (2012), Table 3: grid generation, GPU (GTX 480) and CPU seconds.
SEED_GRID = {"128x256": (113.60, 7720.25), "256x256": (200.00, 13561.25),
             "256x512": (370.96, 27757.42), "512x512": (724.76, 91364.54),
             "512x1024": (1413.82, 213113.21)}
# Table 4: flow solver, present GPU, regular GPU and CPU seconds.
SEED_FLOW = {"256x256": (173.02, 221.15, 6241.85), "256x512": (302.18, 434.07, 12565.19),
             "512x512": (597.44, 863.11, 24976.37), "512x1024": (1150.32, 2297.50, 48788.64),
             "1024x1024": (2311.44, 3267.00, 83567.66)}


def size_key(variant):
    """'n512x1024' -> '512x1024', 'n256' -> '256x256'."""
    m = re.fullmatch(r"n(\d+)(?:x(\d+))?", variant)
    return f"{m.group(1)}x{m.group(2) or m.group(1)}" if m else variant


def nodes(key):
    a, b = (int(v) for v in key.split("x"))
    return a * b


def ok_runs(record, run_name):
    return [r for r in record["runs"] if r.get("run") == run_name and r.get("status") == "ok"]


def grid_table(record):
    """Per size: iterations and seconds to tolerance (CUDA; one core where measured), seconds per
    200 iterations on each build, and the projected one-core and 16-core times."""
    rows = {}
    for r in ok_runs(record, "to_tolerance") + ok_runs(record, "to_tolerance_one_core"):
        g = r["figures"].get("generation") or []
        coarse = r["figures"].get("coarse") or [0, 0]
        who = "cuda" if r["build"] == "cuda" else "one_core"
        row = rows.setdefault(size_key(r["variables"]["variant"]), {})
        row[who + "_seconds"] = float(g[1])
        row[who + "_iterations"] = int(g[2])
        row[who + "_coarse_iterations"] = int(coarse[1])
        row[who + "_converged"] = g[4] == "converged"
    for run_name, who in (("fixed_work", None), ("fixed_work_one_core", "one_core")):
        for r in ok_runs(record, run_name):
            g = r["figures"].get("generation") or []
            name = who or ("cuda" if r["build"] == "cuda" else "cores")
            rows.setdefault(size_key(r["variables"]["variant"]), {})[name + "_200"] = float(g[1])
    for row in rows.values():
        if "cuda_iterations" not in row:
            continue
        # An iteration on the next coarser grid costs a quarter of one here (less further down,
        # so this errs on the high side for the CPU).
        work = row["cuda_iterations"] + row["cuda_coarse_iterations"] / 4
        for who in ("one_core", "cores"):
            if who + "_200" in row:
                row[who + "_projected"] = row[who + "_200"] / 200 * work
    return rows


def flow_table(records):
    """Per deck and size: seconds per step on CUDA, all cores and one core, and Poisson iterations."""
    rows = {}
    for record in records:
        for r in ok_runs(record, "steps") + ok_runs(record, "steps_one_core"):
            f = r["figures"]
            if not f.get("steps") or not f.get("loop_seconds"):
                continue
            who = "one_core" if r["run"] == "steps_one_core" else ("cuda" if r["build"] == "cuda" else "cores")
            key = (r["variables"]["deck"], size_key(r["variables"]["variant"]))
            row = rows.setdefault(key, {})
            row[who] = f["loop_seconds"] / f["steps"]
            if f.get("poisson"):
                row["iterations"] = f["poisson"][1]
    return rows


def fmt(value, spec=".3g"):
    return "-" if value is None else format(value, spec)


def markdown(grid, flow):
    lines = ["## C-grid generation to tolerance (Gohari et al. 2012, Table 3)", "",
             "| grid | iterations (+ coarser grids) | CUDA s | one core s | 16 cores s | CUDA vs one core | "
             "seed GPU s | seed CPU s | seed speedup |", "|---|---|---|---|---|---|---|---|---|"]
    for key in sorted(grid, key=nodes):
        g = grid[key]
        one = g.get("one_core_seconds")
        one_text = fmt(one) if one is not None else (fmt(g.get("one_core_projected")) + " (projected)"
                                                      if g.get("one_core_projected") else "-")
        one_value = one if one is not None else g.get("one_core_projected")
        speedup = one_value / g["cuda_seconds"] if one_value and g.get("cuda_seconds") else None
        seed = SEED_GRID.get(key)
        lines.append(
            f"| {key} | {g.get('cuda_iterations', '-')} (+ {g.get('cuda_coarse_iterations', '-')}) | "
            f"{fmt(g.get('cuda_seconds'))} | {one_text} | {fmt(g.get('cores_projected'))} (projected) | "
            f"{fmt(speedup, '.0f')}x | {fmt(seed[0] if seed else None)} | {fmt(seed[1] if seed else None)} | "
            f"{fmt(seed[1] / seed[0] if seed else None, '.0f')}x |")
    lines += ["", "## Flow solver per time step (Gohari et al. 2012, Tables 4-5)", "",
              "| deck | grid | Poisson iterations | CUDA s/step | 16 cores s/step | one core s/step | "
              "CUDA vs one core | CUDA vs 16 cores | seed speedup (present GPU) |",
              "|---|---|---|---|---|---|---|---|---|"]
    for (deck, key) in sorted(flow, key=lambda k: (k[0], nodes(k[1]))):
        f = flow[(deck, key)]
        seed = SEED_FLOW.get(key)
        lines.append(
            f"| {deck} | {key} | {fmt(f.get('iterations'))} | {fmt(f.get('cuda'))} | {fmt(f.get('cores'))} | "
            f"{fmt(f.get('one_core'))} | "
            f"{fmt(f['one_core'] / f['cuda'] if f.get('one_core') and f.get('cuda') else None, '.0f')}x | "
            f"{fmt(f['cores'] / f['cuda'] if f.get('cores') and f.get('cuda') else None, '.1f')}x | "
            f"{fmt(seed[2] / seed[0] if seed else None, '.0f')}x |")
    return "\n".join(lines) + "\n"


def plot(grid, flow, path, device):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (ax_g, ax_f, ax_s) = plt.subplots(1, 3, figsize=(16, 4.8))
    keys = sorted(grid, key=nodes)
    n = [nodes(k) for k in keys]
    ax_g.loglog(n, [grid[k].get("cuda_seconds") for k in keys], "o-", label=f"CUDA ({device})")
    one = [grid[k].get("one_core_seconds") or grid[k].get("one_core_projected") for k in keys]
    ax_g.loglog(n, one, "s-", label="one core (hollow: projected)", mfc="none")
    measured = [grid[k].get("one_core_seconds") for k in keys]
    ax_g.loglog(n, measured, "s", color="tab:orange")
    ax_g.loglog(n, [grid[k].get("cores_projected") for k in keys], "^-", mfc="none",
                label="16 cores (projected)")
    seed_keys = [k for k in keys if k in SEED_GRID]
    ax_g.loglog([nodes(k) for k in seed_keys], [SEED_GRID[k][0] for k in seed_keys], "k--", marker="o",
                mfc="none", label="Gohari et al. GTX 480")
    ax_g.loglog([nodes(k) for k in seed_keys], [SEED_GRID[k][1] for k in seed_keys], "k:", marker="s",
                mfc="none", label="Gohari et al. one core")
    ax_g.set_title("C-grid generation to tolerance")
    ax_g.set_ylabel("seconds")
    for deck, marker in (("naca0012_re5000", "o"), ("naca0012_re1e5_alpha8_baldwin_lomax", "d")):
        fk = sorted((k for (d, k) in flow if d == deck), key=nodes)
        short = "Re 5000" if "5000" in deck else "Re 1e5 Baldwin-Lomax"
        for who, style in (("cuda", "-"), ("cores", "--"), ("one_core", ":")):
            pts = [(nodes(k), flow[(deck, k)].get(who)) for k in fk if flow[(deck, k)].get(who)]
            if pts:
                ax_f.loglog(*zip(*pts), style, marker=marker, label=f"{short}, {who.replace('_', ' ')}")
        pts = [(nodes(k), flow[(deck, k)]["one_core"] / flow[(deck, k)]["cuda"]) for k in fk
               if flow[(deck, k)].get("one_core") and flow[(deck, k)].get("cuda")]
        if pts:
            ax_s.semilogx(*zip(*pts), "-", marker=marker, label=f"flow step {short}, CUDA / one core")
    ax_f.set_title("flow solver, seconds per time step")
    pts = [(nodes(k), o / grid[k]["cuda_seconds"]) for k, o in zip(keys, one) if o and grid[k].get("cuda_seconds")]
    if pts:
        ax_s.semilogx(*zip(*pts), "-", marker="s", label="grid generation, CUDA / one core")
    ax_s.semilogx([nodes(k) for k in SEED_GRID], [v[1] / v[0] for v in SEED_GRID.values()], "k--", marker="s",
                  mfc="none", label="Gohari et al. grid generation")
    ax_s.semilogx([nodes(k) for k in SEED_FLOW], [v[2] / v[0] for v in SEED_FLOW.values()], "k:", marker="o",
                  mfc="none", label="Gohari et al. flow solver")
    ax_s.set_title("speedup over one core")
    for ax in (ax_g, ax_f, ax_s):
        ax.set_xlabel("nodes")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=7)
    fig.suptitle("PortaFlow streamfunction_vorticity at the grid sizes of Gohari et al. (2012), Tables 3-5")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("grid", help="cgrid_generation_seed_sizes result JSON")
    parser.add_argument("flow", nargs="+", help="flow_solver_seed_sizes result JSON(s)")
    parser.add_argument("--out", required=True, help="prefix of the .md, .json and .png written")
    args = parser.parse_args()
    grid_record = json.load(open(args.grid))
    flow_records = [json.load(open(p)) for p in args.flow]
    grid, flow = grid_table(grid_record), flow_table(flow_records)
    with open(args.out + ".md", "w") as f:
        f.write(markdown(grid, flow))
    with open(args.out + ".json", "w") as f:
        json.dump({"grid_generation": grid,
                   "flow_solver": {f"{d} {k}": v for (d, k), v in flow.items()},
                   "sources": [args.grid] + args.flow}, f, indent=1)
    device = (grid_record.get("device") or {}).get("gpu") if isinstance(grid_record.get("device"), dict) else None
    plot(grid, flow, args.out + ".png", device or "GPU")
    print(open(args.out + ".md").read())


if __name__ == "__main__":
    main()
