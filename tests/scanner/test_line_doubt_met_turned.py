"""An Arp piece read surely goes to review, its reading kept, where a piece it meets on its
printed line is read in its colour while that piece's own line fit favours the piece's
runner-up (the run along the line or the rules turned it): two views of one stretch
disagree. A met piece whose own fit agrees, a margin at the bar or more, or the setting off
leave it alone."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.linedoubt import doubt_line_pieces
from artsheets.scanner.template import template_for

from .simulator import sheet_for

COLOURS = [1, 2, 3, 4]
ON = replace(DEFAULT, line_met_turned_margin=5.0)


def _after(met_own: int, confidence: float = 0.95, config: ScannerConfig = ON) -> Reading:
    """An Arp piece with no fill beside it read 2 surely (runner-up 4), the pieces it meets
    read 2 in review ("turned"), their own line fit favouring ``met_own``."""
    tpl = template_for(sheet_for("arp").sheet_code)
    masks = tpl.masks
    i = next(
        k
        for k, r in enumerate(masks.regions)
        if r.kind == "segment"
        and len(masks.along[k]) >= 1
        and not (masks.host[masks.starts[k] : masks.starts[k + 1]] >= 0).any()
    )
    rid = masks.ids[i]
    own = {1: -8.0, 2: 0.0, 3: -9.0, 4: -3.0}
    readings = {rid: Reading(2, confidence, 0.9, runner_up=4, loglik=own, surely_marked=True)}
    ll = {k: (0.0 if k == met_own else -2.0) for k in COLOURS}
    for j in masks.along[i]:
        readings[masks.ids[j]] = Reading(2, 0.5, 0.9, "turned", runner_up=4, loglik=ll)
    evidence = {k: evidence_of(rd, COLOURS, config) for k, rd in readings.items()}
    doubt_line_pieces(readings, evidence, tpl.layout, masks, config)
    return readings[rid]


def test_a_sure_piece_beside_a_turned_piece_of_its_runner_up_goes_to_review() -> None:
    out = _after(met_own=4)
    assert out.color == 2 and out.confidence == 0.95  # only flagged
    assert out.reason is not None and "favours colour 4 by its own" in out.reason


def test_left_alone() -> None:
    assert _after(met_own=2).reason is None  # the met piece's own fit agrees
    assert _after(met_own=3).reason is None  # a colour that is not its runner-up
    assert _after(met_own=4, confidence=0.99999).reason is None  # margin over the bar
    off = replace(ON, line_met_turned_margin=0.0)
    assert _after(met_own=4, config=off).reason is None
