"""Mondrian: the 13-space mini-field game A..H, and the neutral colour."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.games.mondrian import rectangles
from artsheets.rules.position import score_position
from tests.rules.synthetic import mondrian_field, rect_field

# The mini-field: a 8 x 9 rectangle cut into 13 spaces (x0, y0, x1, y1).
SPACES = {
    "A": (2, 0, 3, 3),
    "F": (3, 0, 4, 3),
    "B": (0, 0, 2, 3),
    "C": (0, 3, 2, 5),
    "D": (2, 3, 4, 5),
    "E": (2, 5, 4, 7),
    "H": (0, 5, 2, 7),
    "G": (4, 0, 6, 7),
    "I": (6, 0, 8, 4),
    "J": (6, 4, 8, 9),
    "K": (0, 7, 3, 9),
    "L": (3, 7, 6, 8),
    "M": (3, 8, 6, 9),
}
LETTERS = list(SPACES)
RED, YELLOW, BLUE, GREEN = 1, 2, 3, 4


def mini():
    f = rect_field("mondrian", "HAND-MONDRIAN", [SPACES[k] for k in LETTERS])
    return f, {k: f"space-{i + 1}" for i, k in enumerate(LETTERS)}


def test_illustrated_game() -> None:
    f, sid = mini()
    s = new_game(f, {"players": 4})
    gained = {}
    for letter in "ABCD":
        p = s.current_player()
        before = s.scores()[p]
        s.apply(sid[letter])
        gained[letter] = s.scores()[p] - before
    # The book scores nothing for B. With rectangular spaces that cannot be: when F (yellow)
    # may not touch B (yellow) yet A, D, F and A, B, C, D, F are rectangles, A and B always
    # form a rectangle too (docs/rules/mondrian.md). So yellow scores 2 for A, B here.
    assert gained == {"A": 0, "B": 2, "C": 2, "D": 2}
    # Red would like F, but F is next to his A.
    assert s.current_player() == RED
    with pytest.raises(IllegalMoveError, match=r"next to .* of colour 1; a player may never"):
        s.apply(sid["F"])
    for letter in "EFG":
        p = s.current_player()
        before = s.scores()[p]
        s.apply(sid[letter])
        gained[letter] = s.scores()[p] - before
    # F completes A,D,F (3) and A,B,C,D,F (5): only the larger scores.
    assert gained["E"] == 2 and gained["F"] == 5 and gained["G"] == 5
    rects_f = {frozenset(r) for r in rectangles(f)[sid["F"]]}
    assert frozenset(sid[x] for x in "ADF") in rects_f
    # H: the book says 4 (C, D, E, H), but with rectangular spaces the filled spaces A..H
    # also form a rectangle (the 6 x 7 block), so the largest rectangle scores 8. No
    # rectangle dissection can give the book's 4 after F = 5 and G = 5 (docs/rules/mondrian.md).
    p = s.current_player()
    before = s.scores()[p]
    s.apply(sid["H"])
    assert s.scores()[p] - before == 8
    rects_h = {frozenset(r) for r in rectangles(f)[sid["H"]]}
    assert frozenset(sid[x] for x in "CDEH") in rects_h
    assert s.scores() == {RED: 2, YELLOW: 2 + 5, BLUE: 2 + 5, GREEN: 2 + 8}


def test_first_rectangle_rule_scores_the_largest_filled_rectangle_only() -> None:
    f, sid = mini()
    s = new_game(f, {"players": 4})
    for letter in "ABC":
        s.apply(sid[letter])
    # A, B, C: B and C form a rectangle, A and B another; A, B, C together do not.
    assert s.rectangle_scored(sid["C"]) == 2  # type: ignore[attr-defined]
    assert s.rectangle_scored(sid["A"]) == 2  # type: ignore[attr-defined]
    s.apply(sid["D"])
    s.apply(sid["E"])
    s.apply(sid["F"])
    assert s.rectangle_scored(sid["D"]) == 5  # type: ignore[attr-defined]
    assert s.rectangle_scored(sid["K"]) == 0  # type: ignore[attr-defined]  # not filled


def test_neutral_colour_with_three_players() -> None:
    f, sid = mini()
    s = new_game(f, {"players": 3})
    assert s.legal_moves()[:2] == ["space-1=1", "space-1=4"]
    s.apply(f"{sid['A']}=4")  # player 1 uses the neutral colour
    with pytest.raises(IllegalMoveError, match="neutral colour may not be next to itself"):
        s.apply(f"{sid['B']}=4")
    s.apply(f"{sid['B']}=2")  # A, B: a rectangle, 2 points even with a neutral A
    s.apply(f"{sid['C']}=4")  # completes B, C with the neutral colour: no score
    assert s.scores() == {1: 0, 2: 2, 3: 0}
    with pytest.raises(IllegalMoveError, match="say which colour"):
        s.apply(sid["D"])
    with pytest.raises(IllegalMoveError, match="colour 3 is not yours"):
        s.apply(f"{sid['D']}=3")


def test_game_ends_at_the_target() -> None:
    f = mondrian_field(3, 60, 120, 160)
    s = new_game(f, {"players": 2, "target": 160})
    assert s.options["target"] == 160
    with pytest.raises(ValueError, match="160-point game is for two players"):
        new_game(f, {"players": 3, "target": 160})


def test_every_rectangle_union_is_found() -> None:
    f = mondrian_field(5, 40, 100, 120)
    rects = rectangles(f)
    coords = {s: tuple(round(v * 100) for v in f.attrs[s]["rect"]) for s in f.spaces}
    for s, cands in rects.items():
        sizes = [len(c) for c in cands]
        assert sizes == sorted(sizes, reverse=True)
        for members in cands:
            assert s in members
            x0 = min(coords[m][0] for m in members)
            y0 = min(coords[m][1] for m in members)
            x1 = max(coords[m][2] for m in members)
            y1 = max(coords[m][3] for m in members)
            area = sum(
                (coords[m][2] - coords[m][0]) * (coords[m][3] - coords[m][1]) for m in members
            )
            assert area == (x1 - x0) * (y1 - y0)
    # Brute force over pairs of neighbours: each two-space rectangle is listed for both.
    for a in f.spaces:
        for b in f.adjacent[a]:
            ra, rb = coords[a], coords[b]
            same_row = ra[1] == rb[1] and ra[3] == rb[3]
            same_col = ra[0] == rb[0] and ra[2] == rb[2]
            if same_row or same_col:
                assert tuple(sorted((a, b), key=f.spaces.index)) in {
                    tuple(sorted(c, key=f.spaces.index)) for c in rects[a]
                }


def test_position_check_finds_own_colour_neighbours_and_disconnected_fills() -> None:
    f, sid = mini()
    colours = {sid["A"]: 1, sid["F"]: 1, sid["J"]: 2}
    rep = score_position(f, {"players": 4}, colours, {1: 0, 2: 0, 3: 0, 4: 0})
    msgs = [c.message for c in rep.problems]
    assert any("next to each other, both colour 1" in m for m in msgs)
    assert any("not connected" in m for m in msgs)
    assert rep.scores is None  # the order of play decides Mondrian's points
