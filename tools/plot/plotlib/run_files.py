"""A run folder as the plots see it: its resolved deck, its CSV tables and its data sets."""
import csv
import os
import re
import xml.etree.ElementTree as ElementTree


class RunError(Exception):
    """The folder cannot be plotted at all (missing, or no PortaFlow run in it)."""


class Skip(Exception):
    """One plot cannot be made; the message says why, in a phrase."""


# Files that only a PortaFlow run writes: one of them makes a folder a run.
RUN_FILES = ("resolved.yaml", "history.csv", "final.csv", "final.vtr", "final.vtu", "final.vts",
             "final.vtm", "surface_cp.csv", "forces.csv", "surface.csv", "centreline_u.csv")

# Schemes by the kind of output they write (the descriptors' OutputKind).
ONE_OR_TWO_D_GRID = ("cese1d", "cese2d", "muscl", "muscl_hancock", "exact_riemann")
ELEMENT_SCHEMES = ("dg", "cpr", "ndg", "sd")


def read_resolved_deck(path):
    """The scalar keys of a resolved.yaml as {"section.key": "text"}.

    resolved.yaml is yaml-cpp's block style with two-space indents: mappings, scalars and flow
    lists. Only the mapping keys are needed here, so block sequences ("- ...") are passed over
    rather than parsed, which keeps this free of a YAML library Debian's python3 lacks.
    """
    deck, path_at = {}, []  # path_at: (indent, key) of the open mappings
    skip_below = None        # indent of a block sequence being passed over
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            indent = len(line) - len(line.lstrip(" "))
            if skip_below is not None and indent > skip_below:
                continue
            skip_below = None
            if text.startswith("- ") or text == "-":
                skip_below = indent
                continue
            match = re.match(r"""("[^"]*"|'[^']*'|[^:#]+):(\s+(.*))?$""", text)
            if not match:
                continue
            while path_at and path_at[-1][0] >= indent:
                path_at.pop()
            key = match.group(1).strip().strip("\"'")
            value = (match.group(3) or "").strip()
            full = ".".join([k for _, k in path_at] + [key])
            if value:
                deck[full] = unquote(value)
            else:
                path_at.append((indent, key))
    return deck


def unquote(value):
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def number_list(text):
    """A flow list "[65, 65]" (or one number) as floats; [] when it is not numbers."""
    try:
        return [float(v) for v in text.strip("[]").split(",") if v.strip()]
    except ValueError:
        return []


def read_table(path):
    """A CSV with a header row as {column: numpy array}; text columns stay string arrays."""
    import numpy as np  # here, so a folder can be checked before numpy is known to be there

    with open(path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.reader(f) if r]
    if not rows:
        raise Skip("%s is empty" % os.path.basename(path))
    header, body = rows[0], rows[1:]
    for n, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise Skip("%s line %d has %d fields, the header %d"
                       % (os.path.basename(path), n, len(row), len(header)))
    table = {}
    for k, name in enumerate(header):
        cells = [r[k] for r in body]
        try:
            table[name] = np.array([float(c) for c in cells])
        except ValueError:
            table[name] = np.array(cells, dtype=str)
    return table


