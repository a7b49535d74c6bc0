#!/usr/bin/env python3
"""Cross-code check of a stream-function/vorticity airfoil run against OpenFOAM on the same C-grid.

The run's own grid (RUN_DIR/grid.xyz, written at the start of every airfoil run) becomes an
OpenFOAM mesh one cell thick with the wake cut merged (the cells above and below the cut share
faces), and simpleFoam (Debian's `openfoam` package, v1912; not needed by the build or the
tests) solves the same Reynolds number and incidence fully turbulent with Spalart & Allmaras
(1992) and with Menter's (1994) k-omega SST, or laminar (`--models laminar`, beside a laminar
run: a check of the stream-function/vorticity solution itself, free of the models' difference).
Their CL, CD (pressure and friction parts), Cp and Cf are set beside the run's: a JSON of the
figures, CSVs of the surface and a PNG.

    /usr/bin/python3 perf/openfoam_airfoil.py RUN_DIR --out DIR [--models sa sst laminar]
                                              [--iterations 4000] [--average-from T]

RUN_DIR: a finished `portaflow run` of an airfoil deck (grid.xyz, resolved.yaml, history.csv,
surface.csv). --average-from T: the run's CL and CD averaged over time >= T (unsteady runs),
else its last values. The OpenFOAM cases stay in DIR/openfoam-<model>/ (open them with
paraFoam or foamToVTK). Free stream: nuTilda = 3 nu (fully turbulent, the value NASA's
turbulence-modelling resource recommends), k = 1e-6 U^2 and omega = 5 U / c for SST.
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys

import numpy as np

import report  # perf/report.py: the tables' reader

OPENFOAM_DIR = "/usr/share/openfoam"
SPAN = 0.1  # the mesh's thickness in z (chord 1)


# --------------------------------------------------------------------------------------------
# The run


def read_plot3d_2d(path):
    """One 2D block of an ASCII Plot3D file: x, y as arrays [nj][ni]."""
    values = open(path).read().split()
    if int(values[0]) != 1:
        raise SystemExit(f"{path}: {values[0]} blocks; an airfoil C-grid has one")
    ni, nj = int(values[1]), int(values[2])
    numbers = np.array(values[3:3 + 2 * ni * nj], dtype=float)
    if numbers.size != 2 * ni * nj:
        raise SystemExit(f"{path}: expected {2 * ni * nj} coordinates of a 2D {ni} x {nj} block")
    return numbers[:ni * nj].reshape(nj, ni), numbers[ni * nj:].reshape(nj, ni)


def resolved_value(run_dir, key):
    """A scalar under `key` (section.name) in RUN_DIR/resolved.yaml (the deck as the run read it)."""
    section, name = key.split(".")
    current = None
    for line in open(os.path.join(run_dir, "resolved.yaml")):
        if not line.startswith(" ") and line.rstrip().endswith(":"):
            current = line.strip()[:-1]
        elif current == section:
            m = re.match(r"\s+%s:\s*([^#\s]+)" % re.escape(name), line)
            if m:
                return m.group(1)
    raise SystemExit(f"{run_dir}/resolved.yaml: no {key}")


def read_csv(path):
    """A run's CSV table (report.columns) with each column as an array."""
    return {name: np.array(values) for name, values in report.columns(path).items()}


# --------------------------------------------------------------------------------------------
# C-grid -> OpenFOAM polyMesh


def wake_seam(x, y, tolerance=1e-12):
    """Nodes on j = 0 from each end that coincide with their mirror (the wake cut and the
    trailing edge): the number of intervals of one wake side."""
    ni = x.shape[1]
    seam = 0
    while seam < ni // 2 and math.hypot(x[0, seam] - x[0, ni - 1 - seam],
                                        y[0, seam] - y[0, ni - 1 - seam]) <= tolerance:
        seam += 1
    if seam == 0:
        raise SystemExit("grid.xyz: no wake cut on j = 0 (not a C-grid)")
    return seam - 1  # the last coinciding pair is the trailing edge


def foam_header(cls, obj, note=""):
    return ("FoamFile\n{\n    version 2.0;\n    format ascii;\n    class %s;\n    object %s;\n%s}\n"
            % (cls, obj, ("    " + note) if note else ""))


