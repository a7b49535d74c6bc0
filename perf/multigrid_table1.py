#!/usr/bin/env python3
"""Issue 24's Table 1 JSON from one perf/multigrid_table1_device.sh call's folder.

    python3 perf/multigrid_table1.py OUT --device TEXT --commit C --date YYYY-MM-DD \
        [--case TEXT] [--how TEXT] > table1.json

Reads OUT/timing.log (level 2 to a drop of 1e-10, history every 1000 cycles: CUDA single grid
and multigrid twice each, 16 cores once each, then deck variants named cuda-* / cores-*) and
OUT/table1-extra.log (one core: 1500 single-grid and 60 multigrid cycles, whose time per cycle
times the converged cycle counts stands in for whole one-core runs). Everything printed comes
from those lines; a run that did not converge is reported as such and left out of the ratios.
"""
import argparse
import json
import re
import sys

DONE = re.compile(r"^(\S+): done: (converged|not converged) after (\d+) cycles in ([0-9.eE+-]+) s")
FORCES = re.compile(r"CL = ([-0-9.eE+]+), CD = ([-0-9.eE+]+)")
CORE1 = re.compile(r"^(single|multigrid): done: not converged after (\d+) cycles in ([0-9.eE+-]+) s")


def read_timing(path):
    runs, last = {}, None
    with open(path) as f:
        for line in f:
            m = DONE.match(line)
            if m:
                last = m.group(1)
                runs[last] = {"converged": m.group(2) == "converged", "cycles": int(m.group(3)),
                              "seconds": float(m.group(4))}
                continue
            m = FORCES.search(line)
            if m and last:
                runs[last]["cl"], runs[last]["cd"] = float(m.group(1)), float(m.group(2))
    return runs


def read_core1(path):
    per_cycle = {}
    with open(path) as f:
        for line in f:
            m = CORE1.match(line)
            if m:
                per_cycle[m.group(1)] = float(m.group(3)) / int(m.group(2))
    return per_cycle


def mean(values):
    return sum(values) / len(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--device", required=True)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--date", required=True)
    parser.add_argument("--case", default="", help="what was run (decks, settings)")
    parser.add_argument("--how", default="", help="how it was timed")
    args = parser.parse_args()
    runs = read_timing(f"{args.out}/timing.log")
    core1 = read_core1(f"{args.out}/table1-extra.log")
    for name in ("cuda-single-1", "cuda-single-2", "cuda-multigrid-1", "cuda-multigrid-2",
                 "cores-single", "cores-multigrid"):
        if name not in runs or not runs[name]["converged"]:
            sys.exit(f"multigrid_table1: {name} missing or not converged in timing.log")
    table = {"device": args.device, "commit": args.commit, "date": args.date}
    for key in ("case", "how"):
        if getattr(args, key):
            table[key] = getattr(args, key)
    seconds, cycles = {}, {}
    for kind in ("single", "multigrid"):
        cuda_runs = [runs[f"cuda-{kind}-{k}"]["seconds"] for k in (1, 2)]
        cycles[kind] = runs[f"cuda-{kind}-1"]["cycles"]
        seconds[kind] = {"cycles": cycles[kind], "cuda_runs": cuda_runs, "cuda": mean(cuda_runs),
                         "cores16": runs[f"cores-{kind}"]["seconds"]}
        if kind in core1:
            seconds[kind]["core1_estimated"] = core1[kind] * cycles[kind]
    table["seconds_to_converge"] = seconds
    table["forces"] = {name: {"cl": r.get("cl"), "cd": r.get("cd")} for name, r in runs.items()}
    ratio = {"cuda": seconds["multigrid"]["cuda"] / seconds["single"]["cuda"],
             "cores16": seconds["multigrid"]["cores16"] / seconds["single"]["cores16"]}
    if "core1_estimated" in seconds["single"] and "core1_estimated" in seconds["multigrid"]:
        ratio["core1"] = (seconds["multigrid"]["core1_estimated"] /
                          seconds["single"]["core1_estimated"])
    table["multigrid_over_single_time"] = ratio
    speed_up = {}
    for kind in ("single", "multigrid"):
        s = seconds[kind]
        speed_up[kind] = {"gpu_over_16_cores": s["cores16"] / s["cuda"]}
        if "core1_estimated" in s:
            speed_up[kind]["gpu_over_1_core"] = s["core1_estimated"] / s["cuda"]
    table["speed_up"] = speed_up
    variants = {}
    for name, r in runs.items():
        if re.match(r"(cuda|cores)-(single|multigrid)(-\d)?$", name):
            continue
        base = seconds["single"]["cuda" if name.startswith("cuda") else "cores16"]
        variants[name] = dict(r)
        if r["converged"]:
            variants[name]["over_single"] = r["seconds"] / base
    table["variants"] = variants
    table["seed_001_table_1"] = ("GPU over one CPU core: single grid 17.6x / 15.1x, two-level "
                                 "multigrid 15.6x / 14.0x (its two meshes)")
    json.dump(table, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
