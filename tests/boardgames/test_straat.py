"""Straat: the readings in docs/rules/straat.md, hand-counted frames on both faces, random
playouts, a hand-made record."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.cli import main
from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.record import replay_command
from tests.boardgames.playout import playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("straat")
ALL_FOURS = ["9 9 9 9"] * 4


def score(name: str):
    return GAME.score(GAME.parse_position((DATA / name).read_text()))


def test_a_street_on_the_back_only() -> None:
    report = score("straat-back-only.txt")  # counted by hand: see the file's comment
    assert report.ok
    assert report.details["front streets"] == {"white": [], "black": []}
    assert report.details["back streets"] == {"white": ["N-S", "N-S"], "black": ["N-S"]}
    assert report.outcome.winners == (1,) and report.scores == {1: 2, 2: 1}


def test_a_street_crossing_itself_counts_both_ways() -> None:
    report = score("straat-crossing.txt")
    assert report.details["back streets"] == {"white": [], "black": ["N-S", "W-E"]}
    assert report.outcome.winners == (2,) and report.scores == {1: 0, 2: 2}


def test_a_street_winding_through_diagonal_halves() -> None:
    report = score("straat-snake.txt")
    assert report.details["front streets"] == {"white": [], "black": ["N-S"]}
    assert report.details["back streets"] == {"white": ["N-S"], "black": ["N-S"]}
    assert report.scores == {1: 1, 2: 2} and report.outcome.winners == (2,)


def test_straight_split_halves_carry_a_street_of_each_colour() -> None:
    # Every front black on its north half: each rank carries a black street in its upper
    # halves and a white one in its lower halves, side by side through every tile.
    state = GAME.new_game({"split": "straight"})
    for cell in state.board.cells:
        state.apply(f"{cell}n")
    out = state.outcome()
    assert out is not None and out.termination is Termination.ALL_PLACED
    # The backs alternate by file (white laid a1, c1, a2...; mirrored): two streets each.
    assert out.reason == "streets front + back: white 4 + 2, black 4 + 2" and out.winners == ()
    with pytest.raises(IllegalMoveError, match="straight split"):
        GAME.new_game({"split": "straight"}).apply("a1ne")


def test_crossing_option_counts_a_crossing_once() -> None:
    # straat-crossing.txt laid tile by tile: black's backs (mirrored) make the plus on b.
    white = ("a4", "b4", "d4", "a2", "b2", "d2", "b1", "d1")
    black = ("c4", "a3", "b3", "c3", "d3", "c2", "a1", "c1")
    twice, once = GAME.new_game(), GAME.new_game({"crossing": 1})
    for w, b in zip(white, black, strict=True):
        for state in (twice, once):
            state.apply(f"{w}ne")
            state.apply(f"{b}ne")
    assert GAME.parse_position(twice.diagram()) == GAME.parse_position(
        (DATA / "straat-crossing.txt").read_text()
    )
    assert twice.outcome().scores == {1: 0, 2: 2} and once.outcome().scores == {1: 0, 2: 1}


def test_impossible_and_unfinished_frames_are_named() -> None:
    lone = "\n".join(["front", "9 . . .", *([". . . ."] * 3), "back", *([". . . ."] * 4)])
    problems = [c.message for c in GAME.score(GAME.parse_position(lone)).problems]
    assert any("must both hold it" in m and "d4" in m for m in problems)
    full_white = "\n".join(["front", *ALL_FOURS, "back", *(["W W W W"] * 4)])
    problems = [c.message for c in GAME.score(GAME.parse_position(full_white)).problems]
    assert problems == ["16 white backs: each player has 8"]
    half = "\n".join(["front", *ALL_FOURS[:2], *([". . . ."] * 2)])
    half += "\nback\n" + "\n".join(["B W B W"] * 2 + [". . . ."] * 2)
    problems = [c.message for c in GAME.score(GAME.parse_position(half)).problems]
    assert problems == ["not finished: 8 of 16 tiles placed"]


def test_moves_are_refused_with_the_rule_named() -> None:
    state = GAME.new_game()
    state.apply("b3ne")
    with pytest.raises(IllegalMoveError, match="already holds a tile"):
        state.copy().apply("b3sw")
    with pytest.raises(IllegalMoveError, match="diagonal split"):
        state.copy().apply("a1n")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("b3")
    with pytest.raises(InvalidMoveError, match="not a cell"):
        state.copy().apply("e1ne")


def test_score_command_and_bad_diagrams(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["score", "straat", str(DATA / "straat-crossing.txt")]) == 0
    out = capsys.readouterr().out
    assert "black back streets: N-S W-E" in out and "player 2 wins" in out
    bad = tmp_path / "one.txt"
    bad.write_text("\n".join(["front", *ALL_FOURS]))
    assert main(["score", "straat", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("artsheets: error: straat: draw both faces") and err.count("\n") == 1


def test_hand_made_record_black_wins_by_the_winding_street() -> None:
    # White lays files a and b (the winding black street of straat-snake.txt), black files c
    # and d (all north-east): front white 0, black 1; back one street each: 1 to 2.
    text = replay_command(str(DATA / "straat-snake.json"))
    assert "16 moves" in text and "player 1: 1 point" in text and "player 2: 2 points" in text
    assert "result: player 2 wins (streets front + back: white 0 + 1, black 1 + 1)" in text


@pytest.mark.parametrize(
    ("seed", "options"), [(0, None), (1, {"split": "straight"}), (2, {"crossing": 1})]
)
def test_random_playouts(seed: int, options: dict | None) -> None:
    def unlisted(state) -> list[str]:
        return [f"{c}{d}" for c in state.board.cells for d in ("ne", "sw", "n", "w")]

    state = playout(GAME, options, seed, unlisted)
    out = state.outcome()
    assert len(state.history) == 16 and out.termination is Termination.ALL_PLACED
    if not options or "crossing" not in options:  # the checker counts with the default
        assert out.scores == GAME.score(GAME.parse_position(state.diagram())).scores
