"""The island doubt of Arp's line pieces (colours._doubt_islands): which pieces unlike every
piece they meet on their line go to review, and at what confidence."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading, _doubt_islands
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.lines import LineFit

ALONG = [(1,), (0, 2), (1, 3), (2, 4), (3,)]  # pieces 0-1-2-3-4 of one printed line


def _fit(colour: int, llr: float) -> LineFit:
    """A piece the line fit reads as ``colour`` by ``llr`` over colour 1."""
    return LineFit(colour, 1, llr, loglik={colour: 0.0, 1: -llr})


def _middle_island(llr: float, config: ScannerConfig = DEFAULT) -> tuple[Reading, list[int]]:
    """Pieces read 1, 1, 2, 1, 1, the middle one fitted as 2 by ``llr``: its reading after
    the island doubt, and the islands found."""
    run = Reading(1, 0.9999, 0.8)
    out = [run, run, Reading(2, 0.9999, 0.8), run, run]
    fits = {i: _fit(1, 9.0) for i in range(5)} | {2: _fit(2, llr)}
    islands = _doubt_islands(out, fits, {}, ALONG, config)
    return out[2], islands


def test_an_island_read_weakly_is_doubted_for_the_solver() -> None:
    """Under ``line_island_sure_logodds`` an island is doubted at 0.6 (the solver's prior for
    a rare run may overturn it), for review."""
    rd, islands = _middle_island(DEFAULT.line_island_sure_logodds - 1.0)
    assert islands == [2]
    assert rd.color == 2 and rd.confidence == 0.6
    assert rd.reason == "colour 2 between pieces of its line coloured 1"


def test_an_island_read_surely_leaves_review_but_is_still_an_island() -> None:
    """From ``line_island_leave_logodds`` a sure island keeps its reading and confidence and
    gets no reason here; it still counts as an island (its neighbours' doubt)."""
    rd, islands = _middle_island(DEFAULT.line_island_leave_logodds + 0.5)
    assert islands == [2]
    assert rd == Reading(2, 0.9999, 0.8)


def test_a_sure_island_under_the_leave_odds_keeps_its_confidence_in_review() -> None:
    """Between the sure and the leave odds: confidence kept, but for review."""
    config = replace(DEFAULT, line_island_leave_logodds=DEFAULT.line_island_sure_logodds + 4.0)
    rd, _ = _middle_island(DEFAULT.line_island_sure_logodds + 1.0, config)
    assert rd.confidence == 0.9999 and rd.reason is not None
    never = replace(DEFAULT, line_island_leave_logodds=float("inf"))
    rd, _ = _middle_island(50.0, never)
    assert rd.confidence == 0.9999 and rd.reason is not None


def test_a_piece_that_continues_its_line_or_meets_none_is_no_island() -> None:
    """A piece whose colour a piece it meets shares, or that meets no coloured piece."""
    run = Reading(1, 0.9999, 0.8)
    out = [run, run, Reading(2, 0.9999, 0.8)]
    fits = {0: _fit(1, 9.0), 1: _fit(1, 9.0), 2: _fit(2, 1.0)}
    assert _doubt_islands(out, fits, {}, [(1,), (0,), ()], DEFAULT) == []
    assert out[2].reason is None
