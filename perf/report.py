#!/usr/bin/env python3
"""PortaFlow's one report step: tables (markdown) and plots from the case results of
perf/run_cases.py, the results index, and CI's scaling table.

    python3 perf/report.py [index] [--results perf/results] [--check]
        perf/results/INDEX.md from perf/results/index.json (one line per study: what it
        measures, device, date, commit, files, headline figures); every file it names must
        exist and every JSON under perf/results must be valid (--check: report, write nothing).
    python3 perf/report.py case RESULT.json [...] [--artifacts DIR] [--out DIR]
        The tables of new case results (perf/run_cases.py's JSON): the generic summary and the
        study's own (A/B ratios, the CUDA runtime's start-up, multigrid ratios, grid studies...);
        with the run artifacts (the results tar unpacked), the study's plots and derived JSON.
    python3 perf/report.py collect RESULTS.tar.gz|DIR [--results perf/results] [--keep-artifacts]
        Files a device call's results for committing: each case JSON into
        perf/results/<study>/, its study's plots and derived JSON beside it, index.json's entry of
        that study updated (files, device, date, commit, headline), INDEX.md rewritten; prints
        the study's older files, which `git rm` takes out (git history keeps them).
    python3 perf/report.py scaling CI_RUN.json [...] [--results-dir perf/results]
        CI's CPU-vs-GPU table (ci/scaling_report.sh): this machine's portaflow-bench runs beside
        the newest committed kernel-suite result. Standard library only. Exits non-zero only for
        a broken benchmark (missing or invalid JSON, NaN, a failed record), never on a timing.
    python3 perf/report.py bench-plots RESULT.json -o DIR
        Throughput against size, strong scaling and roofline-fraction PNGs of portaflow-bench
        runs (a case result, a legacy GPU-node suite or a single portaflow-bench JSON).

Plots need matplotlib (Debian's python3-matplotlib: use /usr/bin/python3); without it the tables
are still written and the plots skipped with a note.
"""
import argparse
import csv
import datetime
import glob
import json
import math
import os
import re
import shutil
import statistics
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run_cases  # noqa: E402  (safe_name, cite: the runner's own rules)
from radial_check import read as read_radial_dump  # noqa: E402

RESULTS = os.path.join(HERE, "results")


class Broken(Exception):
    pass


