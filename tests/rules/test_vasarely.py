"""Vasarely: the book's worked example and the cube and dot rules."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.field import Field
from artsheets.rules.position import score_position

RED, BLUE, YELLOW, GREEN = 1, 2, 3, 4


def cubes_field(cubes: list[list[int]]) -> Field:
    """A hand-made field: one list of dot counts per cube."""
    spaces, groups, attrs = [], {}, {}
    for k, dots in enumerate(cubes, start=1):
        members = []
        for d in dots:
            sid = f"space-{len(spaces) + 1}"
            spaces.append(sid)
            members.append(sid)
            attrs[sid] = {"dots": d}
        groups[f"cube-{k}"] = tuple(members)
    marks = {g: f"mark-cube-{g.split('-')[1]}" for g in groups}
    return Field(
        "vasarely",
        "HAND-VASARELY",
        tuple(spaces),
        {},
        {},
        groups,
        attrs,
        {"completion_marks": marks},
    )


# Turns (0-based) whose player fills the story cube; every other turn fills the second cube.
# Turn t belongs to player t % 4 + 1 and needs t % 5 + 1 dots.
STORY_TURNS = [0, 1, 2, 3, 4, 5, 7, 11, 15, 19, 20]
OTHER_TURNS = [t for t in range(21) if t not in STORY_TURNS]


def story_field() -> Field:
    story = [t % 5 + 1 for t in STORY_TURNS]  # 11 spaces
    other = [t % 5 + 1 for t in OTHER_TURNS] + [5, 5]  # 12 spaces, never completed here
    return cubes_field([story, other])


def test_red_completes_a_cube_of_3_red_2_blue_1_yellow_5_green_and_scores_8() -> None:
    f = story_field()
    cube1, cube2 = f.groups["cube-1"], f.groups["cube-2"]
    state = new_game(f, {"players": 4})
    story, other = iter(cube1), iter(cube2)
    for t in range(21):
        assert state.current_player() == t % 4 + 1
        assert state.required_dots == t % 5 + 1  # type: ignore[attr-defined]
        space = next(story) if t in STORY_TURNS else next(other)
        before = state.scores()
        state.apply(space)
        if t < 20:
            assert state.scores() == before, "nobody scores before the cube is complete"
    colours = [state.colour[s] for s in cube1]  # type: ignore[attr-defined]
    assert colours.count(RED) == 3 and colours.count(BLUE) == 2
    assert colours.count(YELLOW) == 1 and colours.count(GREEN) == 5
    assert state.scores() == {RED: 8, BLUE: 0, YELLOW: 0, GREEN: 0}
    assert state.completed == {"cube-1": RED}  # type: ignore[attr-defined]
    # The photo: the completion box carries red; the sheet alone gives the same 8 points.
    sheet = state.sheet_colours()
    assert sheet["mark-cube-1"] == RED
    report = score_position(f, {"players": 4}, sheet, {RED: 8})
    assert report.scores is not None and report.scores[RED] == 8
    assert report.ok


def test_dots_advance_on_a_pass_and_pass_only_when_forced() -> None:
    f = cubes_field([[1, 3, 3, 3, 3, 3, 3], [1, 1, 4, 4, 4, 4, 4]])
    s = new_game(f, {"players": 2})
    s.apply("space-1")  # 1 dot, opens cube-1
    assert s.legal_moves() == ["pass"]  # no 2-dot space anywhere
    with pytest.raises(IllegalMoveError, match="has 3 dots; this turn needs a 2-dot space"):
        s.apply("space-2")
    s.apply("pass")
    assert s.required_dots == 3  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match="must fill"):
        s.apply("pass")


def test_at_most_two_cubes_in_play_and_the_three_cube_variant() -> None:
    f = cubes_field([[1, 2, 3, 4, 5, 1, 1], [1, 2, 3, 4, 5, 2, 2], [1, 2, 3, 4, 5, 3, 3]])
    s = new_game(f, {"players": 2})
    s.apply("space-1")  # cube-1
    s.apply("space-9")  # 2 dots in cube-2: opens the second cube
    # Now a 3-dot space: cube-3 may not be opened while two cubes are in play.
    assert "space-17" not in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="cube-3 is not in play and 2 cubes"):
        s.apply("space-17")
    v = new_game(f, {"players": 2, "max_cubes": 3})
    v.apply("space-1")
    v.apply("space-9")
    assert "space-17" in v.legal_moves()
    v.apply("space-17")
    assert v.in_play == ["cube-1", "cube-2", "cube-3"]  # type: ignore[attr-defined]


def test_position_flags_a_completion_box_of_a_colour_absent_from_its_cube() -> None:
    f = cubes_field([[1, 2, 3, 4, 5, 1, 2]])
    colours = {s: 1 for s in f.spaces} | {"space-7": 2}
    good = score_position(f, {"players": 3}, colours | {"mark-cube-1": 2}, {})
    assert good.scores == {1: 0, 2: 6, 3: 0} and good.ok
    bad = score_position(f, {"players": 3}, colours | {"mark-cube-1": 3}, {})
    assert not bad.ok
    assert any("colour 3, which none of its spaces has" in c.message for c in bad.problems)
    early = score_position(f, {"players": 3}, {"space-1": 1, "mark-cube-1": 1}, {})
    assert any("spaces are empty" in c.message for c in early.problems)
    tally = score_position(f, {"players": 3}, colours | {"mark-cube-1": 2}, {2: 5})
    assert any("tallied 5" in c.message for c in tally.problems)
