"""Arp's order of play weighing a doubted piece's close readings (mending.confirm_by_order)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from artsheets.rules.games.arp import _runs
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.mending import confirm_by_order
from artsheets.scanner.scoring import order_search

from .test_mend import _arp_sheet

CONFIG = ScannerConfig()
TRACED = -2 * CONFIG.order_confirm_bare  # a trace the line fit makes sure of


def _run_ends(layout, colours: dict) -> list:
    """Run ends of a legal sheet and their neighbour's colour with which no legal order
    exists (most: 24 in 25 on simulated games)."""
    ends = [
        (line[last], c2)
        for line in layout.topology.data["pieces"].values()
        for (_, _, last), (c2, _, _) in pairwise(_runs([colours[p] for p in line]))
    ]
    return [(p, c) for p, c in ends if order_search(layout, colours | {p: c}).legal is False]


def _doubted(colour: int, second: int, bare: float) -> Reading:
    return Reading(colour, 0.6, 1.0, "colour between keys", runner_up=second, bare=bare)


def test_a_doubted_piece_whose_close_colours_leave_no_legal_order_is_confirmed() -> None:
    """A legal sheet read with one piece doubted between its colour and its neighbour's
    along its line: with the neighbour's colour no legal order colours the lines, so the
    order of play confirms the piece as read (it leaves review)."""
    layout, readings, colours, _ = _arp_sheet()
    illegal = _run_ends(layout, colours)
    piece, other = illegal[0]
    readings[piece] = _doubted(colours[piece], other, TRACED)
    got = confirm_by_order(layout, readings, None, [piece], lambda _: [other], CONFIG)
    assert got == {piece}


def test_the_order_of_play_does_not_confirm_what_it_cannot_tell() -> None:
    """Not confirmed: a piece whose other close colour the search could not prove illegal
    within its budget; one whose pixels leave blank close, or do not rule out a bare piece
    (a player's piece left uncoloured breaks a rule that confirming a colour would hide);
    and any piece on a sheet whose lines as read no legal order colours."""
    layout, readings, colours, _ = _arp_sheet()
    illegal = _run_ends(layout, colours)
    piece, other = illegal[0]
    readings[piece] = _doubted(colours[piece], other, TRACED)
    short = replace(CONFIG, order_confirm_try=1)
    assert not confirm_by_order(layout, readings, None, [piece], lambda _: [other], short)
    assert not confirm_by_order(layout, readings, None, [piece], lambda _: [other, None], CONFIG)
    readings[piece] = _doubted(colours[piece], other, TRACED)
    wrong, their = illegal[1]  # another piece misread: the sheet as read has no legal order
    readings[wrong] = Reading(their, 0.95, 1.0, None)
    assert not confirm_by_order(layout, readings, None, [piece], lambda _: [other], CONFIG)


def test_a_piece_in_a_fills_colour_is_confirmed_only_if_surely_traced() -> None:
    """A bare piece shows the pencil of the filled spaces beside it, so one read in such a
    space's colour is confirmed only where the line fit rules out no trace at all by
    ``order_confirm_bare``: a player may have left it bare (a broken rule confirming it
    would hide). A piece in a colour none of its neighbouring spaces has is not so doubted."""
    layout, readings, colours, _ = _arp_sheet()
    beside = layout.topology.data["segment_spaces"]
    faint = -0.5 * CONFIG.order_confirm_bare
    in_fill = {
        p: colours[p] in {colours.get(sp) for sp in beside[p]} for p in colours if p in beside
    }
    ends = _run_ends(layout, colours)
    for want in (True, False):
        piece, other = next((p, c) for p, c in ends if in_fill[p] is want)
        readings[piece] = _doubted(colours[piece], other, faint)
        got = confirm_by_order(layout, readings, None, [piece], lambda _, o=other: [o], CONFIG)
        assert got == (set() if want else {piece})
        readings[piece] = _doubted(colours[piece], other, TRACED)
        got = confirm_by_order(layout, readings, None, [piece], lambda _, o=other: [o], CONFIG)
        assert got == {piece}
        readings[piece] = Reading(colours[piece], 0.95, 1.0, None)
