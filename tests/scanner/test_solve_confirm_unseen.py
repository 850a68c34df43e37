"""The rules confirming a doubted region (``solve._confirmed``) judge its close readings with
their tallies read as the sheet's own are: a close reading that scores a point more than the
boxes in the photo show does not break a rule where the frame hides the box that point is
ticked in (``tallies.end_ticks``), so it does not confirm the reading against it."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import OUTSIDE, Reading, between_keys
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.scoring import score_sheet
from artsheets.scanner.solve import solve
from artsheets.scanner.tallies import point_boxes

from .simulator import finished_game, sheet_for

CONFIG = ScannerConfig()
# On this game (seed 3), the segment read in colour 2 rather than its own colour 1 leaves the
# sheet legal and player 1 one point short (checked below).
SEGMENT, TRUE, MISREAD, PLAYER = "segment-54", 1, 2, 1


def _solved(last_box_seen: bool) -> Reading:
    """A finished Miro game read surely but for one segment, misread between two keys by
    0.4 log-odds (its true colour second); player 1's box of his last point out of the
    photo, or (``last_box_seen``) read blank surely. The segment as solved."""
    layout = sheet_for("miro")
    colours, scores = finished_game(layout, np.random.default_rng(3))
    assert colours[SEGMENT] == TRUE
    misread = colours | {SEGMENT: MISREAD}
    short = score_sheet(layout, misread, {}, None)
    assert not short.failed and short.scores[PLAYER] == scores[PLAYER] - 1
    readings = {
        rid: Reading(c, 1.0, 0.0 if c is None else 0.9, surely_marked=c is not None)
        for rid, c in colours.items()
    }
    last = dict(point_boxes(layout)[PLAYER])[scores[PLAYER]]
    seen = Reading(None, 1.0, 0.0, surely_marked=False)
    readings[last] = seen if last_box_seen else Reading(None, 0.0, 0.0, OUTSIDE)
    other = {c: -9.0 for c in range(1, 5) if c not in (TRUE, MISREAD)}
    readings[SEGMENT] = Reading(
        MISREAD,
        0.6,
        0.6,
        between_keys(MISREAD, TRUE),
        runner_up=TRUE,
        loglik={MISREAD: 0.0, TRUE: -0.4, **other},
        bare=-9.0,
    )
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    solve(layout, readings, None, keys, CONFIG)
    return readings[SEGMENT]


def test_a_close_reading_scoring_a_point_in_a_box_out_of_the_photo_keeps_review() -> None:
    read = _solved(last_box_seen=False)
    assert read.color == MISREAD and read.reason is not None and read.runner_up == TRUE


def test_a_close_reading_the_seen_tally_contradicts_is_still_confirmed() -> None:
    # The box of that point seen blank: the true colour would score a point he did not tally,
    # so the rules confirm the reading (they decide what the pixels leave close).
    assert _solved(last_box_seen=True).reason is None
