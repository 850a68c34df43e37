"""Issue 24's games as a whole: a photo of a kit sheet holds no position, so the scanner's
scoring answers with a check naming how each game is scored instead of failing."""

from __future__ import annotations

import pytest

from artsheets.rules.game import get_game


@pytest.mark.parametrize("name", ["straat", "chitral", "sjekkers", "kamelen"])
def test_kit_photos_are_not_scored(name: str) -> None:
    game = get_game(name)
    report = game.state_class.score_position(game.board(), {}, {}, {})
    assert not report.ok and report.scores is None
    assert report.problems[0].message.startswith(f"{game.title} is not scored from a photo")
