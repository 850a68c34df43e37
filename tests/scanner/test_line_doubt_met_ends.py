"""A piece between two keys at its line's end (one piece along its line) stays in review
though the one piece it meets reads its colour surely: no piece beyond it shows where the run
changed colour. With the setting off it leaves review as an inner piece does."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.linedoubt import doubt_line_pieces
from artsheets.scanner.template import template_for

from .simulator import sheet_for
from .test_line_doubt_met_sure import BETWEEN, _after

COLOURS = [1, 2, 3, 4]
ON = replace(DEFAULT, line_between_keys_both_sides=True)


def _end(config: ScannerConfig) -> Reading:
    """An Arp piece at its line's end read 3 at 0.62 between keys 3 and 1, the one piece it
    meets read 3 surely and left out of review."""
    tpl = template_for(sheet_for("arp").sheet_code)
    masks = tpl.masks
    i = next(
        k for k, r in enumerate(masks.regions) if r.kind == "segment" and len(masks.along[k]) == 1
    )
    rid = masks.ids[i]
    ll = {1: -0.5, 2: -3.0, 3: 0.0, 4: -4.0}
    readings = {rid: Reading(3, 0.62, 0.9, BETWEEN, runner_up=1, loglik=ll, surely_marked=True)}
    readings[masks.ids[masks.along[i][0]]] = Reading(3, 0.97, 0.95, runner_up=1, loglik=ll)
    evidence = {k: evidence_of(rd, COLOURS, config) for k, rd in readings.items()}
    doubt_line_pieces(readings, evidence, tpl.layout, masks, config)
    return readings[rid]


def test_a_line_end_piece_stays_in_review() -> None:
    assert _end(ON).reason == BETWEEN
    assert _end(replace(ON, line_between_keys_both_sides=False)).reason is None


def test_an_inner_piece_still_leaves_review() -> None:
    assert _after(config=ON).reason is None