class Run:
    """One run folder. `shown` is the folder as the user typed it, for the lines printed."""

    def __init__(self, folder):
        self.shown = folder
        self.path = os.path.abspath(folder)
        if not os.path.isdir(self.path):
            raise RunError("%s: no such directory" % folder)
        present = [name for name in RUN_FILES if os.path.isfile(os.path.join(self.path, name))]
        if not present:
            raise RunError("%s holds no PortaFlow run (no resolved.yaml, history.csv, final.* "
                           "or result table)" % folder)
        self.deck = {}
        self.deck_note = None
        if "resolved.yaml" in present:
            try:
                self.deck = read_resolved_deck(self.file("resolved.yaml"))
            except (OSError, UnicodeDecodeError) as e:
                self.deck_note = "resolved.yaml unreadable (%s)" % e
        else:
            self.deck_note = "no resolved.yaml: the run is recognised from its files alone"
        self.scheme = self.deck.get("scheme", "")
        self.problem = self.deck.get("problem.type", "")
        self.name = os.path.basename(self.path.rstrip(os.sep)) or self.path
        self._tables = {}

    def file(self, name):
        """The path of `name` in the folder, or None when it is not there."""
        path = os.path.join(self.path, name)
        return path if os.path.isfile(path) else None

    def shown_path(self, *parts):
        return os.path.join(self.shown, *parts)

    def table(self, name, why=""):
        """The CSV `name` as columns; Skip naming the file (and `why` it would be there) if it
        is absent."""
        if name not in self._tables:
            path = self.file(name)
            if path is None:
                raise Skip("no %s%s" % (name, why))
            self._tables[name] = read_table(path)
        return self._tables[name]

    def number(self, key, default=None):
        try:
            return float(self.deck[key])
        except (KeyError, ValueError):
            return default

    def final_time(self):
        """The time (or cycle) of the run's last history row, else the deck's t_end."""
        try:
            history = self.table("history.csv")
            for column in ("time", "cycle"):
                if column in history and len(history[column]):
                    return float(history[column][-1])
        except Skip:
            pass
        return self.number("time.t_end")

    def family(self):
        """'grid' (cese, finite volumes, exact), 'elements', 'multiblock', 'incompressible',
        or '' when the deck does not say (the files then decide)."""
        if self.scheme in ONE_OR_TWO_D_GRID:
            return "grid"
        if self.scheme in ELEMENT_SCHEMES:
            return "elements"
        if self.scheme == "multiblock":
            return "multiblock"
        if self.scheme == "streamfunction_vorticity":
            return "incompressible"
        return ""

    def dimension(self):
        """1 or 2 for the uniform-grid schemes (mesh.cells is one number in 1D), else None."""
        cells = number_list(self.deck.get("mesh.cells", ""))
        if cells:
            return len(cells)
        if self.file("final.csv"):
            return 1
        return None

    def latest_dataset(self, extension, final_name=None):
        """final<extension> (or `final_name`), or else the newest <extension> frame the series
        (.pvd) lists: (path, note, time); time is the run's final time for the final file."""
        final_name = final_name or "final" + extension
        final = self.file(final_name)
        if final:
            return final, None, self.final_time()
        series = self.file(self.deck.get("output.name", "solution") + ".pvd")
        frames = []
        if series:
            try:
                for d in ElementTree.parse(series).getroot().iter("DataSet"):
                    if d.get("file", "").endswith(extension):
                        frames.append((d.get("file"), float(d.get("timestep", "nan"))))
            except (ElementTree.ParseError, ValueError):
                frames = []
        for name, time in reversed(frames):
            path = os.path.join(self.path, name)
            if os.path.isfile(path):
                return path, "no %s (an unfinished run?): using the latest frame %s" % (
                    final_name, name), time
        return None, None, None

    def middle_y(self, low, high):
        """The middle of the deck's domain in y (mesh.domain), else of [low, high]."""
        domain = number_list(self.deck.get("mesh.domain", ""))
        return 0.5 * (domain[2] + domain[3]) if len(domain) >= 4 else 0.5 * (low + high)

    def label(self):
        """The run in a few words for titles: folder name, scheme, problem and its numbers."""
        words = [w for w in (self.scheme, self.problem) if w]
        facts = []
        for key, fmt in (("problem.reynolds", "Re = %g"), ("problem.mach", "M = %g"),
                         ("problem.alpha", "alpha = %g deg"),
                         ("problem.angle_of_attack", "alpha = %g deg")):
            value = self.number(key)
            if value is not None:
                facts.append(fmt % value)
        if self.deck.get("problem.airfoil"):
            facts.insert(0, self.deck["problem.airfoil"])
        if self.deck.get("mesh.generator"):
            facts.append("%s mesh" % self.deck["mesh.generator"])
        cells = number_list(self.deck.get("mesh.cells", ""))
        if cells:
            facts.append(" x ".join("%d" % c for c in cells) + " cells")
        if self.deck.get("highorder.order"):
            facts.append("P%s" % self.deck["highorder.order"])
        text = self.name
        if words:
            text += ": " + ", ".join(words + facts)
        return text
