"""Rule-engine speed: per game, the median time of a full random game on its standard field
and the rate of legal-move listings and moves.

    .venv/bin/python benchmarks/bench_rules.py [--games N]

Fields come from the generator (standard fields; Rings from seed 42, since its fields are
random per seed). A game the generator cannot build yet runs on the engine's largest
synthetic field of realistic size, and the output says so. Per-field precomputation
(Mondrian's rectangles, Klee's windows, Rings' chord lists) is timed separately: it is done
once per field and cached. Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from artsheets.rules import new_game
from artsheets.rules.field import Field
from tests.rules import synthetic as S

TARGET_MS = 100.0

# game -> (generator seed, rule options, synthetic fallback)
GAMES: dict[str, tuple[int | None, dict[str, Any], Callable[[], Field]]] = {
    "vasarely": (None, {"players": 4}, lambda: S.vasarely_field(1)),
    "miro": (None, {"players": 2}, lambda: S.miro_field()),
    "mondrian": (None, {"players": 4}, lambda: S.mondrian_field(1)),
    "arp": (None, {"players": 3}, lambda: S.arp_field(1, 25)),
    "delaunay": (None, {"players": 4}, lambda: S.delaunay_field(4, 5, 3)),
    "klee": (None, {}, lambda: S.klee_field(12)),
    "springer": (None, {"players": 2}, lambda: S.springer_field(9, 12)),
    "rings": (42, {"players": 3}, lambda: S.rings_field(1, 6, 3, 16)),
    "synch": (None, {}, lambda: S.synch_field(10)),
}


def load_field(game: str, seed: int | None, fallback: Callable[[], Field]) -> tuple[Field, str]:
    try:
        from artsheets.generator.registry import build_field

        return build_field(game, seed, {}), "standard" if seed is None else f"seed {seed}"
    except Exception as e:  # the generator may not know this game yet
        return fallback(), f"SYNTHETIC ({type(e).__name__})"


def one_game(field: Field, options: dict[str, Any], seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    t = time.perf_counter()
    state = new_game(field, options)
    listings = moves = 0
    while not state.is_over():
        legal = state.legal_moves()
        listings += 1
        state.apply(rng.choice(legal))
        moves += 1
    return time.perf_counter() - t, listings, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=21, help="random games per game (default 21)")
    args = ap.parse_args()
    print(f"{'game':9} {'field':32} {'source':22} {'setup ms':>8} {'median ms':>9} "
          f"{'moves':>6} {'lists/s':>9} {'moves/s':>9}  target")  # fmt: skip
    for game, (seed, options, fallback) in GAMES.items():
        field, source = load_field(game, seed, fallback)
        t = time.perf_counter()
        new_game(field, options).legal_moves()  # builds and caches per-field tables
        setup_ms = (time.perf_counter() - t) * 1000
        times, listings, moves = [], 0, 0
        for k in range(args.games):
            dt, n_list, n_moves = one_game(field, options, k)
            times.append(dt)
            listings += n_list
            moves += n_moves
        med = statistics.median(times) * 1000
        total = sum(times)
        ok = "ok" if med < TARGET_MS else "SLOW"
        print(
            f"{game:9} {field.field_id[:32]:32} {source:22} {setup_ms:8.1f} {med:9.1f} "
            f"{moves / args.games:6.0f} {listings / total:9.0f} {moves / total:9.0f}  {ok}"
        )


if __name__ == "__main__":
    main()
