"""Sheet speed: per game, the median time to build the field and to write each format, the
time to draw one random field with its share of re-draws, and 100 random Rings sheets.

Targets (issues 2 and 4): every sheet, all formats, under 1 s median; one random field per game
under 2 s median; 100 random Rings sheets (all formats) under 60 s.

    python benchmarks/bench_sheets.py [--runs N] [--seeds N] [--rings N]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from artsheets.generator.registry import build_layout, games
from artsheets.generator.render_pdf import render_pdf
from artsheets.generator.render_png import render_png
from artsheets.generator.render_svg import render_svg
from artsheets.generator.rng import Rng
from artsheets.generator.write import write_sheet


def median_time(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def sheet_table(runs: int) -> None:
    print(f"\nSheets: median of {runs} runs, seconds (A4, PNG at 200 dpi)")
    print(f"{'sheet':22} {'build':>7} {'json':>7} {'svg':>7} {'pdf':>7} {'png':>7} {'total':>7}")
    for spec in games().values():
        seeds = ([None] if spec.standard else []) + ([42] if spec.random_fields else [])
        for seed in seeds:
            name = f"{spec.name} {'std' if seed is None else f's{seed}'}"
            layout = build_layout(spec.name, seed)
            row = {
                "build": median_time(lambda s=seed, g=spec.name: build_layout(g, s), runs),
                "json": median_time(layout.to_json, runs),
                "svg": median_time(lambda lay=layout: render_svg(lay), runs),
                "pdf": median_time(lambda lay=layout: render_pdf(lay), runs),
                "png": median_time(lambda lay=layout: render_png(lay, 200), runs),
            }
            total = sum(row.values())
            flag = "ok" if total < 1.0 else "OVER 1 s"
            cells = " ".join(f"{v:7.3f}" for v in row.values())
            print(f"{name:22} {cells} {total:7.3f}  {flag}")


def random_field_table(seeds: int) -> None:
    print(f"\nRandom fields: {seeds} seeds each, geometry only (draw + validate + re-draws)")
    print(f"{'game':10} {'median s':>9} {'max s':>7} {'re-draw share':>14}")
    for spec in games().values():
        if not spec.random_fields:
            continue
        module = importlib.import_module(f"artsheets.generator.games.{spec.name}")
        opts = spec.resolve_options({})
        times, attempts = [], []
        for seed in range(seeds):
            rng = Rng.derive(spec.name, spec.current_version, seed)
            t = time.perf_counter()
            _, n = module.random_geometry(rng, opts)
            times.append(time.perf_counter() - t)
            attempts.append(n)
        redraw = (sum(attempts) - len(attempts)) / sum(attempts)
        flag = "ok" if statistics.median(times) < 2.0 else "OVER 2 s"
        print(
            f"{spec.name:10} {statistics.median(times):9.3f} {max(times):7.3f} "
            f"{redraw:13.1%}  {flag}"
        )


def rings_batch(count: int) -> None:
    if "rings" not in games():
        print("\nrings is not registered; batch skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        for seed in range(1, count + 1):
            write_sheet(
                "rings",
                seed,
                games()["rings"].resolve_options({}),
                "a4",
                Path(tmp),
                ["pdf", "svg", "png"],
                200,
                f"rings_s{seed}",
            )
        elapsed = time.perf_counter() - t
    flag = "ok" if elapsed < 60 else "OVER 60 s"
    print(f"\n{count} random Rings sheets, all formats: {elapsed:.1f} s  {flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--rings", type=int, default=100)
    args = parser.parse_args()
    for spec in games().values():  # import and warm caches (fonts, templates) outside timing
        build_layout(spec.name, None if spec.standard else 1)
    sheet_table(args.runs)
    random_field_table(args.seeds)
    rings_batch(args.rings)


if __name__ == "__main__":
    main()
