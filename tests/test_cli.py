"""The command line: what it writes, and every way a user can get it wrong (one line, exit 2,
no traceback, nothing written)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from artsheets.cli import main
from artsheets.generator.registry import games


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_game_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["games"], capsys)
    assert code == 0
    for spec in games().values():
        assert spec.name in out
        for opt in spec.options:
            assert f"--{opt.name} {opt.low}..{opt.high}" in out


def test_generate_writes_all_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, _ = run(["generate", "synch", "--size", "12", "-o", str(tmp_path)], capsys)
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"synch_std_size12.{e}" for e in ("layout.json", "pdf", "png", "svg")]
    doc = json.loads((tmp_path / "synch_std_size12.layout.json").read_text())
    assert doc["options"] == {"size": 12}
    assert sum(r["kind"] == "space" for r in doc["regions"]) == 144
    assert (tmp_path / "synch_std_size12.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "synch_std_size12.png").read_bytes().startswith(b"\x89PNG")


def test_format_page_and_dpi(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "synch", "--page", "letter", "--format", "png", "--dpi", "100"]
    assert run([*args, "-o", str(tmp_path)], capsys)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "synch_std_letter.layout.json",
        "synch_std_letter.png",
    ]
    doc = json.loads((tmp_path / "synch_std_letter.layout.json").read_text())
    assert doc["page"]["width_mm"] == 215.9
    assert "-LT-" in doc["sheet_code"]


RANDOM_GAMES = [g for g, s in games().items() if s.random_fields]


def test_seed_range_writes_one_sheet_per_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = RANDOM_GAMES[0]
    code, out, err = run(
        ["generate", game, "--seed", "3..5", "--format", "svg", "-o", str(tmp_path)], capsys
    )
    assert code == 0
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == [f"{game}_s{s}.svg" for s in (3, 4, 5)]
    assert "3/3" in err  # the progress bar reached the end
    assert "wrote 3 sheets" in out


BAD = [
    (["generate", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["generate", "synch", "--size", "7"], "--size must be from 8 to 26, got 7"),
    (["generate", "synch", "--size", "x"], "invalid int value"),
    (["generate", "synch", "--page", "a3"], "unknown page size 'a3'; use a4 or letter"),
    (["generate", "synch", "--format", "pdf,gif"], "unknown format 'gif'"),
    (["generate", "synch", "--dpi", "5"], "--dpi must be from 36 to 1200"),
    (["generate", "synch", "--seed", "abc"], "bad seed 'abc'"),
    (["generate", "synch", "--seed", "5..1"], "seed range 5..1 is empty"),
    (["generate", "synch", "--seed", "-3"], "bad seed '-3'"),
    (["generate", "synch", "--seed", "1..99999"], "at most 10000"),
    (["generate", "synch", "--seed", "4"], "synch has only its standard field"),
    (["nosuchcommand"], "invalid choice"),
    (["check-field", "/no/such/file.layout.json"], "no such file"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_clear_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    code, _out, err = run([*args, "-o", str(out_dir)] if args[0] == "generate" else args, capsys)
    assert code == 2
    assert message in err
    assert err.startswith("artsheets: error: ")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not out_dir.exists(), "nothing may be written after a user error"


def test_option_of_another_game_is_refused(tmp_path: Path, capsys) -> None:
    other = next(o.name for s in games().values() for o in s.options if o.name != "size")
    code, _, err = run(["generate", "synch", f"--{other}", "3", "-o", str(tmp_path)], capsys)
    assert code == 2
    assert f"--{other} does not apply to synch" in err


def test_unwritable_output_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, _, err = run(["generate", "synch", "-o", str(blocker)], capsys)
    assert code == 2 and "is a file" in err
    code, _, err = run(["generate", "synch", "-o", str(blocker / "sub")], capsys)
    assert code == 2 and "cannot create output folder" in err
    assert blocker.read_text() == "x"


def test_failed_write_keeps_the_earlier_file(tmp_path: Path, monkeypatch) -> None:
    from artsheets import output

    target = tmp_path / "sheet.svg"
    target.write_text("old and complete")

    def boom(fd: int, mode: str):
        raise OSError("disk full")

    monkeypatch.setattr(output.os, "fdopen", boom)
    with pytest.raises(output.OutputError, match=r"cannot write .*sheet\.svg': disk full"):
        output.atomic_write(target, "new")
    assert target.read_text() == "old and complete"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"], "no temporary file left"


def test_console_script_runs_without_traceback(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "artsheets"
    proc = subprocess.run(
        [str(exe), "generate", "nope"],
        capture_output=True,
        text=True,
        env={**os.environ},
        check=False,
    )
    assert proc.returncode == 2
    assert (
        proc.stderr.strip()
        == "artsheets: error: unknown game 'nope'; the games are: " + ", ".join(games())
    )


def test_check_field_passes_on_a_written_layout(tmp_path: Path, capsys) -> None:
    assert run(["generate", "synch", "--format", "svg", "-o", str(tmp_path)], capsys)[0] == 0
    code, out, _ = run(["check-field", str(tmp_path / "synch_std.layout.json")], capsys)
    assert code == 0
    assert "all checks passed" in out
    assert "100 space" in out


def test_check_field_fails_a_broken_layout(tmp_path: Path, capsys) -> None:
    assert run(["generate", "synch", "--format", "svg", "-o", str(tmp_path)], capsys)[0] == 0
    path = tmp_path / "synch_std.layout.json"
    doc = json.loads(path.read_text())
    spaces = [r for r in doc["regions"] if r["kind"] == "space"]
    spaces[1]["polygon"] = spaces[0]["polygon"]  # two spaces on top of each other
    path.write_text(json.dumps(doc))
    code, out, _ = run(["check-field", str(path)], capsys)
    assert code == 1
    assert "FAIL  spaces do not overlap" in out
    path.write_text(json.dumps({**doc, "format": "something/9"}))
    code, out, _ = run(["check-field", str(path)], capsys)
    assert code == 1 and "FAIL  layout JSON matches" in out
    path.write_text("{not json")
    code, _, err = run(["check-field", str(path)], capsys)
    assert code == 2 and "cannot read" in err


def test_field_versions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = RANDOM_GAMES[0]
    spec = games()[game]
    oldest = min(spec.versions)
    args = ["generate", game, "--seed", "9", "--format", "svg", "-o", str(tmp_path)]
    assert run([*args, "--field-version", str(oldest)], capsys)[0] == 0
    doc = json.loads((tmp_path / f"{game}_s9.layout.json").read_text())
    assert doc["field_version"] == oldest
    assert doc["sheet_code"].startswith(f"{game.upper()}-{oldest}-000009-")
    out_dir = tmp_path / "v99"
    code, _, err = run([*args[:-1], str(out_dir), "--field-version", "99"], capsys)
    assert code == 2 and f"{game} has no field version 99" in err
    assert not out_dir.exists()


def test_game_without_standard_field_draws_and_reports_a_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    no_std = [g for g, s in games().items() if s.standard is None]
    assert no_std, "Crossing The Rings has no standard field"
    code, _, err = run(["generate", no_std[0], "--format", "svg", "-o", str(tmp_path)], capsys)
    assert code == 0
    seed = int(err.split("drew seed ")[1].split()[0])
    assert (tmp_path / f"{no_std[0]}_s{seed}.svg").exists()


PLAYTHROUGHS = Path(__file__).parent / "data" / "playthroughs"


def test_replay_prints_scores_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    path = PLAYTHROUGHS / "synch-std.json"
    expected = json.loads(path.read_text())["expected"]
    code, out, _ = run(["replay", str(path)], capsys)
    assert code == 0
    for player, score in expected["scores"].items():
        assert f"player {player}: {score} points" in out
    assert "result: " in out


def test_replay_rebuilds_a_printed_field_from_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record that names a printed sheet's field, without carrying it, still replays."""
    from artsheets.rules.core import RecordError
    from artsheets.rules.record import replay_command

    data = json.loads((PLAYTHROUGHS / "springer-std-2p.json").read_text())
    data.pop("field")
    path = tmp_path / "bare.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(["replay", str(path)], capsys)
    assert code == 0 and out.startswith("Springer on SPRINGER-1-STD-")
    with pytest.raises(RecordError, match="cannot be rebuilt here"):
        replay_command(str(path))  # the rules alone do not know printed fields


def test_replay_names_the_first_illegal_move(tmp_path: Path, capsys) -> None:
    data = json.loads((PLAYTHROUGHS / "synch-std.json").read_text())
    data["moves"][3] = "no-such-move"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, _, err = run(["replay", str(path)], capsys)
    assert code == 2
    assert err.startswith("artsheets: error: move 4 ('no-such-move') is illegal")
    code, _, err = run(["replay", str(tmp_path / "missing.json")], capsys)
    assert code == 2 and "no such file" in err
