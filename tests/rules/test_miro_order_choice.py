"""Miro's cheapest legal colouring of a curve (:func:`cheapest_colouring`), against every
legal colouring tried one by one on short curves."""

from __future__ import annotations

import random

import pytest

from artsheets.rules.games.miro_order import OPENING, cheapest_colouring, read_order


def _splits(n: int) -> list[list[int]]:
    """Every sequence of move lengths colouring ``n`` segments (the opening, then 1-3)."""
    out: list[list[int]] = []

    def grow(moves: list[int], done: int) -> None:
        if done == n:
            out.append(moves)
            return
        if len(moves) < len(OPENING):
            length = min(OPENING[len(moves)], n - done)
            grow([*moves, length], done + length)
            return
        for length in (1, 2, 3):
            if done + length <= n:
                grow([*moves, length], done + length)

    grow([], 0)
    return out


def _every_colouring(n: int, players: int):
    """Each legal colouring of an ``n``-segment curve: the colours, and each segment's
    place in the order of play."""
    for moves in _splits(n):
        colours = [m % players + 1 for m, length in enumerate(moves) for _ in range(length)]
        for start in range(n):
            for step in (1, -1):
                seg = [0] * n
                place = [0] * n
                for j, c in enumerate(colours):
                    seg[(start + step * j) % n] = c
                    place[(start + step * j) % n] = j
                yield seg, place


@pytest.mark.parametrize("seed", range(12))
def test_the_cheapest_colouring_is_the_least_of_every_legal_one(seed: int) -> None:
    """Random costs per segment and per capture circle (the circle in the colour of its
    space's last segment along the order): the least summed cost over every legal colouring
    is what the dynamic programming finds, and its colouring is legal and costs that."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    n = rng.randint(7, 11)
    costs = [{c: rng.uniform(0.0, 2.0) for c in range(1, players + 1)} for _ in range(n)]
    spaces = [rng.sample(range(n), rng.randint(2, 4)) for _ in range(3)]
    circles = [{c: rng.uniform(0.0, 3.0) for c in range(1, players + 1)} for _ in spaces]
    best = min(
        sum(costs[i][seg[i]] for i in range(n))
        + sum(circles[k][seg[max(b, key=lambda i: place[i])]] for k, b in enumerate(spaces))
        for seg, place in _every_colouring(n, players)
    )
    found = cheapest_colouring(costs, players, spaces, circles)
    assert found is not None and found.cost == pytest.approx(best)
    assert read_order(found.segments, players).changes == 0
    paid = sum(costs[i][c] for i, c in enumerate(found.segments))
    paid += sum(circles[k][c] for k, c in enumerate(found.circles))
    assert paid == pytest.approx(found.cost)


def test_colours_a_segment_may_not_take_and_the_bound() -> None:
    """A segment offered one colour keeps it; a segment offered none stays uncoloured and
    fits any move; nothing costing the bound or more is returned."""
    players = 2
    legal = [1, 2, 2, 1, 1, 1, 2, 1]  # moves of 1, 2, 3, then 1 and 1 (players in turn)
    assert read_order(legal, players).changes == 0
    costs: list[dict[int, float]] = [{c: 0.0} for c in legal]
    costs[4] = {2: 0.0, 1: 0.5}  # read 2, truly 1
    found = cheapest_colouring(costs, players)
    assert found is not None and found.segments == legal and found.cost == pytest.approx(0.5)
    assert cheapest_colouring(costs, players, bound=0.5) is None
    costs[4] = {}
    found = cheapest_colouring(costs, players)
    assert found is not None and found.cost == 0.0 and found.segments[4] is None
