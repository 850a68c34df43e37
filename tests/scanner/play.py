"""Random legal play through the rule engine, for the simulator's finished games."""

from __future__ import annotations

import random

import numpy as np

from artsheets.generator.layout import Layout
from artsheets.rules import new_game
from artsheets.scanner.scoring import rule_options

__all__ = ["play_random_game"]

MAX_MOVES = 20_000


def play_random_game(
    layout: Layout, rng: np.random.Generator, players: int | None = None
) -> tuple[dict[str, int], dict[int, int]]:
    """(region id -> colour index, player -> score) at the end of a random legal game."""
    assert layout.topology is not None
    state = new_game(layout.topology, rule_options(layout, players))
    pick = random.Random(int(rng.integers(0, 2**31)))
    for _ in range(MAX_MOVES):
        if state.is_over():
            break
        state.apply(pick.choice(state.legal_moves()))
    else:
        raise AssertionError(f"{layout.game}: a random game did not end in {MAX_MOVES} moves")
    return state.sheet_colours(), state.scores()
