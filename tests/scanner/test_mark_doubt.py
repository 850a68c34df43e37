"""A capture mark read surely whose space is read filled goes to review after solving, its
reading kept: a fill over the circle hides the mark's own colour."""

from __future__ import annotations

from dataclasses import replace

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.markdoubt import doubt_marks_under_fills
from artsheets.scanner.template import template_for

from .simulator import sheet_for


def _mark(
    fill: int | None = 4,
    colour: int | None = 1,
    reason: str | None = None,
    config: ScannerConfig = DEFAULT,
) -> Reading:
    """Miro's first capture mark read ``colour`` (raw 0.844, as the misreads), its space
    read ``fill``."""
    layout = template_for(sheet_for("miro").sheet_code).layout
    mark = next(r for r in layout.regions if r.kind == "mark" and "space" in r.extra)
    space = mark.extra["space"]
    readings = {
        mark.id: Reading(colour, 0.844, 1.0, reason=reason, runner_up=3, surely_marked=True),
        space: Reading(fill, 1.0, 1.0 if fill else 0.0, reason="read as drawn"),
    }
    doubt_marks_under_fills(readings, layout, config)
    return readings[mark.id]


def test_a_mark_under_a_filled_space_goes_to_review() -> None:
    out = _mark()
    assert out.color == 1 and out.confidence == 0.844 and out.runner_up == 3  # only flagged
    assert out.reason is not None and "read filled in colour 4" in out.reason
    assert _mark(fill=1).reason is not None  # the fill's own colour tells nothing either


@pytest.mark.parametrize(
    "kwargs",
    [
        {"fill": None},  # its space read blank, as Miro's spaces are
        {"colour": None},  # read blank: nothing to doubt
        {"reason": "colour between keys 1 and 3"},  # in review already: its reason kept
        {"config": replace(DEFAULT, mark_under_fill_doubt=False)},  # switched off
    ],
)
def test_marks_left_alone(kwargs: dict) -> None:
    out = _mark(**kwargs)
    assert out.reason == kwargs.get("reason")
