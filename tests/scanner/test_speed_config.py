"""The settings of registration, refinement, refusals and light are the config's, passed down;
the overlay is written losslessly, in its own thread as in the caller's."""

from __future__ import annotations

import dataclasses
import functools
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from artsheets.scanner import overlay
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.errors import ScanError
from artsheets.scanner.pipeline import ScanResult, scan_image

from .simulator import easy, sheet_for, simulate


@functools.cache
def _photo() -> np.ndarray:
    return simulate(sheet_for("klee"), seed=5, conditions=easy((2000, 1500))).image


@functools.cache
def _scan() -> ScanResult:
    return scan_image(_photo())


def test_the_config_is_a_value_with_no_mutable_defaults() -> None:
    """Frozen and hashable, every setting too (a dict or list default would be shared by
    every config, and changed for all of them by one)."""
    hash(DEFAULT)
    for f in dataclasses.fields(ScannerConfig):
        value = getattr(DEFAULT, f.name)
        assert not isinstance(value, list | dict | set), f.name
        hash(value)


def test_a_refusal_threshold_comes_from_the_config() -> None:
    """The blur limit reaches the quality check: with none allowed the photo is refused, and
    the next scan with the default config reads it (nothing is left behind)."""
    with pytest.raises(ScanError) as info:
        scan_image(_photo(), config=ScannerConfig(max_blur_mm=0.0))
    assert info.value.reason == "too_blurred"
    assert _scan().code == sheet_for("klee").sheet_code


def test_the_detection_passes_come_from_the_config() -> None:
    """The thorough pass alone finds the four markers; a pass that only looks for markers
    as large as the photo finds none."""
    one = ScannerConfig(detect_passes=DEFAULT.detect_passes[-1:])
    assert scan_image(_photo(), config=one).registration.markers_used == (0, 1, 2, 3)
    with pytest.raises(ScanError) as info:
        scan_image(_photo(), config=ScannerConfig(detect_passes=((0.9, 19, 19, 12),)))
    assert info.value.reason in {"not_a_sheet", "markers_missing"}


def test_the_overlay_png_is_the_drawing_losslessly_in_either_thread() -> None:
    result = _scan()
    drawn = overlay.render_overlay(result)
    data = overlay.overlay_png(result)
    back = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    assert back is not None and np.array_equal(back, drawn)
    overlay.start()
    assert overlay.overlay_png_soon(result).result(timeout=60) == data


def test_a_photo_refused_at_once_ends_the_process_cleanly(tmp_path: Path) -> None:
    """The photo is decoded beside the imports and OpenCV's tables are built in a thread: a
    file that is no image is refused while that thread still works, and the process must
    still end with the one-line error and exit 2 (a daemon thread stopped inside OpenCV
    aborted it: exit 134, every time in 6 runs)."""
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-m", "artsheets.cli", "scan", str(bad), "-o", str(tmp_path)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "not an image" in done.stderr
