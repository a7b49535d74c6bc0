"""The plots `portaflow plot` can draw: name (the file's stem), the files that suggest it, and
what it shows. Free of matplotlib, so the command line and its help work without it."""
from collections import namedtuple

Kind = namedtuple("Kind", "name files summary")

KINDS = (
    Kind("history", ("history.csv",),
         "time step and conserved-total drift; or residuals, drop and lift/drag (multiblock); "
         "or the incompressible monitors"),
    Kind("profiles", ("final.csv",),
         "1D runs: density, velocity, pressure (a Riemann problem over the exact solution)"),
    Kind("density_map", ("final.vtr", "final.vtu"),
         "2D grid runs: density map; dg/cpr/ndg/sd: element-average density map"),
    Kind("line_out", ("final.vtr", "final.vtu"),
         "2D runs: the fields along y = middle of the domain"),
    Kind("surface_cp", ("surface_cp.csv",),
         "multiblock: -cp along each wall patch (3D: mid-span), forces.csv in the title"),
    Kind("surface", ("surface.csv",),
         "incompressible airfoil or flat plate: surface Cp and Cf"),
    Kind("centrelines", ("centreline_u.csv", "centreline_v.csv"),
         "incompressible cavity: centreline velocities against Ghia, Ghia & Shin (1982)"),
    Kind("blasius_profile", ("blasius_profile.csv",),
         "incompressible flat plate: the velocity profile against Blasius (1908)"),
    Kind("wall_units_profile", ("wall_units_profile.csv",),
         "turbulent flat plate: u+ against y+ beside the log law and the viscous sublayer"),
)

NAMES = tuple(k.name for k in KINDS)
