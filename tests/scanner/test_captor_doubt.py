"""A sheet whose lines read one key as another throughout shows it in the rules: several
spaces filled with colour X have none of their sides in X. There every line piece read in
another colour with X second goes to review, X named; one such space (a player's slip, a
planted break) doubts nothing, and no reading changes (``captordoubt``)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from artsheets.rules.breaks import MarkForeign, SameColourNeighbours
from artsheets.scanner.captordoubt import doubt_foreign_captors
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT

REGIONS = [
    SimpleNamespace(id="segment-1", kind="segment"),  # read 3, 1 second: the suspect pair
    SimpleNamespace(id="segment-2", kind="segment"),  # read 3, 2 second
    SimpleNamespace(id="segment-3", kind="segment"),  # read 1, 3 second
    SimpleNamespace(id="segment-4", kind="segment"),  # read 3, 1 second, already in review
    SimpleNamespace(id="space-1", kind="space"),  # read 3, 1 second: a fill
]


def _readings() -> dict[str, Reading]:
    return {
        "segment-1": Reading(3, 0.9997, 0.8, runner_up=1),
        "segment-2": Reading(3, 0.9997, 0.8, runner_up=2),
        "segment-3": Reading(1, 0.9997, 0.8, runner_up=3),
        "segment-4": Reading(3, 0.93, 0.8, "colour between keys 3 and 1", runner_up=1),
        "space-1": Reading(3, 0.9997, 0.8, runner_up=1),
    }


def _foreign(space: str, owner: int) -> MarkForeign:
    return MarkForeign(space, owner, ("segment-8", "segment-9"))


def test_pieces_of_the_suspect_pair_go_to_review_on_a_sheet_of_foreign_captors() -> None:
    readings = _readings()
    before = dict(readings)
    broken = [_foreign("space-7", 1), _foreign("space-8", 1)]
    assert doubt_foreign_captors(readings, broken, REGIONS, DEFAULT) == 1
    rd = readings["segment-1"]
    assert rd.reason is not None and "2 spaces filled with colour 1" in rd.reason
    # Review only: the colour and confidence stay; nothing else is touched.
    assert (rd.color, rd.confidence) == (3, before["segment-1"].confidence)
    assert {k: v for k, v in readings.items() if k != "segment-1"} == {
        k: v for k, v in before.items() if k != "segment-1"
    }


def test_one_foreign_captor_or_other_breaks_doubt_nothing() -> None:
    for broken in (
        [_foreign("space-7", 1)],  # a player's slip or a planted break
        [_foreign("space-7", 1), _foreign("space-8", 2)],  # two colours, one each
        [SameColourNeighbours(("space-7", "space-8"), 1, (1, 2, 3))] * 2,
    ):
        readings = _readings()
        assert doubt_foreign_captors(readings, broken, REGIONS, DEFAULT) == 0
        assert readings == _readings()


def test_the_doubt_can_be_turned_off() -> None:
    off = dataclasses.replace(DEFAULT, line_foreign_captures=0)
    readings = _readings()
    broken = [_foreign("space-7", 1)] * 3
    assert doubt_foreign_captors(readings, broken, REGIONS, off) == 0
