"""Inviscid supersonic flow over a sharp circular cone at zero incidence, perfect gas
(Taylor & Maccoll 1933):

    taylor_maccoll.py [--mach 5] [--cone-angle 15] [--gamma 1.4] [--json F] [--check]

prints the shock angle, and on the cone surface the Mach number, the pressure ratio p_c/p_inf,
the pressure coefficient Cp_c = (p_c/p_inf - 1) / (gamma M^2 / 2) and the density and
temperature ratios.

Method: for a trial shock angle beta, the oblique-shock relations give the velocity just behind
the shock; the Taylor-Maccoll equation for the conical flow (velocity over its maximum,
V' = V/V_max, with radial and polar components V_r, V_theta) is integrated in the polar angle
theta (fourth-order Runge-Kutta) inward from beta until V_theta = 0, which is the cone surface.
beta is found by bisection so that this angle is the requested half-angle, on the weak
(attached) branch between the Mach angle asin(1/M) and the angle of the largest cone; a steeper
cone has a detached shock and the script exits non-zero. The flow between shock and cone is
isentropic, so the surface state follows from the stagnation state behind the shock. The
standard library only: no numpy or scipy.

--check compares with published values (Ames Research Staff (1953), NACA Report 1135, cone
charts; Anderson, Modern Compressible Flow, cone example), with the thin-cone limit (the shock
tends to the Mach wave) and with slender-body theory, and exits non-zero past the stated
tolerances.

The repository uses it to compare the surface pressure on the conical part of the multi-block
solver's sphere-cone-cylinder-flare body with the sharp-cone value (far enough from the nose,
the blunted cone's pressure tends to it)."""
import argparse
import json
import math
import sys
from pathlib import Path

STEP = 2.0e-5  # RK4 step in theta (radians); halving it changes the results by < 1e-9


def velocity_over_max(mach, gamma):
    """V/V_max for a Mach number (V_max: the speed of expansion to zero temperature)."""
    return (2.0 / ((gamma - 1.0) * mach * mach) + 1.0) ** -0.5


def mach_from_velocity(v, gamma):
    """Inverse of velocity_over_max."""
    return math.sqrt(2.0 / (gamma - 1.0) * v * v / (1.0 - v * v))


def oblique_shock(mach, beta, gamma):
    """Deflection angle, downstream Mach number and stagnation-pressure ratio p02/p01 of an
    oblique shock at angle beta (radians)."""
    mn1 = mach * math.sin(beta)
    mn1_sq = mn1 * mn1
    mn2_sq = (1.0 + 0.5 * (gamma - 1.0) * mn1_sq) / (gamma * mn1_sq - 0.5 * (gamma - 1.0))
    deflection = math.atan(
        2.0 / math.tan(beta) * (mn1_sq - 1.0)
        / (mach * mach * (gamma + math.cos(2.0 * beta)) + 2.0))
    mach2 = math.sqrt(mn2_sq) / math.sin(beta - deflection)
    density_ratio = (gamma + 1.0) * mn1_sq / ((gamma - 1.0) * mn1_sq + 2.0)
    pressure_ratio = 1.0 + 2.0 * gamma / (gamma + 1.0) * (mn1_sq - 1.0)
    total_pressure_ratio = (density_ratio ** (gamma / (gamma - 1.0))
                            * pressure_ratio ** (-1.0 / (gamma - 1.0)))
    return deflection, mach2, total_pressure_ratio


def taylor_maccoll_rhs(theta, vr, vt, gamma):
    """d(V_r, V_theta)/d(theta): the Taylor-Maccoll equation as a first-order system
    (V_theta = dV_r/dtheta; a'^2 = (gamma - 1)/2 (1 - V'^2) is the sound speed squared)."""
    a_sq = 0.5 * (gamma - 1.0) * (1.0 - vr * vr - vt * vt)
    dvt = (vt * vt * vr - a_sq * (2.0 * vr + vt / math.tan(theta))) / (a_sq - vt * vt)
    return vt, dvt


