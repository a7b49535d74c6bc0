"""The figures' common look, and saving one so a reader never finds half a file."""
import os

import matplotlib

matplotlib.use("Agg")  # files only: no display needed, none assumed
import matplotlib.pyplot as plt  # noqa: E402

PANEL = (5.0, 3.9)  # inches per panel


def panels(count, columns=None):
    """A figure of `count` panels (at most 3 a row), and its axes as a flat list."""
    columns = columns or min(count, 3)
    rows = (count + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(PANEL[0] * columns, PANEL[1] * rows + 0.5),
                             squeeze=False)
    flat = list(axes.ravel())
    for extra in flat[count:]:
        extra.set_visible(False)
    return fig, flat[:count]


def finish(ax, xlabel, ylabel, title=None, legend=True):
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)


def save(fig, run, kind, fmt, suptitle):
    """Writes `fig` as RUN_DIR/plots/<kind>.<fmt> (a temporary name, then renamed); its path."""
    fig.suptitle(suptitle, fontsize=10)
    fig.tight_layout()
    folder = os.path.join(run.path, "plots")
    os.makedirs(folder, exist_ok=True)
    name = "%s.%s" % (kind, fmt)
    temporary = os.path.join(folder, ".%s.%d.tmp" % (name, os.getpid()))
    try:
        fig.savefig(temporary, format=fmt, dpi=120)
        os.replace(temporary, os.path.join(folder, name))
    finally:
        plt.close(fig)
        if os.path.exists(temporary):
            os.remove(temporary)
    return run.shown_path("plots", name)
