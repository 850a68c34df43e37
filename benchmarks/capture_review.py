"""Capture, per region, what a scan read and why, with a line piece's context (issue 20, doubt).

As ``capture_regions.py`` (the same rows, ``DIR/results_tune.json``, and one line a photo in
``DIR/regions.jsonl``), and per straight line piece (Arp's) the context the review rules weigh
after solving, as it stands when ``linedoubt.doubt_line_pieces`` runs: the colours of the
fills beside it and of the pieces it meets along its printed line, each with whether it was
read surely and left out of review. Extra fields per region (``CONTEXT``): beside colours,
beside colours read surely, met colours, met colours read surely (blank as 0), and whether
``doubt_line_pieces`` took the piece out of review.

    python benchmarks/capture_review.py DIR [--games arp] [--conditions steep]
    python benchmarks/capture_review.py DIR --set line_between_keys_met_sure=False \
        --set copy_fill_margin=-inf       # a setting changed (here: the rules off)
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CONTEXT = ["beside", "beside_sure", "met", "met_sure", "left"]
_SEEN: dict[str, list] = {}
_PATCHED: list[bool] = []  # once a process


def _patch(settings: dict) -> None:
    import functools
    from dataclasses import replace

    from artsheets.scanner import pipeline
    from artsheets.scanner.colours import Reading
    from artsheets.scanner.config import DEFAULT
    from artsheets.scanner.linedoubt import line_neighbours

    if _PATCHED:
        return
    _PATCHED.append(True)
    if settings:
        pipeline.scan_file = functools.partial(
            pipeline.scan_file, config=replace(DEFAULT, **settings)
        )

    inner = pipeline.doubt_line_pieces

    def wrapped(readings, evidence, layout, masks, config):
        _SEEN.clear()

        def sure(rd: Reading) -> bool:  # blank too (recorded as 0), unlike Reading.sure
            return rd.reason is None and rd.confidence >= config.review_below

        for i, reg in enumerate(masks.regions):
            if reg.kind != "segment":
                continue
            beside, met = line_neighbours(i, masks, readings)
            _SEEN[reg.id] = [
                sorted({r.color or 0 for r in beside}),
                sorted({r.color or 0 for r in beside if sure(r)}),
                sorted({r.color or 0 for r in met}),
                sorted({r.color or 0 for r in met if sure(r)}),
            ]
        before = {rid: rd.reason for rid, rd in readings.items()}
        sent = inner(readings, evidence, layout, masks, config)
        for rid, seen in _SEEN.items():
            seen.append(before[rid] is not None and readings[rid].reason is None)
        return sent

    pipeline.doubt_line_pieces = wrapped


def _capture(job: tuple[dict, dict]) -> tuple[dict, dict]:
    from benchmarks import capture_regions

    truth, settings = job
    _patch(settings)
    row, photo = capture_regions._capture(truth)
    if photo.get("ok"):
        for r in photo["regions"]:
            r.extend(_SEEN.get(r[0], [[], [], [], [], False]))
    return row, photo


def main() -> int:
    from benchmarks import capture_regions
    from benchmarks.bench_solver import parse_settings

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("folder")
    p.add_argument("--games")
    p.add_argument("--conditions")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--set", action="append", default=[], help="FIELD=VALUE of ScannerConfig")
    args = p.parse_args()
    settings = parse_settings(p, args.set)
    folder = Path(args.folder)
    games = args.games.split(",") if args.games else None
    conditions = args.conditions.split(",") if args.conditions else None
    truths = [
        t
        for t in json.loads((folder / "truth_tune.json").read_text())
        if (games is None or t["game"] in games)
        and (conditions is None or t["condition"] in conditions)
    ]
    t0 = time.perf_counter()
    with mp.get_context("spawn").Pool(args.workers) as pool:
        out = pool.map(_capture, [(t, settings) for t in truths], chunksize=1)
    capture_regions.write_capture(folder, out, t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
