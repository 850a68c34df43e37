"""``artsheets scan`` run as the program: it ends at once when its work is written (no Python
teardown), with the same files, output and exit codes as a call of ``main``; a call of
``main`` returns, with Python's cycle collector as it found it."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from artsheets.cli import main

PHOTO = Path(__file__).resolve().parents[2] / "examples" / "photo.jpg"


def _program(args: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARTSHEETS_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "artsheets", *args], env=env, capture_output=True, text=True
    )


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def test_the_program_writes_and_prints_what_main_does(
    cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    done = _program(["scan", str(PHOTO), "-o", str(tmp_path / "program")], cache)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    monkeypatch.setenv("ARTSHEETS_CACHE_DIR", str(cache))
    assert main(["scan", str(PHOTO), "-o", str(tmp_path / "main")]) == 0
    printed = capsys.readouterr().out
    # Everything printed reached the pipe (flushed before the process ended), the same lines
    # but for the folder named.
    assert done.stdout == printed.replace(str(tmp_path / "main"), str(tmp_path / "program"))
    for name in ("photo.scan.json", "photo.overlay.png"):
        program = (tmp_path / "program" / name).read_bytes()
        assert program and program == (tmp_path / "main" / name).read_bytes()


def test_the_program_skips_pythons_teardown(cache: Path, tmp_path: Path) -> None:
    code = (
        "import atexit, sys\n"
        "from artsheets.cli import main\n"
        "atexit.register(print, 'teardown')\n"
        "sys.argv = ['artsheets', *sys.argv[1:]]\n"
        "sys.exit(main())\n"
    )
    env = {**os.environ, "ARTSHEETS_CACHE_DIR": str(cache)}
    args = ["scan", str(PHOTO), "-o", str(tmp_path), "--no-overlay"]
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and "wrote" in done.stdout
    assert "teardown" not in done.stdout  # ended at once, written and flushed
    other = subprocess.run(
        [sys.executable, "-c", code, "--version"], env=env, capture_output=True, text=True
    )
    assert other.stdout.endswith("teardown\n")  # the other commands end as Python ends


def test_the_program_keeps_its_exit_codes(cache: Path, tmp_path: Path) -> None:
    missing = _program(["scan", str(tmp_path / "none.jpg"), "-o", str(tmp_path)], cache)
    assert missing.returncode == 2
    assert missing.stdout == ""
    assert missing.stderr.count("\n") == 1 and "does not exist" in missing.stderr
    bad = _program(["scan", str(PHOTO), "--players", "0", "-o", str(tmp_path)], cache)
    assert bad.returncode == 2 and bad.stderr.startswith("artsheets: error: --players")


def test_main_returns_with_the_cycle_collector_as_it_was(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARTSHEETS_CACHE_DIR", str(cache))
    try:
        for enabled in (True, False):
            gc.enable() if enabled else gc.disable()
            out = tmp_path / str(enabled)
            assert main(["scan", str(PHOTO), "-o", str(out), "--no-overlay"]) == 0
            assert gc.isenabled() is enabled
            assert main(["scan", str(tmp_path / "none.jpg"), "-o", str(out)]) == 2
            assert gc.isenabled() is enabled
    finally:
        gc.enable()
