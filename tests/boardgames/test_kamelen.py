"""Kamelen: the readings in docs/rules/kamelen.md, random playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("kamelen")


def position(animals: str, options: dict | None = None, to_move: int = 1):
    """Only the rocks and the named animals: ``Cb2`` a white camel, ``dj5`` a black dromedary."""
    state = GAME.new_game(options)
    for i, k in enumerate(state.kind):
        if k != "R":
            state.owner[i], state.kind[i] = 0, ""
    for a in animals.split():
        i = state.board.index[a[1:]]
        state.owner[i], state.kind[i] = (1 if a[0].isupper() else 2), a[0].upper()
    state.to_move = to_move
    state._moves = None
    return state


def test_start_armies_rocks_and_the_camels_that_can_reach_home() -> None:
    for ranks in (11, 12, 13):
        state = GAME.new_game({"ranks": ranks})
        assert (state.board.files, state.board.ranks) == (11, ranks)
        assert state.kind.count("R") == 6 and state.kind.count("C") == 16
        assert state.kind.count("D") == 20 and state.owner.count(1) == state.owner.count(2) == 18
        assert state.dangerous(1) == state.dangerous(2) == 4
    assert GAME.board({"ranks": 12}).field_id == "KAMELEN-1-STD-K1R12"


def test_camel_and_dromedary_walks() -> None:
    camel = position("Ce5 dk11")
    ends = sorted(m.split("-")[1] for m in camel.legal_moves())
    # three ahead and one aside; north is shut by the rock on e6
    assert ends == ["b4", "b6", "d2", "f2", "h4", "h6"]
    drom = position("De5 dk11")
    ends = sorted(m.split("-")[1] for m in drom.legal_moves() if m.startswith("e5"))
    assert ends == sorted(["h7", "g8", "b7", "c8", "h3", "g2", "b3", "c2"])


def test_blocked_paths_rocks_and_own_animals_are_refused() -> None:
    state = position("Ce4 De5 dk11")
    assert not any(m.startswith("e4-") and m[3:] in ("d7", "f7") for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="walked over must be empty"):
        state.copy().apply("e4-d7")  # e5 is in the way
    with pytest.raises(IllegalMoveError, match="rocks do not move"):
        position("Cd3 dk11").apply("d3-e6")
    with pytest.raises(IllegalMoveError, match="own animals"):
        position("Ce5 Df8 dk11").apply("e5-f8")
    with pytest.raises(IllegalMoveError, match="camel walks two squares"):
        position("Ce5 dk11").apply("e5-e7")


def test_capture_is_a_choice_and_four_camels_win() -> None:
    state = position("Ce2 cf5 cb2 dk11", to_move=1)
    assert "e2-f5" in state.legal_moves() and "e2-d5" in state.legal_moves()
    state.apply("e2-d5")  # declining the capture is allowed
    assert state.owner.count(2) == 3 and not state.is_over()
    # white's home f1 is a dark square (f + 1 odd): black camels on odd squares can reach it
    last = position("Ce2 cf5 cb2 cd2 dk11", to_move=1)  # b2, d2: even squares, harmless
    assert last.dangerous(2) == 1
    last.apply("e2-f5")
    out = last.outcome()
    assert out is not None and out.winners == (1,) and out.scores == {1: 1, 2: 0}
    assert "four camels" in out.reason and out.termination is Termination.GOAL


def test_refusals_and_notation() -> None:
    state = GAME.new_game()
    with pytest.raises(IllegalMoveError, match="no white animal"):
        state.copy().apply("b10-a7")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("b2")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("b2-l5")
    with pytest.raises(IllegalMoveError, match="pass only"):
        state.copy().apply("pass")


def test_hand_made_record_a_camel_conquers_the_home_field_double() -> None:
    # White's camel c2-d5-e8-f11 (black clears e10 with e10-f7): a double win, 2 points.
    text = replay_command(str(DATA / "kamelen-home.json"))
    assert "5 moves" in text and "player 1: 2 points" in text
    assert "result: player 1 wins (white's camel conquers the home field f11)" in text


def unlisted(state) -> list[str]:
    board = state.board
    return [f"{a}-{b}" for a in board.cells[::7] for b in board.cells[::5]]


@pytest.mark.parametrize(("seed", "options"), [(0, None), (1, {"ranks": 12}), (2, {"ranks": 13})])
def test_random_playouts(seed: int, options: dict | None) -> None:
    state = playout(GAME, options, seed, unlisted)
    assert state.outcome().termination in set(Termination)