def write_poly_mesh(x, y, folder):
    """points, faces, owner, neighbour, boundary for the grid extruded by SPAN in z. Patches:
    wall (the airfoil), farfield (the outer line and the wake's outflow ends), frontAndBack."""
    nj, ni = x.shape
    seam = wake_seam(x, y)
    # One point per distinct node: (0, i) for i >= ni - 1 - seam is (0, ni - 1 - i).
    node_id = -np.ones((nj, ni), dtype=int)
    coords = []
    for j in range(nj):
        for i in range(ni):
            if j == 0 and i >= ni - 1 - seam:
                node_id[j, i] = node_id[0, ni - 1 - i]
                continue
            node_id[j, i] = len(coords)
            coords.append((x[j, i], y[j, i]))
    n = len(coords)
    points = [(px, py, 0.0) for px, py in coords] + [(px, py, SPAN) for px, py in coords]
    cell = lambda j, i: j * (ni - 1) + i
    centre = np.zeros((nj - 1, ni - 1, 3))
    for j in range(nj - 1):
        for i in range(ni - 1):
            centre[j, i] = [(x[j, i] + x[j, i + 1] + x[j + 1, i] + x[j + 1, i + 1]) / 4,
                            (y[j, i] + y[j, i + 1] + y[j + 1, i] + y[j + 1, i + 1]) / 4, SPAN / 2]
    pts = np.array(points)

    def side(a, b):  # the quad over the edge a-b, extruded
        return [node_id[a], node_id[b], node_id[b] + n, node_id[a] + n]

    def oriented(face, owner_centre):  # normal out of the owner
        p = pts[face]
        normal = np.cross(p[1] - p[0], p[3] - p[0])
        return face if np.dot(normal, p.mean(axis=0) - owner_centre) > 0 else face[::-1]

    internal, patches = [], {"wall": [], "farfield": [], "frontAndBack": []}
    for j in range(nj - 1):
        for i in range(ni - 1):
            c = cell(j, i)
            if i + 1 < ni - 1:  # east face to (j, i + 1)
                internal.append((c, cell(j, i + 1),
                                 oriented(side((j, i + 1), (j + 1, i + 1)), centre[j, i])))
            if j + 1 < nj - 1:  # north face to (j + 1, i)
                internal.append((c, cell(j + 1, i),
                                 oriented(side((j + 1, i), (j + 1, i + 1)), centre[j, i])))
            if j == 0:
                face = side((0, i), (0, i + 1))
                if seam <= i < ni - 1 - seam:
                    patches["wall"].append((c, oriented(face, centre[0, i])))
                elif i < seam:  # the cut: the cell across it is (0, ni - 2 - i)
                    other = cell(0, ni - 2 - i)
                    internal.append((min(c, other), max(c, other),
                                     oriented(face, centre[0, i] if c < other else centre[0, ni - 2 - i])))
            if j == nj - 2:
                patches["farfield"].append((c, oriented(side((nj - 1, i), (nj - 1, i + 1)), centre[j, i])))
            if i == 0:
                patches["farfield"].append((c, oriented(side((j, 0), (j + 1, 0)), centre[j, i])))
            if i == ni - 2:
                patches["farfield"].append((c, oriented(side((j, ni - 1), (j + 1, ni - 1)), centre[j, i])))
            quad = [node_id[j, i], node_id[j, i + 1], node_id[j + 1, i + 1], node_id[j + 1, i]]
            patches["frontAndBack"].append((c, oriented(quad, centre[j, i])))
            patches["frontAndBack"].append((c, oriented([q + n for q in quad], centre[j, i])))
    internal.sort(key=lambda f: (f[0], f[1]))
    faces = [f[2] for f in internal]
    owners = [f[0] for f in internal]
    neighbours = [f[1] for f in internal]
    boundary = []
    for name, entries in patches.items():
        boundary.append((name, len(faces), len(entries)))
        faces += [f for _, f in entries]
        owners += [o for o, _ in entries]
    os.makedirs(folder, exist_ok=True)
    note = "note \"nPoints:%d nCells:%d nFaces:%d nInternalFaces:%d\";\n" % (
        len(points), (nj - 1) * (ni - 1), len(faces), len(internal))

    def write_list(name, cls, items, fmt):
        with open(os.path.join(folder, name), "w") as f:
            f.write(foam_header(cls, name, note if name in ("owner", "neighbour") else ""))
            f.write("%d\n(\n" % len(items))
            f.writelines(fmt(item) + "\n" for item in items)
            f.write(")\n")

    write_list("points", "vectorField", points, lambda p: "(%.17g %.17g %.17g)" % p)
    write_list("faces", "faceList", faces, lambda f: "4(%d %d %d %d)" % tuple(f))
    write_list("owner", "labelList", owners, str)
    write_list("neighbour", "labelList", neighbours, str)
    kinds = {"wall": "wall", "farfield": "patch", "frontAndBack": "empty"}
    with open(os.path.join(folder, "boundary"), "w") as f:
        f.write(foam_header("polyBoundaryMesh", "boundary"))
        f.write("%d\n(\n" % len(boundary))
        for name, start, count in boundary:
            f.write("    %s\n    {\n        type %s;\n        nFaces %d;\n        startFace %d;\n    }\n"
                    % (name, kinds[name], count, start))
        f.write(")\n")
    return {"cells": (nj - 1) * (ni - 1), "wake_seam_intervals": seam, "wall_faces": len(patches["wall"])}


