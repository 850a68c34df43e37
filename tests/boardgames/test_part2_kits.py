"""Issue 24's games as a whole: a photo of a kit sheet holds no position, so the scanner's
scoring answers with a check naming how each game is scored instead of failing."""

from __future__ import annotations

import pytest

from artsheets.rules.game import diagram_games, get_game


@pytest.mark.parametrize("name", ["straat", "chitral", "sjekkers", "kamelen"])
def test_kit_photos_are_not_scored(name: str) -> None:
    game = get_game(name)
    report = game.state_class.score_position(game.board(), {}, {}, {})
    assert not report.ok and report.scores is None
    assert report.problems[0].message.startswith(f"{game.title} is not scored from a photo")


@pytest.mark.parametrize(
    ("name", "how"),
    [
        ("straat", "artsheets score straat FILE"),  # its two faces are scored from diagrams
        ("parking", "artsheets score parking FILE"),
        ("landgrab", "artsheets score landgrab FILE"),
        ("chitral", "artsheets replay RECORD"),
        ("trangalla", "artsheets replay RECORD"),
        ("updown", "artsheets replay RECORD"),
    ],
)
def test_the_hint_names_how_the_game_is_scored(name: str, how: str) -> None:
    game = get_game(name)
    report = game.state_class.score_position(game.board(), {}, {}, {})
    assert report.problems[0].message.endswith(f"use {how}")


def test_the_diagram_games_are_the_ones_with_a_diagram_reader() -> None:
    assert diagram_games() == ["landgrab", "parking", "straat"]
