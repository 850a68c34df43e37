"""Miro's order of play read back from a curve's colours (``rules/games/miro_order.py``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from artsheets.rules import new_game
from artsheets.rules.games.miro_order import (
    _LATER,
    _NEVER,
    OPENING,
    _costs_ahead,
    _misses,
    _opening_cost,
    read_order,
)
from tests.rules.synthetic import miro_field


def _played(players: int, seed: int, moves: int | None = None) -> list[int | None]:
    """A curve's colours after a random legal game (or its first ``moves`` moves)."""
    f = miro_field(3, 4, 140, seed=seed)
    s = new_game(f, {"players": players})
    rng = random.Random(seed)
    while not s.is_over() and (moves is None or len(s.history) < moves):
        s.apply(rng.choice(s.legal_moves()))
    colours = s.sheet_colours()
    return [colours.get(seg) for seg in f.data["segments"]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_legally_coloured_curve_splits_exactly_from_where_play_started(players: int) -> None:
    f = miro_field(3, 4, 140, seed=players)
    game = new_game(f, {"players": players})
    rng = random.Random(players)
    while not game.is_over():
        game.apply(rng.choice(game.legal_moves()))
    colours = game.sheet_colours()
    curve = [colours.get(seg) for seg in f.data["segments"]]
    order = read_order(curve, players)
    assert order is not None and order.changes == 0 and order.recoloured == []
    # The game's own start and direction is among the exact splits; each begins with the
    # opening's colours 1, 2 2 (the pattern may recur along the curve, giving others).
    assert (game.start, game.direction) in order.starts  # type: ignore[attr-defined]
    n = len(curve)
    for start, step in order.starts:
        assert [curve[(start + step * k) % n] for k in range(3)] == [1, 2, 2]


@pytest.mark.parametrize("players", [3, 4])
def test_one_segment_in_the_wrong_colour_is_found_and_its_true_colour_offered(
    players: int,
) -> None:
    """With three or four players a run's colour must be the next player's: a segment in
    the middle of a run of three, read in another player's colour, breaks the order."""
    curve = _played(players, seed=10 + players)
    runs = [i for i in range(1, len(curve) - 1) if curve[i - 1] == curve[i] == curve[i + 1]]
    assert runs
    i = runs[len(runs) // 2]
    wrong = list(curve)
    wrong[i] = curve[i] % players + 1
    order = read_order(wrong, players)
    assert order is not None and order.changes == 1
    assert (i, curve[i]) in order.recoloured


def test_uncoloured_segments_fit_any_move() -> None:
    """A game in progress, or a segment too faint to read, breaks nothing."""
    order = read_order(_played(4, seed=3, moves=5), 4)
    assert order is not None and order.changes == 0
    curve = _played(4, seed=3)
    curve[20] = None
    order = read_order(curve, 4)
    assert order is not None and order.changes == 0


def test_a_curve_too_short_for_the_opening_is_not_judged() -> None:
    assert read_order([1, 2, 2, 3, 3], 3) is None


def _plain_costs_ahead(misses: np.ndarray, after: int, players: int, never: float) -> np.ndarray:
    """``_costs_ahead``'s table worked one entry at a time: a move's changes, then the least
    beyond it, summed in that order (so floats give the same bits)."""
    rows, _, n1 = misses.shape
    n = n1 - 1
    ahead = np.full((rows, n1, players), never, misses.dtype)
    ahead[:, n, :] = 0
    for r in range(rows):
        for j in range(n - 1, after - 1, -1):
            for m in range(players):
                options = []
                for length in _LATER:
                    end = min(j + length, n)
                    run = misses[r, m, end] - misses[r, m, j]
                    beyond = ahead[r, j + length, (m + 1) % players] if j + length <= n else never
                    options.append(run + beyond)
                ahead[r, j, m] = min(options)
    return ahead


@pytest.mark.parametrize("costs", ["counts", "floats"])
def test_costs_ahead_agrees_with_the_plain_table(costs: str) -> None:
    rng = np.random.default_rng(7)
    for _ in range(40):
        players = int(rng.integers(2, 5))
        n = int(rng.integers(6, 30))
        rows = int(rng.integers(1, 6))
        if costs == "counts":
            seq = rng.integers(0, players + 1, (rows, n)).astype(np.int32)
            misses, never = _misses(seq, players), _NEVER
        else:
            per = rng.random((rows, players, n)) * (rng.random((rows, players, n)) < 0.5)
            misses = np.zeros((rows, players, n + 1))
            np.cumsum(per, axis=2, out=misses[:, :, 1:])
            never = 1e9
        opening, after = _opening_cost(misses, players)
        ahead, total = _costs_ahead(misses, opening, after, players, never)
        plain = _plain_costs_ahead(misses, after, players, never)
        assert ahead.dtype == misses.dtype
        assert ahead.tobytes() == plain.tobytes()
        assert total.tobytes() == (opening + plain[:, after, len(OPENING) % players]).tobytes()
