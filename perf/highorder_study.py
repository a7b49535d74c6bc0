#!/usr/bin/env python3
"""Zimmerman et al.'s (2018) smooth-problem study for the element methods dg, cpr, ndg and sd,
through the shipped decks and the portaflow command, python3 standard library only (the case
perf/cases/highorder_study/highorder_study.toml runs it):

  python3 perf/highorder_study.py [--binary build/openmp/bin/portaflow] [--out perf/results/...json]
                                  [--methods dg cpr ndg sd]

1. Convergence (the paper's Tables 2 and 3): the isentropic vortex (inputs/highorder/vortex_*_p<k>.yaml)
   at 20^2 .. 60^2 elements, P1-P3, every method asked for, t = 1, at the decks' CFL: the L2 density error of
   the element averages against the exact solution's averages (the paper's norm) and the
   pointwise L2 over a (k + 4)-point Gauss rule per element, with observed orders; the paper's
   P2 rows again with HLLC (the flux that reaches third order pointwise here).
2. Maximum CFL (the paper's Table 1) by its halving rule: from CFL 0.8, halve until halving
   changes the element-average error by less than 0.1 %; the maximum CFL is the larger CFL of
   that pair. At the paper's sizes of Table 1's first row (1600 DoF: 20^2 elements at P1; 3600 DoF:
   20^2 at P2) and at 40^2 elements.
Writes the JSON (every run's figures) and prints markdown tables beside the paper's numbers.
"""
import argparse
import datetime
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Zimmerman et al. (2018), Tables 2 and 3: L2(rho) at 20, 30, 40, 50, 60 elements per direction.
SEED = {
    ("cpr", 1): [3.21e-3, 1.46e-3, 8.25e-4, 5.29e-4, 3.67e-4],
    ("dg", 1): [1.65e-3, 6.63e-4, 3.59e-4, 2.26e-4, 1.55e-4],
    ("cpr", 2): [4.30e-4, 1.38e-4, 6.51e-5, 3.69e-5, 2.32e-5],
    ("dg", 2): [2.24e-4, 7.95e-5, 3.90e-5, 2.24e-5, 1.42e-5],
    ("ndg", 1): [2.70e-3, 1.10e-3, 6.04e-4, 3.83e-4, 2.65e-4],
    ("sd", 1): [3.07e-3, 1.38e-3, 7.78e-4, 4.96e-4, 3.44e-4],
    ("ndg", 2): [5.63e-4, 2.30e-4, 1.26e-4, 7.81e-5, 5.23e-5],
    ("sd", 2): [4.00e-4, 1.36e-4, 6.40e-5, 3.57e-5, 2.21e-5],
}
# Zimmerman et al. (2018), Table 1: the maximum CFL at P1 and P2 (dg, cpr and ndg share a column; sd its own).
SEED_MAX_CFL = {1: 0.24, 2: "0.13-0.14"}
SEED_MAX_CFL_SD = {1: 0.3, 2: 0.2}
SIZES = [20, 30, 40, 50, 60]


def run(binary, deck, settings):
    with tempfile.TemporaryDirectory() as out:
        cmd = [binary, "run", os.path.join(ROOT, "inputs", "highorder", deck),
               "--set", "output.vtk=false", "--set", "output.dir=" + out,
               "--set", "output.progress_seconds=0"]
        for s in settings:
            cmd += ["--set", s]
        p = subprocess.run(cmd, capture_output=True, text=True)
    text = p.stdout + p.stderr
    result = {"deck": deck, "settings": settings, "exit": p.returncode}
    m = re.search(r"done: (\d+) steps .* in ([0-9.e+-]+) s", text)
    if m:
        result["steps"], result["seconds"] = int(m.group(1)), float(m.group(2))
    for key, pattern in (("average_l2", r"element averages = ([0-9.e+-]+|nan|inf)"),
                         ("pointwise_l2", r"pointwise \(Gauss rule\) = ([0-9.e+-]+|nan|inf)")):
        m = re.search(pattern, text)
        result[key] = float(m.group(1)) if m else float("nan")
    if p.returncode != 0:
        result["message"] = text.strip().splitlines()[-1] if text.strip() else ""
    return result


def orders(errors, sizes):
    out = [None]
    for a in range(1, len(errors)):
        e0, e1 = errors[a - 1], errors[a]
        ok = all(math.isfinite(x) and x > 0 for x in (e0, e1))
        out.append(math.log(e0 / e1) / math.log(sizes[a] / sizes[a - 1]) if ok else None)
    return out


