"""Checks a steady run on the sphere-cone-cylinder-flare body (mesh/cone_flare_mesh.hpp: a half
body, z >= 0, nose radius 1, cone half-angle 15 degrees) against the sharp cone's surface
pressure from the Taylor-Maccoll equation (taylor_maccoll.py, an independent integration):

    cone_flare_check.py OUTPUT_DIR --mach 5 [--gamma 1.4] [--from-x 25 --to-x 38] [--json F]
                        [--png PREFIX]

reads the run's surface_cp.csv and forces.csv and prints
- on the cone between --from-x and --to-x (far enough from the nose for the blunted cone's
  pressure to approach the sharp cone's, short of the shoulder at x = 39.7): the azimuthal mean of the wall
  pressure at each axial station against the Taylor-Maccoll value, as relative errors (their
  mean and largest);
- the azimuthal variation of the wall pressure, (max - min) / mean over each axial station's
  nodes, largest over the cone range and over the whole body behind the nose: at zero incidence
  the flow is axisymmetric, so this is the discretisation's departure from it;
- CL, CD and Cm as the run wrote them (forces.csv);
and, last, all of it as one JSON line (--json F: also into F).
--png writes PREFIX_cp.png (the wall pressure coefficient along the body on the meridians in the
symmetry plane, y > 0 and y < 0, with the sharp-cone value) and PREFIX_mach.png (Mach contours
in the symmetry plane, from the run's final.vtm)."""
import argparse
import csv
import json
import math
from collections import defaultdict
from pathlib import Path

from taylor_maccoll import cone_flow

CONE_HALF_ANGLE = 15.0  # degrees: the body's (mesh/cone_flare_mesh.hpp)


def read_rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def stations(rows, gamma, mach):
    """Wall nodes behind the nose grouped by ring of blocks (the name without its sector number)
    and axial position: {(ring, x): [(y, z, p/p_inf), ...]}. Where two rings meet (the shoulder,
    the first cone blocks' end) each keeps its own copy of the shared nodes: at a kink of the
    wall the copies differ, and that is not an azimuthal variation."""
    by_x = defaultdict(list)
    for r in rows:
        if r["block"].startswith("nose"):
            continue
        ring = r["block"].rsplit("_", 1)[0]
        x = round(float(r["x"]), 9)
        p = 1.0 + float(r["cp"]) * 0.5 * gamma * mach * mach
        by_x[(ring, x)].append((float(r["y"]), float(r["z"]), p))
    return dict(sorted(by_x.items(), key=lambda item: (item[0][1], item[0][0])))


