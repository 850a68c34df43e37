"""A captured space filled in a colour none of its sides has: the capture check offers any side
in the captor's colour, but the captor colours the side that closes the space. A side read
between two close keys, the captor's colour second, is not read in the captor's colour where
that colour leaves it round a seam nothing on the sheet could start (read as measured, it
could be): the player's recoloured closing side is read as drawn and reported, and the side
beside it keeps its reading."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading
from artsheets.scanner.scoring import order_searcher
from artsheets.scanner.solve import solve

from .test_solve import CONFIG, _keys
from .test_solve_beside_fill import _recoloured_side

CLOSE = 0.56  # a side between two close keys: its colour 0.24 log-odds over the captor's


def _close_side() -> tuple:
    layout, readings, mistake, weak, captor = _recoloured_side()
    colour = readings[weak].color
    readings[weak] = Reading(colour, CLOSE, 0.9, runner_up=captor, surely_marked=True)
    return layout, readings, mistake, weak, captor, colour


def test_the_close_side_in_the_captors_colour_makes_a_seam_nothing_could_start() -> None:
    layout, readings, _, weak, captor, colour = _close_side()
    colours = {rid: rd.color for rid, rd in readings.items()}
    order = order_searcher(layout, colours | {weak: captor}, None)
    found, back = order({}, CONFIG.order_proof), order({weak: colour}, CONFIG.order_proof)
    assert found is not None and found.legal is False and weak in found.starved
    assert back is not None and weak not in back.starved  # what the solver's bar rests on


def test_a_side_that_cannot_close_the_space_keeps_its_reading() -> None:
    layout, readings, mistake, weak, _, colour = _close_side()
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[weak].color == colour
    assert any(mistake in c.get("regions", ()) for c in solved.scoring.failed)


def test_without_the_order_the_close_side_hides_the_break() -> None:
    layout, readings, mistake, weak, captor, _ = _close_side()
    config = replace(CONFIG, capture_side_order=False)
    solved = solve(layout, readings, None, _keys(layout), config)
    assert readings[weak].color == captor  # the case the setting is for
    assert not any(mistake in c.get("regions", ()) for c in solved.scoring.failed)


def test_a_misread_side_that_closes_the_space_is_still_mended() -> None:
    # A legal game whose captured space's one side in the captor's colour is read between
    # two close keys in another: the order of play is legal with it in the captor's colour.
    layout, readings, mistake, _, captor = _recoloured_side()
    colour = readings[mistake].color
    legal = dict(readings) | {mistake: Reading(captor, 1.0, 0.9, surely_marked=True)}
    legal = {
        rid: Reading(
            rd.color, 1.0, 0.0 if rd.color is None else 0.9, surely_marked=rd.color is not None
        )
        for rid, rd in legal.items()
    }
    legal[mistake] = Reading(colour, CLOSE, 0.9, runner_up=captor, surely_marked=True)
    solve(layout, legal, None, _keys(layout), CONFIG)
    assert legal[mistake].color == captor


def test_on_a_sheet_whose_lines_are_all_doubted_the_order_bars_no_side() -> None:
    # Every other coloured line read with doubt (as in a messaging copy; the player's
    # recoloured side still sure): a seam nothing could start may be a neighbour's misread
    # as well as the side's, so the side is read as the capture check offers, as without
    # the order's bar.
    layout, readings, mistake, weak, captor, _ = _close_side()
    pieces = [r.id for r in layout.regions if r.kind == "segment" and r.id in readings]
    for rid in pieces:
        rd = readings[rid]
        if rid not in (weak, mistake) and rd.color is not None:
            readings[rid] = replace(rd, confidence=0.79)
    doubted = sum(readings[rid].confidence < CONFIG.review_below for rid in pieces)
    assert doubted > CONFIG.capture_side_wholesale * len(pieces)
    solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[weak].color == captor
