#!/usr/bin/env python3
"""Writes each shipped deck's "# Run time:" comment line from the deck_times study's results
(perf/cases/deck_times/: every deck under inputs/ run as shipped, capped, on the build machine's
OpenMP build and on the GPU node's CUDA build), e.g.

    # Run time: about 40 s on 2 cores, 3 s on the GPU node (H200) (measured 2026-11-27)
    # Run time: about 75 min on 2 cores (projected from 120 s), 50 s on the GPU node (H200) (measured 2026-11-27)

    python3 perf/deck_headers.py [--results perf/results/deck_times] [RESULT.json ...]
                                 [--decks inputs] [--only PATTERN] [--write]

Without --write it only prints the diff it would make (a dry run). Results: every case result
(perf/run_cases.py JSON) of the study deck_times in --results (the committed ones), or the
files named. Per machine (the CPU: OpenMP builds; the GPU node: CUDA builds) and per deck the
newest result holding that deck counts, so results of separate calls (one case file per folder of
decks) combine. A deck that finished gets its wall time (start to exit, outputs included); one
stopped at the cap gets the projection of its full run (perf/run_cases.py, record kind
"progress": wall time scaled by t_end / t, or for a steady run by the cycles to go that the
residual's trend gives, else by time.max_cycles), marked "projected from <cap> s". A failed run
or a deck without a result leaves its line as it is; both are listed.

The line replaces an existing "# Run time:" line of the deck's leading comment, or is added as
the comment's last line (the deck's first line if it has no leading comment). Nothing else in a
deck changes. Python 3 standard library only.
"""
import argparse
import difflib
import fnmatch
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STUDY = "deck_times"
PREFIX = "# Run time:"
# Other places a deck's comments give a run time ("About 6 minutes on 2 cores."): listed, not
# changed (the comment is the deck author's).
OTHER_TIME = re.compile(r"(?i)\b(about|takes?|in)\s+[\d.]+\s*(s|sec|seconds?|min|minutes?|h|hours?)\b"
                        r".*\b(cores?|GPU|H100|H200|node)\b")


# --------------------------------------------------------------------------------------------
# Figures of one run


def duration(seconds):
    """'under 1 s', '7 s', '40 s', '3 min', '2.5 h', '3 days'."""
    if seconds < 1:
        return "under 1 s"
    if seconds < 100:
        return f"{max(1, round(seconds))} s"
    minutes = seconds / 60
    if minutes < 90:
        return f"{round(minutes)} min"
    hours = minutes / 60
    if hours < 10:
        return f"{hours:.1f} h"
    if hours < 48:
        return f"{round(hours)} h"
    return f"{round(hours / 24)} days"


def is_gpu_record(record):
    builds = record.get("builds") or {}
    return any((b or {}).get("backend") == "cuda" for b in builds.values())


def machine_of(record):
    return "gpu" if is_gpu_record(record) else "cpu"


def gpu_name(record):
    name = ((record.get("device") or {}).get("gpu") or "").replace("NVIDIA", "").strip()
    m = re.search(r"\b([A-Za-z]{1,2}\d{2,4}[A-Za-z]?)\b", name)
    return m.group(1).upper() if m else (name or "GPU")


def deck_of(run):
    """The deck a deck_times run ran: its command's argument after 'run'."""
    command = run.get("command") or []
    if "run" in command:
        k = command.index("run")
        if k + 1 < len(command):
            return os.path.normpath(command[k + 1])
    variant = run.get("variant") or ""
    return variant if variant.endswith(".yaml") else None


def entry_of(run, record):
    """What one run says about its deck's run time: {seconds, projected, cap, status, ...}, or
    None for a run that neither finished nor was stopped at the cap with a projection."""
    figures = run.get("figures") or {}
    status = run.get("status")
    wall = run.get("wall_seconds")
    entry = {"deck": deck_of(run), "status": status, "wall_seconds": wall,
             "threads": run.get("threads"), "date": (record.get("date") or "")[:10],
             "machine": machine_of(record), "gpu": gpu_name(record) if is_gpu_record(record) else None,
             "steps": figures.get("steps"), "cycles": figures.get("cycles"), "t": figures.get("t"),
             "t_end": figures.get("t_end"), "max_cycles": figures.get("max_cycles"),
             "converged": figures.get("converged"), "case": record.get("case")}
    if status == "ok" and figures.get("finished", True) and isinstance(wall, (int, float)):
        entry.update(seconds=wall, projected=False)
        return entry
    projected = figures.get("projected_seconds")
    if status == "capped" and isinstance(projected, (int, float)):
        entry.update(seconds=projected, projected=True,
                     cap=run.get("cap_seconds") or wall, projection=figures.get("projection"),
                     fraction_done=figures.get("fraction_done"))
        return entry
    entry["problem"] = run.get("error") or f"status {status}, no projection"
    return entry


# --------------------------------------------------------------------------------------------
# Results


def load_records(paths):
    records = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as error:
            print(f"deck_headers: {path}: {error}", file=sys.stderr)
            continue
        if isinstance(doc, dict) and str(doc.get("schema", "")).startswith("portaflow-case/") \
                and doc.get("study") == STUDY:
            doc["_path"] = path
            records.append(doc)
    return records


