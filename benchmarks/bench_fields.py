"""Random fields per field version: every field passes check-field, how long one takes to build
(with its re-draws), and what the fields are like.

Target (issue 25): 200 random version-2 fields of Arp (and of Springer) all pass check-field;
median build under 2 s. Seeds are the sheet seeds 1..N (the constructions were tuned on
separate streams, not these). Pages alternate A4 / Letter.

Springer: "4way" median share of interior junctions of four or more spaces ("min4" the poorest
field), "tri" median share of triangular spaces, "straight" median share of interior boundary
length within 15 degrees of an axis (a grid is near 90%, evenly spread directions 33%).
Arp: "dirs" the largest number of lines within any 10 degrees (a family of near-parallels
makes it large), "cross" median of the fewest / most crossings on one line, "area_cv" median
coefficient of variation of the spaces' areas.

    python benchmarks/bench_fields.py GAME [--seeds N] [--versions 2,1] [--spaces S] [--lines L]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from artsheets.generator.checkfield import check_layout
from artsheets.generator.games import arp, springer
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng


def _springer_straight(geom: springer.Geometry) -> tuple[float, float]:
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


def springer_shape(geom: springer.Geometry) -> dict[str, float]:
    faces = springer._faces(geom.segments)
    deg = springer._junctions(geom.segments, geom.w, geom.h)
    inner = [d for p, d in deg.items() if d >= 3 and not springer._side(p, geom.w, geom.h)]
    straight, total = _springer_straight(geom)
    return {
        "four": sum(d >= 4 for d in inner) / len(inner),
        "tri": sum(len(f) == 3 for f in faces) / len(faces),
        "straight": straight / total,
    }


def arp_shape(geom: arp.ArpGeometry) -> dict[str, float]:
    an = arp._analyse(geom.lines)
    dirs = [math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 180.0 for a, b in geom.lines]
    crossings = [len(vs) - 2 for vs in an.line_vertices]
    areas = [f.area for f in an.spaces]
    return {
        "dirs": max(sum((d - c) % 180.0 < 10.0 for d in dirs) for c in dirs),
        "fewest": min(crossings),
        "most": max(crossings),
        "area_cv": statistics.pstdev(areas) / statistics.mean(areas),
    }


def springer_summary(shapes: list[dict[str, float]]) -> str:
    med = lambda k: statistics.median(s[k] for s in shapes)  # noqa: E731
    return (
        f"4way {med('four'):.0%} min4 {min(s['four'] for s in shapes):.0%} "
        f"tri {med('tri'):.0%} straight {med('straight'):.0%}"
    )


def arp_summary(shapes: list[dict[str, float]]) -> str:
    med = lambda k: statistics.median(s[k] for s in shapes)  # noqa: E731
    return (
        f"dirs max {max(s['dirs'] for s in shapes):.0f} (median {med('dirs'):.0f}) "
        f"cross {med('fewest'):.0f}-{med('most'):.0f} area_cv {med('area_cv'):.2f}"
    )


# game -> (random geometry, shape measures, their summary)
GAMES: dict[str, tuple[Callable[..., Any], Callable[[Any], dict], Callable[[list], str]]] = {
    "arp": (arp.random_geometry, arp_shape, arp_summary),
    "springer": (springer.random_geometry, springer_shape, springer_summary),
}


def run(game: str, version: int, seeds: int, options: dict[str, int]) -> None:
    random_geometry, shape, summary = GAMES[game]
    opts = get_game(game).resolve_options(options)
    times, attempts, failed = [], [], []
    shapes = []
    smallest = math.inf
    for seed in range(1, seeds + 1):
        rng = Rng.derive(game, version, seed)
        t = time.perf_counter()
        geom, n = random_geometry(rng, opts, version)
        times.append(time.perf_counter() - t)
        attempts.append(n)
        shapes.append(shape(geom))
        page = "a4" if seed % 2 else "letter"
        checks = check_layout(build_layout(game, seed, options, page, version))
        bad = [c.line() for c in checks if not c.ok]
        if bad:
            failed.append(f"seed {seed} {page}: {'; '.join(bad)}")
        for c in checks:
            if c.name.startswith("every space >=") and c.name.endswith("mm2"):
                smallest = min(smallest, float(c.detail.split()[1]))
    redraw = (sum(attempts) - len(attempts)) / sum(attempts)
    med = statistics.median(times)
    counts = " ".join(f"{k}={v}" for k, v in options.items())
    print(
        f"v{version} {counts:16s} {seeds:5d} {seeds - len(failed):5d} {med:8.3f} "
        f"{statistics.quantiles(times, n=10)[-1]:6.3f} {max(times):6.3f} {redraw:7.1%} "
        f"{smallest:7.1f}  {summary(shapes)}"
        f"  {'ok' if not failed and med < 2.0 else 'FAIL'}",
        flush=True,
    )
    for line in failed:
        print("   ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--versions", default="2")
    parser.add_argument("--spaces", type=int)
    parser.add_argument("--lines", type=int, help="Arp only")
    args = parser.parse_args()
    options = {k: v for k, v in (("lines", args.lines), ("spaces", args.spaces)) if v is not None}
    print(f"load average {os.getloadavg()[0]:.1f} (1 min)")
    print("ver options          seeds  pass median_s  p90_s  max_s  redraw min_mm2  shape")
    for version in (int(v) for v in args.versions.split(",")):
        run(args.game, version, args.seeds, options)


if __name__ == "__main__":
    main()
