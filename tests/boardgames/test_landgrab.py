"""Land Grab: the readings in docs/rules/landgrab.md, random playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("landgrab")


def play(*moves: str):
    state = GAME.new_game()
    for m in moves:
        state.apply(m)
    return state


def test_set_up_drops_on_own_colour() -> None:
    with pytest.raises(IllegalMoveError, match="your own colour"):
        play("b1")  # a1 is black, b1 white
    state = play("a1", "b1", "c1", "d1")
    assert state.current_player() == 1 and "a1-a2" in state.legal_moves()


def test_grab_flips_and_stones_do_not_jump() -> None:
    state = play("c3", "c6", "f2", "b7")
    state.apply("c3-c4")
    assert state.sheet_colours()["c4"] == 1
    with pytest.raises(IllegalMoveError, match="pass over"):
        play("c3", "c6", "f2", "b7").apply("c3-c8")  # over white's c6
    with pytest.raises(IllegalMoveError, match="rank, file or diagonal"):
        play("c3", "c6", "f2", "b7").apply("c3-d5")


def test_an_occupied_enemy_claim_is_flipped_only_by_capture() -> None:
    # After e3-h3 white's h7 stone can grab h4 only by capturing black's h3 stone.
    state = play("e3", "e4", "g7", "h7", "e3-h3")
    assert "h7xh4" in state.legal_moves()
    state.apply("h7xh4")
    assert state.sheet_colours()["h4"] == 2
    grab = play("a1", "b1", "c1", "d1")
    # d1's claim {d1} is white and holds white's stone: black's a1 cannot flip it
    assert "a1-d1" not in grab.legal_moves()


def test_notation_errors_are_invalid_moves() -> None:
    state = play("a1", "b1", "c1", "d1")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("a1-b2-c3")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("a1-a9")


def test_hand_made_record_ends_by_capture() -> None:
    text = replay_command(str(DATA / "landgrab-capture.json"))
    assert "result: player 2 wins (white captured every black stone)" in text


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts(seed: int) -> None:
    state = playout(GAME, None, seed, lambda s: cell_moves(s, "-x"))
    out = state.outcome()
    assert out is not None
    assert out.termination in (Termination.ALL_CAPTURED, Termination.BLOCKED)
    report = GAME.score(GAME.parse_position(state.diagram()))  # type: ignore[attr-defined]
    assert report.outcome.winners == out.winners
    assert report.ok, [c.message for c in report.problems]
