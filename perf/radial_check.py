#!/usr/bin/env python3
"""Checks a high-order radial explosion dump (portaflow-dump of inputs/highorder/radial_*.yaml)
against the 1D radial reference's dump (inputs/fv/radial_explosion_reference.yaml): contact and
shock radii along y = 0 within two elements of the reference's, symmetry about both axes and the
diagonal, and the smallest density and pressure over the output points. The case
perf/cases/radial/radial.toml runs it after each dump; perf/report.py uses its reader.

    python3 perf/radial_check.py DUMP.csv REFERENCE.csv ELEMENTS [--json OUT.json]

The dump holds every element's equispaced output lattice (x, y, rho, u, v, p). The centreline is
the lattice row nearest above y = 0 (radius = hypot(x, y)); the fronts are the steepest density
drops in r in (0.5, 0.72) (contact) and [0.72, 0.95) (shock), as tests/schemes' steepest_drops.
Symmetry: every point's mirror images (-x, y), (x, -y), (y, x) are looked up by coordinates
rounded to 1e-9 (points on element edges appear once per element: each copy is compared).
Plain python3: the GPU node has no numpy.
"""
import argparse
import csv
import json
import math


def read(path):
    with open(path, newline="") as f:
        rows = csv.reader(f)
        header = next(rows)
        cols = {name: k for k, name in enumerate(header)}
        return [[float(r[cols[n]]) for n in ("x", "y", "rho", "u", "v", "p") if n in cols] for r in rows]


def steepest_drops(r, rho):
    contact = shock = None
    contact_drop = shock_drop = 0.0
    for k in range(len(r) - 1):
        mid, drop = 0.5 * (r[k] + r[k + 1]), rho[k] - rho[k + 1]
        if 0.5 < mid < 0.72 and drop > contact_drop:
            contact_drop, contact = drop, mid
        if 0.72 <= mid < 0.95 and drop > shock_drop:
            shock_drop, shock = drop, mid
    return contact, shock


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dump")
    ap.add_argument("reference")
    ap.add_argument("elements", type=int, help="elements per direction (the front tolerance is two)")
    ap.add_argument("--json")
    args = ap.parse_args()

    ref = read(args.reference)  # 1D: x, y = 0, rho, u, p
    ref_contact, ref_shock = steepest_drops([p[0] for p in ref], [p[2] for p in ref])

    pts = read(args.dump)
    key = lambda x, y: (round(x, 9), round(y, 9))
    table = {}
    for p in pts:
        table.setdefault(key(p[0], p[1]), []).append(p)
    axes = diagonal = 0.0
    for p in pts:
        x, y, rho, u, v, pr = p
        for mx, my, transform in ((-x, y, lambda q: (q[2], -q[3], q[4], q[5])),
                                  (x, -y, lambda q: (q[2], q[3], -q[4], q[5])),
                                  (y, x, lambda q: (q[2], q[4], q[3], q[5]))):
            images = table.get(key(mx, my))
            if not images:
                raise SystemExit(f"no mirror image of ({x}, {y}) at ({mx}, {my}): not a symmetric lattice")
            d = min(max(abs(a - b) for a, b in zip((rho, u, v, pr), transform(q))) for q in images)
            if (mx, my) == (y, x):
                diagonal = max(diagonal, d)
            else:
                axes = max(axes, d)
    y_row = min(p[1] for p in pts if p[1] > 1e-12)
    row = sorted((math.hypot(p[0], p[1]), p[2]) for p in pts if abs(p[1] - y_row) < 1e-12 and p[0] > 0)
    contact, shock = steepest_drops([r for r, _ in row], [d for _, d in row])
    h = 2.0 / args.elements
    result = {
        "dump": args.dump, "elements": args.elements, "element_size": h,
        "contact": contact, "shock": shock, "reference_contact": ref_contact, "reference_shock": ref_shock,
        "contact_error_elements": abs(contact - ref_contact) / h if contact is not None else None,
        "shock_error_elements": abs(shock - ref_shock) / h if shock is not None else None,
        "asymmetry_axes": axes, "asymmetry_diagonal": diagonal,
        "min_density": min(p[2] for p in pts), "min_pressure": min(p[5] for p in pts),
        "max_density": max(p[2] for p in pts),
        "centreline": [[round(r, 6), round(d, 6)] for r, d in row[:: max(1, len(row) // 400)]],
    }
    result["fronts_within_two_elements"] = (result["contact_error_elements"] is not None and
                                            result["shock_error_elements"] is not None and
                                            result["contact_error_elements"] <= 2 and
                                            result["shock_error_elements"] <= 2)
    print(json.dumps({k: v for k, v in result.items() if k != "centreline"}))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
