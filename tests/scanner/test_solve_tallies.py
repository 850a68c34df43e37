"""Solving a tally that disagrees with the drawing: where the tally is itself in doubt (a
faint tick at the end of its run), the doubted box is what the rules change, not the
drawing."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.solve import solve

from .simulator import finished_game, sheet_for


def test_a_faint_last_tick_of_a_tally_the_drawing_agrees_with_is_read_ticked() -> None:
    layout = sheet_for("vasarely")
    colours, scores = finished_game(layout, np.random.default_rng(7))
    player, score = next((p, s) for p, s in sorted(scores.items()) if s > 1)
    last = f"score-p{player}-box-{score}"
    assert colours[last] == player
    readings = {
        rid: Reading(c, 1.0, 0.0 if c is None else 0.9, surely_marked=c is not None)
        for rid, c in colours.items()
    }
    # The run's last tick read blank, barely: faint marks, the player's colour close.
    readings[last] = Reading(None, 0.54, 0.18, "faint marks (18% covered)", runner_up=player)
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    solved = solve(layout, readings, None, keys, ScannerConfig())
    assert readings[last].color == player
    assert solved.tallies[player] == score
    assert not [c for c in solved.scoring.checks if not c["ok"]]
    assert readings[last].reason is not None  # changed by the rules: in review
