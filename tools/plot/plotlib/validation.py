"""The incompressible solver's validation outputs: the lid-driven cavity's centrelines against
Ghia, Ghia & Shin (1982), the laminar flat plate's velocity profile against Blasius (1908), and
the turbulent plate's profile in wall units against the law of the wall."""
import numpy as np

from . import figures, references
from .run_files import Skip


def plot_centrelines(run, fmt, notes):
    u_line = run.table("centreline_u.csv", " (written by lid-driven cavity runs)")
    v_line = run.table("centreline_v.csv", " (written by lid-driven cavity runs)")
    try:
        ghia = references.ghia_points(run)
    except references.NoReference as e:
        ghia = None
        notes.append("centrelines: %s not drawn: %s" % (references.GHIA, e))
    fig, axes = figures.panels(2)
    axes[0].plot(u_line["u"], u_line["y"], color="tab:blue", lw=1.2, label="PortaFlow")
    axes[1].plot(v_line["x"], v_line["v"], color="tab:blue", lw=1.2, label="PortaFlow")
    if ghia:
        for name, ax, flip in (("u", axes[0], True), ("v", axes[1], False)):
            at, value, suspect = ghia[name]
            h, v = (value, at) if flip else (at, value)  # u is drawn against y, v against x
            ax.plot(h[~suspect], v[~suspect], "ko", mfc="none", ms=5,
                    label=references.GHIA + ", Table %s" % ("I" if name == "u" else "II"))
            if suspect.any():
                ax.plot(h[suspect], v[suspect], "rx", ms=6, label="entry held to be a misprint")
    figures.finish(axes[0], "u", "y", "u along x = 0.5")
    figures.finish(axes[1], "x", "v", "v along y = 0.5")
    t = run.final_time()
    title = run.label() + ("\nt = %g" % t if t is not None else "")
    what = "centreline velocities" + (" against " + references.GHIA if ghia else "")
    return figures.save(fig, run, "centrelines", fmt, title), what


def profile_table(run, name, writers, columns):
    """The run's table `name` (written by `writers` runs), skipped without one of `columns`."""
    table = run.table(name, " (written by %s runs)" % writers)
    for column in columns:
        if column not in table:
            raise Skip("%s has no column '%s'" % (name, column))
    return table


def plot_blasius_profile(run, fmt, notes):
    b = profile_table(run, "blasius_profile.csv", "flat-plate", ("eta", "u_over_U"))
    fig, axes = figures.panels(1)
    ax = axes[0]
    if "blasius" in b:
        ax.plot(b["blasius"], b["eta"], "k-", marker="+", ms=6, lw=1,
                label="Blasius (1908), at the same eta")
    ax.plot(b["u_over_U"], b["eta"], "o", color="tab:blue", ms=4, mfc="none", label="PortaFlow")
    figures.finish(ax, "u / U", "eta = y sqrt(U / (nu x))",
                   "boundary-layer profile at the wall node nearest x = 0.5")
    fig.set_size_inches(6.0, 5.0)
    t = run.final_time()
    title = run.label() + ("\nt = %g" % t if t is not None else "")
    return figures.save(fig, run, "blasius_profile", fmt, title), "velocity profile against Blasius"


def plot_wall_units_profile(run, fmt, notes):
    w = profile_table(run, "wall_units_profile.csv", "turbulent flat-plate", ("y_plus", "u_plus"))
    fig, axes = figures.panels(1)
    ax = axes[0]
    y_plus = w["y_plus"]
    ax.semilogx(y_plus, w["u_plus"], "o", color="tab:blue", ms=4, mfc="none", label="PortaFlow")
    sublayer = y_plus[y_plus <= 12]
    ax.semilogx(sublayer, sublayer, "k:", lw=1, label="viscous sublayer u+ = y+")
    log_region = y_plus[y_plus >= 10]
    ax.semilogx(log_region,
                np.log(log_region) / references.LOG_LAW_KAPPA + references.LOG_LAW_B, "k--", lw=1,
                label="log law, kappa %.2f, B %.1f" % (references.LOG_LAW_KAPPA,
                                                       references.LOG_LAW_B))
    ax.axvspan(30, 300, color="grey", alpha=0.1)
    figures.finish(ax, "y+", "u+", "velocity in wall units at the wall node nearest x = 0.5 L")
    fig.set_size_inches(6.5, 5.0)
    t = run.final_time()
    title = run.label() + ("\nt = %g" % t if t is not None else "")
    return (figures.save(fig, run, "wall_units_profile", fmt, title),
            "velocity profile in wall units against the log law")
