"""A traced line whose pixels leave blank close is not confirmed by the rules: a line a
player left bare breaks a rule (a finished game colours every line), and confirming its
colour by that rule would hide the player's mistake."""

from __future__ import annotations

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.solve import solve

from .test_solve import _keys, _legal_game, _sure


def _miro_with_a_doubted_segment(runner_up: int | None) -> tuple[dict[str, Reading], str]:
    layout, colours, _ = _legal_game("miro")
    rid = next(r.id for r in layout.regions if r.kind == "segment" and colours[r.id] is not None)
    readings = _sure(colours)
    # Read in its own colour, but hardly surer than blank (or than another colour).
    readings[rid] = Reading(colours[rid], 0.55, 0.01, "faint trace", runner_up=runner_up)
    solve(layout, readings, None, _keys(layout), ScannerConfig())
    return readings, rid


def test_a_line_with_blank_close_stays_in_review() -> None:
    readings, rid = _miro_with_a_doubted_segment(runner_up=None)
    assert readings[rid].reason is not None
