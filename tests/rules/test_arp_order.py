"""Arp's order of play searched for from a finished sheet's colours."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from artsheets.rules import new_game
from artsheets.rules.games.arp import _runs
from artsheets.rules.games.arp_order import search_order

from .test_arp import field


def _finished(seed: int, players: int = 3, stop_at_own: bool = False) -> dict[str, int]:
    """The sheet of a random legal game played to the end on the 13-space mini-field."""
    rng = random.Random(seed)
    state = new_game(field(), {"players": players, "stop_at_own": stop_at_own})
    while moves := state.legal_moves():
        state.apply(rng.choice(moves))
    return state.sheet_colours()


def _run_ends(sheet: dict[str, int]) -> list[tuple[str, int]]:
    """(piece, its neighbour's colour) for every piece at the end of a run of its line."""
    data = field().data
    out = []
    for pieces in data["pieces"].values():
        runs = _runs([sheet[p] for p in pieces])
        for (c1, _, last), (c2, first, _) in pairwise(runs):
            out += [(pieces[last], c2), (pieces[first], c1)]
    return out


@pytest.mark.parametrize(("seed", "stop_at_own"), [(1, False), (2, False), (3, True), (4, True)])
def test_the_colours_of_a_played_game_come_from_a_legal_order(seed: int, stop_at_own: bool) -> None:
    sheet = _finished(seed, stop_at_own=stop_at_own)
    found = search_order(field(), sheet, 3, stop_at_own=stop_at_own)
    assert found.legal is True and found.fits == [None] and found.exhausted


def test_a_piece_read_in_its_neighbours_colour_leaves_no_legal_order_mostly() -> None:
    """Each run end of five games changed to the colour across the seam: most such sheets
    no game can make (the test allows one in four; simulated four-player games give one in
    twenty-five on the full field), and the search proves it."""
    illegal = total = 0
    for seed in range(5):
        sheet = _finished(seed)
        for piece, colour in _run_ends(sheet):
            found = search_order(field(), sheet | {piece: colour}, 3)
            assert found.exhausted
            illegal += found.legal is False
            total += 1
    assert total > 40 and illegal >= 0.75 * total


def test_the_one_change_that_makes_a_misread_sheet_legal_is_found() -> None:
    """A misread run end, with its true colour and another piece's wrong colour offered:
    only the true one fits."""
    sheet = _finished(7)
    for piece, colour in _run_ends(sheet):
        misread = sheet | {piece: colour}
        if search_order(field(), misread, 3).legal is False:
            break
    else:
        pytest.fail("no misread run end in this game leaves it illegal")
    decoy = next(p for p in field().data["pieces"]["line-1"] if p != piece)
    other = sheet[decoy] % 3 + 1
    found = search_order(field(), misread, 3, alternatives={piece: sheet[piece], decoy: other})
    assert found.fits == [(piece, sheet[piece])]
    assert piece in found.pieces and decoy in found.pieces


def test_a_search_out_of_budget_knows_nothing() -> None:
    sheet = _finished(1)
    found = search_order(field(), sheet | {"segment-1": sheet["segment-1"] % 3 + 1}, 3, budget=1)
    assert not found.exhausted and found.legal is None and found.visited >= 1