def azimuthal_spread(points):
    p = [q[2] for q in points]
    return (max(p) - min(p)) / (sum(p) / len(p))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output")
    parser.add_argument("--mach", type=float, required=True)
    parser.add_argument("--gamma", type=float, default=1.4)
    parser.add_argument("--from-x", type=float, default=25.0)
    parser.add_argument("--to-x", type=float, default=38.0)
    parser.add_argument("--json")
    parser.add_argument("--png")
    args = parser.parse_args()
    out = Path(args.output)
    sharp = cone_flow(args.mach, CONE_HALF_ANGLE, args.gamma)
    p_sharp = sharp["surface_pressure_ratio"]
    rows = read_rows(out / "surface_cp.csv")
    by_x = stations(rows, args.gamma, args.mach)
    on_cone = {key: pts for key, pts in by_x.items()
               if key[0].startswith("cone") and args.from_x <= key[1] <= args.to_x}
    if not on_cone:
        raise SystemExit(f"no wall nodes between x = {args.from_x} and {args.to_x}")
    errors = [sum(q[2] for q in pts) / len(pts) / p_sharp - 1 for pts in on_cone.values()]
    forces = read_rows(out / "forces.csv")[-1]
    result = {
        "mach": args.mach,
        "cone_half_angle_deg": CONE_HALF_ANGLE,
        "taylor_maccoll_pressure_ratio": p_sharp,
        "taylor_maccoll_cp": sharp["surface_cp"],
        "cone_range_x": [args.from_x, args.to_x],
        "cone_stations": len(on_cone),
        "cone_pressure_mean_error": sum(errors) / len(errors),
        "cone_pressure_largest_error": max(errors, key=abs),
        "azimuthal_variation_cone": max(azimuthal_spread(p) for p in on_cone.values()),
        "azimuthal_variation_body": max(azimuthal_spread(p) for p in by_x.values()),
        "azimuthal_variation_body_at_x": max(by_x, key=lambda k: azimuthal_spread(by_x[k]))[1],
        "lift": float(forces["lift"]),
        "drag": float(forces["drag"]),
        "pitching_moment": float(forces.get("pitching_moment", "nan")),
    }
    print(f"Taylor-Maccoll, Mach {args.mach:g}, cone {CONE_HALF_ANGLE:g} deg: "
          f"p/p_inf = {p_sharp:.5f}, Cp = {sharp['surface_cp']:.5f}, "
          f"shock {sharp['shock_angle_deg']:.3f} deg")
    print(f"cone wall pressure (azimuthal mean) / Taylor-Maccoll - 1 over {args.from_x:g} <= x <= "
          f"{args.to_x:g} ({len(on_cone)} stations): mean {result['cone_pressure_mean_error']:+.4f},"
          f" largest {result['cone_pressure_largest_error']:+.4f}")
    print(f"azimuthal variation of the wall pressure, (max - min) / mean per station: "
          f"{result['azimuthal_variation_cone']:.2e} on that range, "
          f"{result['azimuthal_variation_body']:.2e} over the body behind the nose (at x = "
          f"{result['azimuthal_variation_body_at_x']:.3f})")
    print(f"CL {result['lift']:.6f}  CD {result['drag']:.6f}  Cm {result['pitching_moment']:.6f}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result))
    if args.png:
        plot(out, rows, sharp["surface_cp"], args.png, args.mach)


def plot(out, rows, cp_sharp, prefix, mach):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.tri as mtri
    import numpy as np
    from read_vts import read_vtm

    fig, ax = plt.subplots(figsize=(8, 4))
    for side, label in ((1, "y > 0 (leeward at incidence)"), (-1, "y < 0 (windward)")):
        pts = sorted((float(r["x"]), float(r["cp"])) for r in rows
                     if float(r["z"]) == 0 and side * float(r["y"]) > 0)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], ".", ms=2, label=label)
    ax.axhline(cp_sharp, color="k", lw=0.8, label="sharp cone (Taylor-Maccoll)")
    ax.set_xlabel("x / nose radius")
    ax.set_ylabel("Cp")
    lowest = min(float(r["cp"]) for r in rows)
    ax.set_ylim(min(0.0, lowest) - 0.02, 2 * cp_sharp + 0.1)  # the cone, not the nose's peak
    ax.legend()
    fig.tight_layout()
    fig.savefig(f"{prefix}_cp.png", dpi=130)
    plt.close(fig)

    if not (out / "final.vtm").is_file():  # a run without VTK output
        return
    xs, ys, ms = [], [], []
    for block in read_vtm(out / "final.vtm"):
        on_plane = np.abs(block["points"][:, 2]) == 0
        xs.append(block["points"][on_plane, 0])
        ys.append(block["points"][on_plane, 1])
        ms.append(block["mach"][on_plane])
    x, y, m = np.concatenate(xs), np.concatenate(ys), np.concatenate(ms)
    tri = mtri.Triangulation(x, y)
    # Drop the triangles across the body (their middle inside it: |y| below the wall's radius).
    cx, cy = x[tri.triangles].mean(axis=1), y[tri.triangles].mean(axis=1)
    wall = sorted((float(r["x"]), math.hypot(float(r["y"]), float(r["z"]))) for r in rows)
    radius = np.interp(cx, [w[0] for w in wall], [w[1] for w in wall], left=0, right=np.inf)
    tri.set_mask(np.abs(cy) < radius * 0.999)
    fig, ax = plt.subplots(figsize=(9, 6.5))
    c = ax.tricontourf(tri, m, levels=np.linspace(0, mach * 1.02, 41), cmap="viridis")
    fig.colorbar(c, ax=ax, label="Mach")
    ax.set_aspect("equal")
    ax.set_xlabel("x / nose radius")
    ax.set_ylabel("y / nose radius")
    fig.tight_layout()
    fig.savefig(f"{prefix}_mach.png", dpi=130)
    plt.close(fig)


if __name__ == "__main__":
    main()
