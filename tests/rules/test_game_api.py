"""The engine's game objects and error classes: additive to the State API."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Outcome, Termination, new_game
from artsheets.rules.core import GAMES
from artsheets.rules.game import SheetGame, SheetPosition, all_games, get_game
from artsheets.rules.position import score_position
from tests.rules.synthetic import synch_field


def test_invalid_move_is_an_illegal_move_for_old_callers() -> None:
    assert issubclass(InvalidMoveError, IllegalMoveError)
    state = new_game(synch_field(4))
    with pytest.raises(InvalidMoveError):
        state.apply(17)  # type: ignore[arg-type]


def test_termination_is_written_only_when_not_the_ordinary_end() -> None:
    plain = Outcome({1: 2, 2: 1}, (1,), "sheet full")
    assert plain.termination is Termination.END_OF_PLAY
    assert "termination" not in plain.to_dict()
    stuck = Outcome({1: 0, 2: 0}, (2,), "blue cannot act", termination=Termination.NO_MOVES)
    assert stuck.to_dict()["termination"] == "no_moves"
    assert stuck != Outcome({1: 0, 2: 0}, (2,), "blue cannot act")


def test_every_engine_game_has_a_game_object() -> None:
    games = all_games()
    assert set(GAMES) <= set(games)
    synch = get_game("SYNCH")
    assert isinstance(synch, SheetGame) and synch.title == "Move In Synch"
    assert synch.players == (2, 2)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        get_game("chess")


def test_sheet_game_delegates_to_the_position_scorer() -> None:
    field = synch_field(2)
    colours = {"space-1": 1, "space-2": 2, "space-3": 1, "space-4": 1}
    game = get_game("synch")
    report = game.score(SheetPosition(field, None, colours))
    assert report.scores == score_position(field, None, colours).scores == {1: 3, 2: 1}
    assert game.broken_rules(SheetPosition(field, None, colours)) == []
    state = game.new_game(field=field)
    assert game.parse_move(state, " space-2 ") == "space-2"
    with pytest.raises(InvalidMoveError):
        game.parse_move(state, "  ")
    with pytest.raises(ValueError, match="printed field"):
        game.new_game()
