"""Sjekkers: the readings in docs/rules/sjekkers.md (and the checkers variant), random
playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("sjekkers")


def position(white: str, black: str, options: dict | None = None, to_move: int = 1):
    """Only the named disks; upper-case squares hold a Sjek (``E5``)."""
    state = GAME.new_game(options)
    state.owner = [0] * len(state.board)
    state.king = [False] * len(state.board)
    for player, cells in ((1, white), (2, black)):
        for c in cells.split():
            i = state.board.index[c.lower()]
            state.owner[i], state.king[i] = player, c.isupper()
    state.to_move = to_move
    state._moves = None
    return state


def test_start_crossings_and_forward_moves() -> None:
    state = GAME.new_game()
    assert len(state.board) == 41 and state.scores() == {1: 18, 2: 18}
    assert "b4-c5" in state.legal_moves() and "c3-e5" in state.legal_moves()  # over own d4
    lone = position("e3", "a9")
    assert sorted(lone.legal_moves()) == ["e3-d4", "e3-f4"]


def test_capture_is_compulsory_forward_or_backward_and_single() -> None:
    back = position("e5 a1", "d6 f4")  # f4 is behind e5: a backward capture to g3
    assert sorted(back.legal_moves()) == ["e5xc7", "e5xg3"]
    with pytest.raises(IllegalMoveError, match="capturing is compulsory"):
        back.copy().apply("a1-b2")
    back.apply("e5xg3")
    assert back.current_player() == 2 and back.scores() == {1: 2, 2: 1}
    # no second jump even if one is there: g3 over h2? (none) - the turn has passed anyway
    chain = position("c3 a1", "d4 d6")
    chain.apply("c3xe5")  # e5 could go on over d6 to c7, but one capture per turn
    assert chain.current_player() == 2 and chain.owner[chain.board.index["d6"]] == 2


def test_no_jumping_own_disks_backwards_and_promotion() -> None:
    state = position("e5 d4 g7", "a9")
    assert "e5-c3" not in state.legal_moves()  # over d4, but backwards
    state.apply("g7-h8")
    state.apply("a9-b8")
    state.apply("h8-g9")
    assert state.king[state.board.index["g9"]]


def test_sjek_flies_and_captures_over_exactly_one_disk() -> None:
    state = position("A1 g7", "c3 i9", to_move=1)
    moves = state.legal_moves()
    assert sorted(moves) == ["a1xd4", "a1xe5", "a1xf6"]  # over c3; g7 (own) stops it
    quiet = position("A1 b2", "i9")
    assert "a1-c3" in quiet.legal_moves()  # over the own adjacent disk, forward, as a disk
    assert "a1-d4" not in quiet.legal_moves()
    two = position("A1", "b2 c3 i9")
    assert not any(m.startswith("a1x") for m in two.legal_moves())  # two in a row: no capture
    sjek = position("E5", "a9")
    assert "e5-a1" in sjek.legal_moves() and "e5-i9" in sjek.legal_moves()
    with pytest.raises(IllegalMoveError, match="Sjek moves along a line"):
        sjek.copy().apply("e5-e7")


def test_capturing_every_disk_wins_and_blocked_players_pass() -> None:
    state = position("e5 a1", "d6")
    state.apply("e5xc7")
    out = state.outcome()
    assert out is not None and out.winners == (1,) and out.termination is Termination.ALL_CAPTURED
    stuck = position("a9", "b8", to_move=2)  # a white disk on rank 9 has no move
    stuck.apply("b8-c7")
    assert stuck.legal_moves() == ["pass"]
    with pytest.raises(IllegalMoveError, match="pass only when"):
        position("e3", "a9").apply("pass")
    both = position("a9", "i1")  # neither disk can move: two passes draw
    both.apply("pass")
    both.apply("pass")
    assert both.outcome().termination is Termination.BLOCKED and both.outcome().draw


def test_checkers_variant_chains_and_forward_captures() -> None:
    opts = {"rules": "checkers"}
    state = position("c3 a1", "d4 d6 a9", opts)
    assert state.legal_moves() == ["c3xe5xc7"]  # the chain must be completed
    state.apply("c3xe5xc7")
    assert state.scores() == {1: 2, 2: 1}
    back = position("e5 a1", "d4 a9", opts)  # d4 is behind: men capture forward only
    assert not any("x" in m for m in back.legal_moves())
    own = position("c3 d4", "a9", opts)
    assert "c3-e5" not in own.legal_moves()  # no jumping own pieces
    with pytest.raises(IllegalMoveError):
        own.copy().apply("c3-e5")
    blocked = position("a9", "c7", opts, to_move=2)
    blocked.apply("c7-b6")  # white's a9 has no move: in checkers that loses
    assert blocked.outcome().winners == (2,)
    assert blocked.outcome().termination is Termination.NO_MOVES


def test_notation_errors_are_invalid_moves() -> None:
    state = GAME.new_game()
    with pytest.raises(InvalidMoveError):
        state.copy().apply("b4")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("b4-b5")  # b5 is no crossing (file + rank odd)


def test_hand_made_record_draws_by_the_quiet_limit() -> None:
    # b4-c5 offers c5: black must take it (d6xb4) and white retakes (a3xc5); six quiet
    # plies follow and the record's quiet=6 draws the game at 17 disks each.
    text = replay_command(str(DATA / "sjekkers-quiet.json"))
    assert "9 moves" in text and "player 1: 17 points" in text and "player 2: 17" in text
    assert "result: draw (6 plies without a capture)" in text


def unlisted(state) -> list[str]:
    return [m for m in cell_moves(state, "-x") if m != "pass" and len(m) > 3]


@pytest.mark.parametrize(("seed", "options"), [(0, None), (1, None), (2, {"rules": "checkers"})])
def test_random_playouts(seed: int, options: dict | None) -> None:
    state = playout(GAME, options, seed, unlisted)
    assert state.outcome().termination in set(Termination)