def pyplot():
    """matplotlib's pyplot, or None (the tables do not need it)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        print("report: matplotlib not found (Debian: python3-matplotlib, /usr/bin/python3): "
              "plots skipped", file=sys.stderr)
        return None


def reject_constant(name):
    raise ValueError(f"{name} in the file (NaN/infinity: a broken measurement)")


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f, parse_constant=reject_constant)
    except FileNotFoundError:
        raise Broken(f"{path}: missing")
    except (OSError, ValueError) as error:
        raise Broken(f"{path}: not valid JSON: {error}")


def write_json(path, data):
    text = run_cases.cite(json.dumps(run_cases.finite(data), indent=1, allow_nan=False)) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def fmt(value, spec=".3g"):
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    if isinstance(value, (int, float)):
        return format(value, spec)
    return str(value)


def median(values):
    values = [v for v in values if isinstance(v, (int, float))]
    return statistics.median(values) if values else None


def geometric_mean(values):
    values = [v for v in values if isinstance(v, (int, float)) and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


# --------------------------------------------------------------------------------------------
# Case results: access helpers


def is_case(doc):
    return isinstance(doc, dict) and str(doc.get("schema", "")).startswith("portaflow-case/")


def ok_runs(record, run=None, build=None):
    return [r for r in record.get("runs", []) if r.get("status") == "ok"
            and (run is None or r.get("run") == run) and (build is None or r.get("build") == build)]


def figure_median(record, variant, build, name):
    for g in record.get("summary", []):
        if g["variant"] == variant and g["build"] == build:
            f = g["figures"].get(name)
            return f["median"] if f else None
    return None


def artifact_dir(artifacts, run):
    if not artifacts:
        return None
    name = run_cases.safe_name(f"{run['variant']}--{run['build'] or 'none'}--r{run['repetition']}")
    path = os.path.join(artifacts, name)
    return path if os.path.isdir(path) else None


def device_label(record):
    d = record.get("device", {})
    gpu = (d.get("gpu") or "").replace("NVIDIA ", "")
    cpu = f"{d.get('cores')} cores ({d.get('cpu_model', '?')})"
    return f"{gpu} + {cpu}" if gpu else cpu


def generic_table(record):
    lines = ["| run | build | ok/n | wall s (median) | loop s (median) | other figures (median) |",
             "|---|---|---|---|---|---|"]
    for g in record.get("summary", []):
        f = g["figures"]
        other = [f"{k} {fmt(v['median'], '.4g')}" for k, v in f.items()
                 if k not in ("wall_seconds", "loop_seconds") and "." not in k][:5]
        rates = [k for k in f if k.endswith(".cell_updates_per_s")]
        if rates:
            other.append(f"{len(rates)} kernel rates")
        lines.append(f"| {g['variant']} | {g['build'] or '-'} | {g['ok']}/{g['n']} | "
                     f"{fmt(f.get('wall_seconds', {}).get('median'), '.4g')} | "
                     f"{fmt(f.get('loop_seconds', {}).get('median'), '.4g')} | {'; '.join(other)} |")
    problems = record.get("problems", [])
    if problems:
        lines += ["", f"Problems ({len(problems)}):"] + [f"- {p}" for p in problems[:20]]
    return lines


# --------------------------------------------------------------------------------------------
# Study reports: each takes (record, artifacts folder or None, output prefix or None) and returns
# (markdown lines, headline text, files written)


def report_whole_run(record, artifacts, prefix):
    builds = [b for b in record["configuration"].get("builds", []) if b]
    lines = ["| deck | build | process wall s (median, min-max) | step loop s (median) | fixed cost s |",
             "|---|---|---|---|---|"]
    walls = {}
    for g in record.get("summary", []):
        if g["variant"] in ("deck_check",):
            continue
        f = g["figures"]
        wall = f.get("wall_seconds")
        loop = f.get("loop_seconds", {}).get("median")
        walls[(g["variant"], g["build"])] = (wall or {}).get("median")
        lines.append(f"| {g['variant']} | {g['build']} | {fmt(wall and wall['median'], '.4g')} "
                     f"({fmt(wall and wall['min'], '.4g')}-{fmt(wall and wall['max'], '.4g')}) | "
                     f"{fmt(loop, '.4g')} | {fmt(wall['median'] - loop if wall and loop else None, '.3g')} |")
    lines += ["", "CUDA runtime and Kokkos start-up, estimated as wall(runtime_init) - wall(deck_check):", ""]
    init = {}
    for b in builds:
        a = figure_median(record, "runtime_init", b, "wall_seconds")
        c = figure_median(record, "deck_check", b, "wall_seconds")
        init[b] = a - c if a is not None and c is not None else None
        lines.append(f"- {b}: {fmt(init[b], '.3g')} s (one-step run {fmt(a, '.3g')} s, deck check {fmt(c, '.3g')} s)")
    headline = []
    if len(builds) == 2:
        first, second = builds
        lines += ["", f"{second} / {first}, process wall time (median):", ""]
        for deck in ("naca0012_multigrid", "vortex_cpr_p2_400", "riemann_2d_blakely"):
            a, b = walls.get((deck, first)), walls.get((deck, second))
            if a and b:
                lines.append(f"- {deck}: {fmt(b / a, '.3f')} ({fmt(a, '.3g')} -> {fmt(b, '.3g')} s)")
                headline.append(f"{deck} {fmt(a, '.3g')} -> {fmt(b, '.3g')} s")
    if init:
        headline.append("start-up " + ", ".join(f"{b} {fmt(v, '.2g')} s" for b, v in init.items()))
    return lines, "; ".join(headline), []


def bench_rates(record):
    """{(build, kernel, cells): [cell_updates_per_s...], ...} and bandwidth fractions."""
    rates, fractions = {}, {}
    for r in ok_runs(record):
        for rec in (r.get("figures", {}).get("records") or {}).values():
            if rec.get("status") != "ok" or not rec.get("cell_updates_per_s"):
                continue
            key = (r["build"], rec["kernel"], rec["cells"])
            rates.setdefault(key, []).append(rec["cell_updates_per_s"])
            fractions.setdefault(key, []).append(rec.get("fraction_of_bandwidth_ceiling"))
    return rates, fractions


def report_flat_kernels(record, artifacts, prefix):
    builds = [b for b in record["configuration"].get("builds", []) if b]
    rates, fractions = bench_rates(record)
    kernels = sorted({(k, c) for _, k, c in rates})
    head = " | ".join(f"{b} cell-updates/s | {b} % bandwidth" for b in builds)
    lines = [f"| kernel | cells | {head} | ratio |", "|---|---|" + "---|" * (2 * len(builds) + 1)]
    ratios = []
    for kernel, cells in kernels:
        row, meds = [], []
        for b in builds:
            m = median(rates.get((b, kernel, cells), []))
            fr = median(fractions.get((b, kernel, cells), []))
            meds.append(m)
            row += [fmt(m, ".3e"), fmt(100 * fr if fr is not None else None, ".1f")]
        ratio = meds[-1] / meds[0] if len(meds) == 2 and all(meds) else None
        if ratio:
            ratios.append(ratio)
        lines.append(f"| {kernel} | {cells} | {' | '.join(row)} | {fmt(ratio, '.3f')} |")
    g = geometric_mean(ratios)
    headline = ""
    if ratios:
        headline = (f"{builds[-1]}/{builds[0]} throughput: geometric mean {fmt(g, '.3f')}, "
                    f"range {fmt(min(ratios), '.3f')}-{fmt(max(ratios), '.3f')} over {len(ratios)} kernel sizes")
        lines += ["", headline]
    return lines, headline, []


def report_kernel_suite(record, artifacts, prefix):
    rates, fractions = bench_rates(record)
    lines = ["| build | kernel | largest size | cell-updates/s | % bandwidth |", "|---|---|---|---|---|"]
    by = {}
    for (b, k, c), v in rates.items():
        if c >= by.get((b, k), (0,))[0]:
            by[(b, k)] = (c, median(v), median(fractions[(b, k, c)]))
    for (b, k), (c, v, f) in sorted(by.items()):
        lines.append(f"| {b} | {k} | {c} | {fmt(v, '.3e')} | {fmt(100 * f if f is not None else None, '.1f')} |")
    written = bench_plots(record, os.path.dirname(prefix), os.path.basename(prefix)) if prefix else []
    return lines, f"{len(by)} (build, kernel) rates", written


def report_multigrid_table1(record, artifacts, prefix):
    def run_of(variant, build):
        return [r for r in ok_runs(record) if r["variant"] == variant and r["build"] == build]
    def seconds(variant, build):
        return [r["figures"].get("loop_seconds") for r in run_of(variant, build)]
    table = {"device": device_label(record), "commit": record["commit"]["label"],
             "date": record["date"][:10]}
    lines = ["| | " + " | ".join(f"level {l}" for l in range(3)) + " |", "|---|---|---|---|"]
    for kind in ("single", "multigrid"):
        cyc = [median([r["figures"].get("cycles") for r in run_of(f"levels.{kind}.{l}", "cuda")]) for l in range(3)]
        lines.append(f"| {kind}, cycles | " + " | ".join(fmt(c, "g") for c in cyc) + " |")
    for build in ("cuda", "openmp"):
        cells = []
        for l in range(3):
            s = median(seconds(f"levels.single.{l}", build))
            m = median(seconds(f"levels.multigrid.{l}", build))
            cells.append(f"{fmt(s, '.3g')} / {fmt(m, '.3g')}")
        lines.append(f"| {build}, s (single / multigrid), history every cycle | " + " | ".join(cells) + " |")
    secs = {}
    for kind in ("single", "multigrid"):
        cuda = seconds(f"timing.{kind}", "cuda")
        cores = seconds(f"timing_cores.{kind}", "openmp")
        one = run_of(f"one_core.{kind}", "openmp")
        cycles = median([r["figures"].get("cycles") for r in run_of(f"timing.{kind}", "cuda")])
        entry = {"cycles": cycles, "cuda_runs": cuda, "cuda": median(cuda), "cores": median(cores)}
        if one and cycles:
            f = one[0]["figures"]
            entry["core1_estimated"] = f["loop_seconds"] / f["cycles"] * cycles
        secs[kind] = entry
    table["seconds_to_converge"] = secs
    ratio = {}
    for key in ("cuda", "cores", "core1_estimated"):
        s, m = secs["single"].get(key), secs["multigrid"].get(key)
        if s and m:
            ratio[key] = m / s
    table["multigrid_over_single_time"] = ratio
    speed = {}
    for kind in ("single", "multigrid"):
        e = secs[kind]
        if e.get("cuda"):
            speed[kind] = {"gpu_over_cores": (e.get("cores") or 0) / e["cuda"] or None,
                           "gpu_over_1_core": (e.get("core1_estimated") or 0) / e["cuda"] or None}
    table["speed_up"] = speed
    table["reference"] = ("Elsen et al. (2008) Table 1, GPU over one CPU core: single grid 17.6x / "
                          "15.1x, two-level multigrid 15.6x / 14.0x (their two meshes)")
    lines += ["", "| level 2, to 1e-10, history every 1000 cycles | cycles | CUDA s | cores s | one core s (estimated) |",
              "|---|---|---|---|---|"]
    for kind in ("single", "multigrid"):
        e = secs[kind]
        lines.append(f"| {kind} | {fmt(e['cycles'], 'g')} | {fmt(e['cuda'], '.4g')} | {fmt(e['cores'], '.4g')} | "
                     f"{fmt(e.get('core1_estimated'), '.4g')} |")
    lines.append(f"| multigrid / single grid | | {fmt(ratio.get('cuda'), '.3f')} | {fmt(ratio.get('cores'), '.3f')} | "
                 f"{fmt(ratio.get('core1_estimated'), '.3f')} |")
    written = []
    if prefix:
        path = prefix + "-table1.json"
        write_json(path, table)
        written.append(path)
        if artifacts:
            for build in ("cuda", "openmp"):
                runs = {(int(r["variables"]["level"]), r["variables"]["variant"]): artifact_dir(artifacts, r)
                        for r in record["runs"] if r["run"] == "levels" and r["build"] == build}
                out = plot_multigrid(runs, f"{prefix}-naca-{build}", f"{device_label(record)}, {build}, "
                                     f"commit {record['commit']['label']}")
                written += out
    headline = (f"level 2: multigrid / single-grid time {fmt(ratio.get('cuda'), '.3f')} on CUDA, "
                f"{fmt(ratio.get('cores'), '.3f')} on the cores, {fmt(ratio.get('core1_estimated'), '.3f')} on one core; "
                f"{fmt(secs['multigrid']['cycles'], 'g')} cycles")
    return lines, headline, written


def read_history(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return [(int(float(r["cycle"])), float(r["wall_seconds"]), float(r["drop"]),
             float(r["lift"]), float(r["drag"])) for r in rows]


def history_summary(history, target=1e-10):
    reached = next((r for r in history if r[2] < target), None)
    last = history[-1]
    row = reached or last
    return {"cycles": row[0], "seconds": row[1], "drop": row[2], "converged": reached is not None,
            "lift": last[3], "drag": last[4]}


def plot_multigrid(runs, prefix, label, target=1e-10):
    """Largest residual drop against cycles and against seconds, single grid dashed, multigrid
    solid, a colour per mesh level; and the per-level JSON (cycles and seconds to the target,
    final CL and CD, multigrid - single grid)."""
    table = {}
    plt = pyplot()
    if plt:
        fig, (by_cycle, by_time) = plt.subplots(1, 2, figsize=(12, 4.8))
    colours = {0: "tab:blue", 1: "tab:orange", 2: "tab:green"}
    for level in (0, 1, 2):
        entry = {}
        for kind, style in (("single", "--"), ("multigrid", "-")):
            folder = runs.get((level, kind))
            path = os.path.join(folder, "history.csv") if folder else None
            if not path or not os.path.exists(path):
                continue
            history = read_history(path)
            entry[kind] = history_summary(history, target)
            if plt:
                name = f"level {level} {'single grid' if kind == 'single' else 'multigrid'}"
                by_cycle.semilogy([r[0] for r in history], [r[2] for r in history], style,
                                  color=colours[level], label=name)
                by_time.semilogy([r[1] for r in history], [r[2] for r in history], style,
                                 color=colours[level], label=name)
        if "single" in entry and "multigrid" in entry:
            s, m = entry["single"], entry["multigrid"]
            entry["cycle_ratio"] = s["cycles"] / m["cycles"]
            entry["time_ratio"] = s["seconds"] / m["seconds"] if m["seconds"] > 0 else None
            entry["lift_difference"] = m["lift"] - s["lift"]
            entry["drag_difference"] = m["drag"] - s["drag"]
        table[f"level{level}"] = entry
    written = []
    write_json(prefix + ".json", {"label": label, "target_drop": target, "levels": table})
    written.append(prefix + ".json")
    if plt:
        for axis, xlabel in ((by_cycle, "cycles (Runge-Kutta or multigrid)"), (by_time, "wall-clock seconds")):
            axis.axhline(target, color="grey", linewidth=0.8)
            axis.set_xlabel(xlabel)
            axis.set_ylabel("largest residual / initial")
            axis.set_xscale("log")
            axis.grid(True, which="major", alpha=0.3)
        by_cycle.legend(fontsize=8)
        fig.suptitle(f"NACA 0012, M 0.63, alpha 2: single grid vs FAS multigrid\n{label}", fontsize=10)
        fig.tight_layout()
        fig.savefig(prefix + ".png", dpi=110)
        plt.close(fig)
        written.append(prefix + ".png")
    return written


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


def report_multiblock_checks(record, artifacts, prefix):
    """Kernel rates; the NACA 0012 grid study (nested levels: observed order and Richardson CL)
    and the surface Cp of the three levels."""
    lines = []
    rates, fractions = bench_rates(record)
    if rates:
        lines += ["| build | kernel | nodes | node updates/s | % bandwidth |", "|---|---|---|---|---|"]
        for (b, k, c), v in sorted(rates.items()):
            f = median(fractions[(b, k, c)])
            lines.append(f"| {b} | {k} | {c} | {fmt(median(v), '.3e')} | {fmt(100 * f if f is not None else None, '.1f')} |")
    levels = {}
    for r in ok_runs(record, "naca"):
        forces = r["figures"].get("forces") or {}
        levels[int(r["variables"]["level"])] = (r, forces)
    headline, written = "", []
    if len(levels) == 3:
        study = {"case": "NACA 0012, M = 0.63, alpha = 2 deg, inviscid (Elsen et al. (2008) sec. 7.3)",
                 "label": f"{device_label(record)}, commit {record['commit']['label']}",
                 "levels": [{"level": l, "cycles": f.get("cycles"), "converged": f.get("converged") == 1,
                             "residual_drop": f.get("residual_drop"), "lift": f.get("lift"),
                             "drag": f.get("drag"), "seconds": r["figures"].get("loop_seconds")}
                            for l, (r, f) in sorted(levels.items())],
                 "lift": richardson([levels[l][1].get("lift") for l in range(3)]),
                 "drag": richardson([levels[l][1].get("drag") for l in range(3)])}
        lines += ["", "| level | cycles | seconds | CL | CD |", "|---|---|---|---|---|"]
        for e in study["levels"]:
            lines.append(f"| {e['level']} | {e['cycles']} | {fmt(e['seconds'], '.3g')} | {fmt(e['lift'], '.6f')} | {fmt(e['drag'], '.2e')} |")
        lift = study["lift"]
        headline = (f"CL observed order {fmt(lift.get('observed_order'), '.2f')}, Richardson CL "
                    f"{fmt(lift.get('extrapolated'), '.5f')}")
        lines += ["", headline]
        if prefix:
            write_json(prefix + "-naca0012-study.json", study)
            written.append(prefix + "-naca0012-study.json")
            folders = {l: artifact_dir(artifacts, r) for l, (r, _) in levels.items()}
            if all(folders.values()):
                written += plot_surface_cp(folders, prefix + "-naca0012-surface-cp.png",
                                           {l: f.get("lift") for l, (_, f) in levels.items()})
    return lines, headline, written


def plot_surface_cp(folders, png, lifts):
    plt = pyplot()
    if not plt:
        return []
    fig, ax = plt.subplots(figsize=(8, 5.5))
    styles = [("tab:blue", ":"), ("tab:orange", "--"), ("k", "-")]
    for level, folder in sorted(folders.items()):
        points = []
        with open(os.path.join(folder, "surface_cp.csv")) as f:
            for r in csv.DictReader(f):
                points.append((float(r["x"]), float(r["y"]), float(r["cp"])))
        color, style = styles[level]
        for side, name in ((sorted(p for p in points if p[1] >= 0), "upper"),
                           (sorted(p for p in points if p[1] < 0), "lower")):
            ax.plot([p[0] for p in side], [-p[2] for p in side], style, color=color,
                    label=f"level {level} (CL {lifts[level]:.4f})" if name == "upper" else None)
    ax.set_xlabel("x / c")
    ax.set_ylabel("-Cp")
    ax.set_title("NACA 0012, M = 0.63, alpha = 2: surface pressure, order-4 SBP-SAT")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    plt.close(fig)
    return [png]


def report_multiblock_3d(record, artifacts, prefix):
    lines = ["| backend | kernel | nodes | node-stage updates/s | GB/s | % bandwidth | % roofline |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    series = {}
    for r in ok_runs(record):
        doc = r.get("bench")
        if not doc:
            continue
        label = doc.get("label") or r["variant"]
        for rec in doc.get("records", []):
            if rec.get("status") != "ok":
                continue
            variant = rec["kernel"].rsplit(".", 1)[-1]
            # A step is one 5-stage cycle: cells = node-stage updates per step = 5 x nodes.
            series.setdefault((label, variant), []).append((rec["cells"] / 5, rec["cell_updates_per_s"]))
            lines.append(f"| {label} | {variant} | {rec['cells'] // 5} | {rec['cell_updates_per_s']:.3e} | "
                         f"{fmt(rec.get('effective_gb_per_s'), '.1f')} | "
                         f"{fmt(100 * (rec.get('fraction_of_bandwidth_ceiling') or 0), '.1f')} | "
                         f"{fmt(100 * (rec.get('fraction_of_roofline') or 0), '.1f')} |")
    for r in ok_runs(record):
        cl = r["figures"].get("cl_cd")
        if cl:
            lines.append(f"- {r['variant']}@{r['build']}: {fmt(r['figures'].get('cycles'), 'g')} cycles, "
                         f"CL {cl[0]}, CD {cl[1]}")
    written = []
    plt = pyplot() if prefix and series else None
    if plt:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for (label, variant), points in sorted(series.items()):
            points.sort()
            ax.loglog([p[0] for p in points], [p[1] for p in points],
                      "-o" if variant == "one_block" else "--s", label=f"{label}, {variant}")
        ax.set_xlabel("nodes (all blocks, interface nodes counted in each)")
        ax.set_ylabel("node updates per Runge-Kutta stage per second")
        ax.set_title("3D multi-block SBP-SAT, order 4: block-size scaling (Elsen et al. (2008), Fig. 7)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(prefix + "-scaling.png", dpi=120)
        plt.close(fig)
        written.append(prefix + "-scaling.png")
    return lines, "", written


def report_radial(record, artifacts, prefix):
    lines = ["| run | contact (elements off) | shock (elements off) | asymmetry axes / diagonal | min rho / min p | passed |",
             "|---|---|---|---|---|---|"]
    best = {}
    for r in ok_runs(record):
        c = r["figures"].get("check")
        if not c:
            continue
        lines.append(f"| {r['variant']} | {fmt(c.get('contact'), '.4f')} ({fmt(c.get('contact_error_elements'), '.2f')}) | "
                     f"{fmt(c.get('shock'), '.4f')} ({fmt(c.get('shock_error_elements'), '.2f')}) | "
                     f"{fmt(c.get('asymmetry_axes'), '.1e')} / {fmt(c.get('asymmetry_diagonal'), '.1e')} | "
                     f"{fmt(c.get('min_density'), '.4f')} / {fmt(c.get('min_pressure'), '.4f')} | {r.get('passed', '')} |")
        if r["run"] == "max_cfl" and r.get("passed"):
            best[r["variables"]["method"]] = r["variables"]["cfl"]
    headline = ("maximum CFL at P1, 160k DoF: " + ", ".join(f"{m} {c}" for m, c in best.items())) if best else ""
    written = []
    if prefix and artifacts and record["case"] == "radial_centreline":
        written += plot_radial(record, artifacts, prefix + "-centreline.png")
    return lines, headline, written


def plot_radial(record, artifacts, png):
    plt = pyplot()
    if not plt:
        return []
    ref_runs = [r for r in ok_runs(record, "reference")]
    ref_dir = artifact_dir(artifacts, ref_runs[0]) if ref_runs else None
    if not ref_dir:
        return []
    ref = read_radial_dump(os.path.join(ref_dir, "reference.csv"))
    fig, axes = plt.subplots(2, 2, figsize=(12, 8), sharex=True, sharey=True)
    panels = dict(zip(["dg", "cpr", "ndg", "sd"], axes.flat))
    for ax in panels.values():
        ax.plot([p[0] for p in ref], [p[2] for p in ref], "k-", lw=1, label="1D radial reference (4000 cells)")
    for r in ok_runs(record, "dump"):
        folder = artifact_dir(artifacts, r)
        method, k = r["variables"]["method"], int(r["variables"]["k"])
        path = os.path.join(folder, f"{method}_p{k}_200.csv") if folder else None
        if not path or not os.path.exists(path):
            continue
        pts = read_radial_dump(path)
        y_row = min(p[1] for p in pts if p[1] > 1e-12)
        row = sorted((math.hypot(p[0], p[1]), p[2]) for p in pts if abs(p[1] - y_row) < 1e-12 and p[0] > 0)
        panels[method].plot([a for a, _ in row], [d for _, d in row], ".", ms=2,
                            label=f"P{k}, 200^2 elements ({200 * 200 * (k + 1) ** 2 // 1000}k DoF)")
    for method, ax in panels.items():
        ax.set_title(f"{method}: density along y = 0+, t = 0.25")
        ax.set_xlim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    for ax in axes[1]:
        ax.set_xlabel("r")
    for ax in axes[:, 0]:
        ax.set_ylabel("rho")
    fig.tight_layout()
    fig.savefig(png, dpi=90)
    plt.close(fig)
    return [png]


def family(name):
    return name.split("_p")[0] if "_p" in name else name


def finite_positive(x):
    return isinstance(x, (int, float)) and math.isfinite(x) and x > 0


def cheapest(runs, target, key):
    """The scheme reaching L2 <= target at the least `key` (log-log interpolation between the
    two resolutions that bracket the target)."""
    best, by_scheme = None, {}
    for r in runs:
        if r.get("exit") == 0 and finite_positive(r.get("l2_density_error")):
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


def work_units_report(data, prefix):
    """Three PNGs per backend (L2 against wall time, work units, DoF) and the table of the
    cheapest scheme for errors 1e-3, 1e-4, 1e-5."""
    lines = ["| backend | L2(rho) target | cheapest in wall time | cheapest in work units | fewest DoF |",
             "|---|---|---|---|---|"]
    plt = pyplot() if prefix else None
    written = []
    markers = {1: "o", 2: "s", 3: "^"}
    colours = {"dg": "C0", "ndg": "C1", "cpr": "C2", "sd": "C3", "muscl2": "C4", "muscl3": "C5",
               "muscl_hancock": "C6", "cese2d": "C7"}
    for label, b in data.get("backends", {}).items():
        runs = [r for r in b["runs"] if r.get("exit") == 0 and finite_positive(r.get("l2_density_error"))]
        if plt:
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
            written.append(f"{prefix}-{label}.png")
        for target in (1e-3, 1e-4, 1e-5):
            cells = []
            for key in ("seconds", "work_units", "dof"):
                c = cheapest(runs, target, key)
                cells.append(f"{c[0]} ({c[1]:.3g})" if c else "none reaches it")
            lines.append(f"| {label} | {target:g} | " + " | ".join(cells) + " |")
    if prefix:
        with open(prefix + ".md", "w") as f:
            f.write("\n".join(lines) + "\n")
        written.append(prefix + ".md")
    return lines, written


def report_work_units(record, artifacts, prefix):
    runs = ok_runs(record, "study")
    data = runs[0]["figures"].get("work_units") if runs else None
    if not data:
        return ["no work-unit data"], "", []
    lines, written = work_units_report(data, prefix + "-work-units" if prefix else None)
    return lines, "", written


def columns(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(rows[0])}


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
    for _ in range(200):
        q = math.log((r21 ** p - 1) / (r32 ** p - 1))
        p = (math.log(abs(e32 / e21)) + q) / math.log(r21)
    extrapolated = (r21 ** p * f1 - f2) / (r21 ** p - 1)
    return {"CD_observed_order": p, "CD_richardson": extrapolated, "CD_refinement_ratios": [r32, r21],
            "CD_gci_fine": 1.25 * abs(e21 / f1) / (r21 ** p - 1)}


def airfoil_study(runs, prefix):
    """Cp and Cf along x/c per grid, the last history row's CL, CD and its parts, and CD's
    observed order when three grids are given (coarse first; labels that are interval counts
    give the refinement ratios)."""
    record = {"case": "NACA 0012 Re 5000 alpha 0", "grids": []}
    plt = pyplot()
    if plt:
        fig, (ax_cp, ax_cf) = plt.subplots(1, 2, figsize=(11, 4.2))
    for label, folder in runs:
        h = {k: v[-1] for k, v in columns(os.path.join(folder, "history.csv")).items()}
        record["grids"].append({"label": label, "t": h["time"], "CL": h["CL"], "CD": h["CD"],
                                "CD_pressure": h["CD_pressure"], "CD_friction": h["CD_friction"]})
        if plt:
            s = columns(os.path.join(folder, "surface.csv"))
            ax_cp.plot(s["x_over_c"], s["Cp"], label=label)
            ax_cf.plot(s["x_over_c"], s["Cf"], label=label)
    if len(runs) == 3:
        labels = [label for label, _ in runs]
        ratios = ([float(labels[1]) / float(labels[0]), float(labels[2]) / float(labels[1])]
                  if all(label.isdigit() for label in labels) else [2.0, 2.0])
        record.update(observed_order([g["CD"] for g in record["grids"]], ratios))
        for part in ("CD_pressure", "CD_friction"):
            order = observed_order([g[part] for g in record["grids"]], ratios)
            record[part + "_observed"] = {k.replace("CD", part, 1): v for k, v in order.items()
                                          if k != "CD_refinement_ratios"}
    written = []
    write_json(prefix + ".json", record)
    written.append(prefix + ".json")
    if plt:
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
        plt.close(fig)
        written.append(prefix + ".png")
    return record, written


def report_airfoil_re5000(record, artifacts, prefix):
    runs = []
    for r in sorted(record["runs"], key=lambda r: int(re.sub(r"\D", "", r["variables"].get("variant", "0")) or 0)):
        folder = artifact_dir(artifacts, r)
        if folder and os.path.exists(os.path.join(folder, "run", "history.csv")):
            runs.append((re.sub(r"\D", "", r["variables"]["variant"]), os.path.join(folder, "run")))
    if not prefix or not runs:
        return generic_table(record), "", []
    study, written = airfoil_study(runs, prefix + "-naca0012-re5000-grids")
    lines = ["| grid | t | CD | CD pressure | CD friction |", "|---|---|---|---|---|"]
    for g in study["grids"]:
        lines.append(f"| {g['label']} | {fmt(g['t'], '.3g')} | {fmt(g['CD'], '.6f')} | {fmt(g['CD_pressure'], '.6f')} | {fmt(g['CD_friction'], '.6f')} |")
    headline = (f"CD observed order {fmt(study.get('CD_observed_order'), '.2f')}, Richardson "
                f"{fmt(study.get('CD_richardson'), '.5f')}")
    return lines, headline, written


def plate_study(folder, trailing_edge_folder, prefix):
    """Cf sqrt(Re_x) along the plate against Blasius' 0.664 and u / U at mid-plate against
    f'(eta), with the largest deviations over 10-90 % of the plate."""
    def worst(surface):
        inside = [k for k, x in enumerate(surface["x"]) if 0.1 <= x <= 0.9]
        return max(abs(surface["Cf_sqrt_Re_x"][k] / 0.664 - 1) for k in inside)
    s = columns(os.path.join(folder, "surface.csv"))
    b = columns(os.path.join(folder, "blasius_profile.csv"))
    record = {"case": "flat plate Re 1e5", "max_cf_deviation_10_90": worst(s),
              "max_profile_difference": max(abs(c - e) for c, e in zip(b["u_over_U"], b["blasius"]))}
    t = None
    if trailing_edge_folder:
        t = columns(os.path.join(trailing_edge_folder, "surface.csv"))
        record["trailing_edge_max_cf_deviation_10_90"] = worst(t)
    written = []
    write_json(prefix + ".json", record)
    written.append(prefix + ".json")
    plt = pyplot()
    if plt:
        fig, (ax_cf, ax_u) = plt.subplots(1, 2, figsize=(11, 4.2))
        ax_cf.plot(s["x"], s["Cf_sqrt_Re_x"], label="computed, no trailing edge")
        if t:
            ax_cf.plot(t["x"], t["Cf_sqrt_Re_x"], label="computed, trailing edge at x = 1")
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
        plt.close(fig)
        written.append(prefix + ".png")
    return record, written


