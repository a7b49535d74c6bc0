#!/usr/bin/env python3
"""Accuracy against work for every PortaFlow scheme that runs Shu's isentropic vortex (issue 26,
after seed 002's "work units", sec. 4.1, Figs. 6-7): the vortex (mean (1, 1, 0, 1), strength 5,
[-5, 5]^2 periodic) to t = 1 with muscl (2nd and 3rd order), muscl_hancock, cese2d and the element
methods dg, ndg, cpr, sd at P1-P3, each over a range of resolutions at its maximum CFL.

    python3 perf/work_unit_study.py cfl [--binary build/openmp/bin/portaflow-dump]
        The maximum CFL of every scheme by seed 002's halving rule (from 0.8, halve until halving
        changes the L2 density error by less than 0.1 %; the maximum is the larger CFL of that
        pair), at a middle resolution, on this machine -> perf/results/work-unit-cfl.json
        (committed: the device runs read it). Where the rule never settles (the error keeps
        changing as the CFL halves: muscl_hancock's and cese2d's dissipation grows as the CFL
        falls), the stable CFL with the smallest error.
    python3 perf/work_unit_study.py device BUNDLE OUT [--cores N]
        On the GPU node (perf/highorder_ii_device.sh calls it): every scheme and resolution with
        the bundle's CUDA and OpenMP (all cores) portaflow-dump, and the reference run of the
        work unit on each, in the same call -> OUT/work-units.json.
    /usr/bin/python3 perf/work_unit_study.py plot RESULTS.json --prefix perf/results/...
        (matplotlib: Debian python3-matplotlib, hence /usr/bin/python3)
        Three PNGs per backend (L2 against wall time, work units, DoF) and a markdown table of the
        cheapest scheme for errors 1e-3, 1e-4, 1e-5.

Accuracy: portaflow-dump's l2_density_error: the element methods' pointwise L2 over a (k + 4)-point
Gauss rule per element; the cell schemes' RMS of cell values against the exact density at cell
centres. Work unit: the wall time of one fixed reference run on the same backend in the same
call (REFERENCE below: muscl2, 128^2 cells, CFL 0.4, t = 1; the median of three), where the seed
used taubench, which we do not have. Wall time is portaflow-dump's whole run: set-up with the
initial copy, every step with its dt read-back, and the final copy back.
"""
import argparse
import datetime
import json
import math
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VORTEX = ["problem.mean.rho=1", "problem.mean.u=1", "problem.mean.v=0", "problem.mean.p=1",
          "problem.strength=5", "time.t_end=1"]

# name -> deck, extra settings, elements/cells per direction, and (element methods) the degree.
SCHEMES = {"muscl2": ("fv/isentropic_vortex_muscl2.yaml", [], [32, 64, 128, 256, 512]),
           "muscl3": ("fv/isentropic_vortex_muscl3.yaml", [], [32, 64, 128, 256, 512]),
           "muscl_hancock": ("fv/isentropic_vortex_muscl_hancock.yaml", [], [32, 64, 128, 256, 512]),
           "cese2d": ("cese/isentropic_vortex.yaml", [], [32, 64, 128, 256, 512])}
ELEMENT_SIZES = {1: [10, 20, 40, 80, 160], 2: [8, 16, 32, 64, 128], 3: [6, 12, 24, 48, 96]}
for method in ("dg", "ndg", "cpr", "sd"):
    for k in (1, 2, 3):
        SCHEMES[f"{method}_p{k}"] = (f"highorder/vortex_{method}_p{k}.yaml", [f"highorder.order={k}"],
                                     ELEMENT_SIZES[k])
CFL_SIZE = {"muscl2": 128, "muscl3": 128, "muscl_hancock": 128, "cese2d": 128}
REFERENCE = ("fv/isentropic_vortex_muscl2.yaml", ["mesh.cells=[128,128]", "time.cfl=0.4"])
CFL_TABLE = os.path.join(ROOT, "perf", "results", "work-unit-cfl.json")


def dof_per_direction(name, n):
    return n * (int(name[-1]) + 1) if "_p" in name else n


