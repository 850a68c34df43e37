"""Arp's order of play choosing among the colours a sheet's pixels leave close: several
misread pieces read together as the legal game their pixels best fit."""

from __future__ import annotations

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.mending import choose_by_order
from artsheets.scanner.scoring import order_search
from artsheets.scanner.solve import _order_choices

from .test_mend import _arp_sheet, _illegal_run_ends

CONFIG = ScannerConfig()


def _misread(truth: int, wrong: int, truth_odds: float) -> Reading:
    """A piece read ``wrong`` whose pixels make its ``truth`` ``truth_odds`` less likely."""
    loglik = {c: -4.0 for c in (1, 2, 3, 4)} | {wrong: 0.0, truth: -truth_odds}
    confidence = 0.6 if truth_odds < 1.4 else 0.99
    return Reading(wrong, confidence, 1.0, None, runner_up=truth, loglik=loglik)


def _choose(layout, readings: dict[str, Reading]) -> tuple:
    evidence = {rid: evidence_of(rd, (1, 2, 3, 4), CONFIG) for rid, rd in readings.items()}

    def choices(rid: str) -> dict[int, float]:
        return _order_choices(evidence[rid], readings[rid].color, CONFIG.order_choice_logodds)

    return choose_by_order(layout, readings, None, choices, CONFIG)


def _three_misreads(layout, colours: dict) -> list[tuple[str, int]]:
    """Three run ends of different lines, each of which read in the colour across its seam
    leaves no legal order."""
    _, elsewhere = _illegal_run_ends(layout, colours)
    picked: list[tuple[str, int]] = []
    lines = layout.topology.data["pieces"]
    line_of = {p: ln for ln, pcs in lines.items() for p in pcs}
    for piece, wrong in elsewhere:
        if all(line_of[piece] != line_of[p] for p, _ in picked):
            picked.append((piece, wrong))
        if len(picked) == 3:
            break
    return picked


def test_several_misread_pieces_are_read_as_the_legal_order_their_pixels_best_fit() -> None:
    """Three pieces read in a look-alike colour, their true colours close: no legal order
    colours the lines as read, and the cheapest legal order among the close colours is the
    played one. They are read so, for review (their reading before second), but where the
    rules leave only one reading."""
    layout, readings, colours, _ = _arp_sheet()
    picked = _three_misreads(layout, colours)
    for piece, wrong in picked:
        readings[piece] = _misread(colours[piece], wrong, 0.8)
    assert order_search(layout, {r: rd.color for r, rd in readings.items()}).legal is False
    change, only = _choose(layout, readings)
    assert {p for p, _ in change} == {p for p, _ in picked}
    for piece, wrong in picked:
        rd = readings[piece]
        assert rd.color == colours[piece] and rd.runner_up == wrong
        assert "order of play" in rd.reason and rd.confidence <= 0.5
    assert only <= {p for p, _ in picked}


def test_a_piece_read_surely_is_not_changed_to_make_the_order_legal() -> None:
    """The same misreads, one of them read surely (its true colour far less likely than
    ``order_choice_logodds``): no legal order is among the close colours, and nothing is
    changed (the sheet is read as drawn, the pieces stay as read)."""
    layout, readings, colours, _ = _arp_sheet()
    picked = _three_misreads(layout, colours)
    for k, (piece, wrong) in enumerate(picked):
        odds = CONFIG.order_choice_logodds + 1.0 if k == 0 else 0.8
        readings[piece] = _misread(colours[piece], wrong, odds)
    before = dict(readings)
    change, only = _choose(layout, readings)
    assert not change and not only and readings == before


def test_a_legal_reading_is_left_alone() -> None:
    layout, readings, _, _ = _arp_sheet()
    before = dict(readings)
    assert _choose(layout, readings) == ((), set()) and readings == before
