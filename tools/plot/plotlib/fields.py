"""Density maps of 2D runs: cells of a rectilinear grid (.vtr), or element averages of the
high-order element methods (.vtu, VTK Lagrange quadrilaterals)."""
import os

from matplotlib.collections import PolyCollection

from . import figures, vtk_xml
from .run_files import Skip


def dataset_2d(run, notes):
    """The run's last 2D state, read: (DataSet, file name, time). final.vtr or final.vtu as the
    scheme writes, else the newest frame of an unfinished run (with a note)."""
    extensions = (".vtu",) if run.family() == "elements" else (".vtr",) if run.family() == "grid" \
        else (".vtr", ".vtu")
    for extension in extensions:
        path, note, time = run.latest_dataset(extension)
        if path:
            if note:
                notes.append(note)
            data = vtk_xml.read(path)
            if data.kind == "RectilinearGrid" and (len(data.axes) < 2 or len(data.axes[1]) < 2):
                raise Skip("%s is 1D" % os.path.basename(path))
            return data, os.path.basename(path), time
    raise Skip("no final%s (nor a frame of the series)" % extensions[0])


def plot_density_map(run, fmt, notes):
    from .lineouts import element_line, grid_line  # the line-out's row, marked on the map

    data, source, t = dataset_2d(run, notes)
    fig, axes = figures.panels(1)
    ax = axes[0]
    if data.kind == "RectilinearGrid":
        x, y, rho = vtk_xml.cell_grid(data, "rho")
        # Rasterized: a PDF of a million cells stays small; axes and text stay vector.
        mesh = ax.pcolormesh(x, y, rho, shading="flat", cmap="viridis", rasterized=True)
        what, at = "density map", grid_line(run, data)[1]
        ax.set_xlim(x[0], x[-1])
        ax.set_ylim(y[0], y[-1])
    else:
        if "rho_average" not in data.cell_data:
            raise Skip("%s has no cell array rho_average" % source)
        corners = vtk_xml.element_corners(data)
        mesh = PolyCollection(corners, array=data.cell_data["rho_average"], cmap="viridis",
                              edgecolors="face", linewidths=0.2, rasterized=True)
        ax.add_collection(mesh)
        ax.set_xlim(corners[:, :, 0].min(), corners[:, :, 0].max())
        ax.set_ylim(corners[:, :, 1].min(), corners[:, :, 1].max())
        what, at = "element-average density map", element_line(run, data)[1]
    ax.axhline(at, color="w", ls="--", lw=0.8, label="line-out, y = %.4g" % at)
    ax.set_aspect("equal")
    fig.colorbar(mesh, ax=ax, label="density" if data.kind == "RectilinearGrid"
                 else "element-average density")
    figures.finish(ax, "x", "y")
    ax.grid(False)
    title = "%s\n%s%s (%s)" % (run.label(), what, ", t = %g" % t if t is not None else "", source)
    fig.set_size_inches(7.0, 6.0)
    return figures.save(fig, run, "density_map", fmt, title), what
