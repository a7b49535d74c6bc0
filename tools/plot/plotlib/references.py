"""Solutions drawn beside a run: exact ones computed by PortaFlow's own verified exact solver, and
published ones that the run's result files already carry (so no table is copied here)."""
import os
import re
import shutil
import subprocess
import tempfile

from .run_files import Skip, read_table

# Blasius (1908): the flat-plate skin friction Cf sqrt(Re_x) = 2 f''(0) = 0.664, the constant the
# solver's own check measures against (src/schemes/incompressible/problems/validation.cpp).
BLASIUS_CF_SQRT_RE_X = 0.664

# The turbulent plate's yardsticks, as the solver's check writes them beside Cf and u+
# (src/schemes/incompressible/problems/turbulent_plate.cpp): the log law's constants.
LOG_LAW_KAPPA = 0.41
LOG_LAW_B = 5.0
SCHLICHTING = "Schlichting (1979): (2 log10 Re_x - 0.65)^-2.3"
WHITE = "White (2006): 0.455 / ln^2(0.06 Re_x)"
COLES_FERNHOLZ = "Coles-Fernholz at the computed Re_theta (Nagib et al. 2007)"

GHIA = "Ghia, Ghia & Shin (1982)"
EXACT = "exact (Toro 2009, ch. 4)"


class NoReference(Exception):
    """The reference cannot be drawn; the message says why, in a phrase."""


def portaflow_executable():
    """PORTAFLOW_EXE (set by `portaflow plot`), else `portaflow` on PATH."""
    exe = os.environ.get("PORTAFLOW_EXE")
    if exe:
        if os.path.isfile(exe) and os.access(exe, os.X_OK):
            return exe
        raise NoReference("PORTAFLOW_EXE=%s is not an executable file" % exe)
    found = shutil.which("portaflow")
    if found:
        return found
    raise NoReference("no portaflow to compute it (set PORTAFLOW_EXE, or put portaflow on PATH)")


def exact_riemann(run, t, cells):
    """The exact solution of the run's 1D Riemann problem at time t, as final.csv columns.

    It is what `portaflow run RUN_DIR/resolved.yaml --set scheme=exact_riemann` computes, with two
    adjustments: keys exact_riemann does not accept (the scheme's own sections, boundaries,
    execution) are taken out of a copy of the deck, one by one as `portaflow check` names them,
    and the mesh is refined to `cells` so the reference is drawn as a curve.
    """
    if run.scheme == "exact_riemann":
        raise NoReference("the run is the exact solution itself")
    geometry = run.deck.get("fv.geometry", "planar")
    if geometry != "planar":
        raise NoReference("the run is %s, the exact solution planar" % geometry)
    deck_file = run.file("resolved.yaml")
    if deck_file is None:
        raise NoReference("no resolved.yaml to give the exact solver the problem")
    if not t:
        raise NoReference("the run's final time is unknown or 0")
    exe = portaflow_executable()
    with tempfile.TemporaryDirectory(prefix="portaflow-plot-") as work:
        deck = os.path.join(work, "exact.yaml")
        shutil.copyfile(deck_file, deck)
        out = os.path.join(work, "exact")
        settings = []
        for s in ("scheme=exact_riemann", "output.dir=" + out, "output.vtk=false",
                  "mesh.cells=%d" % cells, "time.t_end=%r" % t):
            settings += ["--set", s]
        _strip_unknown_keys(exe, deck, settings)
        done = _portaflow(exe, ["run", deck] + settings + ["--overwrite"])
        if done.returncode != 0:
            raise NoReference("the exact solver failed: " + _error_line(done))
        try:
            return read_table(os.path.join(out, "final.csv"))
        except (OSError, Skip) as e:
            raise NoReference("the exact solver wrote no readable final.csv (%s)" % e)


def _portaflow(exe, arguments):
    try:
        return subprocess.run([exe] + arguments, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NoReference("running %s failed: %s" % (exe, e))


def _error_line(done):
    lines = (done.stderr + done.stdout).splitlines()
    errors = [l for l in lines if "error" in l] or lines or ["exit %d" % done.returncode]
    return errors[0].replace("portaflow: ", "", 1).strip()


def _strip_unknown_keys(exe, deck, settings):
    """Removes from `deck` each key that `portaflow check` calls unknown, until it passes."""
    unknown = re.compile(r"(.+?):(\d+):(\d+): error: unknown key '([^']*)'")
    for _ in range(50):  # a deck has far fewer sections than this
        done = _portaflow(exe, ["check", deck] + settings)
        if done.returncode == 0:
            return
        match = next((m for m in map(unknown.search, done.stderr.splitlines())
                      if m and m.group(1).endswith(deck)), None)
        if match is None:
            raise NoReference("portaflow check refused the exact solver's deck: "
                              + _error_line(done))
        _remove_key(deck, int(match.group(2)), int(match.group(3)))
    raise NoReference("portaflow check kept refusing keys of the exact solver's deck")


def _remove_key(path, line, column):
    """Deletes the key at line:column (1-based) of a block-style YAML file, with its children."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    first, indent = line - 1, column - 1

    def inside(text):
        depth = len(text) - len(text.lstrip(" "))
        return (not text.strip() or depth > indent
                or (depth == indent and text.lstrip().startswith("-")))

    end = first + 1
    while end < len(lines) and inside(lines[end]):
        end += 1
    del lines[first:end]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def ghia_points(run):
    """Ghia, Ghia & Shin (1982) Tables I-II as the cavity run carries them in ghia_comparison.csv:
    {"u": (y, u, suspect), "v": (x, v, suspect)}, or NoReference."""
    try:
        table = run.table("ghia_comparison.csv")
    except Skip:
        raise NoReference("no ghia_comparison.csv (the solver writes it for Re = 100, 400, 1000 "
                          "on an even number of cells, unit lid speed and width)")
    for column in ("line", "coordinate", "ghia"):
        if column not in table:
            raise NoReference("ghia_comparison.csv has no column '%s'" % column)
    suspect = table.get("suspect", 0 * table["line"]) != 0
    points = {}
    for line, name in ((0, "u"), (1, "v")):
        on = table["line"] == line
        points[name] = (table["coordinate"][on], table["ghia"][on], suspect[on])
    return points