def turbulent_plate_study(folder, prefix, reynolds=1e7):
    """Cf against Schlichting's and White's laws over Re_L / 10 <= Re_x <= Re_L, u+ against the
    log law over 30 <= y+ <= 300 at mid-plate: the largest deviations, a table of Cf at decades
    of Re_x, and the PNG."""
    s = columns(os.path.join(folder, "surface.csv"))
    w = columns(os.path.join(folder, "wall_units_profile.csv"))
    inside = [k for k, re_x in enumerate(s["Re_x"]) if 0.1 * reynolds <= re_x <= reynolds]
    log_region = [k for k, y in enumerate(w["y_plus"]) if 30 <= y <= 300]
    def worst(law):
        return max(abs(s["Cf"][k] / s[law][k] - 1) for k in inside)
    stations = []
    for target in (1e6, 2e6, 5e6, 1e7):
        k = min(inside, key=lambda k: abs(math.log(s["Re_x"][k] / target)))
        stations.append({"Re_x": s["Re_x"][k], "Cf": s["Cf"][k], "schlichting": s["Cf_schlichting"][k],
                         "white": s["Cf_white"][k], "Re_theta": s["Re_theta"][k],
                         "coles_fernholz": s["Cf_coles_fernholz"][k]})
    record = {"case": f"turbulent flat plate Re {reynolds:.0e}, Baldwin-Lomax",
              "max_cf_deviation_schlichting": worst("Cf_schlichting"),
              "max_cf_deviation_white": worst("Cf_white"),
              "max_cf_deviation_coles_fernholz": worst("Cf_coles_fernholz"),
              "max_log_law_deviation": max(abs(w["u_plus"][k] / w["log_law"][k] - 1) for k in log_region),
              "first_node_y_plus": w["y_plus"][0], "log_region_nodes": len(log_region), "stations": stations}
    written = []
    write_json(prefix + ".json", record)
    written.append(prefix + ".json")
    plt = pyplot()
    if plt:
        fig, (ax_cf, ax_u) = plt.subplots(1, 2, figsize=(11, 4.2))
        plate = [k for k, re_x in enumerate(s["Re_x"]) if re_x >= 1e4]
        pick = lambda name: [s[name][k] for k in plate]
        ax_cf.semilogx(pick("Re_x"), pick("Cf"), label="computed (Baldwin-Lomax)")
        ax_cf.semilogx(pick("Re_x"), pick("Cf_schlichting"), "k--", label="Schlichting (2 log10 Re_x - 0.65)^-2.3")
        ax_cf.semilogx(pick("Re_x"), pick("Cf_white"), "k:", label="White 0.455 / ln^2(0.06 Re_x)")
        ax_cf.semilogx(pick("Re_x"), pick("Cf_coles_fernholz"), "-.", color="tab:green",
                       label="Coles-Fernholz at the computed Re_theta")
        ax_cf.axvspan(0.1 * reynolds, reynolds, color="grey", alpha=0.1)
        ax_cf.set_ylim(0, 0.008)
        ax_cf.set_xlabel("Re_x")
        ax_cf.set_ylabel("Cf")
        ax_u.semilogx(w["y_plus"], w["u_plus"], "o", ms=3, label="computed, x = 0.5")
        sub = [y for y in w["y_plus"] if y <= 12]
        ax_u.semilogx(sub, sub, "k:", label="u+ = y+")
        log = [y for y in w["y_plus"] if y >= 10]
        ax_u.semilogx(log, [math.log(y) / 0.41 + 5.0 for y in log], "k--", label="log law (0.41, 5.0)")
        ax_u.axvspan(30, 300, color="grey", alpha=0.1)
        ax_u.set_xlabel("y+")
        ax_u.set_ylabel("u+")
        for ax in (ax_cf, ax_u):
            ax.legend(fontsize=8)
            ax.grid(alpha=0.3)
        fig.suptitle(f"PortaFlow streamfunction_vorticity: turbulent flat plate, Re {reynolds:.0e}, Baldwin-Lomax")
        fig.tight_layout()
        fig.savefig(prefix + ".png", dpi=110)
        plt.close(fig)
        written.append(prefix + ".png")
    return record, written


