#!/usr/bin/env python3
"""Checks that dependencies point one way (docs/architecture.md, "Layers"): no file under src/ or
include/portaflow/ includes a header of a layer above its own, and no scheme family includes
another family's headers (schemes/common and the scheme interface are shared by all).

    python3 ci/check_layers.py        exit 1 and one line per offending include
"""
import pathlib
import re
import sys

# Lower rank = lower layer. Layers of one rank may not include each other either.
RANKS = {
    "core": 0,
    "numerics": 1,
    "config": 1,
    "physics": 2,
    "mesh": 2,
    "time": 2,
    "schemes": 3,
    "io": 4,
    "driver": 5,
    "app": 6,
}
# The parts of schemes/ every family may use.
SHARED_SCHEME_PARTS = {"common", "solver.hpp", "scheme_descriptor.hpp", "scheme_registry.hpp"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"portaflow/([^"]+)"')


def place(path, root):
    """(layer, family) of a source or header; family is the schemes/ subfolder or None."""
    parts = path.relative_to(root).parts
    if parts[0] == "include":
        parts = parts[2:]  # include/portaflow/<layer>/...
    else:
        parts = parts[1:]  # src/<layer>/...
    layer = parts[0]
    family = parts[1] if layer == "schemes" and len(parts) > 2 else None
    return layer, family


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    files = [p for p in (root / "src").rglob("*") if p.suffix in (".cpp", ".hpp")]
    files += [p for p in (root / "include" / "portaflow").rglob("*.hpp")]
    problems = []
    for path in sorted(files):
        layer, family = place(path, root)
        if layer not in RANKS:
            problems.append(f"{path.relative_to(root)}: in no known layer ({layer})")
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1).split("/")
            other = target[0]
            where = f"{path.relative_to(root)}:{number}: includes portaflow/{match.group(1)}"
            if other not in RANKS:
                problems.append(f"{where} (no such layer)")
            elif other != layer and RANKS[other] >= RANKS[layer]:
                problems.append(f"{where}: layer '{other}' is not below '{layer}'")
            elif other == "schemes" and layer == "schemes" and family is not None:
                other_family = target[1] if len(target) > 2 else None
                if other_family not in (None, family) and target[1] not in SHARED_SCHEME_PARTS:
                    problems.append(f"{where}: family '{family}' includes family '{other_family}'")
    for problem in problems:
        print(problem)
    print(f"layers: {len(files)} files checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
