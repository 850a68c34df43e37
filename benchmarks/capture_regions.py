"""Capture, per region, what a scan read and why, on kept tuning photos (issue 20, unflagged).

Scans every photo of a kept set's truth file (``bench_scanner.py --keep DIR``) as
``bench_scanner.py --reuse`` does, writing the same per-photo rows
(``DIR/results_tune.json``, as that writes them), and beside them one line a photo
(``DIR/regions.jsonl``) listing every region read (not out of the photo) with its truth and
its evidence: what a review rule for wrong regions left out of review is measured on.

Each region is a list (``FIELDS``): id, kind, truth, reading, raw confidence, in review,
reason (first 60 characters, or ""), runner-up, coverage, surely marked, the measured
evidence's best, its margin, the reading's lead (its own margin), blank's log-likelihood,
the line fit's spread of colours (0 where unmeasured), its bare, its core colour, its
dissent, grey.

    python benchmarks/capture_regions.py DIR [--games arp,miro] [--conditions steep]
    python benchmarks/capture_regions.py DIR --simulate --first-seed 4200 --per-condition 20 \
        --games arp,miro --conditions steep,close_colours   # make the photos first
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIELDS = [
    "id",
    "kind",
    "truth",
    "read",
    "raw",
    "flagged",
    "reason",
    "runner",
    "cover",
    "sure_marked",
    "ev_best",
    "ev_margin",
    "lead",
    "blank",
    "spread",
    "bare",
    "core",
    "dissent",
    "grey",
]


def _num(x: float) -> float:
    return round(x, 3) if math.isfinite(x) else (99.0 if x > 0 else -99.0)


def _capture(truth: dict) -> tuple[dict, dict]:
    """Scan one photo; its bench row and its regions."""
    from artsheets.scanner.colours import OUTSIDE
    from benchmarks.bench_scanner import scan_photo

    row, result = scan_photo(truth)
    if result is None:
        return row, {"path": truth["path"], "ok": False}
    colours = truth["colours"]
    kinds = {r.id: r.kind for r in result.layout.regions}
    regions = []
    for rid, rd in result.readings.items():
        if rd.reason == OUTSIDE:
            continue
        ev = result.evidence.get(rid)
        ll = rd.loglik
        spread = max(ll.values()) - min(ll.values()) if len(ll) >= 2 else 0.0
        regions.append(
            [
                rid,
                kinds.get(rid, "?"),
                colours.get(rid),
                rd.color,
                round(rd.confidence, 4),
                rd.reason is not None,
                (rd.reason or "")[:60],
                rd.runner_up,
                round(rd.coverage, 3),
                rd.surely_marked,
                None if ev is None else ev.best,
                None if ev is None else _num(ev.margin),
                None if ev is None else _num(ev.lead(rd.color)),
                None if ev is None else _num(ev.loglik.get(None, -math.inf)),
                round(spread, 3),
                round(rd.bare, 3),
                rd.core,
                round(rd.dissent, 3),
                rd.grey,
            ]
        )
    photo = {
        "path": truth["path"],
        "ok": True,
        "condition": truth["condition"],
        "game": truth["game"],
        "planted": truth["planted"],
        "px_per_mm": round(result.registration.px_per_mm, 2),
        "right_sheet": row["right_sheet"],
        "regions": regions,
    }
    return row, photo


def main() -> int:
    from benchmarks.bench_scanner import RULE_BREAK_EVERY, SEED_BASE, _make, game_at
    from tests.scanner.scenarios import NAMES

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("folder")
    p.add_argument("--games")
    p.add_argument("--conditions")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--simulate", action="store_true", help="make the photos (tune split)")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--per-condition", type=int, default=0)
    p.add_argument("--no-scan", action="store_true", help="with --simulate: only make them")
    args = p.parse_args()
    folder = Path(args.folder)
    truth_file = folder / "truth_tune.json"
    games = args.games.split(",") if args.games else None
    conditions = args.conditions.split(",") if args.conditions else list(NAMES)
    ctx = mp.get_context("spawn")
    if args.simulate:
        from artsheets.generator.registry import coloured_games

        names = games or list(coloured_games())
        folder.mkdir(parents=True, exist_ok=True)
        jobs = [
            (
                c,
                game_at(names, k, i),
                SEED_BASE["tune"] + i,
                str(folder),
                i % RULE_BREAK_EVERY == 1,
                None,
            )
            for k, c in enumerate(conditions)
            for i in range(args.first_seed, args.first_seed + args.per_condition)
        ]
        t0 = time.perf_counter()
        with ctx.Pool(args.workers) as pool:
            truths = pool.map(_make, jobs, chunksize=1)
        truth_file.write_text(json.dumps(truths))
        print(f"simulated {len(truths)} photos in {time.perf_counter() - t0:.0f} s", flush=True)
        if args.no_scan:
            return 0
    truths = [
        t
        for t in json.loads(truth_file.read_text())
        if (games is None or t["game"] in games) and t["condition"] in conditions
    ]
    t0 = time.perf_counter()
    with ctx.Pool(args.workers) as pool:
        out = pool.map(_capture, truths, chunksize=1)
    write_capture(folder, out, t0)
    return 0


def write_capture(folder: Path, out: list[tuple[dict, dict]], t0: float) -> None:
    """Write the captured rows (``results_tune.json``) and regions (``regions.jsonl``, a line
    a photo) into ``folder``; the capture's time since ``t0``."""
    (folder / "results_tune.json").write_text(json.dumps([r for r, _ in out]))
    with (folder / "regions.jsonl").open("w") as f:
        for _, photo in out:
            f.write(json.dumps(photo) + "\n")
    print(f"captured {len(out)} photos in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
