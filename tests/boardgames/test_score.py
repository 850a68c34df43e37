"""`artsheets score`: hand-counted finished boards, ties broken by the next group or claim,
impossible positions named, and bad input as one line with exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from artsheets.cli import main
from artsheets.rules.core import RulesError
from artsheets.rules.game import get_game

DATA = Path(__file__).parent.parent / "data" / "boardgames"


def score(game: str, name: str):
    g = get_game(game)
    return g.score(g.parse_position((DATA / name).read_text()))


def test_parking_tie_broken_by_the_second_largest_group() -> None:
    report = score("parking", "parking-second-group.txt")
    assert report.details["groups"] == {"blue": [8, 4, 4], "red": [8, 6, 2]}  # counted by hand
    assert report.outcome.winners == (2,) and report.ok
    assert "second largest group: blue 4, red 6" in report.outcome.reason


def test_parking_impossible_positions_are_named() -> None:
    problems = [c.message for c in score("parking", "parking-impossible.txt").problems]
    assert any("3 squares in a row on file d" in m for m in problems)
    assert any("blue starts" in m for m in problems)


def test_parking_unfinished_lot() -> None:
    g = get_game("parking")
    lot = "\n".join(["B . . . . . . ."] * 2 + [". . . . . . . ."] * 6)
    problems = [c.message for c in g.score(g.parse_position(lot)).problems]
    assert problems == ["not finished: 1 of 16 blocks placed and red can still place"]


def test_landgrab_claims_by_hand() -> None:
    big = score("landgrab", "landgrab-big-claim.txt")
    assert big.details["claims"] == {"black": [44], "white": [16, 4]}
    assert big.outcome.winners == (1,) and big.ok
    tie = score("landgrab", "landgrab-second-claim.txt")
    assert tie.details["claims"] == {"black": [24, 9], "white": [24, 7]}
    assert tie.outcome.winners == (1,) and tie.ok
    assert "second largest claim: black 9, white 7" in tie.outcome.reason


def test_landgrab_impossible_and_unfinished() -> None:
    g = get_game("landgrab")
    rows = ["b w b w b w b w", "w b w b w b w b"] * 4
    rows[0] = "B w B w B w b w"  # three black stones
    problems = [c.message for c in g.score(g.parse_position("\n".join(rows))).problems]
    assert problems == ["black has 3 stones; each has two"]
    rows[0] = "B w B w b W b W"
    problems = [c.message for c in g.score(g.parse_position("\n".join(rows))).problems]
    assert len(problems) == 1 and problems[0].startswith("not finished")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B . .", "the diagram has 1 rows; draw all 8 ranks"),
        ("\n".join(["B . . . . . . . ."] * 8), "line 1 has 9 cells; each rank has 8"),
        ("\n".join(["B . . . . . . Q"] * 8), "'Q' is not a cell; use one of B R ."),
    ],
)
def test_diagram_errors(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get_game("parking").parse_position(text)


def test_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "parking", str(DATA / "parking-second-group.txt")]) == 0
    out = capsys.readouterr().out
    assert "blue groups: 8 4 4" in out and "result: player 2 wins" in out
    assert main(["score", "parking", str(DATA / "parking-impossible.txt")]) == 1
    assert "impossible: blue's 3 squares" in capsys.readouterr().out
    assert main(["score", "landgrab", str(tmp_path / "none.txt")]) == 2
    assert capsys.readouterr().err == f"artsheets: error: {tmp_path / 'none.txt'}: no such file\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("x\n")
    assert main(["score", "landgrab", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("artsheets: error: landgrab: the diagram has 1 rows") and err[-1] == "\n"
    assert main(["score", "synch", str(bad)]) == 2
    assert "artsheets score takes: landgrab, parking" in capsys.readouterr().err
