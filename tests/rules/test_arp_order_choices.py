"""Arp's order of play searched among several colours a piece may have."""

from __future__ import annotations

import random

from artsheets.rules.games.arp_order import search_cheapest, search_order

from .test_arp import field
from .test_arp_order import _finished, _run_ends


def _misread(sheet: dict[str, int], seed: int, k: int) -> dict[str, int]:
    """``k`` run ends of a played sheet changed to the colour across their seam."""
    ends = _run_ends(sheet)
    random.Random(seed).shuffle(ends)
    out = dict(sheet)
    for piece, colour in ends[:k]:
        out[piece] = colour
    return out


def test_the_true_colours_are_the_cheapest_legal_order_among_close_choices() -> None:
    """Several pieces read in their neighbour's colour, each allowed its true colour at a
    cost: one search finds the played colours (a change at a time finds no legal order
    when two or more are wrong)."""
    settled = 0
    for seed in range(6):
        sheet = _finished(seed)
        read = _misread(sheet, seed, 3)
        wrong = [p for p in sheet if read[p] != sheet[p]]
        assert len(wrong) >= 2
        choices = {p: {read[p]: 0.0, sheet[p]: 1.0} for p in wrong}
        found = search_cheapest(field(), read, choices, 3)
        assert found.complete
        if search_order(field(), read, 3).legal is False:
            assert found.colours is not None and found.cost <= len(wrong)
            assert all(found.colours[p] == read[p] for p in found.pieces if p not in wrong)
            settled += found.colours == {p: sheet[p] for p in found.pieces}
    assert settled >= 4


def test_a_legal_reading_costs_nothing_and_a_missing_choice_proves_no_order() -> None:
    sheet = _finished(1)
    pieces = sorted(search_order(field(), sheet, 3).pieces)
    found = search_cheapest(field(), sheet, {pieces[0]: {sheet[pieces[0]]: 0.0}}, 3)
    assert found.complete and found.cost == 0.0
    assert found.colours == {p: sheet[p] for p in pieces}
    piece, colour = _run_ends(sheet)[0]
    # The piece may only take its neighbour's colour: the played order is not among the
    # choices; with every other piece fixed, the search proves no order gives them.
    changed = sheet | {piece: colour}
    if search_order(field(), changed, 3).legal is False:
        none = search_cheapest(field(), changed, {piece: {colour: 0.5}}, 3)
        assert none.complete and none.colours is None


def test_a_search_cut_short_says_so() -> None:
    sheet = _finished(2)
    pieces = sorted(search_order(field(), sheet, 3).pieces)
    choices = {p: {1: 0.0, 2: 0.1, 3: 0.2} for p in pieces}
    found = search_cheapest(field(), sheet, choices, 3, budget=5)
    assert not found.complete and found.expanded > 5