# --------------------------------------------------------------------------------------------
# The OpenFOAM case


def field_file(name, cls, dims, internal, farfield, wall):
    return (foam_header(cls, name) + "dimensions %s;\ninternalField uniform %s;\nboundaryField\n{\n"
            "    farfield { %s }\n    wall { %s }\n    frontAndBack { type empty; }\n}\n"
            % (dims, internal, farfield, wall))


def write_case(case, model, nu, alpha_deg, iterations):
    a = math.radians(alpha_deg)
    u = "(%.17g %.17g 0)" % (math.cos(a), math.sin(a))
    velocity = "[0 1 -1 0 0 0 0]"
    kinematic = "[0 2 -1 0 0 0 0]"
    files = {
        "0/U": field_file("U", "volVectorField", velocity, u,
                          "type freestreamVelocity; freestreamValue uniform %s;" % u, "type noSlip;"),
        "0/p": field_file("p", "volScalarField", "[0 2 -2 0 0 0 0]", "0",
                          "type freestreamPressure; freestreamValue uniform 0;", "type zeroGradient;"),
        "0/nut": field_file("nut", "volScalarField", kinematic, "0", "type calculated; value uniform 0;",
                            "type nutUSpaldingWallFunction; value uniform 0;"),
    }
    turbulent_fields = []
    if model == "laminar":
        ras_model = None
    elif model == "sa":
        files["0/nuTilda"] = field_file("nuTilda", "volScalarField", kinematic, "%.17g" % (3 * nu),
                                        "type freestream; freestreamValue uniform %.17g;" % (3 * nu),
                                        "type fixedValue; value uniform 0;")
        turbulent_fields = ["nuTilda"]
        ras_model = "SpalartAllmaras"
    else:
        k, omega = 1e-6, 5.0
        files["0/k"] = field_file("k", "volScalarField", "[0 2 -2 0 0 0 0]", "%g" % k,
                                  "type inletOutlet; inletValue uniform %g; value uniform %g;" % (k, k),
                                  "type kLowReWallFunction; value uniform 1e-10;")
        files["0/omega"] = field_file("omega", "volScalarField", "[0 0 -1 0 0 0 0]", "%g" % omega,
                                      "type inletOutlet; inletValue uniform %g; value uniform %g;" % (omega, omega),
                                      "type omegaWallFunction; value uniform %g;" % omega)
        turbulent_fields = ["k", "omega"]
        ras_model = "kOmegaSST"
    files["constant/transportProperties"] = (foam_header("dictionary", "transportProperties")
                                             + "transportModel Newtonian;\nnu %.17g;\n" % nu)
    files["constant/turbulenceProperties"] = foam_header("dictionary", "turbulenceProperties") + (
        "simulationType laminar;\n" if ras_model is None
        else "simulationType RAS;\nRAS { RASModel %s; turbulence on; printCoeffs on; }\n" % ras_model)
    div = "".join("    div(phi,%s) bounded Gauss linearUpwind grad(%s);\n" % (f, f) for f in turbulent_fields)
    files["system/fvSchemes"] = (foam_header("dictionary", "fvSchemes")
                                 + "ddtSchemes { default steadyState; }\ngradSchemes { default Gauss linear; }\n"
                                 "divSchemes\n{\n    default none;\n    div(phi,U) bounded Gauss linearUpwind grad(U);\n"
                                 + div + "    div((nuEff*dev2(T(grad(U))))) Gauss linear;\n}\n"
                                 "laplacianSchemes { default Gauss linear corrected; }\n"
                                 "interpolationSchemes { default linear; }\nsnGradSchemes { default corrected; }\n"
                                 "wallDist { method meshWave; }\n")
    smooth = "{ solver smoothSolver; smoother GaussSeidel; nSweeps 2; tolerance 1e-10; relTol 0.1; }"
    files["system/fvSolution"] = (foam_header("dictionary", "fvSolution")
                                  + "solvers\n{\n    p { solver GAMG; tolerance 1e-8; relTol 0.05; smoother GaussSeidel; }\n"
                                  + "    \"(%s)\" %s\n}\n" % ("|".join(["U"] + turbulent_fields), smooth)
                                  + "SIMPLE\n{\n    nNonOrthogonalCorrectors 1;\n    consistent yes;\n"
                                  "    residualControl { p 1e-7; \"(%s)\" 1e-8; }\n}\n"
                                  % "|".join(["U"] + turbulent_fields)
                                  + "relaxationFactors\n{\n    fields { p 0.9; }\n"
                                  "    equations { U 0.9; \".*\" 0.8; }\n}\n")
    lift = "(%.17g %.17g 0)" % (-math.sin(a), math.cos(a))
    drag = "(%.17g %.17g 0)" % (math.cos(a), math.sin(a))
    files["system/controlDict"] = (
        foam_header("dictionary", "controlDict")
        + "application simpleFoam;\nstartFrom latestTime;\nstartTime 0;\nstopAt endTime;\n"
        "endTime %d;\ndeltaT 1;\nwriteControl timeStep;\nwriteInterval %d;\npurgeWrite 1;\n"
        "writeFormat ascii;\nwritePrecision 12;\nrunTimeModifiable false;\n" % (iterations, iterations)
        + "functions\n{\n"
        "    coefficients\n    {\n        type forceCoeffs; libs (\"libforces.so\"); patches (wall);\n"
        "        rho rhoInf; rhoInf 1; liftDir %s; dragDir %s; CofR (0.25 0 0); pitchAxis (0 0 1);\n"
        "        magUInf 1; lRef 1; Aref %.17g; writeControl timeStep; writeInterval 1;\n    }\n" % (lift, drag, SPAN)
        + "    forces\n    {\n        type forces; libs (\"libforces.so\"); patches (wall);\n"
        "        rho rhoInf; rhoInf 1; CofR (0.25 0 0); writeControl timeStep; writeInterval 1;\n    }\n"
        "    wallShearStress { type wallShearStress; libs (\"libfieldFunctionObjects.so\"); patches (wall);"
        " writeControl writeTime; }\n"
        "    yPlus { type yPlus; libs (\"libfieldFunctionObjects.so\"); writeControl writeTime; }\n"
        "    wallValues\n    {\n        type surfaces; libs (\"libsampling.so\"); writeControl writeTime;\n"
        "        surfaceFormat raw; fields (p wallShearStress yPlus); interpolationScheme cell;\n"
        "        surfaces ( wall { type patch; patches (wall); interpolate false; } );\n    }\n}\n")
    for name, text in files.items():
        path = os.path.join(case, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def openfoam(case, *command):
    env = dict(os.environ, WM_PROJECT_DIR=OPENFOAM_DIR)
    log = os.path.join(case, "log." + command[0])
    with open(log, "w") as f:
        done = subprocess.run(list(command) + ["-case", case], stdout=f, stderr=subprocess.STDOUT, env=env)
    if done.returncode != 0:
        tail = open(log).read()[-3000:]
        raise SystemExit(f"{command[0]} failed on {case} (exit {done.returncode}); its log {log} ends:\n{tail}")
    return log


# --------------------------------------------------------------------------------------------
# Results


def dat_rows(path):
    """The data rows of an OpenFOAM function-object .dat file, parentheses dropped, and the
    column names of its last comment line (the header)."""
    rows, header = [], []
    for line in open(path):
        if line.startswith("#"):
            header = line[1:].replace("(", " ").replace(")", " ").split() or header
        elif line.strip():
            rows.append([float(v) for v in line.replace("(", " ").replace(")", " ").split()])
    return np.array(rows), header


def find_dat(case, function, name):
    root = os.path.join(case, "postProcessing", function)
    for dirpath, _, filenames in os.walk(root):
        if name in filenames:
            return os.path.join(dirpath, name)
    raise SystemExit(f"{case}: no {function}/{name}")


def wall_table(case):
    """x/c, Cp and Cf (sign: + where the wall shear points from the leading edge to the trailing
    edge along that side) at the wall faces, from the sampled surface."""
    root = os.path.join(case, "postProcessing", "wallValues")
    latest = max(os.listdir(root), key=float)
    def raw(name):
        rows = [l.split() for l in open(os.path.join(root, latest, name)) if l.strip() and not l.startswith("#")]
        return np.array(rows, dtype=float)
    p = raw("p_wall.raw")
    tau = raw("wallShearStress_wall.raw")
    # The faces come in the wall's order, trailing edge -> lower side -> leading edge -> upper
    # side -> trailing edge (write_poly_mesh), so the tangent toward the trailing edge is minus
    # the step along the list before the leading edge and plus it after.
    x, y = p[:, 0], p[:, 1]
    leading = int(np.argmin(x))
    tx, ty = np.gradient(x), np.gradient(y)
    length = np.hypot(tx, ty)
    side = np.where(np.arange(len(x)) < leading, -1.0, 1.0)
    tx, ty = side * tx / length, side * ty / length
    # OpenFOAM's wallShearStress is minus the stress the fluid puts on the wall.
    cf = -(tau[:, 3] * tx + tau[:, 4] * ty) / 0.5
    return {"x_over_c": x, "y_over_c": y, "Cp": p[:, 3] / 0.5, "Cf": cf,
            "upper": np.arange(len(x)) >= leading}


def foam_list(text, start=0):
    """The numbers of the first `N ( ... )` list in text after start."""
    m = re.compile(r"\n?(\d+)\s*\(").search(text, start)
    return np.array(text[m.end():text.index(")", m.end())].split(), dtype=float)


def stream_function(case, x, y, alpha_deg):
    """OpenFOAM's stream function at the grid's nodes, from its face fluxes (phi, exactly
    divergence-free): psi = psi_inf at the outer node of the leading-edge column, then summed
    along the outer line (the far-field faces' fluxes) and down each i-line to the wall. On the
    wall it is what this code's airfoil runs set (psi on the body); on the outer line, how far
    the far field lets the flow depart from the free stream (this code holds psi = psi_inf there)."""
    a = math.radians(alpha_deg)
    free = lambda X, Y: Y * math.cos(a) - X * math.sin(a)
    nj, ni = x.shape
    latest = max((d for d in os.listdir(case) if re.fullmatch(r"\d+", d)), key=int)
    text = open(os.path.join(case, latest, "phi")).read()
    phi = foam_list(text, text.index("internalField")) / SPAN
    far = foam_list(text, text.index("farfield", text.index("boundaryField"))) / SPAN
    mesh = os.path.join(case, "constant", "polyMesh")
    owner = foam_list(open(os.path.join(mesh, "owner")).read()).astype(int)
    neighbour = foam_list(open(os.path.join(mesh, "neighbour")).read()).astype(int)
    face = {(o, n): k for k, (o, n) in enumerate(zip(owner[:len(neighbour)], neighbour))}
    cell = lambda j, i: j * (ni - 1) + i
    # The far-field faces in write_poly_mesh's order: per cell, north (top row), west, east.
    north, k = {}, 0
    for j in range(nj - 1):
        for i in range(ni - 1):
            if j == nj - 2:
                north[i] = k
                k += 1
            k += (i == 0) + (i == ni - 2)
    psi = np.zeros((nj, ni))
    lead = (ni - 1) // 2
    psi[-1, lead] = free(x[-1, lead], y[-1, lead])
    for i in range(lead, 0, -1):  # below the leading edge the outer line runs against i
        psi[-1, i - 1] = psi[-1, i] + far[north[i - 1]]
    for i in range(lead, ni - 1):
        psi[-1, i + 1] = psi[-1, i] - far[north[i]]
    for i in range(1, ni - 1):
        for j in range(nj - 2, -1, -1):
            psi[j, i] = psi[j + 1, i] - phi[face[(cell(j, i - 1), cell(j, i))]]
    seam = wake_seam(x, y)
    wall = psi[0, seam:ni - seam]
    outer = psi[-1] - free(x[-1], y[-1])
    return {"psi_body_mean": float(wall.mean()), "psi_body_range": [float(wall.min()), float(wall.max())],
            "outer_psi_minus_free_stream_at_outflow_corners": [float(outer[0]), float(outer[-1])],
            "outer_psi_minus_free_stream_largest": float(outer[np.argmax(np.abs(outer))])}


def run_model(model, run_dir, out, nu, alpha_deg, iterations):
    case = os.path.join(out, "openfoam-" + model)
    if os.path.exists(case):
        shutil.rmtree(case)
    x, y = read_plot3d_2d(os.path.join(run_dir, "grid.xyz"))
    mesh = write_poly_mesh(x, y, os.path.join(case, "constant", "polyMesh"))
    write_case(case, model, nu, alpha_deg, iterations)
    check = open(openfoam(case, "checkMesh")).read()
    if "Mesh OK" not in check:
        raise SystemExit(f"checkMesh does not pass the converted grid: {case}/log.checkMesh")
    log = open(openfoam(case, "simpleFoam")).read()
    converged = re.search(r"SIMPLE solution converged in (\d+) iterations", log)
    # SIMPLE on this grid settles into a small cycle (residuals ~1e-5, CD changing in its 4th
    # digit): the figures are means over the last fifth of the iterations, with their spread.
    coefficients, names = dat_rows(find_dat(case, "coefficients", "coefficient.dat"))
    forces, _ = dat_rows(find_dat(case, "forces", "force.dat"))
    window = slice(len(coefficients) - max(1, len(coefficients) // 5), None)
    column = lambda name: coefficients[window, names.index(name)]
    # force.dat: time, total (x y z), pressure (x y z), viscous (x y z)
    a = math.radians(alpha_deg)
    scale = 1 / (0.5 * 1.0 * SPAN)
    drag = lambda k: np.mean(forces[window, k] * math.cos(a) + forces[window, k + 1] * math.sin(a)) * scale
    residuals = re.findall(r"Solving for Ux, Initial residual = ([0-9.eE+-]+)", log)
    return {
        "model": {"sa": "Spalart-Allmaras", "sst": "k-omega SST", "laminar": "laminar"}[model],
        "mesh": mesh,
        "iterations": int(converged.group(1)) if converged else len(coefficients),
        "converged": bool(converged),
        "last_Ux_initial_residual": float(residuals[-1]) if residuals else None,
        "averaged_over_iterations": [int(coefficients[window, 0][0]), int(coefficients[window, 0][-1])],
        "CL": float(np.mean(column("Cl"))), "CD": float(np.mean(column("Cd"))),
        "CL_range": [float(column("Cl").min()), float(column("Cl").max())],
        "CD_range": [float(column("Cd").min()), float(column("Cd").max())],
        "CD_pressure": float(drag(4)), "CD_friction": float(drag(7)),
        "stream_function": stream_function(case, x, y, alpha_deg),
    }, wall_table(case)


def ours(run_dir, average_from):
    alpha = math.radians(float(resolved_value(run_dir, "problem.angle_of_attack")))
    speed = float(resolved_value(run_dir, "problem.free_stream_speed"))
    # psi on the body: the free stream's through the trailing edge (1, 0), plus the deck's offset
    psi_body = -speed * math.sin(alpha) + float(resolved_value(run_dir, "problem.body_psi_offset"))
    h = read_csv(os.path.join(run_dir, "history.csv"))
    pick = h["time"] >= average_from if average_from is not None else np.arange(len(h["time"])) == len(h["time"]) - 1
    if not pick.any():
        raise SystemExit(f"{run_dir}/history.csv: no row at time >= {average_from}")
    figure = lambda name: float(np.mean(h[name][pick]))
    return {"CL": figure("CL"), "CD": figure("CD"), "CD_pressure": figure("CD_pressure"),
            "CD_friction": figure("CD_friction"), "time": float(h["time"][-1]),
            "averaged_over": [float(h["time"][pick][0]), float(h["time"][pick][-1])],
            "CL_range_in_window": [float(h["CL"][pick].min()), float(h["CL"][pick].max())],
            "psi_body": psi_body}


def plot(out, run_dir, surfaces, title, ours_label):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no PNG")
        return None
    s = read_csv(os.path.join(run_dir, "surface.csv"))
    fig, (ax_cp, ax_cf) = plt.subplots(1, 2, figsize=(12, 4.6))
    ax_cp.plot(s["x_over_c"], -s["Cp"], "k-", lw=1.2, label=ours_label)
    ax_cf.plot(s["x_over_c"], s["Cf"], "k-", lw=1.2, label=ours_label)
    styles = {"Spalart-Allmaras": ("tab:blue", "--"), "k-omega SST": ("tab:red", ":"),
              "laminar": ("tab:green", "-.")}
    for name, w in surfaces.items():
        color, ls = styles[name]
        for part, label in ((w["upper"], "OpenFOAM " + name), (~w["upper"], None)):
            order = np.argsort(w["x_over_c"][part])
            ax_cp.plot(w["x_over_c"][part][order], -w["Cp"][part][order], color=color, ls=ls, label=label)
            ax_cf.plot(w["x_over_c"][part][order], w["Cf"][part][order], color=color, ls=ls, label=label)
    ax_cp.set_ylabel("-Cp")
    ax_cf.set_ylabel("Cf (+ toward the trailing edge)")
    ax_cf.axhline(0, color="grey", lw=0.5)
    for ax in (ax_cp, ax_cf):
        ax.set_xlabel("x / c")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    path = os.path.join(out, "openfoam-cross-check.png")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run_dir")
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", nargs="+", choices=["sa", "sst", "laminar"], default=["sa", "sst"])
    parser.add_argument("--iterations", type=int, default=4000)
    parser.add_argument("--average-from", type=float)
    args = parser.parse_args()
    if not shutil.which("simpleFoam"):
        raise SystemExit("simpleFoam not found: install Debian's openfoam package (apt-get install openfoam)")
    reynolds = float(resolved_value(args.run_dir, "problem.reynolds"))
    alpha = float(resolved_value(args.run_dir, "problem.angle_of_attack"))
    os.makedirs(args.out, exist_ok=True)
    record = {"run": os.path.abspath(args.run_dir), "reynolds": reynolds, "alpha_deg": alpha,
              "portaflow": ours(args.run_dir, args.average_from), "openfoam": {}}
    surfaces = {}
    for model in args.models:
        figures, surface = run_model(model, args.run_dir, args.out, 1 / reynolds, alpha, args.iterations)
        surfaces[figures["model"]] = surface
        record["openfoam"][model] = figures
        with open(os.path.join(args.out, "openfoam-%s-surface.csv" % model), "w") as f:
            f.write("x_over_c,y_over_c,Cp,Cf,upper\n")
            for k in range(len(surface["Cp"])):
                f.write("%.9g,%.9g,%.9g,%.9g,%d\n" % (surface["x_over_c"][k], surface["y_over_c"][k],
                                                     surface["Cp"][k], surface["Cf"][k], surface["upper"][k]))
        print("%s: CL %.4f CD %.5f (pressure %.5f, friction %.5f), %s after %d iterations"
              % (figures["model"], figures["CL"], figures["CD"], figures["CD_pressure"], figures["CD_friction"],
                 "converged" if figures["converged"] else "not converged", figures["iterations"]))
        stream = figures["stream_function"]
        print("    its psi on the body %.5f (%.5f .. %.5f over the wall), psi - psi_inf on the outer line "
              "up to %+.4f" % (stream["psi_body_mean"], *stream["psi_body_range"],
                               stream["outer_psi_minus_free_stream_largest"]))
    p = record["portaflow"]
    turbulent = resolved_value(args.run_dir, "incompressible.turbulence") == "baldwin_lomax"
    ours_label = "PortaFlow (%s)" % ("Baldwin-Lomax" if turbulent else "laminar")
    print("%s: CL %.4f CD %.5f (pressure %.5f, friction %.5f), psi on the body %.5f"
          % (ours_label, p["CL"], p["CD"], p["CD_pressure"], p["CD_friction"], p["psi_body"]))
    for model, f in record["openfoam"].items():
        f["portaflow_over_openfoam"] = {k: p[k] / f[k] - 1 for k in ("CL", "CD", "CD_pressure", "CD_friction")}
    title = "NACA 0012, Re %.0e, alpha %g, %s, the same C-grid" % (
        reynolds, alpha, "fully turbulent" if turbulent else "laminar")
    record["png"] = plot(args.out, args.run_dir, surfaces, title, ours_label)
    with open(os.path.join(args.out, "openfoam-cross-check.json"), "w") as f:
        json.dump(record, f, indent=1)
    print("wrote", os.path.join(args.out, "openfoam-cross-check.json"))


if __name__ == "__main__":
    sys.exit(main())
