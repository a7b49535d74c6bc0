"""Which plots a run gets: by what its deck says it is, and by the files it holds.

A plot the run's scheme should have but whose file is missing is reported as skipped; a plot
of another family is left out silently (unless asked for with --only).
"""
from . import fields, history, lineouts, surface, validation
from .kinds import KINDS

DRAW = {
    "history": history.plot,
    "profiles": lineouts.plot_profiles,
    "density_map": fields.plot_density_map,
    "line_out": lineouts.plot_line_out,
    "surface_cp": surface.plot_surface_cp,
    "surface": surface.plot_surface,
    "centrelines": validation.plot_centrelines,
    "blasius_profile": validation.plot_blasius_profile,
    "wall_units_profile": validation.plot_wall_units_profile,
}


def expected(run):
    """The plots the run's scheme and problem give, whether or not their files are there."""
    family = run.family()
    names = {"history"} if family else set()
    if family == "grid":
        names |= {"profiles"} if run.dimension() == 1 else {"density_map", "line_out"}
    elif family == "elements":
        names |= {"density_map", "line_out"}
    elif family == "multiblock":
        names.add("surface_cp")
    elif family == "incompressible":
        turbulent = run.deck.get("incompressible.turbulence", "laminar") != "laminar"
        plate_profile = "wall_units_profile" if turbulent else "blasius_profile"
        names |= {"lid_driven_cavity": {"centrelines"},
                  "flat_plate": {"surface", plate_profile},
                  "airfoil": {"surface"}}.get(run.problem, set())
    return names


def chosen(run, only):
    """(name, draw) of the plots to draw, in catalogue order: `only` if given, else the
    expected ones and those whose files are present."""
    wanted = expected(run)
    return [(k.name, DRAW[k.name]) for k in KINDS
            if (k.name in only if only else k.name in wanted or any(run.file(f) for f in k.files))]
