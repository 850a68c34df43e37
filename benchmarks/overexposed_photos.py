"""Overexposed photos: a named condition's own photo with its exposure raised until the
brightest channel's gain is ``--gain LOW,HIGH`` (drawn per photo) of the camera's white, so
that the paper clips in one, two or all three channels. The simulator's cameras clip paper
only now and then (exposure 0.85-1.1 under a warm or cool light); this makes a set of them.

Writes the photos and a truth file that ``bench_scanner.py --keep DIR --reuse`` reads (tuning
seeds only: the held-out split's seeds start at 1,000,000, and these stay far below):

    python benchmarks/overexposed_photos.py DIR --count 24 --first-seed 200
    python benchmarks/bench_scanner.py --split tune --keep DIR --reuse --no-results
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the simulator lives in tests/scanner

GAMES = ("miro", "delaunay", "rings", "klee", "mondrian", "vasarely", "springer", "synch")
CONDITIONS = ("pencil", "crayon", "scribble", "fit_to_page")
SIZE = (4000, 3000)
HELDOUT_SEEDS = 1_000_000  # bench_scanner.SEED_BASE["heldout"]


def main() -> int:
    from tests.scanner.scenarios import setup
    from tests.scanner.simulator import sheet_for, simulate

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--first-seed", type=int, default=200)
    parser.add_argument("--gain", default="1.2,1.5", help="brightest channel's gain, LOW,HIGH")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    args = parser.parse_args()
    low, high = (float(v) for v in args.gain.split(","))
    games, conditions = args.games.split(","), args.conditions.split(",")
    if args.first_seed + args.count > HELDOUT_SEEDS:
        print("error: those seeds reach the held-out split's", file=sys.stderr)
        return 2
    args.folder.mkdir(parents=True, exist_ok=True)
    truth = []
    for i in range(args.count):
        seed = args.first_seed + i
        game, condition = games[i % len(games)], conditions[i % len(conditions)]
        layout = sheet_for(game)
        players = sum(1 for r in layout.regions if r.kind == "key")
        c, drawing, pencils = setup(condition, seed, players, SIZE, False)
        gain = float(np.random.default_rng(seed).uniform(low, high))
        c = replace(c, exposure=gain / max(c.white_balance))
        photo = simulate(layout, seed, conditions=c, pencils=pencils, drawing=drawing)
        path = args.folder / f"over_{condition}_{game}_{seed}.jpg"
        path.write_bytes(photo.jpeg)
        truth.append(
            {
                "path": str(path.resolve()),
                "condition": condition,
                "game": game,
                "code": photo.layout.sheet_code,
                "colours": photo.colours,
                "planted": None,
            }
        )
        print(f"{path.name}: brightest channel's gain {gain:.2f}", flush=True)
    (args.folder / "truth_tune.json").write_text(json.dumps(truth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
