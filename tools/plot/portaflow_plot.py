#!/usr/bin/python3
"""Plots a PortaFlow run from the files in its output folder.

    portaflow plot RUN_DIR [--only KIND ...] [--format png|pdf]
    python3 tools/plot/portaflow_plot.py RUN_DIR [--only KIND ...] [--format png|pdf]

Writes RUN_DIR/plots/<KIND>.png (or .pdf) for each plot the run's files allow and prints one
line per file written; a plot whose file is missing is skipped with a note. The exact solution
of a 1D Riemann problem is computed by running PortaFlow's exact_riemann scheme: the portaflow
binary named by PORTAFLOW_EXE (which `portaflow plot` sets), else the one on PATH.

Exit status: 0 plots written (or skipped with a note), 1 a plot failed unexpectedly, 2 bad
command line, RUN_DIR missing or holding no PortaFlow run, or matplotlib missing.
Needs Python 3 with numpy and matplotlib (Debian: apt install python3-matplotlib).
"""
import argparse
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from plotlib.kinds import KINDS, NAMES  # noqa: E402
from plotlib.run_files import Run, RunError, Skip  # noqa: E402

PROG = "portaflow plot"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog=PROG, description=__doc__.split("\n\n")[0],
        epilog="KIND (each written as plots/KIND.png):\n"
        + "".join("  %-16s %s\n" % (k.name, k.summary) for k in KINDS)
        + "\n" + __doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run_dir", metavar="RUN_DIR", help="a run's output folder (its output.dir)")
    parser.add_argument("--only", metavar="KIND", nargs="+", action="extend", choices=NAMES,
                        help="draw only these plots (repeatable)")
    parser.add_argument("--format", choices=("png", "pdf"), default="png",
                        help="file format of the plots (default png)")
    return parser.parse_args(argv)


def fail(message, status=2):
    print("%s: %s" % (PROG, message), file=sys.stderr)
    return status


def main(argv=None):
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        run = Run(args.run_dir)
    except RunError as e:
        return fail(str(e))
    try:
        for module in ("numpy", "matplotlib"):  # Debian's python3-matplotlib brings numpy
            importlib.import_module(module)
    except ImportError as e:
        return fail("needs numpy and matplotlib (%s): apt install python3-matplotlib" % e)
    from plotlib import catalogue  # after the check: the plot modules need matplotlib at load
    if run.deck_note:
        print("note: " + run.deck_note)
    kinds = catalogue.chosen(run, args.only)
    if not kinds:
        print("note: nothing to plot in %s (scheme %s)" % (args.run_dir, run.scheme or "unknown"))
    status, said = 0, set()
    for name, draw in kinds:
        notes = []
        try:
            path, what = draw(run, args.format, notes)
            print("wrote %s: %s" % (path, what))
        except Skip as e:
            print("skipped %s: %s" % (name, e))
        except OSError as e:
            status = 1
            print("%s: %s failed: %s" % (PROG, name, e), file=sys.stderr)
        except Exception as e:  # a bug or a file we misread: say which plot, keep going
            status = 1
            print("%s: %s failed: %s: %s" % (PROG, name, type(e).__name__, e), file=sys.stderr)
        for note in notes:
            if note not in said:  # two plots of one file would say the same
                print("note: " + note)
                said.add(note)
    return status


if __name__ == "__main__":
    sys.exit(main())