def finite_or_none(x):
    """JSON has no NaN: a run that blew up records its errors as null."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: finite_or_none(v) for k, v in x.items()}
    if isinstance(x, list):
        return [finite_or_none(v) for v in x]
    return x


def fmt(x, spec=".3e"):
    return "-" if x is None or (isinstance(x, float) and not math.isfinite(x)) else format(x, spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "openmp", "bin", "portaflow"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--quick", action="store_true", help="20 and 40 elements only, no CFL study")
    ap.add_argument("--methods", nargs="+", default=["dg", "cpr", "ndg", "sd"])
    args = ap.parse_args()
    sizes = [20, 40] if args.quick else SIZES
    record = {"date": datetime.date.today().isoformat(), "binary": args.binary,
              "commit": subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                       capture_output=True, text=True).stdout.strip(),
              "convergence": [], "max_cfl": []}

    print("## Convergence: isentropic vortex, t = 1, L2(rho); Zimmerman et al. (2018) Tables 2-3 beside\n")
    print("| method | k | flux | elements | CFL | element-average L2 | order | pointwise L2 | order | paper L2 | paper/avg | paper/pointwise |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for method in args.methods:
        for k in (1, 2, 3):
            for flux in (("rusanov", "hllc") if k == 2 else ("rusanov",)):
                deck = f"vortex_{method}_p{k}.yaml"
                rows = [run(args.binary, deck, [f"mesh.cells=[{n},{n}]", f"highorder.flux={flux}"]) for n in sizes]
                avg = [r["average_l2"] for r in rows]
                pw = [r["pointwise_l2"] for r in rows]
                oa, op = orders(avg, sizes), orders(pw, sizes)
                seed = SEED.get((method, k)) if flux == "rusanov" else None
                for a, (n, r) in enumerate(zip(sizes, rows)):
                    s = seed[SIZES.index(n)] if seed else None
                    cfl = re.search(r"cfl: ([0-9.]+)", open(os.path.join(ROOT, "inputs", "highorder", deck)).read()).group(1)
                    print(f"| {method} | {k} | {flux} | {n}x{n} | {cfl} | {fmt(avg[a])} | {fmt(oa[a], '.2f')} | "
                          f"{fmt(pw[a])} | {fmt(op[a], '.2f')} | {fmt(s)} | "
                          f"{fmt(s / avg[a] if s else None, '.2f')} | {fmt(s / pw[a] if s else None, '.2f')} |")
                    record["convergence"].append(dict(r, method=method, degree=k, flux=flux, elements=n,
                                                      average_order=oa[a], pointwise_order=op[a], seed=s))
                sys.stdout.flush()
    if args.quick:
        json.dump(finite_or_none(record), open(args.out, "w") if args.out else sys.stdout, indent=1,
                  allow_nan=False)
        return

    print("\n## Maximum CFL by the paper's halving rule (element-average error change < 0.1 %)\n")
    print("| method | k | elements | DoF | CFL sequence (error) | maximum CFL | paper Table 1 |")
    print("|---|---|---|---|---|---|---|")
    for method in args.methods:
        for k in (1, 2):
            for n in (20, 40):
                deck = f"vortex_{method}_p{k}.yaml"
                cfl, previous, seq, found = 0.8, None, [], None
                while cfl > 0.004:
                    r = run(args.binary, deck, [f"mesh.cells=[{n},{n}]", f"time.cfl={cfl}"])
                    e = r["average_l2"]
                    seq.append((cfl, e))
                    record["max_cfl"].append(dict(r, method=method, degree=k, elements=n, cfl=cfl))
                    if previous is not None and math.isfinite(previous[1]) and math.isfinite(e) and \
                            abs(e - previous[1]) / e < 1e-3:
                        found = previous[0]
                        break
                    previous = (cfl, e)
                    cfl /= 2
                text = ", ".join(f"{c:g} ({fmt(e, '.4e')})" for c, e in seq)
                seed_cfl = SEED_MAX_CFL_SD if method == "sd" else SEED_MAX_CFL
                print(f"| {method} | {k} | {n}x{n} | {n * n * (k + 1) ** 2} | {text} | {fmt(found, 'g')} | {seed_cfl[k]} |")
                sys.stdout.flush()
    if args.out:
        with open(args.out, "w") as f:
            json.dump(finite_or_none(record), f, indent=1, allow_nan=False)


if __name__ == "__main__":
    main()
