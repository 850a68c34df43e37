"""Arp's game not finished: each line piece left uncoloured is a mistake of its own. A sheet
with one piece the pixels state surely bare (a player's break, reported) still has its other
blank pieces read in their colour where the pixels leave that colour close (a faint trace):
one check for every piece left bare gave the rules nothing to gain there."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading
from artsheets.scanner.solve import solve

from .test_solve import CONFIG, _keys, _legal_game, _sure


def _bare_and_faint() -> tuple:
    """A legal Arp game with one piece read surely blank (left bare) and another read blank
    at 0.6, its colour second."""
    layout, colours, _ = _legal_game("arp")
    beside = layout.topology.data["segment_spaces"]
    # Pieces beside no captured space: no capture's check names them.
    pieces = [
        r.id
        for r in layout.regions
        if r.kind == "segment"
        and colours.get(r.id)
        and not any(colours.get(sp) for sp in beside.get(r.id, ()))
    ]
    bare, faint = pieces[0], pieces[-1]
    colour = colours[faint]
    readings = _sure(colours | {bare: None})
    readings[faint] = Reading(None, 0.6, 0.2, runner_up=colour)
    return layout, readings, bare, faint, colour


def test_a_faint_trace_beside_a_bare_piece_is_read_in_its_colour() -> None:
    layout, readings, bare, faint, colour = _bare_and_faint()
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[faint].color == colour
    assert readings[bare].color is None
    assert any(bare in c.get("regions", ()) for c in solved.scoring.failed)


def test_one_check_for_every_piece_left_bare_leaves_it_blank() -> None:
    layout, readings, _, faint, _ = _bare_and_faint()
    solve(layout, readings, None, _keys(layout), replace(CONFIG, unfinished_per_piece=False))
    assert readings[faint].color is None  # the case the setting is for
