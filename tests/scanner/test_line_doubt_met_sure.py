"""A straight line's piece in review only for its fit's margin between two keys leaves
review where a piece it meets on its printed line was read surely in its colour and left out
of review, its runner-up the colour of no fill beside it and of no piece it meets; its
reading and confidence are kept. Any other doubt, a colour no sure piece it meets shares, a
runner-up that a fill beside it or a piece it meets is read in, or the setting off keeps it
in review."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.linedoubt import doubt_line_pieces
from artsheets.scanner.template import template_for

from .simulator import sheet_for

COLOURS = [1, 2, 3, 4]
BETWEEN = "colour between keys 3 and 1"


def _after(
    reason: str = BETWEEN,
    met: Reading | None = None,
    config: ScannerConfig = DEFAULT,
    last: int | None = None,
    beside: int | None = None,
    marked: bool = True,
) -> Reading:
    """The doubted piece after the module: an Arp piece read 3 at 0.62 (fit margin 0.5),
    ``reason`` its doubt, each piece it meets on its line read as ``met`` (sure 3 unless
    given), the last of them surely ``last`` where given, the fills beside it ``beside``
    where given; every other region unread."""
    tpl = template_for(sheet_for("arp").sheet_code)
    masks = tpl.masks
    i = next(
        k
        for k, r in enumerate(masks.regions)
        if r.kind == "segment"
        and len(masks.along[k]) >= 2
        and (masks.host[masks.starts[k] : masks.starts[k + 1]] >= 0).any()
    )
    rid = masks.ids[i]
    ll = {1: -0.5, 2: -3.0, 3: 0.0, 4: -4.0}
    readings = {rid: Reading(3, 0.62, 0.9, reason, runner_up=1, loglik=ll, surely_marked=marked)}
    other = met if met is not None else Reading(3, 0.97, 0.95, runner_up=1, loglik=ll)
    for j in masks.along[i]:
        readings[masks.ids[j]] = other
    if last is not None:
        readings[masks.ids[masks.along[i][-1]]] = Reading(last, 0.97, 0.95, runner_up=3)
    if beside is not None:
        hosts = masks.host[masks.starts[i] : masks.starts[i + 1]]
        for h in np.unique(hosts[hosts >= 0]):
            readings[masks.ids[h]] = Reading(beside, 0.97, 1.0, runner_up=3)
    evidence = {k: evidence_of(rd, COLOURS, config) for k, rd in readings.items()}
    doubt_line_pieces(readings, evidence, tpl.layout, masks, config)
    return readings[rid]


def test_a_piece_between_keys_whose_line_reads_its_colour_surely_leaves_review() -> None:
    out = _after()
    assert out.reason is None
    assert out.color == 3 and out.confidence == 0.62 and out.runner_up == 1  # kept


def test_pieces_kept_in_review() -> None:
    # another doubt: a blank alternative beside it
    blank = f"{BETWEEN}; or left blank (as the fill beside it, half covered)?"
    assert _after(reason=blank).reason == blank
    # the piece it meets is of another colour, or of its colour but itself in doubt
    assert _after(met=Reading(1, 0.97, 0.95, runner_up=3)).reason == BETWEEN
    assert _after(met=Reading(3, 0.7, 0.95, BETWEEN, runner_up=1)).reason == BETWEEN
    assert _after(met=Reading(3, 0.7, 0.95, runner_up=1)).reason == BETWEEN  # confirmed only
    # something round it speaks for the runner-up (1): a piece it meets, a fill beside it
    assert _after(last=1).reason == BETWEEN
    assert _after(beside=1).reason == BETWEEN
    assert _after(beside=4).reason is None  # a fill of a third colour says nothing
    # not surely marked: blank is close too (a planted bare piece read so, coverage 0.008)
    assert _after(marked=False).reason == BETWEEN
    # the setting off
    off = replace(DEFAULT, line_between_keys_met_sure=False)
    assert _after(config=off).reason == BETWEEN