def run_dump(binary, deck, settings, env=None, timeout=300):
    cmd = [binary, os.path.join(ROOT, "inputs", deck), "-"]
    for s in VORTEX + settings:
        cmd += ["--set", s]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"settings": settings, "exit": "timeout"}
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    if p.returncode != 0 or not lines:
        return {"settings": settings, "exit": p.returncode, "message": (p.stderr.strip().splitlines() or [""])[-1]}
    r = json.loads(lines[-1])
    r["settings"] = settings
    r["exit"] = 0
    return r


def finite(x):
    return isinstance(x, (int, float)) and math.isfinite(x) and x > 0


def cfl_study(args):
    table = {"date": datetime.date.today().isoformat(), "rule": "seed 002's halving rule: from 0.8, "
             "halve until the L2 density error changes by less than 0.1 %; the larger CFL of that pair",
             "schemes": {}}
    for name, (deck, extra, sizes) in SCHEMES.items():
        n = CFL_SIZE.get(name, 20)
        cfl, previous, seq, found = 0.8, None, [], None
        while cfl > 0.004:
            r = run_dump(args.binary, deck, extra + [f"mesh.cells=[{n},{n}]", f"time.cfl={cfl}"])
            e = r.get("l2_density_error", float("nan"))
            seq.append([cfl, e if finite(e) else None])
            if previous is not None and finite(previous[1]) and finite(e) and abs(e - previous[1]) / e < 1e-3:
                found = previous[0]
                break
            previous = (cfl, e)
            cfl /= 2
        rule = "halving"
        if found is None:
            # Never settled: the error keeps changing as the CFL halves (muscl_hancock's and cese2d's
            # numerical dissipation grows as the CFL falls), so the largest CFL is also the most
            # accurate: take the stable CFL with the smallest error.
            stable = [(e, c) for c, e in seq if e is not None]
            found = min(stable)[1] if stable else None
            rule = "smallest error (the halving rule does not settle)"
        table["schemes"][name] = {"cfl": found, "rule": rule, "size": n, "sequence": seq}
        print(f"{name:14s} n = {n:4d}: max CFL {found}  ({', '.join(f'{c:g}:{e:.4e}' if e else f'{c:g}:-' for c, e in seq)})")
        sys.stdout.flush()
    with open(args.out or CFL_TABLE, "w") as f:
        json.dump(table, f, indent=1)


def device_study(args):
    table = json.load(open(CFL_TABLE))["schemes"]
    bundle = os.path.abspath(args.bundle)
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(bundle, "lib") + ":" + os.environ.get("LD_LIBRARY_PATH", ""),
               OMP_PROC_BIND="close", OMP_PLACES="cores")
    backends = [("cuda", "portaflow-dump-cuda", 1), (f"openmp{args.cores}", "portaflow-dump-openmp", args.cores)]
    record = {"date": datetime.date.today().isoformat(), "reference": {"deck": REFERENCE[0], "settings": REFERENCE[1]},
              "backends": {}}
    for label, binary, threads in backends:
        path = os.path.join(bundle, "bin", binary)
        if not os.path.exists(path):
            print("skip", label)
            continue
        e = dict(env, OMP_NUM_THREADS=str(threads))
        ref = [run_dump(path, REFERENCE[0], REFERENCE[1], e) for _ in range(3)]
        work_unit = statistics.median(r["seconds"] for r in ref if r["exit"] == 0)
        print(f"{label}: work unit {work_unit:.4f} s")
        runs = []
        for name, (deck, extra, sizes) in SCHEMES.items():
            cfl = table[name]["cfl"]
            if cfl is None:
                print(f"{label} {name}: no maximum CFL in the table; skipped")
                continue
            for n in sizes:
                r = run_dump(path, deck, extra + [f"mesh.cells=[{n},{n}]", f"time.cfl={cfl}"], e, timeout=args.timeout)
                r.update(scheme=name, n=n, cfl=cfl, dof=dof_per_direction(name, n) ** 2)
                if r["exit"] == 0:
                    r["work_units"] = r["seconds"] / work_unit
                runs.append(r)
                print(f"{label} {name} n = {n}: {r.get('l2_density_error')} in {r.get('seconds')} s")
                sys.stdout.flush()
        record["backends"][label] = {"work_unit_seconds": work_unit, "reference_runs": ref, "runs": runs}
    with open(os.path.join(args.out, "work-units.json"), "w") as f:
        json.dump(record, f, indent=1)


