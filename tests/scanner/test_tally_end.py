"""Tally boxes cut off by the frame at the end of a player's run (``end_ticks``): ticked to
the drawing's score only where the photo shows a clean run, few boxes are missing, and the
drawing breaks no rule; still for review."""

from __future__ import annotations

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import OUTSIDE, Reading
from artsheets.scanner.mending import tick_hidden_boxes
from artsheets.scanner.scoring import Scoring
from artsheets.scanner.tallies import end_ticks, point_boxes

from .simulator import sheet_for


def _boxes() -> tuple[Layout, dict[int, str]]:
    layout = sheet_for("vasarely")
    return layout, dict(point_boxes(layout)[2])


def test_unseen_boxes_after_the_last_tick_up_to_the_drawings_score_are_ticked() -> None:
    """Boxes 1-5 ticked, 6-7 out of the photo, the drawing gives 7: 6 and 7 are ticked.
    Nothing is taken where the run ends short of the score in seen boxes, where more boxes
    than allowed are missing, where a gap shows, or where the photo shows no tick at all."""
    layout, boxes = _boxes()

    def ticks(*values: int) -> dict[str, int]:
        return {boxes[v]: 2 for v in values}

    unseen = {boxes[6], boxes[7], boxes[8]}
    run = ticks(*range(1, 6))
    assert end_ticks(layout, run, unseen, {2: 7}, 2) == {boxes[6]: 2, boxes[7]: 2}
    assert end_ticks(layout, run, unseen, {2: 6}, 2) == {boxes[6]: 2}
    for colours, scores, most in (
        (run, {2: 8}, 2),  # three boxes missing, two allowed
        (run, {2: 7}, 0),  # turned off
        (ticks(*range(1, 5)), {2: 7}, 3),  # box 5 is seen blank: the run stops there
        (ticks(1, 2, 4, 5), {2: 7}, 2),  # a gap the photo shows
        (run, {2: 5}, 2),  # the drawing agrees already
        ({}, {2: 2}, 2),  # no tick in the photo
    ):
        assert end_ticks(layout, colours, unseen, scores, most) == {}


def _readings(layout: Layout, boxes: dict[int, str]) -> dict[str, Reading]:
    ticked = {boxes[v] for v in range(1, 6)}
    readings = {
        r.id: Reading(2 if r.id in ticked else None, 0.95, 0.5, None) for r in layout.regions
    }
    for v in (6, 7):
        readings[boxes[v]] = Reading(None, 0.0, 0.0, OUTSIDE)
    return readings


def test_end_ticks_are_taken_for_review_and_never_past_a_break_read_as_drawn() -> None:
    """Taken in place, for review, saying the boxes were not in the photo; not taken when a
    failed check names a region (a break read as drawn scores what the player did not
    tally: ticking his boxes to it would mend his tally wrong)."""
    layout, boxes = _boxes()
    readings = _readings(layout, boxes)
    assert tick_hidden_boxes(layout, readings, Scoring(scores={1: 0, 2: 7}), 2)
    box = readings[boxes[7]]
    assert box.color == 2
    assert "not in the photo, at the end of player 2's run of ticks to 7" in str(box.reason)

    broken = Scoring(
        scores={1: 0, 2: 7},
        checks=[{"ok": False, "message": "two spaces alike", "regions": ["space-1"]}],
    )
    readings = _readings(layout, boxes)
    assert not tick_hidden_boxes(layout, readings, broken, 2)
    assert readings[boxes[7]].color is None
    readings = _readings(layout, boxes)
    assert not tick_hidden_boxes(layout, readings, Scoring(scores={1: 0, 2: 7}), 0)
