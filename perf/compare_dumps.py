#!/usr/bin/env python3
"""Compares two portaflow-dump outputs of the same deck (e.g. CUDA and OpenMP): the largest
relative difference per field and the number of significant digits on which they agree.

    python3 perf/compare_dumps.py A.csv B.csv [--json OUT.json]

Relative difference of a field: max |a - b| / max |a| over the cells (the field's own scale, so a
velocity that passes through zero is not judged by its tiny values). Agreeing digits:
-log10 of that. Plain python3: the GPU node has no numpy.
"""
import argparse
import csv
import json
import math
import sys


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, data = rows[0], rows[1:]
    return {name: [float(r[k]) for r in data] for k, name in enumerate(header)}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--json")
    args = p.parse_args()
    a, b = read(args.a), read(args.b)
    if set(a) != set(b) or len(a["x"]) != len(b["x"]):
        sys.exit("the two dumps have different fields or sizes")
    result = {}
    for name in a:
        if name in ("x", "y"):
            continue
        scale = max(abs(v) for v in a[name]) or 1.0
        diff = max(abs(u - v) for u, v in zip(a[name], b[name]))
        rel = diff / scale
        digits = 17.0 if rel == 0 else -math.log10(rel)
        result[name] = {"max_abs_difference": diff, "scale": scale, "relative": rel, "digits": digits}
        print(f"{name:>4}: max |a-b| = {diff:.3e}, relative to max |a| = {rel:.3e}: {digits:.1f} digits")
    worst = min(r["digits"] for r in result.values())
    print(f"agreement: {worst:.1f} significant digits (worst field)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"fields": result, "digits": worst}, f, indent=1)


if __name__ == "__main__":
    main()
