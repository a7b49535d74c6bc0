"""Surface pressure and friction: the multiblock solver's surface_cp.csv and forces.csv, and the
incompressible solver's surface.csv (airfoil or flat plate)."""
import numpy as np

from . import figures, references
from .run_files import Skip


def _patches(table):
    """Row ranges of surface_cp.csv, one per wall patch, in file order.

    The file names a patch's block but not the patch, so a new patch is where the block changes
    or the along-patch index starts again (2D: node; 3D: span_node, the slower index)."""
    blocks = table["block"]
    order = table["span_node"] if "span_node" in table else table["node"]
    starts = [0] + [k for k in range(1, len(blocks))
                    if blocks[k] != blocks[k - 1] or order[k] < order[k - 1]]
    return [(str(blocks[a]), a, b) for a, b in zip(starts, starts[1:] + [len(blocks)])]


def plot_surface_cp(run, fmt, notes):
    table = run.table("surface_cp.csv")
    for column in ("block", "node", "x", "cp"):
        if column not in table:
            raise Skip("surface_cp.csv has no column '%s'" % column)
    if len(table["x"]) == 0:
        raise Skip("surface_cp.csv has no rows: the mesh has no wall patch")
    three_d = "span_node" in table
    fig, axes = figures.panels(1)
    ax = axes[0]
    patches = _patches(table)
    for n, (block, a, b) in enumerate(patches):
        rows = np.arange(a, b)
        where = ""
        if three_d:
            spans = np.unique(table["span_node"][rows])
            middle = spans[len(spans) // 2]
            rows = rows[table["span_node"][rows] == middle]
            z = table["z"][rows][0] if "z" in table else float("nan")
            where = ", span node %d (z = %.3g) of %d" % (middle, z, len(spans))
        alone = sum(p[0] == block for p in patches) == 1
        name = block if alone else "%s, patch %d" % (block, n + 1)
        ax.plot(table["x"][rows], -table["cp"][rows], marker=".", ms=3, lw=1, label=name + where)
    figures.finish(ax, "x", "-cp", "surface pressure" + (" at mid-span" if three_d else ""))
    title = run.label()
    try:
        f = run.table("forces.csv")
        title += "\nlift %.6g, drag %.4g; %d cycles, %s (drop %.2e)" % (
            f["lift"][0], f["drag"][0], f["cycles"][0],
            "converged" if f["converged"][0] else "not converged", f["residual_drop"][0])
    except Skip as e:
        notes.append("surface_cp: no forces in the title: %s" % e)
    except (KeyError, IndexError):
        notes.append("surface_cp: forces.csv lacks cycles/converged/residual_drop/lift/drag")
    fig.set_size_inches(8.0, 5.0)
    what = "-cp along the wall%s" % (" at mid-span" if three_d else "")
    return figures.save(fig, run, "surface_cp", fmt, title), what


def _sides(x, y):
    """An airfoil's wall (trailing edge, one side, leading edge, other side) split at its
    smallest x, each part named by the sign of its y."""
    lead = int(np.argmin(x))
    parts = [np.arange(0, lead + 1), np.arange(lead, len(x))]
    return [("upper surface" if np.mean(y[p]) > 0 else "lower surface", p) for p in parts]


def plot_surface(run, fmt, notes):
    s = run.table("surface.csv")
    if "x_over_c" in s:
        return _airfoil(run, s, fmt)
    if "x" in s:
        return _plate(run, s, fmt)
    raise Skip("surface.csv has neither x_over_c nor x")


def _airfoil(run, s, fmt):
    x, y = s["x_over_c"], s.get("y_over_c", 0 * s["x_over_c"])
    fig, axes = figures.panels(2)
    for n, (side, rows) in enumerate(_sides(x, y)):
        line, = axes[0].plot(x[rows], -s["Cp"][rows], lw=1.2, label=side)
        # The solver reports eq. 8's wall integral beside Cp as a check, so it is drawn faint.
        if "Cp_along_wall" in s:
            axes[0].plot(x[rows], -s["Cp_along_wall"][rows], ls="--", lw=0.8, alpha=0.6,
                         color=line.get_color(),
                         label="wall integral (Gohari et al. 2012, eq. 8)" if n == 0 else None)
        axes[1].plot(x[rows], s["Cf"][rows], lw=1.2, label=side)
    figures.finish(axes[0], "x / c", "-Cp", "surface pressure")
    axes[1].axhline(0, color="k", lw=0.5)
    figures.finish(axes[1], "x / c", "Cf", "skin friction")
    return figures.save(fig, run, "surface", fmt, _title(run)), "surface Cp and Cf"


def _plate(run, s, fmt):
    if "Cf_schlichting" in s:
        return _turbulent_plate(run, s, fmt)
    x = s["x"]
    reynolds = run.number("problem.reynolds")
    fig, axes = figures.panels(3 if "Cf_sqrt_Re_x" in s else 2)
    axes[0].plot(x, s["Cp"], color="tab:blue", lw=1.2, label="PortaFlow")
    figures.finish(axes[0], "x / L", "Cp", "surface pressure")
    axes[1].plot(x, s["Cf"], color="tab:blue", lw=1.2, label="PortaFlow")
    on_plate = x > 0
    if reynolds:
        axes[1].plot(x[on_plate], references.BLASIUS_CF_SQRT_RE_X / np.sqrt(reynolds * x[on_plate]),
                     "k--", lw=1, label="Blasius (1908): 0.664 / sqrt(Re_x)")
    axes[1].set_ylim(0, 3 * np.nanmax(s["Cf"][x >= 0.1]) if np.any(x >= 0.1) else None)
    figures.finish(axes[1], "x / L", "Cf", "skin friction")
    if "Cf_sqrt_Re_x" in s:
        axes[2].plot(x[on_plate], s["Cf_sqrt_Re_x"][on_plate], color="tab:blue", lw=1.2,
                     label="PortaFlow")
        axes[2].axhline(references.BLASIUS_CF_SQRT_RE_X, color="k", ls="--", lw=1,
                        label="Blasius (1908): 0.664")
        figures.finish(axes[2], "x / L", "Cf sqrt(Re_x)", "scaled skin friction")
    return figures.save(fig, run, "surface", fmt, _title(run)), "surface Cp and Cf against Blasius"


def _title(run):
    t = run.final_time()
    return "%s\nt = %g" % (run.label(), t) if t is not None else run.label()


def _turbulent_plate(run, s, fmt):
    """Cf against Re_x beside the two turbulent skin-friction laws the solver writes with it."""
    on_plate = s["Re_x"] >= 1e4
    re_x = s["Re_x"][on_plate]
    fig, axes = figures.panels(2)
    axes[0].plot(s["x"], s["Cp"], color="tab:blue", lw=1.2, label="PortaFlow")
    figures.finish(axes[0], "x / L", "Cp", "surface pressure")
    ax = axes[1]
    ax.semilogx(re_x, s["Cf"][on_plate], color="tab:blue", lw=1.4, label="PortaFlow")
    ax.semilogx(re_x, s["Cf_schlichting"][on_plate], "k--", lw=1, label=references.SCHLICHTING)
    ax.semilogx(re_x, s["Cf_white"][on_plate], "k:", lw=1, label=references.WHITE)
    if "Cf_coles_fernholz" in s:
        ax.semilogx(re_x, s["Cf_coles_fernholz"][on_plate], "-.", color="tab:green", lw=1,
                    label=references.COLES_FERNHOLZ)
    reynolds = run.number("problem.reynolds")
    if reynolds:
        ax.axvspan(0.1 * reynolds, reynolds, color="grey", alpha=0.1)
    ax.set_ylim(0, 2 * np.nanmax(s["Cf_schlichting"][on_plate]))
    figures.finish(ax, "Re_x", "Cf", "skin friction against the turbulent laws")
    return (figures.save(fig, run, "surface", fmt, _title(run)),
            "surface Cp, and Cf against the turbulent skin-friction laws")