def report_flat_plate(record, artifacts, prefix):
    folders = {r["variables"]["deck"]: artifact_dir(artifacts, r) for r in ok_runs(record, "plate")}
    plain = folders.get("flat_plate_re1e5")
    turbulent = next((artifact_dir(artifacts, r) for r in ok_runs(record, "turbulent_plate")), None)
    if not prefix or not (plain or turbulent):
        return generic_table(record), "", []
    lines, headlines, written = [], [], []
    if plain:
        study, files = plate_study(plain, folders.get("flat_plate_re1e5_trailing_edge"),
                                   prefix + "-flat-plate-re1e5")
        written += files
        headlines.append(f"Cf sqrt(Re_x) within {100 * study['max_cf_deviation_10_90']:.2f} % of Blasius over "
                         f"10-90 % of the plate; u/U within {study['max_profile_difference']:.4f} of f'(eta)")
        lines.append(headlines[-1])
    if turbulent:
        study, files = turbulent_plate_study(turbulent, prefix + "-flat-plate-re1e7-baldwin-lomax")
        written += files
        headlines.append(f"turbulent plate Re 1e7: Cf within {100 * study['max_cf_deviation_schlichting']:.1f} % of "
                         f"Schlichting and {100 * study['max_cf_deviation_white']:.1f} % of White over "
                         f"1e6 <= Re_x <= 1e7 ({100 * study['max_cf_deviation_coles_fernholz']:.1f} % of "
                         f"Coles-Fernholz at its Re_theta), u+ within "
                         f"{100 * study['max_log_law_deviation']:.1f} % of the log law over 30 <= y+ <= 300")
        lines += ["", headlines[-1], "", "| Re_x | Cf | Schlichting | White | Re_theta | Coles-Fernholz |",
                  "|---|---|---|---|---|---|"]
        for st in study["stations"]:
            lines.append(f"| {st['Re_x']:.3g} | {st['Cf']:.5f} | {st['schlichting']:.5f} | {st['white']:.5f} | "
                         f"{st['Re_theta']:.0f} | {st['coles_fernholz']:.5f} |")
    return lines, "; ".join(headlines), written


