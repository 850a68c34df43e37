"""Board and card games: the median time of a full random game of each, per variant.

    .venv/bin/python benchmarks/bench_boardgames.py [--games N]

A game is played from new_game to its end by uniformly random legal moves (the legal-move
listing at every step included: that is what a playout or a search pays). Boards come from
the games themselves; nothing is read from disk. Prints figures only; the target (under
100 ms median per game) is compared here, never asserted in a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from artsheets.rules.game import get_game

TARGET_MS = 100.0
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("parking", {}),
    ("landgrab", {}),
    ("independence", {}),
    ("moai", {}),
    ("moai", {"board": "hex"}),
    ("moai", {"turning": False}),
    ("updown", {}),
    ("updown", {"deck": "standard", "deal": 1}),
    ("straat", {}),
    ("straat", {"split": "straight"}),
    ("chitral", {}),
    ("chitral", {"three_loses": True, "lines": "orthogonal"}),
    ("sjekkers", {}),
    ("sjekkers", {"rules": "checkers"}),
    ("kamelen", {}),
    ("kamelen", {"ranks": 13}),
    ("trangalla", {}),
    ("trangalla", {"width": 7, "repeats": 0}),
]


def one_game(name: str, options: dict[str, Any], seed: int) -> tuple[float, int]:
    """Seconds for one random game, and its number of moves."""
    game = get_game(name)
    rng = random.Random(seed)
    start = time.perf_counter()
    state = game.new_game(options)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    return time.perf_counter() - start, len(state.history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30, help="random games per variant")
    args = parser.parse_args()
    print(f"{'game':34} {'median ms':>9} {'max ms':>8} {'moves':>6}  target {TARGET_MS:.0f} ms")
    for name, options in VARIANTS:
        runs = [one_game(name, options, seed) for seed in range(args.games)]
        times = [t * 1000 for t, _ in runs]
        median = statistics.median(times)
        moves = statistics.median(m for _, m in runs)
        label = name + (" " + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
        verdict = "ok" if median < TARGET_MS else "OVER"
        print(f"{label:34} {median:9.1f} {max(times):8.1f} {moves:6.0f}  {verdict}")


if __name__ == "__main__":
    main()
