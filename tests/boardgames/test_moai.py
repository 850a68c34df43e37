"""Moai: the readings in docs/rules/moai.md on both boards, random playouts, a hand-made
record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, OptionError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("moai")


def play(*moves: str, **options):
    state = GAME.new_game(options)
    for m in moves:
        state.apply(m)
    return state


def test_boards() -> None:
    square = GAME.board({})
    assert len(square.spaces) == 60 and "a1" not in square.spaces
    hexa = GAME.board({"board": "hex"})
    assert len(hexa.spaces) == 91 and hexa.field_id == "MOAI-1-STD-K1B2"
    assert sorted(len(hexa.adjacent[c]) for c in ("f6", "a6", "f1")) == [3, 3, 6]
    with pytest.raises(OptionError):
        GAME.board({"board": "round"})


def test_counter_in_line_then_a_moai_moves_toward_or_away() -> None:
    state = play("d4", "f6", "d7")
    assert state.current_player() == 1  # the same player now moves a Moai
    moves = state.legal_moves()
    assert {"d4-d5", "d4-d6", "d4-d3", "d4-d2", "d4-d1"} <= set(moves)
    assert "d4-d7" not in moves and "f6-f5" not in moves  # f6 is not in line with d7
    assert "d4-d6-e7" in moves and "d4-d6-c7" in moves  # the turned last step
    with pytest.raises(IllegalMoveError, match="in line with a Moai"):
        play("d4", "f6").apply("h5")  # in line with neither Moai


def test_turning_is_an_option_and_only_after_a_rank_or_file() -> None:
    plain = play("d4", "f6", "d7", turning=False)
    assert not any(m.count("-") == 2 for m in plain.legal_moves())
    diagonal = play("d4", "f6", "g7")  # in line diagonally with d4 and f6
    assert not any(m.count("-") == 2 for m in diagonal.legal_moves())


def test_hex_board_lines_and_turns() -> None:
    state = play("f6", "f10", "f8", board="hex")
    moves = state.legal_moves()
    assert "f6-f7" in moves and "f10-f9" in moves  # both Moai are in line with f8
    assert any(m.startswith("f6-f7-") for m in moves)  # a turned step on the hexagon


def test_notation_errors_are_invalid_moves() -> None:
    state = play("d4", "f6")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("a1")  # a removed corner
    with pytest.raises(InvalidMoveError):
        state.copy().apply("d4-d5-d6-d7")


def test_hand_made_record_white_is_boxed_in() -> None:
    # White's Moai ends on a2 with a1 gone, a3 and b3 counters and black's Moai on b2: no
    # counter in line lets it move (b1, its one free neighbour, has no cell beyond a2).
    text = replay_command(str(DATA / "moai-corner.json"))
    assert "18 moves" in text
    assert "result: player 2 wins (white cannot place a counter and then move his own Moai)" in text


@pytest.mark.parametrize(
    ("seed", "options"),
    [(0, {}), (1, {}), (2, {"board": "hex"}), (3, {"board": "hex", "turning": False})],
)
def test_random_playouts(seed: int, options: dict) -> None:
    state = playout(GAME, options, seed, lambda s: [m for m in cell_moves(s) if m != "pass"])
    out = state.outcome()
    assert out is not None and out.termination is Termination.NO_MOVES
    assert len(out.winners) == 1
