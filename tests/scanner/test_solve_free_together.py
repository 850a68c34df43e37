"""A tally's boxes the run calls misread beyond doubt cost nothing to change, but each alone
leaves the run's check failed: the descent tries them together first, so a search its
budget cuts short still mends them."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.solve import solve

from .simulator import finished_game, sheet_for


def _sure(colours: dict[str, int | None]) -> dict[str, Reading]:
    return {
        rid: Reading(c, 1.0, 0.0 if c is None else 0.9, surely_marked=c is not None)
        for rid, c in colours.items()
    }


def test_two_strays_beyond_doubt_are_mended_together_within_two_rescorings() -> None:
    layout = sheet_for("vasarely")
    colours, scores = finished_game(layout, np.random.default_rng(7))
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    player, score = next((p, s) for p, s in scores.items() if s >= 6)
    strays = [f"score-p{player}-box-{score + n}" for n in (6, 7)]
    for rid in strays:
        colours[rid] = player
    readings = _sure(colours)
    # Two rescorings: the reading as measured, and one more (both changes at once).
    solved = solve(layout, readings, None, keys, ScannerConfig(solve_evaluations=2))
    assert solved.evaluations == 2
    assert all(readings[rid].color is None for rid in strays)
    assert solved.tallies[player] == score
