"""Fort Chitral: the readings in docs/rules/chitral.md, random playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("chitral")


WHITE_FAR = "a1 b1 c1 d1"  # pieces far from the action, so that both sides keep four
BLACK_FAR = "o18 p18 q18 r18"


def position(white: str, black: str, options: dict | None = None, to_move: int = 1):
    """A game with only the named pieces (space-separated squares) and the far ones."""
    state = GAME.new_game(options)
    state.stone = [0] * len(state.board)
    for player, cells in ((1, f"{white} {WHITE_FAR}"), (2, f"{black} {BLACK_FAR}")):
        for c in cells.split():
            state.stone[state.board.index[c]] = player
    state.to_move = to_move
    state._moves = None
    return state


def piece(state, cell: str) -> int:
    return state.stone[state.board.index[cell]]


def test_start_and_steps_in_eight_directions() -> None:
    assert GAME.new_game().scores() == {1: 18, 2: 18}
    lone = position("e5", "")
    assert sorted(m for m in lone.legal_moves() if m.startswith("e5")) == sorted(
        f"e5-{c}" for c in ("d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6")
    )


def test_jump_chains_over_own_pieces_only_and_never_back_to_the_start() -> None:
    state = position("c3 d3 f3 e4", "c4")
    moves = set(state.legal_moves())
    assert {"c3-e3", "c3-g3", "c3-e5"} <= moves  # over d3; on over f3; or over e4 from e3
    with pytest.raises(IllegalMoveError, match="never an enemy"):
        state.copy().apply("c3-c5")  # c4 is black: no jump over an enemy
    # c3 over d4 to e5, over e4 to e3, over d3 to c3 would come home: not a destination
    ring = position("c3 d4 e4 d3", "")
    assert {"c3-e5", "c3-e3"} <= set(ring.legal_moves())
    assert "c3-c3" not in ring.legal_moves()


def test_custodian_capture_several_at_once() -> None:
    one = position("e3 e6", "e5")
    one.apply("e3-e4")  # e5 shut in between e4 and e6
    assert piece(one, "e5") == 0 and one.scores() == {1: 6, 2: 4}
    three = position("e4 c5 g5 e7", "d5 f5 e6")
    three.apply("e4-e5")  # d5 (against c5), f5 (g5) and e6 (e7) all at once
    assert three.scores()[2] == 4 and not any(piece(three, c) for c in ("d5", "f5", "e6"))
    open_line = position("e3", "e5")
    open_line.apply("e3-e4")  # nothing beyond e5: no capture
    assert piece(open_line, "e5") == 2


def test_moving_between_two_enemies_is_safe() -> None:
    state = position("e6", "d5 f5")
    state.apply("e6-e5")
    assert piece(state, "e5") == 1 and state.scores() == {1: 5, 2: 6}
    state.apply("q18-q17")  # black's move elsewhere takes nothing either
    assert piece(state, "e5") == 1


def test_orthogonal_lines_option_ignores_diagonals() -> None:
    both = position("c3 f6", "e5")
    both.apply("c3-d4")  # d4, e5, f6 on a diagonal
    assert piece(both, "e5") == 0
    straight = position("c3 f6", "e5", {"lines": "orthogonal"})
    straight.apply("c3-d4")
    assert piece(straight, "e5") == 2


def test_three_pieces_left_loses_only_with_the_option() -> None:
    plain = position("e3 e6", "e5")
    plain.stone[plain.board.index["o18"]] = 0
    plain.apply("e3-e4")
    assert plain.scores()[2] == 3 and not plain.is_over()
    note = position("e3 e6", "e5", {"three_loses": True})
    note.stone[note.board.index["o18"]] = 0
    note.apply("e3-e4")
    out = note.outcome()
    assert out is not None and out.winners == (1,) and "down to 3" in out.reason


def test_refusals_name_the_rule() -> None:
    state = GAME.new_game()
    with pytest.raises(IllegalMoveError, match="no white piece"):
        state.copy().apply("a2-a3")
    with pytest.raises(IllegalMoveError, match="not empty"):
        state.copy().apply("a1-b1")
    with pytest.raises(IllegalMoveError, match="steps to a neighbouring"):
        state.copy().apply("a1-a3")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("a1")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("a1-s2")


def test_hand_made_record_white_takes_the_fort() -> None:
    # White walks i1, j1, h1 and k1 up to i9, j9, i10 and j10 (34 moves) while black shuffles
    # a18-a17-a18: white holds the fort on ply 67, nothing captured.
    text = replay_command(str(DATA / "chitral-fort.json"))
    assert "67 moves" in text and "result: player 1 wins (white holds the fort)" in text


def test_quiet_limit_draws_and_can_be_switched_off() -> None:
    state = GAME.new_game({"quiet": 4})
    for m in ("a1-a2", "a18-a17", "a2-a3", "a17-a16"):
        state.apply(m)
    out = state.outcome()
    assert out is not None and out.termination is Termination.MOVE_LIMIT and out.draw


def unlisted(state) -> list[str]:
    return [m for m in cell_moves(state) if "-" in m]


@pytest.mark.parametrize(
    ("seed", "options"), [(0, None), (1, {"lines": "orthogonal", "quiet": 60})]
)
def test_random_playouts(seed: int, options: dict | None) -> None:
    state = playout(GAME, options, seed, unlisted)
    assert state.outcome().termination in set(Termination)