def report_alpha8(record, artifacts, prefix):
    lines, written = [], []
    histories = {}
    for r in record["runs"]:
        folder = artifact_dir(artifacts, r)
        path = os.path.join(folder, "run", "history.csv") if folder else None
        if path and os.path.exists(path):
            histories[r["variables"]["kind"]] = columns(path)
    for kind, h in histories.items():
        t, cl, cd = h["time"], h["CL"], h["CD"]
        tail = [k for k, time in enumerate(t) if time >= t[-1] - 2]
        lines.append(f"- {kind}: t = {t[-1]:.3f}, CL {cl[-1]:.4f}, CD {cd[-1]:.4f}; over the last 2 time units "
                     f"mean CL {sum(cl[k] for k in tail) / len(tail):.4f} ({min(cl[k] for k in tail):.4f} .. "
                     f"{max(cl[k] for k in tail):.4f}), mean CD {sum(cd[k] for k in tail) / len(tail):.4f}")
    plt = pyplot() if prefix and histories else None
    if plt:
        fig, (ax_cl, ax_cd) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
        for kind, h in histories.items():
            ax_cl.plot(h["time"], h["CL"], label=kind.replace("_", "-"))
            ax_cd.plot(h["time"], h["CD"], label=kind.replace("_", "-"))
        ax_cl.set_ylabel("CL")
        ax_cd.set_ylabel("CD")
        ax_cd.set_xlabel("t (chords / U)")
        ax_cl.set_ylim(-0.2, 1.5)
        ax_cd.set_ylim(0, 0.3)
        ax_cl.set_title("NACA 0012, Re = 1e5, alpha = 8 deg, impulsive start (Gohari et al. (2012), Fig. 12)")
        for ax in (ax_cl, ax_cd):
            ax.grid(alpha=0.3)
            ax.legend()
        fig.tight_layout()
        fig.savefig(prefix + "-cl-cd-history.png", dpi=120)
        plt.close(fig)
        written.append(prefix + "-cl-cd-history.png")
    return lines or generic_table(record), "", written


def report_ab_builds(record, artifacts, prefix):
    """Any A/B case of portaflow-bench runs or whole runs: per kernel or run, the two builds'
    medians and their ratio."""
    builds = [b for b in record["configuration"].get("builds", []) if b]
    lines = generic_table(record)
    rates, _ = bench_rates(record)
    pairs = [("before", "after"), ("before-openmp", "after-openmp"), ("after", "incore")]
    ratios = []
    for a, b in pairs:
        keys = sorted({(k, c) for (bb, k, c) in rates if bb == a} & {(k, c) for (bb, k, c) in rates if bb == b})
        if not keys:
            continue
        lines += ["", f"| kernel | cells | {a} | {b} | {b} / {a} |", "|---|---|---|---|---|"]
        for k, c in keys:
            x, y = median(rates[(a, k, c)]), median(rates[(b, k, c)])
            ratios.append(y / x)
            lines.append(f"| {k} | {c} | {fmt(x, '.4e')} | {fmt(y, '.4e')} | {fmt(y / x, '.3f')} |")
    headline = f"throughput ratio geometric mean {fmt(geometric_mean(ratios), '.3f')}" if ratios else ""
    if len(builds) >= 2 and not ratios:
        walls = []
        for g in record.get("summary", []):
            if g["build"] == builds[0]:
                a = g["figures"].get("loop_seconds") or g["figures"].get("seconds") or g["figures"].get("wall_seconds")
                b = figure_median(record, g["variant"], builds[1], "loop_seconds") or \
                    figure_median(record, g["variant"], builds[1], "seconds")
                if a and b:
                    walls.append(f"{g['variant']} {fmt(a['median'], '.4g')} -> {fmt(b, '.4g')} s")
        headline = "; ".join(walls[:3])
    return lines, headline, []


def report_deck_times(record, artifacts, prefix):
    """One line per deck: finished or stopped at the cap, wall time, steps or cycles, how far it
    got, and the full run's time (projected where capped), as perf/deck_headers.py writes it."""
    import deck_headers
    lines = ["| deck | status | wall s | steps / cycles | reached | full run |", "|---|---|---|---|---|---|"]
    finished, capped, failed, longest = 0, 0, 0, None
    for run in record.get("runs", []):
        if run.get("status") == "skipped":
            continue
        e = deck_headers.entry_of(run, record)
        figures = run.get("figures") or {}
        if e["cycles"] is not None:
            done = f"{e['cycles']} cycles"
            if e.get("converged"):
                reached = "converged"
            elif isinstance(figures.get("log10_residual_drop"), (int, float)):
                reached = (f"log10 drop {figures['log10_residual_drop']:.2f} of "
                           f"{math.log10(figures['residual_drop_target']):.0f}")
            elif figures.get("finished"):
                reached = f"time.max_cycles ({e['max_cycles']}), not converged"
            else:
                reached = "-"
        else:
            done = f"{e['steps']} steps" if e["steps"] is not None else "-"
            reached = (f"t = {fmt(e['t'], '.4g')} of {fmt(e['t_end'], '.4g')}"
                       if e["t"] is not None and e["t_end"] is not None else "-")
        if "seconds" not in e:
            failed += 1
            full = f"- ({e['problem'][:60]})"
        elif e.get("projected"):
            capped += 1
            full = f"{deck_headers.duration(e['seconds'])} (projected)"
        else:
            finished += 1
            full = deck_headers.duration(e["seconds"])
        if "seconds" in e and (longest is None or e["seconds"] > longest[1]):
            longest = (e["deck"], e["seconds"], e.get("projected"))
        lines.append(f"| {e['deck']} | {e['status']} | {fmt(e['wall_seconds'], '.4g')} | {done} | "
                     f"{reached} | {full} |")
    headline = f"{finished} decks finished, {capped} stopped at the cap (projected), {failed} failed"
    if longest:
        headline += (f"; longest {longest[0]} {deck_headers.duration(longest[1])}"
                     + (" (projected)" if longest[2] else ""))
    return lines, headline, []


STUDIES = {
    "deck_times": report_deck_times,
    "whole_run": report_whole_run,
    "flat_kernels": report_flat_kernels,
    "kernel_suite": report_kernel_suite,
    "multigrid": lambda rec, art, pre: (report_multigrid_table1(rec, art, pre) if rec["case"] == "multigrid_table1"
                                        else (generic_table(rec), "", [])),
    "multiblock_checks": report_multiblock_checks,
    "multiblock_3d": report_multiblock_3d,
    "radial": report_radial,
    "work_units": report_work_units,
    "airfoil_re5000": report_airfoil_re5000,
    "flat_plate": report_flat_plate,
    "alpha8": report_alpha8,
    "fv_ab": report_ab_builds,
    "fv_incore": report_ab_builds,
    "fv_whole_run_ab": report_ab_builds,
    "multigrid_ab": report_ab_builds,
    "multiblock_builds": report_ab_builds,
    "poisson_ab": report_ab_builds,
}


def report_case(path, artifacts=None, out=None, quiet=False):
    record = load_json(path)
    if not is_case(record):
        raise Broken(f"{path}: not a perf/run_cases.py result (schema {record.get('schema')!r})")
    stem = os.path.splitext(os.path.basename(path))[0]
    prefix = os.path.join(out, stem) if out else None
    study = STUDIES.get(record.get("study"), lambda rec, art, pre: (generic_table(rec), "", []))
    lines, headline, written = study(record, artifacts, prefix)
    if record.get("study") in STUDIES and lines is not None and "| run | build | ok/n" not in (lines[0] if lines else ""):
        lines = generic_table(record) + [""] + lines
    text = [f"## {record['case']} ({record['study']}): {device_label(record)}, {record['date'][:10]}, "
            f"commit {record['commit']['label']}", ""] + lines + [""]
    if not quiet:
        print(run_cases.cite("\n".join(text)))
        for w in written:
            print("wrote", os.path.relpath(w))
    return record, headline, written


