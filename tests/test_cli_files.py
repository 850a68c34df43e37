"""What ``artsheets generate`` writes: names that differ when sheets differ, whole sets only,
readable permissions, and a clean answer when the disk is full or a name is taken by a folder;
``games`` and every subcommand's help."""

from __future__ import annotations

import errno
import json
import os
import shlex
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from artsheets import output
from artsheets.cli import build_parser, main
from artsheets.generator.registry import games


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> None:
    assert code == 2
    assert err.startswith("artsheets: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_files_honour_the_umask(
    mask: int, mode: int, tmp_path: Path, umask: None, capsys: pytest.CaptureFixture[str]
) -> None:
    os.umask(mask)
    assert run(["generate", "synch", "--format", "svg", "-o", str(tmp_path)], capsys)[0] == 0
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    assert modes == {"synch_std.layout.json": mode, "synch_std.svg": mode}


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_sheet_names_differ_when_sheets_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for size in ("14", "20", "10"):
        args = ["generate", "synch", "--size", size, "--format", "svg", "-o", str(tmp_path)]
        assert run(args, capsys)[0] == 0
    assert _names(tmp_path) == [
        "synch_std.layout.json",  # --size 10 is the default: the standard sheet's own name
        "synch_std.svg",
        "synch_std_size14.layout.json",
        "synch_std_size14.svg",
        "synch_std_size20.layout.json",
        "synch_std_size20.svg",
    ]
    sizes = {p.name: json.loads(p.read_text())["options"]["size"] for p in tmp_path.glob("*.json")}
    assert sizes == {
        "synch_std.layout.json": 10,
        "synch_std_size14.layout.json": 14,
        "synch_std_size20.layout.json": 20,
    }


def test_names_follow_dependent_defaults_and_field_versions() -> None:
    from artsheets.generator.naming import sheet_name

    rings = games()["rings"]
    three = rings.resolve_options({"players": 3, "rounds": 3})
    assert sheet_name(rings, 42, three, "a4") == "rings_s42"  # defaults typed or not: one name
    four = rings.resolve_options({"players": 4})
    assert sheet_name(rings, 42, four, "a4") == "rings_s42_players4"  # rounds 4 is its default
    odd = rings.resolve_options({"players": 4, "rounds": 2})
    assert sheet_name(rings, 42, odd, "letter") == "rings_s42_players4_rounds2_letter"
    game = next(s for s in games().values() if s.random_fields)
    opts = game.resolve_options({})
    current = sheet_name(game, 9, opts, "a4", game.current_version)
    assert current == sheet_name(game, 9, opts, "a4") == f"{game.name}_s9"
    if game.current_version > 1:
        assert sheet_name(game, 9, opts, "a4", 1) == f"{game.name}_s9_v1"


def _fail_on_call(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """Make the n-th file the atomic writer opens fail as a full disk does."""
    real = os.fdopen
    calls = {"n": 0}

    def fdopen(fd: int, mode: str):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == n:
            os.close(fd)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, mode)

    monkeypatch.setattr(output.os, "fdopen", fdopen)


def test_disk_full_is_one_line_and_no_half_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fail_on_call(monkeypatch, 3)  # layout JSON and PDF written, then the disk is full
    code, _, err = run(["generate", "synch", "-o", str(tmp_path)], capsys)
    one_line_error(code, err)
    assert "No space left on device" in err and "nothing of this set was written" in err
    assert _names(tmp_path) == [], "no half set, no temporary file"


def test_disk_full_keeps_the_earlier_set_and_whole_sheets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["generate", "klee", "--seed", "1..2", "--format", "svg", "-o", str(tmp_path)]
    assert run(args, capsys)[0] == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for p in tmp_path.iterdir():
        p.write_bytes(b"old " + p.name.encode())
    old = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    _fail_on_call(monkeypatch, 4)  # sheet 1 (two files) written; sheet 2's second file fails
    code, _, err = run(args, capsys)
    err = err.splitlines(keepends=True)[-1]  # after the progress bar's lines
    one_line_error(code, err)
    assert "(1 whole sheet(s) were written before it)" in err
    now = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert set(now) == set(before)
    assert now["klee_s1.svg"] == before["klee_s1.svg"]  # the whole new set of sheet 1
    assert now["klee_s2.svg"] == old["klee_s2.svg"]  # sheet 2's earlier set, untouched
    assert now["klee_s2.layout.json"] == old["klee_s2.layout.json"]


def test_output_name_taken_by_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "synch_std.svg").mkdir()
    code, _, err = run(["generate", "synch", "--format", "svg", "-o", str(tmp_path)], capsys)
    one_line_error(code, err)
    assert "synch_std.svg': it is a folder" in err
    assert _names(tmp_path) == ["synch_std.svg"], "not even the layout JSON"


