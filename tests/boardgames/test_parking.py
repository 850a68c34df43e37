"""Parking Lot: the readings in docs/rules/parking.md, random playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("parking")


def play(*moves: str):
    state = GAME.new_game()
    for m in moves:
        state.apply(m)
    return state


def test_blue_parks_vertically_red_horizontally() -> None:
    state = play("d4", "pass", "d6")
    assert state.sheet_colours() == {"d4": 1, "d5": 1, "d6": 2, "e6": 2}
    with pytest.raises(IllegalMoveError, match="leaves the board"):
        play("d8")
    with pytest.raises(IllegalMoveError, match="two empty squares"):
        play("d4", "pass", "c5")


def test_a_turn_is_park_then_drive_or_pass() -> None:
    state = play("d4")
    assert state.current_player() == 1  # blue's drive (or pass) still to come
    assert state.legal_moves() == ["pass"]  # the block just parked cannot drive
    with pytest.raises(IllegalMoveError, match="just placed"):
        state.copy().apply("d4-d6")
    state = play("d4", "pass", "a8", "pass", "h1")
    assert "d4-d2-b2" in state.legal_moves()  # slide, turn once, slide on
    state.apply("d4-d2-b2")
    assert state.sheet_colours()["b2"] == 1 and "d4" not in state.sheet_colours()


def test_blocks_never_pass_through_and_touching_friends_are_stuck() -> None:
    state = play("d1", "pass", "c4", "pass", "h1")
    assert "d1-d2" in state.legal_moves()  # the block now covers d2 and d3
    assert "d1-d3" not in state.legal_moves()  # red's c4-d4 is in the way
    with pytest.raises(IllegalMoveError, match="never"):
        state.copy().apply("d1-d5")
    stuck = play("d1", "pass", "a8", "pass", "e1")
    stuck.apply("pass")
    stuck.apply("c8")
    stuck.apply("pass")
    stuck.apply("h4")
    assert not any(m.startswith(("d1-", "e1-")) for m in stuck.legal_moves())
    with pytest.raises(IllegalMoveError, match="next to a friendly block"):
        stuck.copy().apply("d1-d3")


def test_notation_errors_are_invalid_moves() -> None:
    state = play("d4", "pass", "a8")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("d4-")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("i9")


def test_the_game_ends_when_the_last_block_is_parked() -> None:
    path = DATA / "parking-second-group.json"
    text = replay_command(str(path))
    assert "result: player 2 wins" in text
    assert "second largest group: blue 4, red 6" in text


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts(seed: int) -> None:
    state = playout(GAME, None, seed, lambda s: [*cell_moves(s), "d4-d6-f6", "a1-a3-c3"])
    out = state.outcome()
    assert out is not None
    assert out.termination in (Termination.ALL_PLACED, Termination.NO_MOVES)
    if out.termination is Termination.ALL_PLACED:
        assert state.placed == {1: 8, 2: 8}  # type: ignore[attr-defined]
    report = GAME.score(GAME.parse_position(state.diagram()))  # type: ignore[attr-defined]
    assert report.scores == out.scores and report.outcome.winners == out.winners
    assert report.ok, [c.message for c in report.problems]
