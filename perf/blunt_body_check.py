"""Checks a steady blunt-body run (the cylinder mesh of mesh/blunt_body_mesh.hpp: j from the wall
to the outer boundary in every block) against Billig's bow-shock correlations and the Rayleigh
pitot formula, independently of the solver's own shock extraction:

    blunt_body_check.py OUTPUT_DIR --mach 5 [--gamma 1.4] [--body cylinder|sphere] [--json F]

prints the stand-off distance on the stagnation line (from the most upstream wall node), the
pressure there and the largest on the wall against the pitot value, the wall pressure's mirror
asymmetry, the total enthalpy's largest error over the whole field and the shock shape's
distance from Billig's hyperbola out to y = 2 (over Billig's vertex distance), each as a relative
error; --png writes Mach contours and the shock against Billig."""
import argparse
import json
import math
from pathlib import Path

import numpy as np

from read_vts import read_vtm


def billig(body, mach):
    """Stand-off and vertex radius over the nose radius (Billig 1967)."""
    if body == "cylinder":
        return 0.386 * math.exp(4.67 / mach**2), 1.386 * math.exp(1.8 / (mach - 1) ** 0.75)
    return 0.143 * math.exp(3.24 / mach**2), 1.143 * math.exp(0.54 / (mach - 1) ** 1.2)


def billig_upstream(body, mach, y):
    delta, rc = billig(body, mach)
    cot2 = mach * mach - 1
    return 1 + delta - rc * cot2 * (np.sqrt(1 + y * y / (cot2 * rc * rc)) - 1)


def pitot(mach, gamma):
    m2 = mach * mach
    a = (gamma + 1) ** 2 * m2 / (4 * gamma * m2 - 2 * (gamma - 1))
    return a ** (gamma / (gamma - 1)) * (1 - gamma + 2 * gamma * m2) / (gamma + 1)


def shock_on_line(points, p, p_inf):
    """Where the pressure, walked in from the outer end of a wall-normal line, first crosses
    halfway between the free stream and the level just behind the jump (the steepest rise's
    node two nodes further in): linear interpolation between the two nodes around it."""
    rise = p[:-1] - p[1:]  # index k: from node k + 1 (outer) to node k (inner)
    k = int(np.argmax(rise))
    behind = p[max(k - 2, 0)]
    level = 0.5 * (p_inf + behind)
    for m in range(len(p) - 1, 0, -1):
        if p[m] < level <= p[m - 1]:
            f = (level - p[m]) / (p[m - 1] - p[m])
            return points[m] + f * (points[m - 1] - points[m])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output")
    parser.add_argument("--mach", type=float, required=True)
    parser.add_argument("--gamma", type=float, default=1.4)
    parser.add_argument("--body", choices=["cylinder", "sphere"], default="cylinder")
    parser.add_argument("--json")
    parser.add_argument("--png")
    args = parser.parse_args()
    blocks = read_vtm(Path(args.output) / "final.vtm")
    p_inf = 1 / args.gamma
    h_inf = 1 / (args.gamma - 1) + 0.5 * args.mach**2  # a_inf = 1
    wall, shock, h_all = [], [], []
    for b in blocks:
        ni, nj, _ = b["nodes"]
        p = b["p"].reshape(nj, ni)
        pts = b["points"].reshape(nj, ni, 3)
        rho = b["rho"].reshape(nj, ni)
        speed2 = (b["velocity"] ** 2).sum(axis=1).reshape(nj, ni)
        h_all.append(args.gamma / (args.gamma - 1) * p / rho + 0.5 * speed2)
        for i in range(ni):
            s = shock_on_line(pts[:, i, :], p[:, i], p_inf)
            wall.append((pts[0, i, 0], pts[0, i, 1], p[0, i]))
            shock.append(s)
    wall = np.array(wall)
    stag = int(np.argmin(wall[:, 0]))  # the stagnation line: from the most upstream wall node
    standoff = float(np.hypot(*(shock[stag][:2] - wall[stag, :2])))
    delta, _ = billig(args.body, args.mach)
    h = np.concatenate([x.ravel() for x in h_all])
    p0 = pitot(args.mach, args.gamma) * p_inf
    found = np.array([s[:2] for s in shock if s is not None])
    near = found[np.abs(found[:, 1]) <= 2.0]
    shape = (-near[:, 0]) - billig_upstream(args.body, args.mach, near[:, 1])
    result = {
        "mach": args.mach,
        "standoff": standoff, "standoff_billig": delta,
        "standoff_error": standoff / delta - 1,
        "stagnation_pressure": float(wall[stag, 2]), "pitot_pressure": p0,
        "stagnation_pressure_error": float(wall[stag, 2] / p0 - 1),
        "largest_wall_pressure_error": float(wall[:, 2].max() / p0 - 1),
        # Mirror symmetry (alpha 0): wall pressure at +y against -y, relative to the pitot value.
        "wall_pressure_asymmetry": float(max(
            abs(wall[k, 2] - wall[np.argmin(np.hypot(wall[:, 0] - wall[k, 0],
                                                     wall[:, 1] + wall[k, 1])), 2])
            for k in range(len(wall))) / p0),
        "total_enthalpy_spread": float((h.max() - h.min()) / h_inf),
        "total_enthalpy_max_error": float(np.abs(h / h_inf - 1).max()),
        "shock_shape_max_error": float(np.abs(shape).max() / (1 + delta)),
    }
    for key, value in result.items():
        print(f"{key:28s} {value:.6g}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    if args.png:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(5, 7))
        levels = np.linspace(0, 1.02 * args.mach, 42)  # the same in every block
        for b in blocks:
            ni, nj, _ = b["nodes"]
            pts = b["points"].reshape(nj, ni, 3)
            c = ax.contourf(pts[..., 0], pts[..., 1], b["mach"].reshape(nj, ni), levels,
                            cmap="viridis")
        fig.colorbar(c, ax=ax, label="Mach")
        y = np.linspace(-2.5, 2.5, 200)
        ax.plot(-billig_upstream(args.body, args.mach, y), y, "r--", label="Billig (1967)")
        ax.plot(found[:, 0], found[:, 1], "w.", ms=3, label="captured shock")
        ax.set_aspect("equal")
        ax.legend(loc="lower left")
        ax.set_title(f"{args.body}, Mach {args.mach:g}")
        fig.savefig(args.png, dpi=120, bbox_inches="tight")


if __name__ == "__main__":
    main()
