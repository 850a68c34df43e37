"""A line piece the rules confirmed in a colour its own line fit does not favour, the fit
telling no colour apart and leaving a bare piece close, goes to review, blank second, its
reading kept: a piece a player left uncoloured reads so, and confirming its colour would
hide the break."""

from __future__ import annotations

from dataclasses import replace

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.linedoubt import doubt_line_pieces
from artsheets.scanner.template import template_for

from .simulator import sheet_for

COLOURS = [1, 2, 3, 4]
# A planted bare piece of the seeds the rule was chosen on: read 3 at a tie with 1 (the run
# along its line chose 3), the fit's colours within 0.6 log-odds, bare 1.5 below them.
FLAT = {1: 0.0, 2: -0.12, 3: -0.09, 4: -0.59}


def _confirmed(game: str = "arp", config: ScannerConfig = DEFAULT, **kwargs: object) -> Reading:
    """The reading after the doubt of a piece read 3 at 0.5 and left out of review by the
    rules (no reason), its line fit as ``kwargs`` say (``FLAT``, bare -1.48 unless given)."""
    tpl = template_for(sheet_for(game).sheet_code)
    rid = next(r.id for r in tpl.masks.regions if r.kind == "segment")
    fields: dict = {"loglik": FLAT, "bare": -1.48, "confidence": 0.5} | kwargs
    conf = fields.pop("confidence")
    readings = {rid: Reading(3, conf, 0.33, runner_up=1, surely_marked=True, **fields)}
    evidence = {k: evidence_of(rd, COLOURS, config) for k, rd in readings.items()}
    doubt_line_pieces(readings, evidence, tpl.layout, tpl.masks, config)
    return readings[rid]


@pytest.mark.parametrize("game", ["arp", "miro"])
def test_a_confirmed_piece_with_no_colour_of_its_own_goes_to_review(game: str) -> None:
    out = _confirmed(game)
    assert out.color == 3 and out.confidence == 0.5  # only flagged
    assert out.runner_up is None  # blank second: the alternative the report names
    assert out.reason is not None and "left uncoloured" in out.reason


@pytest.mark.parametrize(
    "kwargs",
    [
        {"loglik": FLAT | {4: -1.5}},  # the fit tells colour 4 apart: a trace is seen
        {"loglik": FLAT | {1: -0.2, 3: 0.0}},  # the fit's likeliest colour is the one read
        {"bare": -2.0},  # the fit rules out a bare piece
        {"loglik": {}},  # not measured by the line fit
        {"confidence": 0.9},  # read surely: not a confirmation
        {"config": replace(DEFAULT, line_confirmed_spread=0.0)},  # switched off
    ],
)
def test_pieces_left_alone(kwargs: dict) -> None:
    assert _confirmed(**kwargs).reason is None
