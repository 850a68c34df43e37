"""Move In Synch: roles, both variations, staying put, marking and the early end."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.position import score_position
from tests.rules.synthetic import synch_field


def sq(n: int, r: int, c: int) -> str:
    return f"space-{r * n + c + 1}"


def test_standard_order_decider_then_directioner() -> None:
    s = new_game(synch_field(4), {})
    s.apply(sq(4, 0, 0))
    with pytest.raises(IllegalMoveError, match="opponent's marker is already there"):
        s.apply(sq(4, 0, 0))
    s.apply(sq(4, 3, 3))
    assert s.scores() == {1: 1, 2: 1}
    # Move 1: player 1 directs, player 2 decides first.
    assert s.current_player() == 2 and s.legal_moves() == ["synch", "opposition"]
    s.apply("synch")
    # Corners (0,0) and (3,3) in synch: no direction keeps both on, so any direction that
    # keeps player 1 on; player 2 stays put.
    assert s.current_player() == 1 and s.legal_moves() == ["E", "SE", "S"]
    s.apply("SE")
    assert s.pos == {1: (1, 1), 2: (3, 3)}  # type: ignore[attr-defined]
    assert s.scores() == {1: 2, 2: 1}
    # Move 2: roles swap.
    assert s.current_player() == 1 and s.legal_moves() == ["synch", "opposition"]
    s.apply("opposition")
    assert s.current_player() == 2
    assert s.legal_moves() == ["N", "NW", "W"] or set(s.legal_moves()) == {"N", "W", "NW"}
    with pytest.raises(IllegalMoveError, match="takes your own marker off the board"):
        s.apply("S")
    s.apply("NW")  # player 2 to (2,2); player 1 opposite: (2,2) too - same empty square
    assert s.pos == {1: (2, 2), 2: (2, 2)}  # type: ignore[attr-defined]
    assert s.scores() == {1: 2, 2: 1}, "both on the same empty square: nobody draws"


def test_variation_directioner_first_and_staying_put() -> None:
    s = new_game(synch_field(4), {"variation": "directioner_first"})
    s.apply(sq(4, 1, 1))
    s.apply(sq(4, 0, 3))
    assert s.current_player() == 1
    assert s.legal_moves() == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    s.apply("N")  # player 1 to (0,1); decider at (0,3): synch N is off, opposition S is on
    assert s.current_player() == 2 and s.legal_moves() == ["opposition"]
    with pytest.raises(IllegalMoveError, match="off the board"):
        s.apply("synch")
    s.apply("opposition")
    assert s.pos == {1: (0, 1), 2: (1, 3)}  # type: ignore[attr-defined]
    # Move 2: player 2 directs from (1,3) NE? off. E? off. He goes N to (0,3).
    s.apply("N")
    # Decider player 1 at (0,1): synch N off, opposition S on.
    assert s.legal_moves() == ["opposition"]


def test_decider_who_cannot_move_stays() -> None:
    s = new_game(synch_field(3), {"variation": "directioner_first"})
    s.apply(sq(3, 2, 0))
    s.apply(sq(3, 0, 0))
    s.apply("NE")  # player 1 to (1,1); the decider in the corner can go neither NE nor SW
    assert s.current_player() == 2 and s.legal_moves() == ["stay"]
    with pytest.raises(IllegalMoveError, match="off the board"):
        s.apply("opposition")
    s.apply("stay")
    assert s.pos == {1: (1, 1), 2: (0, 0)}  # type: ignore[attr-defined]
    assert s.scores() == {1: 2, 2: 1}


def test_game_ends_when_the_leader_cannot_be_caught() -> None:
    s = new_game(synch_field(2), {})
    s.apply("space-1")
    s.apply("space-4")
    assert not s.is_over()
    s.apply("synch")
    s.apply("E")  # player 1 to space-2; player 2 cannot go E: stays
    assert s.scores() == {1: 2, 2: 1}
    # 1 empty square: 2 > 1 + 1 is false; go on.
    assert not s.is_over()
    rep = score_position(s.field, {}, s.sheet_colours(), {1: 2, 2: 1})
    assert rep.scores == {1: 2, 2: 1}
    assert any("game not finished" in c.message for c in rep.problems)