def family(name):
    return name.split("_p")[0] if "_p" in name else name


def cheapest(runs, target, key):
    """The scheme reaching L2 <= target at the least `key` (log-log interpolation between the
    two resolutions that bracket the target)."""
    best = None
    by_scheme = {}
    for r in runs:
        if r.get("exit") == 0 and finite(r.get("l2_density_error")):
            by_scheme.setdefault(r["scheme"], []).append(r)
    for name, rs in by_scheme.items():
        rs.sort(key=lambda r: r["dof"])
        for a, b in zip(rs, rs[1:]):
            ea, eb = a["l2_density_error"], b["l2_density_error"]
            if ea >= target >= eb and ea > eb:
                t = math.log(ea / target) / math.log(ea / eb)
                cost = math.exp(math.log(a[key]) + t * (math.log(b[key]) - math.log(a[key])))
                if best is None or cost < best[1]:
                    best = (name, cost)
                break
    return best


def plot(args):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    data = json.load(open(args.results))
    prefix = args.prefix
    markers = {1: "o", 2: "s", 3: "^"}
    colours = {"dg": "C0", "ndg": "C1", "cpr": "C2", "sd": "C3", "muscl2": "C4", "muscl3": "C5",
               "muscl_hancock": "C6", "cese2d": "C7"}
    lines = ["| backend | L2(rho) target | cheapest in wall time | cheapest in work units | fewest DoF |",
             "|---|---|---|---|---|"]
    for label, b in data["backends"].items():
        runs = [r for r in b["runs"] if r.get("exit") == 0 and finite(r.get("l2_density_error"))]
        fig, axes = plt.subplots(1, 3, figsize=(18, 6))
        for ax, key, xlabel in zip(axes, ("seconds", "work_units", "dof"),
                                   ("wall time [s]", f"work units (1 = {b['work_unit_seconds']:.3g} s)", "DoF")):
            for name in dict.fromkeys(r["scheme"] for r in runs):
                rs = sorted((r for r in runs if r["scheme"] == name), key=lambda r: r["dof"])
                k = int(name[-1]) if "_p" in name else None
                ax.loglog([r[key] for r in rs], [r["l2_density_error"] for r in rs],
                          marker=markers.get(k, "x"), color=colours[family(name)],
                          linestyle="-" if k != 2 else "--", label=name)
            ax.set_xlabel(xlabel)
            ax.set_ylabel("L2 density error, t = 1")
            ax.grid(True, which="both", alpha=0.3)
        axes[0].legend(fontsize=8, ncol=2)
        fig.suptitle(f"Isentropic vortex to t = 1, every scheme at its maximum CFL: {label}")
        fig.tight_layout()
        fig.savefig(f"{prefix}-{label}.png", dpi=90)
        plt.close(fig)
        for target in (1e-3, 1e-4, 1e-5):
            cells = []
            for key in ("seconds", "work_units", "dof"):
                c = cheapest(runs, target, key)
                cells.append(f"{c[0]} ({c[1]:.3g})" if c else "none reaches it")
            lines.append(f"| {label} | {target:g} | " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    with open(f"{prefix}.md", "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("cfl")
    c.add_argument("--binary", default=os.path.join(ROOT, "build", "openmp", "bin", "portaflow-dump"))
    c.add_argument("--out")
    d = sub.add_parser("device")
    d.add_argument("bundle")
    d.add_argument("out")
    d.add_argument("--cores", type=int, default=os.cpu_count())
    d.add_argument("--timeout", type=int, default=120)
    p = sub.add_parser("plot")
    p.add_argument("results")
    p.add_argument("--prefix", required=True)
    args = ap.parse_args()
    {"cfl": cfl_study, "device": device_study, "plot": plot}[args.mode](args)


if __name__ == "__main__":
    main()