def latest_entries(records):
    """{machine: {deck: entry}}: per machine and deck, the newest record's run of that deck
    (a run that failed counts too, so that a deck that now fails is not given an old time)."""
    table = {}
    for record in sorted(records, key=lambda r: r.get("date") or ""):
        for run in record.get("runs", []):
            if run.get("status") == "skipped":
                continue
            entry = entry_of(run, record)
            if entry["deck"]:
                table.setdefault(entry["machine"], {})[entry["deck"]] = entry
    return table


def part(entry, first):
    if "seconds" not in entry:
        return None
    text = duration(entry["seconds"])
    if first and not text.startswith("under"):
        text = "about " + text
    if entry["machine"] == "gpu":
        text += f" on the GPU node ({entry['gpu']})"
    else:
        threads = entry.get("threads")
        text += f" on {threads} core{'s' if threads != 1 else ''}" if threads else " on the CPU"
    if entry.get("projected"):
        text += f" (projected from {round(entry['cap'])} s)"
    return text


def header_line(entries):
    """'# Run time: ...' from the CPU and GPU entries of one deck (either may be None)."""
    parts, dates = [], []
    for entry in entries:
        if entry and "seconds" in entry:
            parts.append(part(entry, not parts))
            if entry["date"] and entry["date"] not in dates:
                dates.append(entry["date"])
    if not parts:
        return None
    return f"{PREFIX} {', '.join(parts)} (measured {' and '.join(sorted(dates))})"


# --------------------------------------------------------------------------------------------
# Decks


def with_header(text, line):
    """TEXT with its '# Run time:' line replaced by LINE, or LINE added at the end of the leading
    comment block."""
    lines = text.splitlines(keepends=True)
    end = 0
    while end < len(lines) and lines[end].startswith("#"):
        end += 1
    for k in range(end):
        if lines[k].startswith(PREFIX):
            lines[k] = line + "\n"
            return "".join(lines)
    lines.insert(end, line + "\n")
    return "".join(lines)


def existing_line(text):
    """The deck's '# Run time:' line of its leading comment, or None."""
    for line in text.splitlines():
        if not line.startswith("#"):
            return None
        if line.startswith(PREFIX):
            return line
    return None


def other_time_mentions(text):
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#") and not line.startswith(PREFIX) and OTHER_TIME.search(line):
            out.append(f"line {number}: {line.strip()}")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="*", help="deck_times case results (default: --results)")
    parser.add_argument("--results", dest="folder", default=os.path.join(HERE, "results", STUDY),
                        help="folder of the study's results (default perf/results/deck_times)")
    parser.add_argument("--decks", default=os.path.join(ROOT, "inputs"), help="the decks' folder")
    parser.add_argument("--only", help="only decks whose path (inputs/...) matches this shell pattern")
    parser.add_argument("--write", action="store_true", help="change the decks (default: print the diff)")
    args = parser.parse_args()

    paths = args.results or sorted(glob.glob(os.path.join(args.folder, "*.json")))
    records = load_records(paths)
    if not records:
        print(f"deck_headers: no {STUDY} results in {args.results or args.folder}", file=sys.stderr)
        return 2
    table = latest_entries(records)
    for machine, entries in sorted(table.items()):
        dates = sorted({e["date"] for e in entries.values()})
        print(f"{machine}: {len(entries)} decks measured ({', '.join(dates)})")

    decks = sorted(glob.glob(os.path.join(args.decks, "**", "*.yaml"), recursive=True))
    changed, missing, problems, notes, kept = 0, [], [], [], []
    for path in decks:
        deck = os.path.relpath(path, ROOT)
        if args.only and not fnmatch.fnmatch(deck, args.only):
            continue
        entries = [table.get("cpu", {}).get(deck), table.get("gpu", {}).get(deck)]
        for e in entries:
            if e and "problem" in e:
                problems.append(f"{deck} ({e['machine']}, {e['date']}): {e['problem']}")
        if not any(entries):
            missing.append(deck)
            continue
        line = header_line(entries)
        if line is None:
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        # A machine the deck's line names but whose result is missing: the line stays rather
        # than lose that machine's figure.
        old = existing_line(text)
        lost = [name for name, entry, word in (("the CPU", entries[0], " core"),
                                               ("the GPU node", entries[1], "GPU node"))
                if old and word in old and not (entry and "seconds" in entry)]
        if lost:
            kept.append(f"{deck}: no new time on {' or '.join(lost)}; its line stays: {old}")
            continue
        new = with_header(text, line)
        for mention in other_time_mentions(new):
            notes.append(f"{deck}: {mention}")
        if new == text:
            continue
        changed += 1
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(keepends=True),
                                                   new.splitlines(keepends=True),
                                                   f"a/{deck}", f"b/{deck}", n=1))
        if args.write:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
    print(f"{'changed' if args.write else 'would change'} {changed} decks"
          + ("" if args.write else " (dry run: --write changes them)"))
    if missing:
        folders = {}
        for deck in missing:
            folders.setdefault(os.path.dirname(deck), []).append(os.path.basename(deck))
        print(f"no result for {len(missing)} decks (left as they are):\n  "
              + "\n  ".join(f"{folder}/: {', '.join(names)}" for folder, names in sorted(folders.items())))
    if problems:
        print("runs without a time (left as they are):\n  " + "\n  ".join(problems))
    if kept:
        print("lines kept as they are:\n  " + "\n  ".join(kept))
    if notes:
        print("comments that give a run time besides the '# Run time:' line (not changed):\n  "
              + "\n  ".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
