"""``artsheets scan``: files written, what is printed, exit codes, batches that go on."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import cv2
import pytest

from artsheets.cli import main

from .simulator import easy, sheet_for, simulate


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("photos")
    out = {}
    for name, game, seed in (("synch", "synch", 2), ("springer", "springer", 4)):
        photo = simulate(sheet_for(game), seed=seed, conditions=easy((2000, 1500), rotation=90.0))
        path = folder / f"{name}.jpg"
        path.write_bytes(photo.jpeg)
        out[name] = path
        (folder / f"{name}.truth.json").write_text(
            json.dumps({"colours": photo.colours, "scores": photo.scores})
        )
    junk = folder / "junk.jpg"
    junk.write_bytes(b"\xff\xd8 not really a jpeg")
    out["junk"] = junk
    return out


def test_one_photo_prints_scores_and_writes_report_and_overlay(
    photos: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["scan", str(photos["synch"]), "-o", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    truth = json.loads((photos["synch"].parent / "synch.truth.json").read_text())
    expected = ", ".join(f"player {p} {v}" for p, v in sorted(truth["scores"].items()))
    assert f"scores: {expected}" in out
    assert "result: " in out
    report = json.loads((tmp_path / "synch.scan.json").read_text())
    assert report["format"] == "artsheets.scan/1"
    assert report["game"] == "synch"
    assert report["sheet_code"] == sheet_for("synch").sheet_code
    assert report["registration"]["markers_found"] == 4
    assert report["registration"]["reprojection_error_px"] < 2.0
    assert set(report["regions"]) == {r.id for r in sheet_for("synch").regions}
    for entry in report["regions"].values():
        assert 0.0 <= entry["confidence"] <= 1.0
        assert entry["color"] is None or entry["color"] in (1, 2)
    assert report["scores"] == {str(p): v for p, v in truth["scores"].items()}
    assert {"needs_review", "tallies", "checks"} <= set(report)
    overlay = cv2.imread(str(tmp_path / "synch.overlay.png"))
    assert overlay is not None and overlay.shape[0] > overlay.shape[1] > 1000


def test_reports_go_beside_the_photo_by_default(photos: dict[str, Path]) -> None:
    assert main(["scan", str(photos["springer"]), "--no-overlay"]) == 0
    assert (photos["springer"].parent / "springer.scan.json").exists()
    assert not (photos["springer"].parent / "springer.overlay.png").exists()


def test_a_batch_goes_on_past_a_bad_photo_and_writes_a_csv(
    photos: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["scan", str(photos["junk"]), str(photos["synch"]), str(photos["springer"])]
    code = main([*args, "-o", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1  # one photo failed
    assert "junk.jpg: cannot read" in out
    assert "scanned 3 photos: 2 read, 1 failed" in out
    rows = list(csv.DictReader((tmp_path / "scan-summary.csv").open()))
    assert [Path(r["photo"]).name for r in rows] == ["junk.jpg", "synch.jpg", "springer.jpg"]
    assert [r["status"] for r in rows] == ["error", "ok", "ok"]
    assert rows[1]["game"] == "synch" and rows[1]["scores"]
    assert (tmp_path / "springer.scan.json").exists()


def test_quoted_patterns_are_expanded(photos: dict[str, Path], tmp_path: Path) -> None:
    pattern = str(photos["synch"].parent / "s*.jpg")
    assert main(["scan", pattern, "-o", str(tmp_path), "--no-overlay"]) == 0
    assert (tmp_path / "scan-summary.csv").exists()


def test_strict_fails_when_anything_needs_review(
    photos: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from artsheets.scanner import colours

    monkeypatch.setattr(colours, "REVIEW_BELOW", 1.01)  # every region doubtful
    args = ["scan", str(photos["springer"]), "-o", str(tmp_path), "--no-overlay"]
    assert main(args) == 0  # without --strict, doubts are reported, not fatal
    assert main([*args, "--strict"]) == 1
    monkeypatch.setattr(colours, "REVIEW_BELOW", 0.0)  # nothing doubtful
    report_ok = main([*args, "--strict"])
    report = json.loads((tmp_path / "springer.scan.json").read_text())
    assert report["needs_review"] == []
    assert report_ok == (0 if all(c["ok"] for c in report["checks"]) else 1)


def test_user_mistakes_are_one_line_with_exit_2(
    photos: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scan", str(photos["junk"]), "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an image" in err
    assert main(["scan", str(photos["synch"]), "--sheet", "NOPE"]) == 2
    assert "not a sheet code" in capsys.readouterr().err
    assert main(["scan", str(tmp_path / "nothing-*.jpg")]) == 2
    assert "no photo matches" in capsys.readouterr().err


def test_a_batch_reads_the_same_in_one_process_and_in_two(
    photos: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["scan", str(photos["synch"]), str(photos["springer"]), "--no-overlay"]
    assert main([*args, "-o", str(tmp_path / "one"), "--jobs", "1"]) == main(
        [*args, "-o", str(tmp_path / "two"), "--jobs", "2"]
    )
    for name in ("synch", "springer"):
        one = json.loads((tmp_path / "one" / f"{name}.scan.json").read_text())
        two = json.loads((tmp_path / "two" / f"{name}.scan.json").read_text())
        assert one["regions"] == two["regions"] and one["scores"] == two["scores"]
    assert main([*args, "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
