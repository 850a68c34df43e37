"""Miro's order of play choosing among the colours a sheet's pixels leave close: a curve
read with one key taken for another along much of it is read as the legal colouring its
pixels best fit (the same choice as Arp's, :func:`~artsheets.scanner.mending.choose_by_order`)."""

from __future__ import annotations

import math

import numpy as np

from artsheets.rules.games.miro_order import read_order
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.mending import choose_by_order
from artsheets.scanner.solve import _order_choices

CONFIG = ScannerConfig()
IN_PLAY = (1, 2, 3, 4)


def _miro_sheet() -> tuple:
    """A finished simulated Miro game (the sheet's four players) read surely."""
    from .simulator import finished_game, sheet_for

    layout = sheet_for("miro")
    colours, _ = finished_game(layout, np.random.default_rng(3))
    readings = {rid: Reading(c, 0.95, 0.5, None) for rid, c in colours.items()}
    return layout, readings, colours


def _misread(truth: int, wrong: int, truth_odds: float) -> Reading:
    """A region read ``wrong`` whose pixels make its ``truth`` ``truth_odds`` less likely."""
    loglik = {c: -6.0 for c in IN_PLAY} | {wrong: 0.0, truth: -truth_odds}
    confidence = 1.0 / (1.0 + math.exp(-truth_odds))  # the runner-up's margin, as measured
    return Reading(wrong, confidence, 1.0, None, runner_up=truth, loglik=loglik)


def _choose(layout, readings: dict[str, Reading]) -> tuple:
    evidence = {rid: evidence_of(rd, IN_PLAY, CONFIG) for rid, rd in readings.items()}

    def choices(rid: str) -> dict[int, float]:
        return _order_choices(evidence[rid], readings[rid].color, CONFIG.order_choice_logodds)

    return choose_by_order(layout, readings, None, choices, CONFIG)


def _curve(layout, readings: dict[str, Reading]) -> list[int | None]:
    return [readings[s].color for s in layout.topology.data["segments"]]


def _ones_read_as_three(layout, colours: dict, moves: int) -> list[str]:
    """The segments of ``moves`` of player 1's moves along the curve, far from its ends:
    read as colour 3, each such move breaks the order of play (player 3 never follows
    player 4, nor is followed by player 2), and only their own colour mends it."""
    segs = layout.topology.data["segments"]
    runs: list[list[str]] = []
    for k in range(10, len(segs) - 10):
        if colours[segs[k]] != 1:
            continue
        if colours[segs[k - 1]] == 1 and runs and runs[-1][-1] == segs[k - 1]:
            runs[-1].append(segs[k])
        else:
            runs.append([segs[k]])
    return [s for run in runs[:moves] for s in run]


def test_a_key_read_as_another_along_the_curve_is_read_as_its_legal_colouring() -> None:
    """Three of player 1's moves read as colour 3, their true colour close: the curve
    breaks the order of play as read, and the cheapest legal colouring among the close
    colours is the played one. They are read so, for review, their reading before second."""
    layout, readings, colours = _miro_sheet()
    wrong = _ones_read_as_three(layout, colours, 3)
    for s in wrong:
        readings[s] = _misread(1, 3, 0.25)
    assert read_order(_curve(layout, readings), len(IN_PLAY)).changes > 0
    change, _ = _choose(layout, readings)
    assert {s for s, _ in change} == set(wrong)
    for s in wrong:
        rd = readings[s]
        assert rd.color == 1 and rd.runner_up == 3
        assert "order of play" in rd.reason and rd.confidence <= 0.5
    assert read_order(_curve(layout, readings), len(IN_PLAY)).changes == 0


def test_a_segment_read_surely_is_not_changed_to_make_the_order_legal() -> None:
    """The same misreads, one of them read surely: no legal colouring is among the close
    colours, and nothing is changed (the curve is read as drawn)."""
    layout, readings, colours = _miro_sheet()
    wrong = _ones_read_as_three(layout, colours, 3)
    for k, s in enumerate(wrong):
        odds = CONFIG.order_choice_logodds + 1.0 if k == 0 else 0.25
        readings[s] = _misread(1, 3, odds)
    before = dict(readings)
    change, only = _choose(layout, readings)
    assert not change and not only and readings == before
