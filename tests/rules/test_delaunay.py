"""Delaunay: the illustrated section (penalties M, N, Q, R, S), teams, two colours each."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.breaks import LeftOpen, SameColourNeighbours
from artsheets.rules.position import score_position
from tests.rules.synthetic import delaunay_field

RED, BLUE, YELLOW, GREEN = 1, 2, 3, 4  # turn order; red + yellow against blue + green

# Four sections of 3 x 5 squares in a 6 x 10 grid; section-1 is the top-left block
# (space-1..5, 11..15, 21..25). Fills A..L (three per player), then M, N, O, P, Q, R, S.
STORY = {
    "A": "space-1", "B": "space-2", "C": "space-11", "D": "space-21",
    "E": "space-22", "F": "space-23", "G": "space-3", "H": "space-4",
    "I": "space-14", "J": "space-5", "K": "space-15", "L": "space-25",
    "M": "pass", "N": "pass", "O": "space-24", "P": "space-13",
    "Q": "pass", "R": "pass", "S": "pass",
}  # fmt: skip


def test_illustrated_section() -> None:
    f = delaunay_field(3, 5, 2)
    s = new_game(f, {"players": 4})
    for letter, move in STORY.items():
        if letter == "M":
            # Red cannot fill any space: marking a penalty is his only move.
            assert s.current_player() == RED and s.legal_moves() == ["pass"]
        if letter == "O":
            assert s.current_player() == YELLOW and s.legal_moves() == ["space-24"]
        s.apply(move)
    # Penalties: M, Q, S for the red-yellow team (red 2, yellow 1), N, R for blue.
    assert s.scores() == {RED: 2, BLUE: 2, YELLOW: 1, GREEN: 0}
    # The section is complete; space-12 stays empty (next to all four colours).
    assert "section-1" in s.completed and s.section is None  # type: ignore[attr-defined]
    assert "space-12" not in s.colour  # type: ignore[attr-defined]
    assert {s.colour[n] for n in f.adjacent["space-12"]} == {1, 2, 3, 4}  # type: ignore[attr-defined]
    # Green coloured the last space, so green opens any remaining section.
    assert s.current_player() == GREEN
    moves = s.legal_moves()
    assert "space-6" in moves and "space-60" in moves and "space-32" in moves
    # ... but not space-31, which borders green's D in the completed section.
    assert "space-31" not in moves
    with pytest.raises(IllegalMoveError, match="section-1 is already complete"):
        s.apply("space-12")


def test_own_colour_rule_crosses_section_borders() -> None:
    f = delaunay_field(3, 5, 2)
    s = new_game(f, {"players": 4})
    for move in STORY.values():
        s.apply(move)
    # space-26 (section-2) is next to space-25, coloured by green (L).
    assert s.colour["space-25"] == GREEN  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match="next to space-25, already colour 4"):
        s.apply("space-26")
    s.apply("space-16")  # also next to space-15 (blue), fine for green
    with pytest.raises(
        IllegalMoveError, match="space-60 is in section-4, but section-2 is in play"
    ):
        s.apply("space-60")


def test_two_players_use_two_colours_each() -> None:
    f = delaunay_field(2, 2, 1)
    s = new_game(f, {"players": 2})
    assert s.legal_moves() == [f"space-{k}={c}" for k in (1, 2, 3, 4) for c in (1, 3)]
    s.apply("space-1=1")
    s.apply("space-2=2")
    with pytest.raises(IllegalMoveError, match="colour 2 is not yours"):
        s.apply("space-3=2")
    assert s.legal_moves() == ["space-3=3", "space-4=1", "space-4=3"]


def test_a_finished_game_scores_by_the_penalty_rows_lowest_wins() -> None:
    f = delaunay_field(3, 5, 2)
    s = new_game(f, {"players": 4})
    import random

    rng = random.Random(7)
    while not s.is_over():
        s.apply(rng.choice(s.legal_moves()))
    out = s.outcome()
    assert out is not None and out.lower_wins and out.team_scores is not None
    sc = s.scores()
    assert out.team_scores == {"1+3": sc[1] + sc[3], "2+4": sc[2] + sc[4]}
    rep = score_position(f, {"players": 4}, s.sheet_colours(), sc)
    assert rep.ok and rep.scores is None and rep.outcome is not None
    assert rep.outcome.winners == out.winners


def test_position_checks() -> None:
    f = delaunay_field(3, 5, 2)
    # Two greens side by side, a section with two separate patches, and an empty square
    # that colour 1 could still fill.
    colours = {"space-1": 4, "space-2": 4, "space-5": 1}
    rep = score_position(f, {"players": 4}, colours, {})
    msgs = " | ".join(c.message for c in rep.problems)
    assert "space-1 and space-2 are next to each other, both colour 4" in msgs
    (pair,) = [c for c in rep.problems if "next to each other" in c.message]
    assert pair.broken == SameColourNeighbours(("space-1", "space-2"), 4, (1, 2, 3, 4))
    assert "coloured spaces of section-1 are not connected" in msgs
    assert "is empty though colour" in msgs
    # The empty space could be any colour none of its coloured neighbours has.
    for c in rep.problems:
        if "is empty though colour" in c.message:
            (space,) = c.regions
            near = {colours[n] for n in f.adjacent[space] if n in colours}
            assert c.broken == LeftOpen(space, tuple(k for k in (1, 2, 3, 4) if k not in near))
