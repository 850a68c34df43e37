"""``artsheets scan`` output paths: a batch never overwrites its own reports, ``--csv`` is
honoured for one photo, and bad output paths are refused before any photo is scanned."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from artsheets.cli import main
from artsheets.output import OutputError
from artsheets.scanner import command

from .simulator import easy, sheet_for, simulate


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two different photos with the same file name in two folders (two phones' IMG_0001)."""
    root = tmp_path_factory.mktemp("twins")
    out = []
    for folder, seed in (("d1", 2), ("d2", 3)):
        photo = simulate(sheet_for("synch"), seed=seed, conditions=easy((2000, 1500)))
        (root / folder).mkdir()
        path = root / folder / "IMG_0001.jpg"
        path.write_bytes(photo.jpeg)
        out.append(path)
    return out


def no_scanning(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object) -> None:
        raise AssertionError("a photo was scanned before the output paths were checked")

    monkeypatch.setattr("artsheets.scanner.pipeline.scan_file", fail)


def test_a_batch_keeps_both_reports_of_photos_with_one_name(
    twins: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["scan", *map(str, twins), "-o", str(out), "--no-overlay"]) == 0
    capsys.readouterr()
    reports = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.scan.json"))
    assert reports == ["d1/IMG_0001.scan.json", "d2/IMG_0001.scan.json"]
    scores = [json.loads((out / r).read_text())["scores"] for r in reports]
    assert scores[0] != scores[1], "two different games, two different reports"
    rows = list(csv.DictReader((out / "scan-summary.csv").open()))
    assert [r["photo"] for r in rows] == [str(p) for p in twins]


def test_report_names_are_unique_and_found_from_the_photo(tmp_path: Path) -> None:
    a, b, c = tmp_path / "d1" / "x.jpg", tmp_path / "d2" / "x.jpg", tmp_path / "d1" / "x.png"
    out = tmp_path / "out"
    assert command.report_bases([a, b], out) == {a: out / "d1" / "x", b: out / "d2" / "x"}
    assert command.report_bases([a], out) == {a: out / "x"}  # one folder: as before
    assert command.report_bases([a, c], None) == {a: a, c: c}  # same stem: keep the extension
    assert command.report_bases([a, b], None) == {a: a.with_suffix(""), b: b.with_suffix("")}


def test_csv_is_honoured_for_one_photo(
    twins: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = tmp_path / "one.jpg"
    shutil.copy(twins[0], photo)
    summary = tmp_path / "sums" / "one.csv"
    summary.parent.mkdir()
    assert main(["scan", str(photo), "--no-overlay", "--csv", str(summary)]) == 0
    assert f"summary in {summary}" in capsys.readouterr().out
    rows = list(csv.DictReader(summary.open()))
    assert [(r["photo"], r["status"], r["game"]) for r in rows] == [(str(photo), "ok", "synch")]


@pytest.mark.parametrize("where", ["missing-folder/s.csv", "a-folder"])
def test_bad_csv_path_is_refused_before_any_scan(
    where: str,
    twins: list[Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "a-folder").mkdir()
    no_scanning(monkeypatch)
    for photos in ([twins[0]], twins):
        args = [
            "scan",
            *map(str, photos),
            "-o",
            str(tmp_path / "o"),
            "--csv",
            str(tmp_path / where),
        ]
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.startswith("artsheets: error: ") and err.count("\n") == 1
        assert "does not exist" in err or "is a folder" in err
    assert not list((tmp_path / "o").rglob("*.*"))


def test_report_name_taken_by_a_folder_is_refused_before_any_scan(
    twins: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    (tmp_path / "IMG_0001.scan.json").mkdir()
    no_scanning(monkeypatch)
    assert main(["scan", str(twins[0]), "-o", str(tmp_path)]) == 2
    assert "IMG_0001.scan.json': it is a folder" in capsys.readouterr().err


def test_a_write_failure_is_not_called_cannot_read(
    twins: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    def full(photo: Path, args: object, base: Path) -> dict[str, object]:
        raise OutputError(f"cannot write '{base}.scan.json': No space left on device")

    monkeypatch.setattr(command, "_scan_one", full)
    assert main(["scan", *map(str, twins), "-o", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "IMG_0001.jpg: cannot write its report: cannot write" in out
    assert "cannot read" not in out
