"""Miro: the book's mini-game (one-two-three opening, multi-captures, red 14 to blue 10)."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.breaks import (
    CaptorUnlikeLastMove,
    CurveBroken,
    MarkEarly,
    NeverColoured,
    OrderBroken,
)
from artsheets.rules.position import score_position
from tests.rules.synthetic import miro_curve_field

# A closed curve with 10 crossings: 11 spaces, 20 segments (drawn through these points).
CURVE = [
    (87.93, 43.44), (27.77, 84.39), (98.75, 20.25), (97.42, 77.31), (5.89, 6.95),
    (1.37, 70.02), (50.78, 23.43), (1.06, 34.83), (77.17, 70.2),
]  # fmt: skip
RED, BLUE = 1, 2
# Moves A..I: lengths 1, 2, 3, then blue 3, red 1, blue 2 as in Illustration 1.
A_TO_I = [
    "segment-1",
    "segment-2,segment-3",
    "segment-4,segment-5,segment-6",
    "segment-7,segment-8,segment-9",
    "segment-10",
    "segment-11,segment-12",
    "segment-13,segment-14",
    "segment-15,segment-16,segment-17",
    "segment-18,segment-19,segment-20",
]


def field():
    return miro_curve_field(CURVE, "HAND-MIRO")


def test_the_mini_field_has_the_shape_of_a_generic_closed_curve() -> None:
    f = field()
    assert len(f.spaces) == 11 and len(f.data["segments"]) == 20
    assert all(1 <= len(v) <= 2 for v in f.data["segment_spaces"].values())


def test_mini_game_captures_and_final_score() -> None:
    f = field()
    s = new_game(f, {"players": 2})
    gains = []
    for move in A_TO_I:
        player = s.current_player()
        before, caught = s.scores()[player], len(s.captured)  # type: ignore[attr-defined]
        s.apply(move)
        gains.append((player, len(s.captured) - caught, s.scores()[player] - before))  # type: ignore[attr-defined]
    assert gains[:6] == [(RED, 0, 0), (BLUE, 0, 0)] * 3
    assert gains[6] == (RED, 2, 2)  # G: two spaces, one point each
    assert gains[7] == (BLUE, 4, 10)  # H: four spaces at once
    assert gains[8] == (RED, 5, 12)  # I: five spaces, finishing the game
    out = s.outcome()
    assert out is not None and out.scores == {RED: 14, BLUE: 10} and out.winners == (RED,)
    # The photo tells the same story: capture circles and segment colours.
    rep = score_position(f, {"players": 2}, s.sheet_colours(), {RED: 14, BLUE: 10})
    assert rep.scores == {RED: 14, BLUE: 10} and rep.ok


def test_one_two_three_opening() -> None:
    s = new_game(field(), {"players": 2})
    assert len(s.legal_moves()) == 20
    with pytest.raises(IllegalMoveError, match="first move colours exactly one segment"):
        s.apply("segment-1,segment-2")
    s.apply("segment-5")
    assert s.legal_moves() == ["segment-6,segment-7", "segment-4,segment-3"]
    with pytest.raises(IllegalMoveError, match="move 2 colours the two segments"):
        s.apply("segment-6")
    s.apply("segment-4,segment-3")  # this fixes the direction: downwards
    assert s.legal_moves() == ["segment-2,segment-1,segment-20"]
    with pytest.raises(IllegalMoveError, match="move 3 colours the next three"):
        s.apply("segment-2,segment-1")
    s.apply("segment-2,segment-1,segment-20")
    assert s.legal_moves() == [
        "segment-19",
        "segment-19,segment-18",
        "segment-19,segment-18,segment-17",
    ]
    with pytest.raises(IllegalMoveError, match="already coloured"):
        s.apply("segment-6,segment-5")
    with pytest.raises(IllegalMoveError, match="next 1-3 segments from the front end"):
        s.apply("segment-6")


def test_capture_circle_on_an_open_space_is_impossible() -> None:
    f = field()
    s = new_game(f, {"players": 2})
    for move in A_TO_I[:7]:
        s.apply(move)
    sheet = s.sheet_colours()
    open_space = next(sp for sp in f.spaces if sp not in s.captured)  # type: ignore[attr-defined]
    bad = score_position(f, {"players": 2}, sheet | {f.data["capture_marks"][open_space]: 1}, {})
    assert any("boundary is not complete" in c.message for c in bad.problems)
    gap = dict(sheet)
    del gap["segment-3"]
    broken = score_position(f, {"players": 2}, gap, {})
    assert any("broken into 2 pieces" in c.message for c in broken.problems)


@pytest.mark.parametrize(
    ("partnership", "expected"),
    [
        ("sum", {"1+3": 9, "2+4": 7}),
        ("double_lower", {"1+3": 11, "2+4": 10}),
        ("double_higher", {"1+3": 16, "2+4": 11}),
    ],
)
def test_partnership_scoring(partnership: str, expected: dict[str, int]) -> None:
    from artsheets.rules.common import team_totals

    assert team_totals({1: 7, 2: 4, 3: 2, 4: 3}, ((1, 3), (2, 4)), partnership) == expected


def _finished_mini_game() -> dict[str, int]:
    s = new_game(field(), {"players": 2})
    for move in A_TO_I:
        s.apply(move)
    return s.sheet_colours()


def test_a_curve_that_breaks_the_order_of_play_names_the_least_changed_orders() -> None:
    """Blue's 3 (7-9), red's 1 (10), blue's 2 (11-12): segment-10 in blue would make a blue
    run of six, which no moves of 1-3 in turn can colour. Legal orders colour 9 or 10 red."""
    sheet = _finished_mini_game()
    rep = score_position(field(), {"players": 2}, sheet | {"segment-10": BLUE}, {})
    (order,) = [c for c in rep.checks if not c.ok]
    assert "order of play" in order.message and "1 segment(s)" in order.message
    assert order.broken == OrderBroken(1, (("segment-9", RED), ("segment-10", RED)))
    assert set(order.regions) == {"segment-9", "segment-10"}


def test_a_capture_circle_in_a_colour_other_than_the_captors_is_named() -> None:
    """The curve's colours give the order of play, so the captor of each space: the player
    whose move coloured its last segment. space-2 was captured by red (its boundary is red
    and blue); its circle in blue is wrong although blue colours part of the boundary. Both
    sides are named: the circle, and the last segment (segment-18), whose colour makes its
    player the captor."""
    sheet = _finished_mini_game()
    rep = score_position(field(), {"players": 2}, sheet | {"mark-capture-2": BLUE}, {})
    (captor,) = [c for c in rep.checks if not c.ok and "tallied" not in c.message]
    assert captor.regions == ["mark-capture-2", "segment-18"]
    assert captor.broken == CaptorUnlikeLastMove("mark-capture-2", BLUE, RED, ("segment-18",))
    assert "colour 1's move coloured the last segment" in captor.message
    # A circle in a colour on none of the boundary: the captor check says it, once.
    rep = score_position(field(), {"players": 2}, sheet | {"mark-capture-1": BLUE}, {})
    named = [c for c in rep.checks if not c.ok and "mark-capture-1" in c.regions]
    assert [c.broken for c in named] == [
        CaptorUnlikeLastMove("mark-capture-1", BLUE, RED, ("segment-19",))
    ]


def test_a_gap_in_the_coloured_curve_must_be_coloured_in_the_colour_of_its_move() -> None:
    """Segments read blank inside the coloured curve: no legal sheet leaves them blank, and
    the order of play says whose move coloured them. The longest blank stretch could be the
    part not yet played, so it alone is not named."""
    sheet = _finished_mini_game()
    blanked = {k: v for k, v in sheet.items() if k not in {"segment-5", "segment-10"}}
    rep = score_position(field(), {"players": 2}, blanked, {})
    (gap,) = [c for c in rep.checks if "broken into" in c.message]
    assert isinstance(gap.broken, CurveBroken)
    assert sorted(gap.broken.gaps) == ["segment-10", "segment-5"]
    assert gap.broken.expected == {"segment-5": RED, "segment-10": RED}
    # A capture circle of a space with an open boundary: its open segments were coloured.
    open_circles = [c for c in rep.checks if "boundary is not complete" in c.message]
    assert open_circles and all(isinstance(c.broken, MarkEarly) for c in open_circles)
    assert {s for c in open_circles for s in c.broken.open} <= {"segment-5", "segment-10"}


def test_a_filled_space_is_no_part_of_miro() -> None:
    """Captures are recorded in the circles; a filled space breaks the rules (and the scores
    are those of the sheet without it)."""
    sheet = _finished_mini_game()
    rep = score_position(field(), {"players": 2}, sheet | {"space-3": BLUE}, {})
    (filled,) = [c for c in rep.checks if "not filled in" in c.message]
    assert filled.regions == ["space-3"] and filled.broken == NeverColoured(("space-3",))
    assert rep.scores == score_position(field(), {"players": 2}, sheet, {}).scores