def rk4_step(theta, vr, vt, h, gamma):
    """One fourth-order Runge-Kutta step of size h (negative: inward)."""
    k1r, k1t = taylor_maccoll_rhs(theta, vr, vt, gamma)
    k2r, k2t = taylor_maccoll_rhs(theta + 0.5 * h, vr + 0.5 * h * k1r, vt + 0.5 * h * k1t, gamma)
    k3r, k3t = taylor_maccoll_rhs(theta + 0.5 * h, vr + 0.5 * h * k2r, vt + 0.5 * h * k2t, gamma)
    k4r, k4t = taylor_maccoll_rhs(theta + h, vr + h * k3r, vt + h * k3t, gamma)
    return (theta + h,
            vr + h / 6.0 * (k1r + 2.0 * k2r + 2.0 * k3r + k4r),
            vt + h / 6.0 * (k1t + 2.0 * k2t + 2.0 * k3t + k4t))


def cone_from_shock(mach, beta, gamma):
    """Integrates inward from a shock at angle beta to the ray where V_theta = 0; returns
    (cone half-angle, V' on the cone, stagnation-pressure ratio across the shock), or None
    when V_theta does not vanish before the axis. Just behind a weak shock the normal velocity
    is nearly sonic, where the equation is singular: the step starts at a hundredth of the
    shock's distance from the Mach angle and grows geometrically to STEP."""
    deflection, mach2, total_pressure_ratio = oblique_shock(mach, beta, gamma)
    v2 = velocity_over_max(mach2, gamma)
    theta, vr, vt = beta, v2 * math.cos(beta - deflection), -v2 * math.sin(beta - deflection)
    h = min(STEP, max(0.01 * (beta - math.asin(1.0 / mach)), 1e-15))
    while theta > 2.0 * h:
        next_theta, next_vr, next_vt = rk4_step(theta, vr, vt, -h, gamma)
        if next_vt >= 0.0:
            theta_c, vr_c = surface_in_step(theta, vr, vt, h, gamma)
            return theta_c, vr_c, total_pressure_ratio
        theta, vr, vt = next_theta, next_vr, next_vt
        h = min(STEP, 1.05 * h)
    return None


def surface_in_step(theta, vr, vt, step, gamma):
    """The ray inside the next step (of size `step`, inward) where V_theta = 0, by regula falsi
    on the step size, and V_r there."""
    h_lo, vt_lo = 0.0, vt
    h_hi = -step
    vt_hi = rk4_step(theta, vr, vt, h_hi, gamma)[2]
    h = h_hi
    for _ in range(60):
        h = h_lo - vt_lo * (h_hi - h_lo) / (vt_hi - vt_lo)
        vt_h = rk4_step(theta, vr, vt, h, gamma)[2]
        if abs(vt_h) < 1e-15:
            break
        if vt_h < 0.0:
            h_lo, vt_lo = h, vt_h
        else:
            h_hi, vt_hi = h, vt_h
    _, vr_c, _ = rk4_step(theta, vr, vt, h, gamma)
    return theta + h, vr_c


def find_shock_angle(mach, cone, gamma):
    """Weak-branch shock angle (radians) of a cone of half-angle `cone` (radians), or raises
    ValueError if the shock is detached. Scans beta up from the Mach angle until the cone
    angle passes the target (or starts to fall: past the largest cone), then bisects."""
    mu = math.asin(1.0 / mach)
    scan = math.radians(0.25)
    beta_lo, cone_max, beta_at_max = mu + 1e-13, 0.0, mu
    beta = beta_lo
    while beta < 0.5 * math.pi:
        beta = min(beta + scan, 0.5 * math.pi - 1e-9)
        result = cone_from_shock(mach, beta, gamma)
        if result is None or result[0] < cone_max:
            break
        cone_max, beta_at_max = result[0], beta
        if result[0] >= cone:
            return bisect_shock_angle(mach, cone, gamma, beta_lo, beta)
        beta_lo = beta
    raise ValueError(
        f"cone half-angle {math.degrees(cone):.3f} deg at Mach {mach:g}: the shock is detached "
        f"(the largest cone with an attached shock is about {math.degrees(cone_max):.2f} deg, "
        f"shock angle {math.degrees(beta_at_max):.2f} deg)")


def bisect_shock_angle(mach, cone, gamma, beta_lo, beta_hi):
    """Bisection on beta in [beta_lo, beta_hi], where the cone angle brackets `cone`."""
    while beta_hi - beta_lo > 1e-12:
        beta = 0.5 * (beta_lo + beta_hi)
        if cone_from_shock(mach, beta, gamma)[0] < cone:
            beta_lo = beta
        else:
            beta_hi = beta
    return 0.5 * (beta_lo + beta_hi)


