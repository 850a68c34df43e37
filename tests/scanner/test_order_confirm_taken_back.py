"""Arp's order of play confirming a doubted piece on a sheet whose lines it changed before:
the proof must not rest on that change (mending.confirm_by_order's ``taken_back``)."""

from __future__ import annotations

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.mending import confirm_by_order
from artsheets.scanner.scoring import order_choice

from .test_mend import _arp_sheet
from .test_order_confirm import TRACED, _doubted, _run_ends

CONFIG = ScannerConfig()


def _rival(layout, colours: dict, piece: str, colour: int) -> dict:
    """The cheapest legal order with ``piece`` in ``colour`` (every piece of the lines
    meeting its line may take any colour, each change costing 1, under 3 in all): the
    pieces it colours otherwise than ``colours``, the piece aside."""
    data = layout.topology.data
    players = sorted({c for c in colours.values() if c is not None})
    line = next(ln for ln, pcs in data["pieces"].items() if piece in pcs)
    near = [ln for ln, vs in data["lines"].items() if set(vs) & set(data["lines"][line])]
    choices = {
        p: {c: (0.0 if c == colours[p] else 1.0) for c in players}
        for ln in near
        for p in data["pieces"][ln]
    }
    choices[piece] = {colour: 0.0}
    found = order_choice(layout, colours, choices, None, 50_000, 3.0)
    assert found is not None and found.complete
    if found.colours is None:
        return {}
    return {p: c for p, c in found.colours.items() if c != colours[p] and p != piece}


def test_a_piece_whose_close_colour_is_legal_with_the_change_taken_back_stays_in_review() -> None:
    """A legal sheet whose lines the order of play made legal by changing some pieces (read
    otherwise, their reading before second), and a doubted piece whose close colour breaks
    the order only beside those changes: with them taken back a legal order colours it so.
    Two readings are then legal, so the order of play confirms nothing; without the change
    named (or on a sheet where the order changed nothing), it confirms the piece."""
    layout, readings, colours, _ = _arp_sheet()
    for piece, other in _run_ends(layout, colours):
        rival = _rival(layout, colours, piece, other)
        if rival:
            break
    else:
        raise AssertionError("no run end with a legal order beside it")
    readings[piece] = _doubted(colours[piece], other, TRACED)
    for p, c in rival.items():  # read as the sheet says, by the order of play; c second
        readings[p] = Reading(colours[p], 0.5, 1.0, "read by the order of play", runner_up=c)
    close = lambda _: [other]  # noqa: E731
    assert confirm_by_order(layout, readings, None, [piece], close, CONFIG) == {piece}
    got = confirm_by_order(layout, readings, None, [piece], close, CONFIG, taken_back=rival)
    assert got == set()
