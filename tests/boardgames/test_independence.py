"""7-4-1776: the readings in docs/rules/independence.md, random playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("independence")


def play(*moves: str):
    state = GAME.new_game()
    for m in moves:
        state.apply(m)
    return state


def test_a_move_fills_every_empty_square_around_the_moved_stone() -> None:
    state = play("c3", "j10", "g7", "j9", "c3-f6")
    blue = {c for c, p in state.sheet_colours().items() if p == 1}
    assert blue == {"f6", "g7", "e5", "e6", "e7", "f5", "f7", "g5", "g6"}
    assert state.current_player() == 2


def test_a_move_ends_next_to_a_lone_friendly_stone() -> None:
    state = play("c3", "j10", "g7", "j9")
    assert "c3-f6" in state.legal_moves()
    assert "c3-c6" not in state.legal_moves()  # next to no blue stone
    with pytest.raises(IllegalMoveError, match="no friendly neighbour"):
        state.copy().apply("c3-c6")
    # beside a blue pair only: the pair's stones belong to a group
    grouped = play("c3", "j10", "g7", "j9", "g8", "a10")
    assert not any(m.startswith("c3-") for m in grouped.legal_moves())


def test_touching_stones_cannot_move_and_stones_do_not_pass_through() -> None:
    state = play("c3", "j10", "c4", "j9")
    with pytest.raises(IllegalMoveError, match="next to a friendly stone cannot move"):
        state.copy().apply("c3-a1")
    block = play("a1", "b2", "d4", "j10")
    with pytest.raises(IllegalMoveError, match="jump, pass through"):
        block.copy().apply("a1-c3")


def test_notation_errors_are_invalid_moves() -> None:
    state = play("c3")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("c3-d4-e5")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("k1")


def test_hand_made_record_the_player_facing_a_full_board_loses() -> None:
    # 5 opening plies (blue's move drops 7 stones), then 89 single drops: 94 plies, the last
    # one red's, so blue faces the full board: red wins, blue 53 stones, red 47.
    text = replay_command(str(DATA / "independence-fill.json"))
    assert "94 moves" in text and "player 1: 53 points" in text and "player 2: 47" in text
    assert "result: player 2 wins (the board is full: blue cannot act)" in text


@pytest.mark.parametrize("seed", range(4))
def test_random_playouts(seed: int) -> None:
    state = playout(GAME, None, seed, lambda s: [m for m in cell_moves(s) if m != "pass"])
    out = state.outcome()
    assert out is not None and out.termination is Termination.NO_MOVES
    loser = 1 if len(state.history) % 2 == 0 else 2  # blue moves on odd plies
    assert out.winners == (3 - loser,)