# --------------------------------------------------------------------------------------------
# Bench plots (portaflow-bench runs: a case result, a legacy suite, or one run)


def bench_documents(doc):
    if is_case(doc):
        return [r["bench"] for r in doc.get("runs", []) if r.get("bench")]
    if str(doc.get("schema", "")).startswith("portaflow-bench-suite/"):
        return doc.get("runs", [])
    if str(doc.get("schema", "")).startswith("portaflow-bench/"):
        return [doc]
    raise Broken(f"not portaflow-bench results (schema {doc.get('schema')!r})")


def run_label(run):
    if run.get("label"):
        return run["label"]
    backend = run.get("backend", {})
    return "cuda" if backend.get("name") == "Cuda" else f"{backend.get('name', '?').lower()}{backend.get('concurrency', '')}"


def is_gpu(run):
    return run.get("backend", {}).get("name") == "Cuda"


def threads_of(run):
    return None if is_gpu(run) else run.get("backend", {}).get("concurrency")


def ok_records(run, kernel=None):
    return [r for r in run.get("records", []) if r.get("status") == "ok" and r.get("cell_updates_per_s")
            and (kernel is None or r.get("kernel") == kernel)]


def bench_plots(doc_or_path, out_dir, stem=None):
    """<stem>-throughput.png (cell-updates/s against cells, a panel per kernel, a line per run;
    dotted: each run's roofline bound), <stem>-scaling.png (strong scaling over OpenMP threads,
    the GPU as a line) and <stem>-roofline.png (fraction of the roofline bound at the largest
    size each run measured)."""
    doc = load_json(doc_or_path) if isinstance(doc_or_path, str) else doc_or_path
    if stem is None:
        stem = os.path.splitext(os.path.basename(doc_or_path))[0]
    runs = sorted(bench_documents(doc), key=lambda r: (0 if is_gpu(r) else 1, threads_of(r) or 0, run_label(r)))
    kernels = list(dict.fromkeys(r["kernel"] for run in runs for r in ok_records(run)))
    plt = pyplot()
    if not kernels or not plt:
        return []
    cmap = plt.get_cmap("viridis")
    host = [r for r in runs if not is_gpu(r)]
    host = [r for r in host if r.get("precision") == host[0].get("precision")] if host else host
    colour = {id(run): cmap(0.1 + 0.8 * k / max(1, len(host) - 1)) for k, run in enumerate(host)}
    for k, run in enumerate(r for r in runs if is_gpu(r) or r not in host):
        colour[id(run)] = ("tab:red", "tab:orange", "tab:pink", "tab:brown", "tab:olive")[k % 5]
    first = runs[0]
    gpu = next((r.get("backend", {}).get("device") for r in runs if is_gpu(r)), None)
    cpu = (doc.get("node") or doc.get("device") or {}).get("cpu_model") or first.get("host", {}).get("cpu_model", "")
    commit = doc.get("commit") if isinstance(doc.get("commit"), str) else (doc.get("commit") or {}).get("label")
    subtitle = (f"{' / '.join(p for p in (gpu, cpu) if p)} - {(doc.get('date') or first.get('date', ''))[:10]} - "
                f"commit {commit or first.get('tool', {}).get('commit', '')}")

    def grid(count):
        columns = min(count, 2)
        rows = math.ceil(count / columns)
        fig, axes = plt.subplots(rows, columns, figsize=(6.5 * columns, 4.6 * rows), squeeze=False)
        for ax in axes.flat[count:]:
            ax.set_visible(False)
        return fig, list(axes.flat)

    written = []
    fig, axes = grid(len(kernels))
    for ax, kernel in zip(axes, kernels):
        for run in runs:
            records = sorted(ok_records(run, kernel), key=lambda r: r["cells"])
            if not records:
                continue
            ax.plot([r["cells"] for r in records], [r["cell_updates_per_s"] for r in records], "o-",
                    color=colour[id(run)], label=run_label(run), linewidth=2 if is_gpu(run) else 1.3)
            bound = records[-1].get("roofline_bound_cell_updates_per_s")
            if bound:
                ax.axhline(bound, color=colour[id(run)], linestyle=":", linewidth=1)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(kernel)
        ax.set_xlabel("cells")
        ax.set_ylabel("cell-updates / s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8, title="dotted: roofline bound", title_fontsize=7)
    fig.suptitle(f"Throughput against size\n{subtitle}", fontsize=10)
    fig.tight_layout()
    written.append(os.path.join(out_dir, f"{stem}-throughput.png"))
    fig.savefig(written[-1], dpi=120)
    plt.close(fig)

    if host:
        fig, axes = grid(len(kernels))
        counts = sorted({threads_of(r) for r in host if threads_of(r)})
        for ax, kernel in zip(axes, kernels):
            by_threads = {}
            for run in host:
                for r in ok_records(run, kernel):
                    by_threads.setdefault(r["cells"], {})[threads_of(run)] = r["cell_updates_per_s"]
            complete = [c for c, m in by_threads.items() if len(m) == len(counts)]
            for style, cells in zip(["o-", "s--"], (sorted(complete) or sorted(by_threads))[-2:]):
                measured = by_threads[cells]
                t = sorted(measured)
                line = ax.plot(t, [measured[k] for k in t], style, label=f"OpenMP, {cells:.3g} cells")[0]
                if t and t[0] == 1:
                    ax.plot(t, [measured[1] * k for k in t], ":", color=line.get_color(), linewidth=1)
                for g in (r for r in runs if is_gpu(r)):
                    match = [r for r in ok_records(g, kernel) if r["cells"] == cells]
                    if match:
                        ax.axhline(match[0]["cell_updates_per_s"], color="tab:red",
                                   linestyle="-" if style == "o-" else "--", linewidth=1.5,
                                   label=f"{run_label(g)} (GPU), {cells:.3g} cells")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            if counts:
                ax.set_xticks(counts)
                ax.set_xticklabels([str(t) for t in counts])
            ax.set_title(kernel)
            ax.set_xlabel("OpenMP threads (OMP_PROC_BIND=close, OMP_PLACES=cores)")
            ax.set_ylabel("cell-updates / s")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8)
        fig.suptitle(f"Strong scaling, GPU as a line (dotted: ideal from 1 thread)\n{subtitle}", fontsize=10)
        fig.tight_layout()
        written.append(os.path.join(out_dir, f"{stem}-scaling.png"))
        fig.savefig(written[-1], dpi=120)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(max(6.5, 1.6 * len(kernels) * max(1, len(runs)) / 3), 4.8))
    width = 0.8 / max(1, len(runs))
    for k, run in enumerate(runs):
        heights = []
        for kernel in kernels:
            records = sorted(ok_records(run, kernel), key=lambda r: r["cells"])
            fraction = records[-1].get("fraction_of_roofline") if records else None
            heights.append(fraction or 0.0)
        ax.bar([i + (k - (len(runs) - 1) / 2) * width for i in range(len(kernels))], heights, width,
               color=colour[id(run)], label=run_label(run))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.axhline(0.7, color="grey", linestyle="--", linewidth=0.8, label="70% of the roofline")
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(kernels, rotation=30, ha="right", fontsize=7)
    ax.set_ylabel("fraction of roofline bound\n(largest size each run measured)")
    ax.legend(fontsize=8, ncol=2)
    ax.grid(True, axis="y", alpha=0.3)
    fig.suptitle(f"Fraction of the roofline bound\n{subtitle}", fontsize=10)
    fig.tight_layout()
    written.append(os.path.join(out_dir, f"{stem}-roofline.png"))
    fig.savefig(written[-1], dpi=120)
    plt.close(fig)
    return written


# --------------------------------------------------------------------------------------------
# The index


def index_path(results):
    return os.path.join(results, "index.json")


def load_index(results):
    return load_json(index_path(results))


def index_markdown(index):
    lines = ["# Current results, one line per study", "",
             "Generated by `python3 perf/report.py` from `perf/results/index.json`; do not edit by hand.",
             "Each study's case files are in `perf/cases/<study>/`; older results are in git history",
             "(`git log --follow -- perf/results/<study>/FILE`). Figures: [SUMMARY.md](SUMMARY.md).",
             "Results dated before 2026-11-28 were made by the device scripts that the case files replace",
             "(their logs name them; `git show 31da1ec:perf/` has them).", "",
             "| study | what it measures | device | date | commit | files | headline figures |",
             "|---|---|---|---|---|---|---|"]
    for s in index["studies"]:
        files = " ".join(f"[{os.path.basename(f)}]({f})" for f in s.get("files", [])) or "-"
        cases = ", ".join(f"[{os.path.basename(c)}](../cases/{c})" for c in s.get("cases", []))
        lines.append(f"| **{s['study']}** ({cases}) | {s['measures']} | {s.get('device') or '-'} | "
                     f"{s.get('date') or '-'} | {s.get('commit') or '-'} | {files} | {s.get('headline') or '-'} |")
    return "\n".join(lines) + "\n"


