#!/usr/bin/env python3
"""CL and CD against time for the NACA 0012 Re = 1e5, alpha = 8 decks (seed 004, Fig. 12), laminar
and Baldwin-Lomax, from the histories perf/incompressible_alpha8_device.sh brings back.

  python3 perf/incompressible_alpha8_plot.py DIR OUT.png

DIR holds laminar-history.csv and baldwin_lomax-history.csv. Prints each run's last time, CL and CD
and the means over the last 2 time units it covers.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    folder, png = sys.argv[1], sys.argv[2]
    fig, (ax_cl, ax_cd) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for kind, label in (("laminar", "laminar"), ("baldwin_lomax", "Baldwin-Lomax")):
        with open(f"{folder}/{kind}-history.csv") as f:
            rows = [r for r in csv.DictReader(f)]
        t = [float(r["time"]) for r in rows]
        cl = [float(r["CL"]) for r in rows]
        cd = [float(r["CD"]) for r in rows]
        ax_cl.plot(t, cl, label=label)
        ax_cd.plot(t, cd, label=label)
        tail = [k for k, time in enumerate(t) if time >= t[-1] - 2]
        mean_cl = sum(cl[k] for k in tail) / len(tail)
        mean_cd = sum(cd[k] for k in tail) / len(tail)
        print(f"{label}: t = {t[-1]:.3f}, CL {cl[-1]:.4f}, CD {cd[-1]:.4f}; "
              f"over t in [{t[-1] - 2:.2f}, {t[-1]:.2f}]: mean CL {mean_cl:.4f}, "
              f"CL {min(cl[k] for k in tail):.4f} .. {max(cl[k] for k in tail):.4f}, mean CD {mean_cd:.4f}")
    ax_cl.set_ylabel("CL")
    ax_cd.set_ylabel("CD")
    ax_cd.set_xlabel("t (chords / U)")
    ax_cl.set_ylim(-0.2, 1.5)
    ax_cd.set_ylim(0, 0.3)
    ax_cl.set_title("NACA 0012, Re = 1e5, alpha = 8 deg, impulsive start (seed 004, Fig. 12)")
    for ax in (ax_cl, ax_cd):
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=120)


if __name__ == "__main__":
    main()