def cone_flow(mach, cone_deg, gamma):
    """The shock angle and the cone-surface state for a free-stream Mach number and a cone
    half-angle in degrees."""
    beta = find_shock_angle(mach, math.radians(cone_deg), gamma)
    _, v_c, total_pressure_ratio = cone_from_shock(mach, beta, gamma)
    mach_c = mach_from_velocity(v_c, gamma)
    stagnation_inf = 1.0 + 0.5 * (gamma - 1.0) * mach * mach
    stagnation_c = 1.0 + 0.5 * (gamma - 1.0) * mach_c * mach_c
    temperature_ratio = stagnation_inf / stagnation_c  # total temperature is conserved
    pressure_ratio = total_pressure_ratio * temperature_ratio ** (gamma / (gamma - 1.0))
    return {
        "mach": mach,
        "cone_half_angle_deg": cone_deg,
        "gamma": gamma,
        "shock_angle_deg": math.degrees(beta),
        "surface_mach": mach_c,
        "surface_pressure_ratio": pressure_ratio,
        "surface_cp": (pressure_ratio - 1.0) / (0.5 * gamma * mach * mach),
        "surface_density_ratio": pressure_ratio / temperature_ratio,
        "surface_temperature_ratio": temperature_ratio,
    }


def slender_body_cp(mach, cone_deg):
    """Linearised (slender-body) surface Cp of a thin cone:
    Cp = delta^2 (2 ln(2 / (delta sqrt(M^2 - 1))) - 1)."""
    delta = math.radians(cone_deg)
    return delta * delta * (2.0 * math.log(2.0 / (delta * math.sqrt(mach * mach - 1.0))) - 1.0)


def check():
    """Compares with published and limiting values; returns the number of failures."""
    rows = []
    # Mach 2, 10 deg cone, gamma 1.4. NACA Report 1135 (Ames Research Staff 1953), cone charts
    # (the cone charts): shock angle about 31.2 deg, Cp about 0.105; Anderson, Modern Compressible
    # Flow, cone example (read from the same charts): shock about 31 deg, p_c/p_inf about 1.29.
    # Tolerances are the charts' reading accuracy.
    flow = cone_flow(2.0, 10.0, 1.4)
    rows.append(("M 2, 10 deg: shock angle (deg)", flow["shock_angle_deg"], 31.2, 0.3))
    rows.append(("M 2, 10 deg: Cp_c", flow["surface_cp"], 0.105, 0.003))
    rows.append(("M 2, 10 deg: p_c/p_inf", flow["surface_pressure_ratio"], 1.29, 0.01))
    # Thin cone: the shock tends to the Mach wave (its distance from it falls like the fourth
    # power of the cone angle) and Cp to slender-body theory, whose relative error is of order
    # (M delta)^2: 0.1 % at Mach 2 and 0.8 % at Mach 5 for a 0.5 deg cone.
    for mach in (2.0, 5.0):
        flow = cone_flow(mach, 0.5, 1.4)
        rows.append((f"M {mach:g}, 0.5 deg: shock - Mach angle (deg)",
                     flow["shock_angle_deg"] - math.degrees(math.asin(1.0 / mach)), 0.0, 1e-3))
        rows.append((f"M {mach:g}, 0.5 deg: Cp_c / slender-body Cp",
                     flow["surface_cp"] / slender_body_cp(mach, 0.5), 1.0, 0.015))
    failures = 0
    for name, value, reference, tolerance in rows:
        ok = abs(value - reference) <= tolerance
        failures += not ok
        print(f"{name:44s} {value:10.5f}  reference {reference:8.4f} +- {tolerance:<6g} "
              f"{'ok' if ok else 'FAIL'}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mach", type=float, default=5.0, help="free-stream Mach number")
    parser.add_argument("--cone-angle", type=float, default=15.0, help="half-angle, degrees")
    parser.add_argument("--gamma", type=float, default=1.4)
    parser.add_argument("--json", help="write the result to this file")
    parser.add_argument("--check", action="store_true",
                        help="compare with published values and exit non-zero if off")
    args = parser.parse_args()
    if args.check:
        sys.exit(1 if check() else 0)
    if args.mach <= 1.0 or not 0.0 < args.cone_angle < 90.0:
        sys.exit("needs a supersonic free stream and a cone half-angle in (0, 90) degrees")
    try:
        result = cone_flow(args.mach, args.cone_angle, args.gamma)
    except ValueError as error:
        sys.exit(f"error: {error}")
    for key, value in result.items():
        print(f"{key:28s} {value:.6g}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
