"""Springer: the red chain worth 9 that needs a 4 or a 5, the last turn, three players."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, OptionError, new_game
from artsheets.rules.breaks import SameColourNeighbours, TooManyOnEdge
from artsheets.rules.field import Field
from artsheets.rules.position import score_position
from tests.rules.synthetic import grid_cells, springer_field

ROWS, COLS = 5, 6
RED, BLUE = 1, 2
# (edge, index) -> (number, the (row, col) squares it touches)
TRIANGLES = {
    ("top", 1): (2, [(0, 0)]), ("top", 2): (1, [(0, 1)]), ("top", 3): (3, [(0, 2), (0, 3)]),
    ("top", 4): (4, [(0, 4)]), ("top", 5): (5, [(0, 5)]),
    ("left", 1): (3, [(0, 0)]), ("left", 2): (1, [(1, 0)]), ("left", 3): (2, [(2, 0)]),
    ("left", 4): (4, [(3, 0)]), ("left", 5): (5, [(4, 0)]),
    ("bottom", 1): (1, [(4, 0)]), ("bottom", 2): (2, [(4, 1)]),
    ("bottom", 3): (3, [(4, 2), (4, 3)]),
    ("bottom", 4): (4, [(4, 4)]), ("bottom", 5): (5, [(4, 5)]),
    ("right", 1): (5, [(0, 5)]), ("right", 2): (1, [(1, 5)]), ("right", 3): (3, [(2, 5), (3, 5)]),
    ("right", 4): (4, [(3, 5)]), ("right", 5): (2, [(4, 5)]),
}  # fmt: skip


def field() -> Field:
    base = springer_field(ROWS, COLS)
    cells = grid_cells(ROWS, COLS)
    tris = {
        f"triangle-{edge}-{k}": {"edge": edge, "number": n, "spaces": [cells[r][c] for r, c in sq]}
        for (edge, k), (n, sq) in TRIANGLES.items()
    }
    return Field(
        "springer", "HAND-SPRINGER", base.spaces, base.adjacent, base.corner, {}, base.attrs,
        {"triangles": tris},
    )  # fmt: skip


def sq(r: int, c: int) -> str:
    return f"space-{r * COLS + c + 1}"


RED_MOVES = [sq(0, 0), "triangle-top-1", sq(1, 1), "triangle-left-1", sq(2, 2), sq(3, 3),
             sq(4, 4), "triangle-bottom-4"]  # fmt: skip
BLUE_MOVES = [sq(0, 5), "triangle-top-5", sq(1, 4), "triangle-right-1", sq(2, 3), sq(3, 2),
              sq(4, 1), "triangle-bottom-2"]  # fmt: skip
BLUE_LEFT, BLUE_LAST = "triangle-left-4", sq(3, 0)  # blue's chain: 5 + 5 + 2 + 4 = 16


def red_chain_worth_nine():
    s = new_game(field(), {"players": 2})
    for r, b in zip(RED_MOVES, BLUE_MOVES, strict=True):
        s.apply(r)
        s.apply(b)
    assert s.current_player() == RED
    return s


def test_chain_on_three_edges_worth_nine_needs_a_four_or_five() -> None:
    s = red_chain_worth_nine()
    assert s.scores()[RED] == 2 + 3 + 4
    # Red may not fill another triangle on an edge where he has one.
    with pytest.raises(IllegalMoveError, match="one triangle per edge"):
        s.apply("triangle-top-3")
    # ... nor a square beside one of his (the X squares of the illustration).
    with pytest.raises(IllegalMoveError, match="next to space-1, already your colour"):
        s.apply(sq(0, 1))
    # With the 3 on the right edge the chain totals 12: not enough.
    three = s.copy()
    for m in ("triangle-right-3", BLUE_LEFT, sq(3, 5)):
        three.apply(m)
    assert three.scores()[RED] == 12 and not three.completed  # type: ignore[attr-defined]
    assert not three.is_over()
    # With the 4 it totals 13: complete.
    four = s.copy()
    for m in ("triangle-right-4", BLUE_LEFT, sq(3, 5)):
        four.apply(m)
    assert four.completed == {RED: 13}  # type: ignore[attr-defined]


def test_second_player_gets_one_final_turn() -> None:
    s = red_chain_worth_nine()
    for m in ("triangle-right-4", BLUE_LEFT, sq(3, 5)):
        s.apply(m)
    assert not s.is_over() and s.current_player() == BLUE
    lose = s.copy()
    lose.apply(sq(0, 3))
    assert lose.is_over() and lose.outcome().winners == (RED,)  # type: ignore[union-attr]
    win = s.copy()
    win.apply(BLUE_LAST)  # blue's final turn completes a chain worth 16
    assert win.is_over() and win.outcome().winners == (BLUE,)  # type: ignore[union-attr]
    rep = score_position(win.field, {"players": 2}, win.sheet_colours(), {})
    assert rep.details["complete_chains"] == {RED: 13, BLUE: 16}
    assert rep.outcome is not None and rep.outcome.winners == (BLUE,)


def test_when_the_second_player_completes_first_the_game_ends_at_once() -> None:
    s = red_chain_worth_nine()
    for m in (sq(0, 2), BLUE_LEFT, sq(2, 5), BLUE_LAST):
        s.apply(m)
    assert s.is_over() and s.outcome().winners == (BLUE,)  # type: ignore[union-attr]


def test_threshold_is_configurable_and_three_players_need_no_total() -> None:
    s = red_chain_worth_nine()
    low = new_game(field(), {"players": 2, "threshold": 12})
    for m in [*s.history, "triangle-right-3", BLUE_LEFT, sq(3, 5)]:
        low.apply(m)
    assert low.completed == {RED: 12}  # type: ignore[attr-defined]
    three = new_game(field(), {"players": 3})
    assert three.options["threshold"] == 0


def test_position_checks() -> None:
    f = field()
    colours = {sq(0, 0): RED, sq(0, 1): RED, "triangle-top-1": RED, "triangle-top-2": RED}
    rep = score_position(f, {"players": 2}, colours, {RED: 3})
    msgs = " | ".join(c.message for c in rep.problems)
    assert "space-1 and space-2 are next to each other, both colour 1" in msgs
    (pair,) = [c for c in rep.problems if "next to each other" in c.message]
    assert pair.broken == SameColourNeighbours(("space-1", "space-2"), RED, (RED, BLUE))
    assert "filled 2 triangles on the top edge" in msgs
    (two,) = [c for c in rep.problems if "triangles on the top edge" in c.message]
    assert isinstance(two.broken, TooManyOnEdge)
    assert sorted(two.broken.triangles) == ["triangle-top-1", "triangle-top-2"]
    assert rep.scores == {RED: 3, BLUE: 0}


# --- the variations for two experienced players ---------------------------------------------

# On the 5x6 grid space-8 (row 1, column 1) shares sides with space-2, 7, 9 and 14 and
# corners with space-1, 3, 13 and 15. This division runs from space-9's top corner to the
# middle of its side's neighbour below: half a meets space-9 at a corner only.
DIVISION = (
    "divide space-8 space-2,space-7,space-1,space-3,~space-9/space-9,space-14,space-13,space-15"
)


def _grid() -> Field:
    return springer_field(5, 6, 0)


def test_each_player_divides_a_space_before_play() -> None:
    st = new_game(_grid(), {"players": 2, "divide": True})
    with pytest.raises(IllegalMoveError, match="before play each player divides"):
        st.apply("space-3")
    st.apply(DIVISION)
    st.apply(st.legal_moves()[0])  # player 2 divides too
    f = st.board_field
    assert {"space-8a", "space-8b"} <= set(f.spaces) and "space-8" not in f.spaces
    assert f.adjacent["space-8a"] == {"space-2", "space-7", "space-8b"}
    assert f.adjacent["space-8b"] == {"space-9", "space-14", "space-8a"}
    assert "space-9" in f.corner["space-8a"]
    st.apply("space-8a")
    st.apply("space-20" if "space-20" in f.spaces else st.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="next to space-8a"):
        st.apply("space-8b")
    st.apply("space-9")  # meets space-8a at a corner only: allowed
    # The record holds the printed field and the divisions: it replays.
    assert st.record().replay() == st


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("divide space-8 space-2/space-7", "say which half touches"),
        ("divide space-8 space-20/space-2,space-7,space-9,space-14,space-1", "does not touch"),
        (
            "divide space-8 ~space-1,space-2,space-7/space-9,space-14,space-3,space-13,space-15",
            "~ marks a side neighbour",
        ),
        ("divide space-8 space-2,space-7", "write a division as"),
    ],
)
def test_a_division_names_what_is_wrong(move: str, words: str) -> None:
    st = new_game(_grid(), {"players": 2, "divide": True})
    with pytest.raises(IllegalMoveError, match=words):
        st.apply(move)


def test_divide_is_for_two_players() -> None:
    with pytest.raises(OptionError, match="two players"):
        new_game(_grid(), {"players": 3, "divide": True})


def test_a_first_turn_fills_two_spaces_sharing_a_side() -> None:
    st = new_game(_grid(), {"players": 2, "double_first": True})
    assert all("+" in m for m in st.legal_moves())
    with pytest.raises(IllegalMoveError, match="first turn fills two spaces"):
        st.apply("space-1")
    with pytest.raises(IllegalMoveError, match="do not share a side"):
        st.apply("space-1+space-8")
    st.apply("space-1+space-2")
    with pytest.raises(IllegalMoveError, match="already filled"):
        st.apply("space-2+space-3")
    st.apply("space-29+space-30")
    with pytest.raises(IllegalMoveError, match="only on a first turn"):
        st.apply("space-5+space-6")
    assert not any("+" in m for m in st.legal_moves())


def test_the_double_first_turn_shows_as_one_pair_of_each_colour() -> None:
    field = _grid()
    one_pair = {"space-1": 1, "space-2": 1, "space-29": 2, "space-30": 2}
    two_pairs = {**one_pair, "space-15": 1, "space-16": 1}

    def failed(colours: dict[str, int], double: bool) -> list[str]:
        opts = {"players": 2, "double_first": double}
        return [c.message for c in score_position(field, opts, colours, {}).checks if not c.ok]

    assert not any("next to each other" in m for m in failed(one_pair, True))
    assert any("next to each other" in m for m in failed(one_pair, False))
    assert sum("next to each other" in m for m in failed(two_pairs, True)) == 2
