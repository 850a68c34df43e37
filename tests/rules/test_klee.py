"""Klee: setup constraints, six points from one square, the track and the variants."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.breaks import AreaBreaksSetup, Unfinished
from artsheets.rules.games.klee import area_problem
from artsheets.rules.position import score_position
from tests.rules.synthetic import klee_field

SETUP = [
    "seq=1-2-3", "seq=2-1-3",  # area 1: three colours each
    "seq=1-2-4", "seq=2-4-1",  # area 2: player 1 brings in colour 4
    "seq=3-1-1-3", "seq=2-3-3-2",  # area 3: two colours, equal ends
    "seq=4-2-2-4", "seq=1-4-4-1",  # area 4: another pair of colours
]  # fmt: skip
# Squares around the centre (3, 3) of a 7 x 7 field, in a legal filling order.
PICTURE = [
    ((2, 2), 2), ((2, 3), 3), ((2, 4), 2), ((3, 2), 3), ((3, 4), 1), ((4, 2), 2), ((4, 3), 1),
    ((4, 4), 2), ((1, 1), 3), ((1, 5), 4), ((3, 5), 3), ((5, 3), 3), ((5, 5), 3), ((5, 1), 4),
]  # fmt: skip


def cell(f, r: int, c: int) -> str:
    return next(s for s in f.spaces if f.attrs[s] == {"row": r, "col": c})


def play_story(options: dict) -> tuple:
    f = klee_field(7, track=44)
    s = new_game(f, options)
    for m in SETUP:
        s.apply(m)
    for (r, c), colour in PICTURE:
        s.apply(f"{cell(f, r, c)}={colour}")
    assert s.scores() == {1: 0, 2: 0} and s.current_player() == 1
    s.apply(f"{cell(f, 3, 3)}=1")
    return f, s


def test_six_points_from_one_square() -> None:
    # 1-2-3 along the diagonal both ways (2), 1-2-4 along the other diagonal both ways (2),
    # 3-1-1-3 along the row and along the column (2).
    _f, s = play_story({})
    assert s.scores() == {1: 6, 2: 0}
    out = s.outcome()
    assert out is not None and out.winners == (1,) and out.reason == "a lead of five points"


def test_triangular_variant_scores_21_for_six_sequences_and_drops_the_five_point_rule() -> None:
    _f, s = play_story({"triangular": True})
    assert s.scores() == {1: 21, 2: 0}
    assert not s.is_over()


def test_opponent_sequences_are_disregarded() -> None:
    f = klee_field(7, track=44)
    s = new_game(f, {})
    for m in SETUP:
        s.apply(m)
    s.apply(f"{cell(f, 0, 0)}=2")
    s.apply(f"{cell(f, 0, 1)}=1")  # player 2 forms nothing yet
    s.apply(f"{cell(f, 0, 2)}=3")  # player 1 forms 2-1-3: player 2's sequence, not his
    assert s.scores() == {1: 0, 2: 0}
    s.apply(f"{cell(f, 0, 3)}=4")  # player 2: 1-3-4 / 2-1-3-4, none of his
    s.apply(f"{cell(f, 1, 2)}=2")
    s.apply(f"{cell(f, 2, 2)}=1")  # player 2: column 3-2-1 is player 1's 1-2-3 reversed
    assert s.scores() == {1: 0, 2: 0}
    s.apply(f"{cell(f, 2, 3)}=3")  # player 1: row 2: 1-3? no; diagonal (0,1)-(1,2)-(2,3) = 1-2-3
    assert s.scores() == {1: 1, 2: 0}


def test_first_square_anywhere_then_touching_edge_or_corner() -> None:
    f = klee_field(5)
    s = new_game(f, {})
    for m in SETUP:
        s.apply(m)
    assert len(s.legal_moves()) == 25 * 4
    s.apply(f"{cell(f, 2, 2)}=1")
    assert len(s.legal_moves()) == 8 * 4
    with pytest.raises(IllegalMoveError, match="does not touch a coloured square"):
        s.apply(f"{cell(f, 0, 0)}=1")
    s.apply(f"{cell(f, 1, 1)}=2")  # a corner is enough


def test_setup_rules() -> None:
    assert area_problem((1, 2, 3), 3, [], []) is None
    assert "three different colours" in area_problem((1, 2, 2), 3, [], [])
    assert "copies your opponent" in area_problem((3, 2, 1), 3, [], [(1, 2, 3)])
    assert "copies your opponent" in area_problem((1, 2, 3), 3, [], [(1, 2, 3)])
    assert area_problem((1, 3, 2), 3, [], [(1, 2, 3)]) is None
    assert "fourth colour" in area_problem((3, 1, 2), 3, [(1, 2, 3)], [])
    assert area_problem((1, 2, 4), 3, [(1, 2, 3)], []) is None
    assert "same colour in both end cells" in area_problem((1, 2, 2, 2), 4, [], [])
    assert "exactly two colours" in area_problem((1, 2, 3, 1), 4, [], [])
    assert "exactly two colours" in area_problem((1, 1, 1, 1), 4, [], [])
    assert "pair of colours" in area_problem((2, 1, 1, 2), 4, [(1, 2, 2, 1)], [])
    assert area_problem((2, 3, 3, 2), 4, [(1, 2, 2, 1)], []) is None  # one colour kept
    f = klee_field(5)
    s = new_game(f, {})
    s.apply("seq=1-2-3")
    with pytest.raises(IllegalMoveError, match="copies your opponent"):
        s.apply("seq=3-2-1")
    with pytest.raises(IllegalMoveError, match="setup is not finished"):
        s.apply("space-1=1")
    legal = s.legal_moves()
    assert "seq=3-2-1" not in legal and "seq=1-3-2" in legal and len(legal) == 24 - 2


def test_six_areas_and_a_shorter_track() -> None:
    f = klee_field(5, track=30)
    s = new_game(f, {"all_areas": True, "track_length": 10})
    assert s.areas == (0, 1, 2, 3, 4, 5)  # type: ignore[attr-defined]
    for _ in range(12):
        s.apply(s.legal_moves()[0])
    assert s.sequences[1][2] and len(s.sequences[1][2]) == 3  # type: ignore[attr-defined]
    assert not s.in_setup  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="track has 30 boxes"):
        new_game(f, {"track_length": 31})


def test_position_checks_the_sequence_areas() -> None:
    f, s = play_story({})
    sheet = s.sheet_colours()
    rep = score_position(f, {}, sheet, {1: 6, 2: 0})
    assert rep.ok, [c.message for c in rep.problems]
    assert rep.outcome is not None and rep.outcome.winners == (1,)
    bad_area = f.data["sequence_areas"]["2"][1]  # player 2's first standard area
    broken = dict(sheet)
    broken.update(zip(bad_area, (3, 2, 1), strict=True))  # copies player 1's 1-2-3 reversed
    rep = score_position(f, {}, broken, {1: 6, 2: 0})
    (area,) = [c for c in rep.problems if "player 2's area 2 breaks the setup rules" in c.message]
    # The rule-break carries what the setup rules judged the area by.
    b = area.broken
    assert isinstance(b, AreaBreaksSetup) and b.cells == tuple(bad_area)
    problem = area_problem([broken[cell] for cell in b.cells], b.length, b.own_earlier, b.theirs)
    assert problem and area.message.endswith(problem)
    early = score_position(f, {}, sheet, {1: 3, 2: 0})
    (unfinished,) = [c for c in early.problems if "nobody has won yet" in c.message]
    # Play went on, so every empty square is filled in a finished game.
    empty = [sp for sp in f.spaces if sp not in sheet]
    assert empty and unfinished.broken == Unfinished(tuple(empty))