def check_results(results, index):
    """Problems: a listed file missing, a JSON file under results that does not parse, a file
    not listed by any study, a case file missing."""
    problems = []
    listed = set()
    for s in index["studies"]:
        for f in s.get("files", []):
            listed.add(os.path.normpath(f))
            if not os.path.exists(os.path.join(results, f)):
                problems.append(f"{s['study']}: {f} does not exist")
        for c in s.get("cases", []):
            if not os.path.exists(os.path.join(HERE, "cases", c)):
                problems.append(f"{s['study']}: case file perf/cases/{c} does not exist")
    for root, _, files in os.walk(results):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), results)
            if name.endswith(".json"):
                try:
                    load_json(os.path.join(root, name))
                except Broken as error:
                    problems.append(str(error))
            top = rel.split(os.sep)[0]
            if rel in ("index.json", "INDEX.md", "SUMMARY.md"):
                continue
            if not any(rel == f or rel.startswith(f.rstrip("/") + os.sep) for f in listed):
                problems.append(f"{rel}: not listed in index.json (study folder {top})")
    return problems


def command_index(args):
    results = args.results
    index = load_index(results)
    problems = check_results(results, index)
    text = index_markdown(index)
    if args.check:
        print(text)
    else:
        with open(os.path.join(results, "INDEX.md"), "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(os.path.join(results, 'INDEX.md'))} ({len(index['studies'])} studies)")
    for s in index["studies"]:
        for f in s.get("files", []):
            path = os.path.join(results, f)
            if f.endswith(".json") and os.path.exists(path):
                doc = load_json(path)
                if is_case(doc):
                    report_case(path, quiet=False)
    if problems:
        print("problems:\n" + "\n".join(f"  {p}" for p in problems), file=sys.stderr)
        return 1
    return 0


def command_case(args):
    status = 0
    for path in args.results:
        try:
            report_case(path, args.artifacts, args.out)
        except Broken as error:
            print(f"report: {error}", file=sys.stderr)
            status = 1
    return status


def gpu_count(doc):
    return len((doc.get("device") or {}).get("gpus") or [])


def command_collect(args):
    source = args.source
    work = None
    if os.path.isfile(source):
        work = tempfile.mkdtemp(prefix="portaflow-collect-")
        with tarfile.open(source) as tar:
            tar.extractall(work)
        source = work
    index = load_index(args.results)
    studies = {s["study"]: s for s in index["studies"]}
    for path in sorted(glob.glob(os.path.join(source, "*.json"))):
        doc = load_json(path)
        if not is_case(doc):
            continue
        study = doc["study"]
        folder = os.path.join(args.results, study)
        os.makedirs(folder, exist_ok=True)
        older = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(folder, "*")))
        # The name the device gave it, or (results filed before GPU counts were in names) the
        # one short_device_name gives it now.
        name = os.path.basename(path)
        if doc.get("device"):
            short = run_cases.short_device_name(doc["device"])
            name = re.sub(r"^[a-z0-9]+-(\d{8}-)", lambda m: f"{short}-{m.group(1)}", name)
        target = os.path.join(folder, name)
        shutil.copy2(path, target)
        artifacts = os.path.join(source, "artifacts", run_cases.safe_name(doc["case"]))
        artifacts = artifacts if os.path.isdir(artifacts) else None
        _, headline, written = report_case(target, artifacts, folder)
        files = [os.path.relpath(target, args.results)] + [os.path.relpath(w, args.results) for w in written]
        if args.keep_artifacts and artifacts:
            kept = os.path.join(folder, os.path.splitext(os.path.basename(path))[0] + "-artifacts")
            shutil.copytree(artifacts, kept, dirs_exist_ok=True)
            files.append(os.path.relpath(kept, args.results))
        entry = studies.get(study)
        if entry is None:
            entry = {"study": study, "measures": doc.get("description", ""), "cases": []}
            index["studies"].append(entry)
            studies[study] = entry
        case_file = os.path.relpath(os.path.join(ROOT, doc["case_file"]), os.path.join(HERE, "cases"))
        if case_file not in entry.setdefault("cases", []):
            entry["cases"].append(case_file)
        # What the study listed before: files of its other cases' current results stay (a file
        # belongs to a case result when its name starts with that JSON's stem); the rest (this
        # case's older result, results from before the case files) is superseded.
        others = []
        for f in entry.get("files", []):
            path = os.path.join(args.results, f)
            if f.endswith(".json") and os.path.isfile(path) and f not in files:
                older_doc = load_json(path)
                # A result of another case, or of this one on a node with another GPU count.
                if is_case(older_doc) and (older_doc.get("case") != doc["case"]
                                           or gpu_count(older_doc) != gpu_count(doc)):
                    others.append(os.path.splitext(f)[0])
        kept = [f for f in entry.get("files", []) if f not in files and any(f.startswith(o) for o in others)]
        replaced = [f for f in entry.get("files", []) if f not in files and f not in kept]
        entry["files"] = kept + files
        entry.update(device=device_label(doc), date=doc["date"][:10], commit=doc["commit"]["label"])
        entry["headline"] = headline or (f"{sum(r['status'] == 'ok' for r in doc['runs'])} of "
                                         f"{len(doc['runs'])} processes ok; see the result's summary")
        if replaced:
            print(f"{study}: superseded, no longer in the index (git rm them; history keeps them):\n  "
                  + "\n  ".join(os.path.join(os.path.relpath(args.results, ROOT), f) for f in replaced))
    write_json(index_path(args.results), index)
    with open(os.path.join(args.results, "INDEX.md"), "w", encoding="utf-8") as f:
        f.write(index_markdown(index))
    print(f"updated {os.path.relpath(index_path(args.results))} and INDEX.md")
    if work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


# --------------------------------------------------------------------------------------------
# CI's scaling table


def check_run(run, where, strict):
    problems = []
    if not str(run.get("schema", "")).startswith("portaflow-bench/"):
        raise Broken(f"{where}: not a portaflow-bench run (schema {run.get('schema')!r})")
    for record in run.get("records", []):
        status, rate = record.get("status"), record.get("cell_updates_per_s")
        label = f"{where}: {record.get('kernel')} at {record.get('requested_cells')} cells"
        if status == "failed":
            problems.append(f"{label} failed: {record.get('note')}")
        elif status == "ok" and not (isinstance(rate, (int, float)) and math.isfinite(rate) and rate > 0):
            problems.append(f"{label}: no finite throughput ({rate!r})")
        elif status == "ok" and record.get("healthy") is False:
            problems.append(f"{label}: state not healthy after the run")
    if strict and problems:
        raise Broken("; ".join(problems))
    return problems


def latest_gpu_suite(folder):
    """(path, date, commit, node, runs) of the newest kernel-suite result with a CUDA run: a
    perf/run_cases.py result of the kernel_suite study, or an older GPU-node suite
    (portaflow-bench-suite/1), anywhere under FOLDER; newest by the date inside."""
    best = None
    for path in sorted(glob.glob(os.path.join(folder, "**", "*.json"), recursive=True)):
        doc = load_json(path)  # an unreadable committed file is broken: raises
        if is_case(doc):
            if doc.get("study") != "kernel_suite":
                continue
            runs = [r["bench"] for r in doc.get("runs", []) if r.get("bench")]
            node = {"nvidia_smi_L": doc["device"].get("nvidia_smi_L", []),
                    "cpu_model": doc["device"].get("cpu_model")}
            entry = (path, doc.get("date", ""), doc["commit"]["label"], node, runs)
        elif str(doc.get("schema", "")).startswith("portaflow-bench-suite/"):
            entry = (path, doc.get("date", ""), doc.get("commit"), doc.get("node", {}), doc.get("runs", []))
        else:
            continue
        if not any(r.get("backend", {}).get("name") == "Cuda" for r in entry[4]):
            continue
        if best is None or entry[1] > best[1]:
            best = entry
    return best


def describe(run, where):
    backend = run.get("backend", {})
    if backend.get("name") == "Cuda":
        device = (run.get("gpu") or {}).get("name") or backend.get("device", "GPU")
        return f"{where}: {device} (CUDA, {run.get('precision', '?')})"
    return f"{where}: {run.get('host', {}).get('cpu_model', 'CPU')} (OpenMP, {run.get('precision', '?')})"


def rate_of(run, kernel, cells):
    for r in run.get("records", []):
        if r.get("kernel") == kernel and r.get("requested_cells") == cells and r.get("status") == "ok":
            return r
    return None


def commit_label(record):
    commit = record.get("commit")
    return commit.get("label") if isinstance(commit, dict) else commit


# The cases over several GPUs (perf/cases/mpi_scaling/): result file suffix, title, and the
# points of a weak run per GPU and of a strong run in all.
# Per case: the result-file suffix, the title, the cells (points) per GPU of its weak runs and
# those of its strong runs in all, per run-name tag ("" for "weak_r4", "_8m" for "weak_r4_8m").
MULTI_GPU_CASES = [
    ("mpi_scaling_gpu", "MUSCL-Hancock 2D over MPI ranks, one per GPU", {"": 8192 * 8192},
     {"": 16384 * 16384}),
    ("mpi_scaling_cpr_gpu", "CPR P2 over MPI ranks, one per GPU (solution points)",
     {"": 1334 * 1334 * 9}, {"": 1334 * 1334 * 9}),
    ("mpi_scaling_multiblock_gpu",
     "3D multi-block over MPI ranks, one per GPU (nodes; rates in node-stage updates/s)",
     {"": 129 ** 3, "_8m": 201 ** 3}, {"": 201 ** 3, "_2m": 129 ** 3, "_multigrid": 201 ** 3}),
]


