"""Profiles along a line: the 1D runs' final.csv, and 2D runs along y = middle of the domain."""
import numpy as np

from . import figures, references, vtk_xml
from .fields import dataset_2d
from .run_files import Skip

NAMES = {"rho": "density", "u": "velocity u", "v": "velocity v", "p": "pressure"}


def _final_1d(run, notes):
    """(x, rho, u, p at cell centres, time): final.csv, or the newest 1D frame of an unfinished
    run."""
    if run.file("final.csv"):
        return run.table("final.csv"), run.final_time()
    path, note, t = run.latest_dataset(".vtr", "final.csv")
    if path is None:
        raise Skip("no final.csv (and no frame to use instead)")
    notes.append(note)
    data = vtk_xml.read(path)
    x = data.axes[0]
    columns = {"x": 0.5 * (x[1:] + x[:-1])}
    columns.update(data.cell_data)
    return columns, t


def plot_profiles(run, fmt, notes):
    final, t = _final_1d(run, notes)
    for name in ("x", "rho", "u", "p"):
        if name not in final:
            raise Skip("final.csv has no column '%s'" % name)
    exact = None
    if run.problem == "riemann":
        try:
            # Finer than the run (4000 cells or more), so the reference is drawn as a curve.
            cells = min(max(4 * len(final["x"]), 4000), 40000)
            exact = references.exact_riemann(run, t, cells)
        except references.NoReference as e:
            notes.append("profiles: exact solution not drawn: %s" % e)
    fig, axes = figures.panels(3)
    many = len(final["x"]) > 400
    for ax, name in zip(axes, ("rho", "u", "p")):
        if exact is not None:
            ax.plot(exact["x"], exact[name], "k-", lw=1.2, label=references.EXACT)
        style = dict(lw=1.2) if many else dict(ls="none", marker="o", ms=3, mfc="none")
        ax.plot(final["x"], final[name], color="tab:red", label="%s, %d cells" % (
            run.scheme or "run", len(final["x"])), **style)
        figures.finish(ax, "x", name, NAMES[name])
    when = "t = %g" % t if t is not None else ""
    what = "density, velocity, pressure" + (" over the exact solution" if exact is not None else "")
    return figures.save(fig, run, "profiles", fmt, "%s\n%s" % (run.label(), when)), what


def grid_line(run, data):
    """The row of cells nearest y = middle of a rectilinear grid: (x centres, y, {field: row})."""
    x, y, _ = vtk_xml.cell_grid(data, "rho")
    centres = 0.5 * (y[1:] + y[:-1]) if len(y) > 1 else y
    middle = run.middle_y(y[0], y[-1])
    j = int(np.argmin(np.abs(centres - middle)))  # the lower row on a tie
    row = {}
    for name in NAMES:
        if name in data.cell_data:
            row[name] = vtk_xml.cell_grid(data, name)[2][j]
    return 0.5 * (x[1:] + x[:-1]), centres[j], middle, row


def element_line(run, data):
    """The row of elements whose centres lie nearest y = middle: element averages along x."""
    corners = vtk_xml.element_corners(data)
    centre = corners.mean(axis=1)
    middle = run.middle_y(corners[:, :, 1].min(), corners[:, :, 1].max())
    distance = np.abs(centre[:, 1] - middle)
    size = np.ptp(corners[:, :, 1], axis=1).min()
    chosen = distance <= distance.min() + 1e-6 * size
    if np.any(centre[chosen, 1] < middle) and np.any(centre[chosen, 1] > middle):
        chosen &= centre[:, 1] < middle  # a tie between two rows: the lower one
    order = np.argsort(centre[chosen, 0])
    row = {}
    for name in NAMES:
        average = data.cell_data.get(name + "_average")
        if average is not None:
            row[name] = average[chosen][order]
    return centre[chosen, 0][order], float(np.mean(centre[chosen, 1])), middle, row


def plot_line_out(run, fmt, notes):
    data, source, t = dataset_2d(run, notes)
    if data.kind == "RectilinearGrid":
        x, at, middle, row = grid_line(run, data)
        kind = "cells"
    else:
        x, at, middle, row = element_line(run, data)
        kind = "element averages"
    if "rho" not in row:
        raise Skip("%s has no density array" % source)
    names = [n for n in NAMES if n in row]
    fig, axes = figures.panels(len(names), columns=2 if len(names) == 4 else None)
    for ax, name in zip(axes, names):
        style = dict(lw=1.2) if len(x) > 400 else dict(marker="o", ms=2.5, mfc="none", lw=0.8)
        ax.plot(x, row[name], color="tab:red", label="%s at y = %.4g" % (kind, at), **style)
        figures.finish(ax, "x", name, NAMES[name])
    title = "%s\nline-out along y = %.4g (middle of the domain)%s" % (
        run.label(), middle, ", t = %g" % t if t is not None else "")
    return figures.save(fig, run, "line_out", fmt, title), "%s along y = %.4g" % (
        "/".join(names), middle)
