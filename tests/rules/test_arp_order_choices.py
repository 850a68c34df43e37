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


def _priced_searches() -> list:
    """Searches of four misread sheets, every piece allowed every colour at a price (its
    reading nothing), under the bounds 1, 2 and 4 (each piece only the colours under it)."""
    out = []
    for seed in range(4):
        sheet = _finished(seed)
        read = _misread(sheet, seed, 3)
        rng = random.Random(seed)
        choices = {
            p: {c: (0.0 if c == read[p] else rng.uniform(0.2, 1.5)) for c in (1, 2, 3)}
            for p in sorted(search_order(field(), read, 3).pieces)
        }
        for bound in (1.0, 2.0, 4.0):
            allowed = {p: {c: v for c, v in cs.items() if v < bound} for p, cs in choices.items()}
            out.append(search_cheapest(field(), read, allowed, 3, bound=bound, budget=200_000))
    return out


def test_the_lower_bound_changes_no_answer_and_saves_positions(monkeypatch) -> None:
    """What a position still owes (seams nothing could start in the colours read, spaces no
    side of which is in their fill's colour, pairs of pieces whose seam nothing can start any
    more and which must end in one colour) is a lower bound: with it, every search finds
    the same cheapest order at the same cost, and expands no more positions than without
    (fewer in all on these sheets)."""
    import artsheets.rules.games.arp_order as arp_order

    rows = _priced_searches()
    with monkeypatch.context() as m:
        m.setattr(arp_order._Search, "_owed", lambda self: [])
        m.setattr(arp_order._Search, "_pairs", lambda self: [])
        plain = _priced_searches()
    for new, old in zip(rows, plain, strict=True):
        assert new.complete and old.complete
        assert new.colours == old.colours and new.cost == old.cost
        assert new.expanded <= old.expanded
    assert sum(r.expanded for r in rows) < sum(r.expanded for r in plain)


class _Forgetful(dict):
    """A dict that keeps nothing: every look-up misses."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def test_a_searchs_tables_change_no_answer(monkeypatch) -> None:
    """What a search works out once and keeps (a stretch's price and the owed sets among its
    pieces, a line's spaces with their fills) gives what working it out at every move gives:
    the same cheapest orders at the same costs, after the same positions."""
    import artsheets.rules.games.arp_order as arp_order

    rows = _priced_searches()
    prepare = arp_order._Search.prepare

    def forgetful(self: arp_order._Search) -> None:
        prepare(self)
        self.stretches, self.beside_fills = _Forgetful(), _Forgetful()

    with monkeypatch.context() as m:
        m.setattr(arp_order._Search, "prepare", forgetful)
        plain = _priced_searches()
    for new, old in zip(rows, plain, strict=True):
        assert new == old
    assert sum(r.expanded for r in rows) > 0
