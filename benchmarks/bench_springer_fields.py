"""Springer random fields per field version: every field passes check-field, how long one takes
to build (with its re-draws), and what the fields are like.

Target (issue 25): 200 random version-2 fields all pass check-field; median build under 2 s.
Seeds are the sheet seeds 1..N (the construction was tuned on a separate stream, not these).
Pages alternate A4 / Letter. "straight" is the share of interior boundary length within 15
degrees of an axis (a grid is near 90%, directions spread evenly give 33%).

    python benchmarks/bench_springer_fields.py [--seeds N] [--versions 2,1] [--spaces S]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

from artsheets.generator.checkfield import check_layout
from artsheets.generator.games import springer
from artsheets.generator.registry import build_layout
from artsheets.generator.rng import Rng


def _straight(geom: springer.Geometry) -> tuple[float, float]:
    """(length within 15 degrees of an axis, total length) of the interior boundaries."""
    straight = total = 0.0
    for x0, y0, x1, y1 in geom.segments:
        if {x0, x1} <= {0, geom.w} or {y0, y1} <= {0, geom.h}:
            continue
        length = math.hypot(x1 - x0, y1 - y0)
        tilt = math.degrees(math.atan2(abs(y1 - y0), abs(x1 - x0)))
        straight += length * (min(tilt, 90 - tilt) < 15)
        total += length
    return straight, total


def _shape(geom: springer.Geometry) -> dict[str, float]:
    faces = springer._faces(geom.segments)
    deg = springer._junctions(geom.segments, geom.w, geom.h)
    inner = [d for p, d in deg.items() if d >= 3 and not springer._side(p, geom.w, geom.h)]
    straight, total = _straight(geom)
    return {
        "four": sum(d >= 4 for d in inner) / len(inner),
        "tri": sum(len(f) == 3 for f in faces) / len(faces),
        "straight": straight / total,
    }


def run(version: int, seeds: int, spaces: int) -> None:
    opts = {"players": 2, "threshold": springer.DEFAULT_THRESHOLD, "spaces": spaces}
    times, attempts, failed = [], [], []
    shapes: list[dict[str, float]] = []
    smallest, sharpest = math.inf, 180.0
    for seed in range(1, seeds + 1):
        rng = Rng.derive("springer", version, seed)
        t = time.perf_counter()
        geom, n = springer.random_geometry(rng, opts, version)
        times.append(time.perf_counter() - t)
        attempts.append(n)
        shapes.append(_shape(geom))
        page = "a4" if seed % 2 else "letter"
        layout = build_layout("springer", seed, {"spaces": spaces}, page, version)
        checks = check_layout(layout)
        bad = [c.line() for c in checks if not c.ok]
        if bad:
            failed.append(f"seed {seed} {page}: {'; '.join(bad)}")
        for c in checks:
            if c.name.startswith("every space >=") and c.name.endswith("mm2"):
                smallest = min(smallest, float(c.detail.split()[1]))
            if c.name.startswith("every corner >="):
                sharpest = min(sharpest, float(c.detail.split()[1]))
    redraw = (sum(attempts) - len(attempts)) / sum(attempts)
    med = statistics.median(times)
    print(
        f"v{version} {spaces:4d} {seeds:6d} {seeds - len(failed):5d} {med:8.3f} {max(times):6.3f} "
        f"{redraw:7.1%} {statistics.median(s['four'] for s in shapes):6.0%} "
        f"{min(s['four'] for s in shapes):5.0%} {statistics.median(s['tri'] for s in shapes):5.0%} "
        f"{statistics.median(s['straight'] for s in shapes):8.0%} {smallest:6.1f} {sharpest:5.1f}"
        f"  {'ok' if not failed and med < 2.0 else 'FAIL'}"
    )
    for line in failed:
        print("   ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--versions", default="2")
    parser.add_argument("--spaces", type=int, default=springer.DEFAULT_SPACES)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} (1 min)")
    print(
        "ver spaces  seeds  pass median_s  max_s  redraw  4way  min4 tri  straight  min_mm2 min_deg"
    )
    for version in (int(v) for v in args.versions.split(",")):
        run(version, args.seeds, args.spaces)


if __name__ == "__main__":
    main()
