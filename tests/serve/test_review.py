"""Review without the photo: a stored reading corrected and scored again, from the scanner's
functions and from ``artsheets scan PHOTO --set REGION=COLOUR``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from artsheets.cli import main
from artsheets.scanner.identify import layout_for_code
from artsheets.scanner.review import ReviewError, parse_sets, rescore
from artsheets.scanner.scoring import score_sheet

from ..scanner.simulator import SimulatedPhoto
from .conftest import space_that_scores, true_scores


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory, photo: SimulatedPhoto) -> Path:
    folder = tmp_path_factory.mktemp("review")
    path = folder / "game.jpg"
    path.write_bytes(photo.jpeg)
    assert main(["scan", str(path), "--no-overlay"]) == 0
    return path


def test_parse_sets() -> None:
    assert parse_sets(["space-12=3", "segment-4=blank", "mark-1 = none"]) == {
        "space-12": 3,
        "segment-4": None,
        "mark-1": None,
    }
    for bad in ("space-12", "=3", "space-12=red"):
        with pytest.raises(ReviewError):
            parse_sets([bad])


def test_no_correction_gives_the_scans_own_scores(scanned: Path) -> None:
    report = json.loads(scanned.with_suffix(".scan.json").read_text())
    again = rescore(report, {})
    for key in ("scores", "tallies", "result", "winners", "needs_review"):
        assert again[key] == report[key], key
    assert all("second" in e for e in report["regions"].values() if e.get("review"))


def test_set_rescores_from_the_stored_reading_and_keeps_what_was_read(
    scanned: Path, photo: SimulatedPhoto, capsys: pytest.CaptureFixture[str]
) -> None:
    report_path = scanned.with_suffix(".scan.json")
    read = json.loads(report_path.read_text())
    space = space_that_scores(photo, 1)
    assert read["regions"][space]["color"] == 1
    doubted = read["needs_review"]
    sets = [f"{space}=2"] + [f"{rid}={photo.colours.get(rid) or 'blank'}" for rid in doubted]
    photo_gone = scanned.with_name("gone.jpg")  # the photo itself is not needed
    photo_gone.with_suffix(".scan.json").write_text(report_path.read_text())
    args = ["scan", str(photo_gone)] + [a for s in sets for a in ("--set", s)]
    assert main(args) == 0
    out = capsys.readouterr().out
    fixed = json.loads(photo_gone.with_suffix(".scan.json").read_text())
    assert fixed["regions"][space] == {
        "color": 2,
        "confidence": 1.0,
        "as_read": read["regions"][space],
    }
    assert fixed["needs_review"] == []
    colours = {rid: e["color"] for rid, e in fixed["regions"].items()}
    expected = score_sheet(layout_for_code(fixed["sheet_code"]), colours, {})
    assert fixed["scores"] == {str(p): v for p, v in (expected.scores or {}).items()}
    assert fixed["scores"] != true_scores(photo)
    assert "scored again with" in out
    # A later --set adds to the earlier ones; setting the space back restores the truth.
    assert main(["scan", str(photo_gone), "--set", f"{space}=1"]) == 0
    back = json.loads(photo_gone.with_suffix(".scan.json").read_text())
    assert back["scores"] == true_scores(photo)
    assert back["regions"][space]["as_read"] == read["regions"][space]
    assert set(back["corrections"]) == {space, *doubted}


def test_set_mistakes_are_one_line_errors(
    scanned: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        ([str(tmp_path / "never.jpg"), "--set", "space-1=1"], "scan the photo first"),
        ([str(scanned), "--set", "space-99999=1"], "no region 'space-99999'"),
        ([str(scanned), "--set", "space-1=7"], "not in play"),
        ([str(scanned), "--set", "space-1"], "write REGION=COLOUR"),
    ]
    for args, words in cases:
        assert main(["scan", *args]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err