def multi_gpu_table(results_dir):
    """The latest committed run of each case over several GPUs (MULTI_GPU_CASES): each run's
    GPUs, cells, step-loop rate, efficiency against one GPU (weak: rate / (GPUs x one GPU's
    rate); strong: the same at a fixed total), and the halo exchange's time."""
    for suffix, title, weak_cells, strong_cells in MULTI_GPU_CASES:
        latest = {}  # per node size (GPUs): the newest result
        for f in glob.glob(os.path.join(results_dir, "mpi_scaling", f"*-{suffix}.json")):
            record = load_json(f)
            gpus = gpu_count(record)
            if gpus not in latest or record.get("date", "") > latest[gpus].get("date", ""):
                latest[gpus] = record
        for gpus in sorted(latest):
            print_multi_gpu_case(latest[gpus], title, weak_cells, strong_cells)


def print_multi_gpu_case(record, title, weak_cells, strong_cells):
    rows = {}
    for r in record.get("runs", []):
        if r.get("status") != "ok":
            continue
        m = re.match(r"(weak|strong)_r(\d+)(\w*)$", r.get("variant", ""))
        if not m or m.group(3) == "_kernels":
            continue
        rows.setdefault((m.group(1), int(m.group(2)), m.group(3)), []).append(r["figures"])
    def med(figs, key):
        values = [f.get(key) for f in figs if isinstance(f.get(key), (int, float))]
        return median(values) if values else None
    print()
    print(f"Multi-GPU ({title}): {gpu_count(record)} x {device_label(record)}, "
          f"{record.get('date', '')[:10]}, commit {commit_label(record)}")
    header = f"{'run':<20} {'GPUs':>4} {'cells':>13} {'loop s':>8} {'cell-upd/s':>11} {'efficiency':>10} {'exchange s':>10}"
    print(header)
    print("-" * len(header))
    for (kind, gpus, tag), figs in sorted(rows.items()):
        rate = med(figs, "cell_updates_per_s")
        # Against the one-GPU run of the same tag (another problem size), else the plain one.
        one = med(rows.get((kind, 1, tag)) or rows.get((kind, 1, ""), []), "cell_updates_per_s")
        efficiency = rate / (gpus * one) if rate and one else None
        cells = weak_cells.get(tag, weak_cells[""]) * gpus if kind == "weak" else \
            strong_cells.get(tag, strong_cells[""])
        exchange = med(figs, "exchange")
        print(f"{kind + '_r' + str(gpus) + tag:<20} {gpus:>4} {cells:>13} {fmt(med(figs, 'loop_seconds')):>8} "
              f"{fmt(rate):>11} {(f'{100 * efficiency:9.1f}%' if efficiency else '-'):>10} "
              f"{fmt(exchange) if exchange is not None else '-':>10}")


def command_scaling(args):
    try:
        ci_runs = []
        for path in args.ci_runs:
            run = load_json(path)
            check_run(run, os.path.basename(path), strict=True)
            ci_runs.append(run)
        suite = latest_gpu_suite(args.results_dir)
        warnings = []
        if suite:
            for run in suite[4]:
                # Committed results stay readable history: their failed rows are reported, not
                # fatal (the run that produced them already said so), but NaN/invalid JSON is.
                warnings += check_run(run, os.path.basename(suite[0]), strict=False)
    except Broken as error:
        print(f"scaling report: BROKEN BENCHMARK: {error}", file=sys.stderr)
        return 1
    threads = lambda run: run.get("backend", {}).get("concurrency")
    ci_host = ci_runs[0].get("host", {})
    print("== CPU-vs-GPU scaling report (cell-updates per second; a report: timings never fail CI)")
    print(f"this machine: {ci_host.get('name')} ({ci_host.get('cpu_model')}, {ci_host.get('logical_cpus')} "
          f"logical CPUs), {ci_runs[0].get('date')}, commit {ci_runs[0].get('tool', {}).get('commit')}")
    gpu_runs, node_cpu_runs = [], []
    if suite:
        path, date, commit, node, runs = suite
        precision = ci_runs[0].get("precision")  # like with like: the build's precision only
        same = [r for r in runs if r.get("precision") == precision]
        gpu_runs = [r for r in same if r.get("backend", {}).get("name") == "Cuda"]
        node_cpu_runs = sorted((r for r in same if r.get("backend", {}).get("name") != "Cuda"),
                               key=lambda r: threads(r) or 0)
        if len(node_cpu_runs) > 2:  # the serial and parallel CPU baselines
            node_cpu_runs = [node_cpu_runs[0], node_cpu_runs[-1]]
        print(f"GPU node:     {os.path.relpath(path)}: {', '.join(node.get('nvidia_smi_L', [])) or '?'}; "
              f"{node.get('cpu_model', '?')}; {date}, commit {commit}")
    else:
        print(f"GPU node:     no kernel-suite results committed yet under {args.results_dir}/ (run "
              "perf/cases/kernel_suite on the GPU node and collect it); CPU rows only")
    print()
    print("ceilings (bandwidth = max(STREAM triad, copy, library copy); FMA rate in the build's precision)")
    for where, runs in (("GPU node", gpu_runs + node_cpu_runs), ("this machine", ci_runs)):
        for run in runs:
            c = run.get("ceilings") or {}
            print(f"  {describe(run, where):<62} {run.get('date', '')[:10]}  threads "
                  f"{'-' if run.get('backend', {}).get('name') == 'Cuda' else threads(run):>3}  "
                  f"{c.get('bandwidth_gb_per_s') or float('nan'):9.1f} GB/s "
                  f"{c.get('flop_gflop_per_s') or float('nan'):10.1f} GFLOP/s")
    print()
    header = (f"{'kernel':<20} {'cells':>9}  {'measured on':<62} {'date':<10} {'thr':>4} "
              f"{'Mcell/s':>11} {'%roof':>7} {'GPU/this':>9}")
    print(header)
    print("-" * len(header))
    kernels = list(dict.fromkeys(r.get("kernel") for run in ci_runs for r in run.get("records", [])))
    for kernel in kernels:
        sizes = sorted({r.get("requested_cells") for run in ci_runs for r in run.get("records", [])
                        if r.get("kernel") == kernel})
        for cells in sizes:
            gpu_record = next((rate_of(g, kernel, cells) for g in gpu_runs if rate_of(g, kernel, cells)), None)
            gpu_rate = gpu_record.get("cell_updates_per_s") if gpu_record else None
            rows = [(g, "GPU node") for g in gpu_runs] + [(c, "GPU node") for c in node_cpu_runs] + \
                   [(c, "this machine") for c in ci_runs]
            first = True
            for run, where in rows:
                record = rate_of(run, kernel, cells)
                gpu = run.get("backend", {}).get("name") == "Cuda"
                rate = record.get("cell_updates_per_s") if record else None
                ratio = f"{gpu_rate / rate:9.1f}" if gpu_rate and rate and not gpu else f"{'-':>9}"
                fraction = record.get("fraction_of_roofline") if record else None
                print(f"{kernel if first else '':<20} {cells if first else '':>9}  {describe(run, where):<62} "
                      f"{run.get('date', '')[:10]:<10} {'-' if gpu else threads(run):>4} "
                      f"{(f'{rate / 1e6:11.1f}' if rate else f'{chr(45):>11}')} "
                      f"{(f'{100 * fraction:6.1f}%' if isinstance(fraction, (int, float)) else f'{chr(45):>7}')} {ratio}")
                first = False
            if suite and not gpu_record:
                print(f"{'':<20} {'':>9}  (the GPU-node results have no {kernel} at {cells} cells)")
    multi_gpu_table(args.results_dir)
    if warnings:
        print()
        print("warnings from the committed GPU-node results:")
        for w in warnings:
            print(f"  {w}")
    print()
    print("GPU/this: the GPU node's CUDA cell-updates/s divided by the row's; %roof: fraction of the row's "
          "own roofline bound (ceilings of the same run). Small sizes that fit in cache can pass 100%.")
    return 0


def command_bench_plots(args):
    os.makedirs(args.out, exist_ok=True)
    try:
        written = bench_plots(args.result, args.out)
    except Broken as error:
        print(f"report: {error}", file=sys.stderr)
        return 1
    print("\n".join(written) if written else "report: nothing plotted")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("index", help="INDEX.md from index.json; checks perf/results")
    p.add_argument("--results", default=RESULTS)
    p.add_argument("--check", action="store_true", help="print and check; write nothing")
    p = sub.add_parser("case", help="tables and plots of case results")
    p.add_argument("results", nargs="+")
    p.add_argument("--artifacts", help="the case's artifacts folder (results tar unpacked)")
    p.add_argument("--out", help="folder for the study's plots and derived JSON")
    p = sub.add_parser("collect", help="file a device call's results under perf/results")
    p.add_argument("source", help="results.tar.gz or the --out folder of perf/run_cases.py")
    p.add_argument("--results", default=RESULTS)
    p.add_argument("--keep-artifacts", action="store_true")
    p = sub.add_parser("scaling", help="CI's CPU-vs-GPU table")
    p.add_argument("ci_runs", nargs="+")
    p.add_argument("--results-dir", default=RESULTS)
    p = sub.add_parser("bench-plots", help="PNGs of portaflow-bench runs")
    p.add_argument("result")
    p.add_argument("-o", "--out", required=True)
    argv = sys.argv[1:]
    if not argv or argv[0] not in sub.choices and argv[0] not in ("-h", "--help"):
        argv = ["index"] + argv
    args = parser.parse_args(argv)
    return {"index": command_index, "case": command_case, "collect": command_collect,
            "scaling": command_scaling, "bench-plots": command_bench_plots}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
