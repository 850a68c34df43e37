"""Line pieces read surely whose second view favours their runner-up go to review after
solving, their reading kept: a Miro segment whose printed core alone favours it, an Arp
piece whose runner-up is a fill beside it and a piece along its line."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.linedoubt import doubt_line_pieces
from artsheets.scanner.template import template_for

from .simulator import sheet_for

COLOURS = [1, 2, 3, 4]


def _sure(colour: int, runner_up: int, confidence: float = 0.9, **extra: object) -> Reading:
    """A piece read surely (0.9: about 2.2 log-odds over the runner-up, as the misreads)."""
    return Reading(colour, confidence, 0.9, runner_up=runner_up, surely_marked=True, **extra)


def _doubt(game: str, readings: dict[str, Reading], config: ScannerConfig = DEFAULT) -> None:
    tpl = template_for(sheet_for(game).sheet_code)
    evidence = {rid: evidence_of(rd, COLOURS, config) for rid, rd in readings.items()}
    doubt_line_pieces(readings, evidence, tpl.layout, tpl.masks, config)


def _miro(core: int | None = 3, dissent: float = 0.5, **kwargs: object) -> Reading:
    tpl = template_for(sheet_for("miro").sheet_code)
    rid = next(r.id for r in tpl.masks.regions if r.kind == "segment")
    config = kwargs.pop("config", DEFAULT)
    readings = {rid: _sure(2, 3, core=core, dissent=dissent, **kwargs)}
    _doubt("miro", readings, config)
    return readings[rid]


def test_a_segment_whose_core_favours_its_runner_up_goes_to_review() -> None:
    out = _miro()
    assert out.color == 2 and out.confidence == 0.9  # only flagged
    assert out.reason is not None and "core alone favours colour 3" in out.reason


@pytest.mark.parametrize(
    "kwargs",
    [
        {"core": 2},  # the core agrees with the reading
        {"core": 4},  # the core favours a colour the evidence puts further off
        {"dissent": 0.1},  # within the core view's own scatter
        {"confidence": 0.999},  # a margin beyond the doubt
        {"confidence": 0.6},  # doubted as measured: the rules' confirmation decides
        {"config": replace(DEFAULT, line_core_runner_margin=0.0)},  # switched off
    ],
)
def test_segments_left_alone(kwargs: dict) -> None:
    assert _miro(**kwargs).reason is None


def _arp_piece() -> tuple[str, str, str]:
    """An Arp piece with a piece along its line and a space beside it: their ids."""
    m = template_for(sheet_for("arp").sheet_code).masks
    for i, reg in enumerate(m.regions):
        if reg.kind != "segment" or not m.along[i]:
            continue
        hosts = m.host[m.starts[i] : m.starts[i + 1]]
        beside = np.unique(hosts[hosts >= 0])
        if len(beside) == 1:  # one space beside it: the test sets its fill alone
            return reg.id, m.ids[m.along[i][0]], m.ids[int(beside[0])]
    raise AssertionError("no Arp piece with one space beside it")


def _arp(met: int = 3, fill: int = 3, **kwargs: object) -> Reading:
    piece, along, space = _arp_piece()
    readings = {
        piece: _sure(2, 3, **kwargs),
        along: _sure(met, 1, confidence=0.999),
        space: _sure(fill, 1, confidence=0.999),
    }
    _doubt("arp", readings)
    return readings[piece]


def test_an_arp_piece_whose_runner_up_is_its_context_goes_to_review() -> None:
    out = _arp()
    assert out.color == 2 and out.confidence == 0.9
    assert out.reason is not None and "colour 3, of a fill beside it" in out.reason


def test_an_arp_piece_whose_third_colour_is_its_context_goes_to_review() -> None:
    """The steep misread: read 3 at 2.24 over 4, the fills beside it and the piece it meets
    read 1, the colour the fit put 2.74 behind (the evidence: 3.24, past the runner-up)."""
    piece, along, space = _arp_piece()
    readings = {
        piece: _sure(3, 4, loglik={3: 0.0, 4: -2.24, 1: -2.74, 2: -6.58}),
        along: _sure(1, 2, confidence=0.999),
        space: _sure(1, 2, confidence=0.999),
    }
    _doubt("arp", readings)
    out = readings[piece]
    assert out.color == 3 and out.confidence == 0.9
    assert out.reason is not None and "colour 1, of a fill beside it" in out.reason
    far = replace(readings[piece], reason=None, loglik={3: 0.0, 4: -2.24, 1: -6.0, 2: -6.58})
    readings[piece] = far
    _doubt("arp", readings)
    assert readings[piece].reason is None  # the context's colour beyond the margin


@pytest.mark.parametrize(
    "kwargs",
    [
        {"met": 4},  # no piece along its line in the runner-up's colour
        {"fill": 4},  # no fill beside it in the runner-up's colour
        {"confidence": 0.9999},  # a margin beyond the doubt
        {"met": 4, "core": 3, "dissent": 0.5},  # a straight line's core is not weighed
    ],
)
def test_arp_pieces_left_alone(kwargs: dict) -> None:
    assert _arp(**kwargs).reason is None


def test_a_pair_many_segments_share_is_the_photos_bias() -> None:
    tpl = template_for(sheet_for("miro").sheet_code)
    n = DEFAULT.line_core_runner_alone + 1
    rids = [r.id for r in tpl.masks.regions if r.kind == "segment"][:n]
    readings = {rid: _sure(2, 3, core=3, dissent=0.5) for rid in rids}
    _doubt("miro", readings)
    assert all(rd.reason is None for rd in readings.values())
