"""Random playouts for the board and card games (OpenSpiel's basic tests): every game ends,
every listed move is accepted, unlisted ones are refused with a reason and leave the state as
it was, text that is no move at all raises InvalidMoveError, records round-trip."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from artsheets.rules import IllegalMoveError, InvalidMoveError, State
from artsheets.rules.game import Game
from artsheets.rules.record import record_from_dict

GARBAGE = ("z9", "a0", "!!", "", "d")


def check_step(state: State, rng: random.Random, unlisted: Callable[[State], list[str]]) -> None:
    moves = state.legal_moves()
    assert moves, "a game in progress offers a move (pass included)"
    assert len(set(moves)) == len(moves), "duplicate moves listed"
    assert moves == state.legal_moves(), "move list not deterministic"
    for m in rng.sample(moves, min(6, len(moves))):
        c = state.copy()
        c.apply(m)
        assert c.history[-1] == m
    listed = set(moves)
    pool = [m for m in unlisted(state) if m not in listed]
    for m in rng.sample(pool, min(6, len(pool))):
        c = state.copy()
        try:
            c.apply(m)
        except InvalidMoveError as e:
            raise AssertionError(f"well-formed {m!r} called invalid: {e}") from None
        except IllegalMoveError as e:
            assert str(e).startswith(m.strip()), "the error names the move, then the rule"
        else:
            raise AssertionError(f"unlisted move {m!r} was accepted in\n{state}")
        assert c == state, "a refused move must not change the state"
    bad = rng.choice(GARBAGE)
    c = state.copy()
    try:
        c.apply(bad)
    except InvalidMoveError:
        pass
    else:
        raise AssertionError(f"{bad!r} is no move but was not refused as invalid")
    assert c == state


def playout(
    game: Game,
    options: dict | None,
    seed: int,
    unlisted: Callable[[State], list[str]],
    bound: int = 2000,
) -> State:
    """One random game with every check; the final state."""
    rng = random.Random(seed)
    state = game.new_game(options)
    while not state.is_over():
        assert len(state.history) < bound, f"no end within {bound} moves"
        check_step(state, rng, unlisted)
        state.apply(rng.choice(state.legal_moves()))
    out = state.outcome()
    assert out is not None and out.reason and out.termination is not None
    assert state.legal_moves() == [] and state.current_player() is None
    try:
        state.copy().apply(state.history[-1])
    except IllegalMoveError as e:
        assert "over" in str(e)
    else:
        raise AssertionError("a move after the end was accepted")
    again = record_from_dict(json.loads(state.record().to_json(include_field=False))).replay()
    assert again == state and again.outcome() == out
    return state


def cell_moves(state: State, separators: str = "-") -> list[str]:
    """Plausible move text on the state's board: every cell, and cell pairs along lines."""
    board = state.board  # type: ignore[attr-defined]
    out = [*board.cells, "pass"]
    for i, rays in enumerate(board.rays):
        for ray in rays:
            for j in ray[:3]:
                for sep in separators:
                    out.append(f"{board.cells[i]}{sep}{board.cells[j]}")
    return out
