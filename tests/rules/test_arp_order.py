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
    assert found.legal is True and not found.starved


def test_a_piece_read_in_its_neighbours_colour_leaves_no_legal_order_mostly() -> None:
    """Each run end of five games changed to the colour across the seam: most such sheets
    no game can make (72 of 76 here; one in twenty-five in simulated four-player games on
    the full field), and the search proves it, within its budget."""
    illegal = total = 0
    for seed in range(5):
        sheet = _finished(seed)
        for piece, colour in _run_ends(sheet):
            found = search_order(field(), sheet | {piece: colour}, 3)
            assert found.legal is not None
            illegal += found.legal is False
            total += 1
    assert total > 40 and illegal >= 0.9 * total


def test_a_seam_nothing_could_have_started_points_at_its_pieces() -> None:
    """A run end changed so that no line of the previous player's colour crosses where the
    two colours now meet: the search needs no move to see it, and names the pieces there."""
    sheet = _finished(7)
    for piece, colour in _run_ends(sheet):
        found = search_order(field(), sheet | {piece: colour}, 3)
        if found.starved:
            break
    else:
        pytest.fail("no change in this game leaves a seam nothing could start")
    assert found.legal is False and found.visited == 1
    assert piece in found.starved and found.starved <= found.pieces


def test_a_search_out_of_budget_knows_nothing() -> None:
    sheet = _finished(1)
    found = search_order(field(), sheet | {"segment-1": sheet["segment-1"] % 3 + 1}, 3, budget=0)
    assert found.legal is None and found.visited >= 1
