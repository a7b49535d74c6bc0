#!/usr/bin/env python3
"""Plots and a JSON record of issue 23's external flows from finished runs' output folders:

    python3 perf/incompressible_plots.py airfoil OUT_PREFIX LABEL=DIR [LABEL=DIR ...]
    python3 perf/incompressible_plots.py plate OUT_PREFIX DIR [TRAILING_EDGE_DIR]

airfoil: Cp and Cf along x/c from each DIR/surface.csv (one curve per grid), the last history
row's CL, CD, CD_pressure and CD_friction of each, and CD's observed order of convergence and
Richardson estimate when three grids are given (coarse first; labels that are interval counts,
e.g. 128=DIR 192=DIR 256=DIR, give the refinement ratios, other labels mean ratio 2).
plate: Cf sqrt(Re_x) along the plate against Blasius' 0.664 (DIR/surface.csv) and u / U at
mid-plate against f'(eta) (DIR/blasius_profile.csv), with the largest deviations over 10-90 % of
the plate; TRAILING_EDGE_DIR, a run of the plate that ends at x = 1, adds its Cf curve. Writes OUT_PREFIX.png and OUT_PREFIX.json. Debian's python3 with matplotlib.
"""
import csv
import json
import math
import sys


def columns(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(rows[0])}


def last_history(path):
    h = columns(path)
    return {k: v[-1] for k, v in h.items()}


def observed_order(values, ratios):
    """Observed order p, Richardson extrapolate and fine-grid GCI of three values, coarse first,
    with refinement ratios [r32, r21] (the ratio need not be constant): Celik et al., J. Fluids
    Eng. 130 (2008) 078001, eqs. 2-5, by fixed-point iteration. Empty when the differences
    change sign (oscillatory convergence: no order)."""
    f3, f2, f1 = values
    r32, r21 = ratios
    e21, e32 = f2 - f1, f3 - f2
    if e21 == 0 or e32 / e21 <= 0:
        return {}
    if abs(e32) <= abs(e21):  # the differences grow with refinement: not converging yet
        return {"CD_observed_order": math.log(abs(e32 / e21)) / math.log(r21)}
    p = 1.0
    for _ in range(200):  # s = +1 (monotone); Celik's outer |.| dropped: p > 0 here anyway
        q = math.log((r21 ** p - 1) / (r32 ** p - 1))
        p = (math.log(abs(e32 / e21)) + q) / math.log(r21)
    extrapolated = (r21 ** p * f1 - f2) / (r21 ** p - 1)
    return {"CD_observed_order": p, "CD_richardson": extrapolated,
            "CD_refinement_ratios": [r32, r21],
            "CD_gci_fine": 1.25 * abs(e21 / f1) / (r21 ** p - 1)}


def airfoil(prefix, runs):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    record = {"case": "NACA 0012 Re 5000 alpha 0", "grids": []}
    fig, (ax_cp, ax_cf) = plt.subplots(1, 2, figsize=(11, 4.2))
    for label, folder in runs:
        s = columns(folder + "/surface.csv")
        h = last_history(folder + "/history.csv")
        record["grids"].append({"label": label, "t": h["time"], "CL": h["CL"], "CD": h["CD"],
                                "CD_pressure": h["CD_pressure"], "CD_friction": h["CD_friction"]})
        ax_cp.plot(s["x_over_c"], s["Cp"], label=label)
        ax_cf.plot(s["x_over_c"], s["Cf"], label=label)
    cds = [g["CD"] for g in record["grids"]]
    if len(cds) == 3:
        labels = [label for label, _ in runs]
        ratios = ([float(labels[1]) / float(labels[0]), float(labels[2]) / float(labels[1])]
                  if all(label.isdigit() for label in labels) else [2.0, 2.0])
        record.update(observed_order(cds, ratios))
        for part in ("CD_pressure", "CD_friction"):
            order = observed_order([g[part] for g in record["grids"]], ratios)
            record[part + "_observed"] = {k.replace("CD", part, 1): v for k, v in order.items()
                                          if k != "CD_refinement_ratios"}
    ax_cp.invert_yaxis()
    ax_cp.set_xlabel("x/c")
    ax_cp.set_ylabel("Cp")
    ax_cf.set_xlabel("x/c")
    ax_cf.set_ylabel("Cf (> 0: attached)")
    ax_cf.axhline(0, color="grey", lw=0.5)
    for ax in (ax_cp, ax_cf):
        ax.legend()
        ax.grid(alpha=0.3)
    fig.suptitle("PortaFlow streamfunction_vorticity: NACA 0012, Re 5000, alpha 0")
    fig.tight_layout()
    fig.savefig(prefix + ".png", dpi=110)
    return record


def worst_cf_deviation(surface):
    inside = [k for k, x in enumerate(surface["x"]) if 0.1 <= x <= 0.9]
    return max(abs(surface["Cf_sqrt_Re_x"][k] / 0.664 - 1) for k in inside)


def plate(prefix, folder, trailing_edge_folder=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    s = columns(folder + "/surface.csv")
    b = columns(folder + "/blasius_profile.csv")
    worst = worst_cf_deviation(s)
    profile = max(abs(c - e) for c, e in zip(b["u_over_U"], b["blasius"]))
    fig, (ax_cf, ax_u) = plt.subplots(1, 2, figsize=(11, 4.2))
    ax_cf.plot(s["x"], s["Cf_sqrt_Re_x"], label="computed, no trailing edge")
    record = {"case": "flat plate Re 1e5", "max_cf_deviation_10_90": worst,
              "max_profile_difference": profile}
    if trailing_edge_folder:
        t = columns(trailing_edge_folder + "/surface.csv")
        ax_cf.plot(t["x"], t["Cf_sqrt_Re_x"], label="computed, trailing edge at x = 1")
        record["trailing_edge_max_cf_deviation_10_90"] = worst_cf_deviation(t)
    ax_cf.axhline(0.664, color="k", ls="--", label="Blasius 0.664")
    ax_cf.axvspan(0.1, 0.9, color="grey", alpha=0.1)
    ax_cf.set_ylim(0.5, 0.9)
    ax_cf.set_xlim(-0.02, max(s["x"]))
    ax_cf.set_xlabel("x")
    ax_cf.set_ylabel("Cf sqrt(Re_x)")
    ax_u.plot(b["u_over_U"], b["eta"], "o", ms=3, label="computed")
    ax_u.plot(b["blasius"], b["eta"], "k-", label="Blasius f'(eta)")
    ax_u.set_xlabel("u / U")
    ax_u.set_ylabel("eta = y sqrt(U / (nu x))")
    for ax in (ax_cf, ax_u):
        ax.legend()
        ax.grid(alpha=0.3)
    fig.suptitle("PortaFlow streamfunction_vorticity: flat plate, Re 1e5")
    fig.tight_layout()
    fig.savefig(prefix + ".png", dpi=110)
    return record


def main():
    import datetime
    import os
    import subprocess
    mode, prefix = sys.argv[1], sys.argv[2]
    if mode == "airfoil":
        record = airfoil(prefix, [a.split("=", 1) for a in sys.argv[3:]])
    else:
        record = plate(prefix, *sys.argv[3:5])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    record["commit"] = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"],
                                      capture_output=True, text=True).stdout.strip()
    record["date"] = datetime.date.today().isoformat()
    record["device"] = "build machine, OpenMP, %d cores" % os.cpu_count()
    with open(prefix + ".json", "w") as f:
        json.dump(record, f, indent=2)
    print(json.dumps(record, indent=2))


if __name__ == "__main__":
    main()