@pytest.mark.parametrize("seed", ["²", "١٢", "1..²", "٣..5"])
def test_unicode_digits_are_not_seeds(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["generate", "arp", "--seed", seed, "-o", "/nonexistent/x"], capsys)
    one_line_error(code, err)
    assert "bad seed" in err


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["generate", "synch", "--bogus"], "generate"),
        (["generate"], "generate"),
        (["generate", "synch", "--size", "x"], "generate"),
        (["scan"], "scan"),
        (["replay", "a.json", "b.json"], "replay"),
        (["games", "--nope"], "games"),
    ],
)
def test_usage_errors_point_to_the_subcommands_help(
    args: list[str], command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(args, capsys)
    one_line_error(code, err)
    assert err.rstrip().endswith(f"(see 'artsheets {command} --help')")


def test_generate_all_is_reproducible(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same sheets (game, seed, options, name) on every run: no seed drawn at random.
    (A sheet is a pure function of these: the golden fingerprints test that.)"""
    from artsheets.generator import write

    runs: list[list[tuple]] = []
    monkeypatch.setattr(
        write, "write_sheet", lambda *a, **kw: runs[-1].append(a[:3] + a[-2:]) or []
    )
    for _ in range(3):
        runs.append([])
        code, _, err = run(["generate", "all", "--format", "svg", "-o", str(tmp_path)], capsys)
        assert code == 0
    assert runs[0] == runs[1] == runs[2]
    assert [job[0] for job in runs[0]] == list(games())
    for game in (g for g, s in games().items() if s.standard is None):
        job = next(j for j in runs[0] if j[0] == game)
        assert job[1] == 1 and job[3] == f"{game}_s1"
        assert f"{game} has no standard field: printed seed 1" in err


def test_generate_all_with_seeds_names_the_games_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from artsheets.generator import write

    drawn: list[str] = []
    monkeypatch.setattr(write, "write_sheet", lambda game, *a, **kw: drawn.append(game) or [])
    fixed = [g for g, s in games().items() if not s.random_fields]
    assert fixed, "Move In Synch has only its standard field"
    args = ["generate", "all", "--seed", "1", "--format", "svg", "-o", str(tmp_path)]
    code, _, err = run(args, capsys)
    assert code == 0
    assert f"{', '.join(fixed)}: only a standard field, no seeds; not printed" in err
    assert drawn == [g for g, s in games().items() if s.random_fields]


def test_games_lists_only_limits_that_hold(capsys: pytest.CaptureFixture[str]) -> None:
    """Every player count and both ends of every option's listed range make a sheet, with the
    other options at their defaults or (where options limit each other, like Arp's lines and
    spaces) with one other option changed."""
    code, out, _ = run(["games", "--json"], capsys)
    assert code == 0
    listed = json.loads(out)
    assert [g["name"] for g in listed] == list(games())
    for game in listed:
        lo, hi = game["players"]
        names = {o["name"] for o in game["options"]}
        wanted = [("players", p) for p in range(lo, hi + 1) if "players" in names]
        wanted += [(o["name"], v) for o in game["options"] for v in (o["low"], o["high"])]
        for name, value in wanted:
            assert _accepted(game, name, value), f"{game['name']} --{name} {value} is refused"


def _accepted(game: dict, name: str, value: int) -> bool:
    spec = games()[game["name"]]
    tries: list[dict[str, int]] = [{}]
    for other in game["options"]:
        if other["name"] != name:
            tries += [{other["name"]: v} for v in range(other["low"], other["high"] + 1)]
    for extra in tries:
        try:
            spec.resolve_options({name: value, **extra})
        except ValueError:
            continue
        return True
    return False


def test_games_text_matches_json(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["games"], capsys)
    _, js, _ = run(["games", "--json"], capsys)
    for game in json.loads(js):
        for opt in game["options"]:
            assert f"--{opt['name']} {opt['low']}..{opt['high']}" in out
    assert "--rounds 1..6" in out


@pytest.mark.parametrize("command", ["games", "generate", "check-field", "replay", "scan"])
def test_every_help_shows_working_examples(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from artsheets.cli import EXAMPLES

    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    examples = [ln.strip() for ln in out.split("examples:")[1].splitlines() if ln.strip()]
    assert 2 <= len(examples) <= 3
    assert examples == [e.strip() for e in EXAMPLES[command]]
    for example in examples:
        argv = shlex.split(example, comments=True)
        assert argv[:2] == ["artsheets", command]
        args, extra = build_parser().parse_known_args(argv[1:])  # every option exists
        assert not extra and args.command == command
