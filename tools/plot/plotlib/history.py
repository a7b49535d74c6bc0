"""history.csv: the march's columns, then the solver's monitors.

Time-accurate runs: step,time,dt and the conserved totals (mass, momentum_*, energy), or the
incompressible solver's monitors (circulation, kinetic energy, CL, CD, ...). Steady runs
(multiblock): cycle,wall_seconds, res_<equation>, drop, and lift, drag.
"""
import numpy as np

from . import figures
from .run_files import Skip

CONSERVED = ("mass", "energy")
FLOOR = 1e-17  # where an exact 0 is drawn on the log axis


def plot(run, fmt, notes):
    history = run.table("history.csv")
    if not any(len(column) for column in history.values()):
        raise Skip("history.csv has no rows yet")
    if "cycle" in history:
        return _steady(run, history, fmt)
    if "time" in history:
        return _time_accurate(run, history, fmt)
    raise Skip("history.csv has neither a 'time' nor a 'cycle' column")


def _positive(values):
    """Values for a log axis: zeros and negatives (a residual at exactly 0) left out."""
    return np.where(values > 0, values, np.nan)


def _steady(run, h, fmt):
    cycle = h["cycle"]
    residuals = [c for c in h if c.startswith("res_")]
    # A mesh without walls reports lift and drag as 0 throughout: no panel for them then.
    loads = [c for c in ("lift", "drag") if c in h and np.any(h[c] != 0)]
    fig, axes = figures.panels(2 + (1 if loads else 0))
    for name in residuals:
        axes[0].semilogy(cycle, _positive(h[name]), label=name[4:])
    figures.finish(axes[0], "cycle", "L2 residual", "residual per equation")
    if "drop" in h:
        axes[1].semilogy(cycle, _positive(h["drop"]), color="k", label="largest residual / initial")
    target = run.number("time.residual_drop")
    if target:
        axes[1].axhline(target, color="tab:red", ls="--", lw=1,
                        label="target %g (time.residual_drop)" % target)
    figures.finish(axes[1], "cycle", "drop", "residual drop")
    if loads:
        for name in loads:
            axes[2].plot(cycle, h[name], label=name)
        figures.finish(axes[2], "cycle", "coefficient", "lift and drag")
    last = "%d cycles" % cycle[-1] if len(cycle) else "no cycles"
    if "drop" in h and len(cycle):
        last += ", drop %.2e" % h["drop"][-1]
    what = "residual history" + (", lift and drag" if loads else "")
    return figures.save(fig, run, "history", fmt, "%s\n%s" % (run.label(), last)), what


def _time_accurate(run, h, fmt):
    t = h["time"]
    monitors = [c for c in h if c not in ("step", "time", "dt")]
    totals = [c for c in monitors if c in CONSERVED or c.startswith("momentum")]
    coefficients = [c for c in monitors if c not in totals and c[:1] == "C"]
    others = [c for c in monitors if c not in totals and c not in coefficients]
    count = 1 + bool(totals) + bool(coefficients) + len(others)
    fig, axes = figures.panels(count, columns=2 if count == 4 else None)
    taken = h["dt"] > 0  # row 0 (the initial state) has dt = 0
    axes[0].plot(t[taken], h["dt"][taken], color="k", lw=1)
    figures.finish(axes[0], "time", "dt", "time step", legend=False)
    panel, what = 1, ["time step"]
    if totals:
        ax = axes[panel]
        # Log scale: round-off drift (1e-16) and boundary fluxes (1e-1) on one axis.
        for name in totals:
            change, scale = _drift(h[name])
            ax.semilogy(t, np.maximum(np.abs(change), FLOOR), label="%s (%s)" % (name, scale))
        ax.set_ylim(bottom=FLOOR / 2)
        figures.finish(ax, "time", "|relative change from the first row|\n(0 drawn at %g)" % FLOOR,
                       "drift of the conserved totals")
        panel += 1
        what.append("drift of the conserved totals")
    if coefficients:
        ax = axes[panel]
        for name in coefficients:
            ax.plot(t, h[name], label=name)
        figures.finish(ax, "time", "coefficient", "force coefficients")
        panel += 1
        what.append("/".join(coefficients))
    for name in others:
        axes[panel].plot(t, h[name], color="tab:blue")
        words = name.replace("_", " ")
        figures.finish(axes[panel], "time", words, words, legend=False)
        panel += 1
        what.append(name.replace("_", " "))
    steps = "%d steps to t = %g" % (h["step"][-1], t[-1]) if "step" in h and len(t) else ""
    return figures.save(fig, run, "history", fmt, "%s\n%s" % (run.label(), steps)), ", ".join(what)


def _drift(values):
    """(values - first) / |first|; a total that starts at 0 (momentum at rest) is measured
    against its largest magnitude instead, and the legend says which."""
    first = values[0] if len(values) else 0.0
    largest = np.max(np.abs(values)) if len(values) else 0.0
    if abs(first) > 1e-12 * largest and first != 0:
        return (values - first) / abs(first), "/ |first|"
    if largest > 0:
        return (values - first) / largest, "first 0: / max |value|"
    return values - first, "all 0"
