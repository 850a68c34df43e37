"""A photo with more pixels than the scan needs is decoded at a reduced scale (``photo.py``):
decided from the JPEG's header, checked on the sheet's sparsest marker after registration,
and decoded in full when the sheet would be too sparse reduced."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.errors import ScanError
from artsheets.scanner.photo import jpeg_size, read_photo, reduction
from artsheets.scanner.pipeline import ScanResult, scan_image

from .simulator import Conditions, SimulatedPhoto, sheet_for, simulate


def _jpeg(w: int, h: int) -> np.ndarray:
    img = np.random.default_rng(0).integers(0, 255, (h, w, 3), np.uint8)
    return np.frombuffer(cv2.imencode(".jpg", img)[1].tobytes(), np.uint8)


def test_jpeg_size_is_read_from_the_header() -> None:
    assert jpeg_size(_jpeg(64, 48)) == (64, 48)
    png = np.frombuffer(cv2.imencode(".png", np.zeros((4, 6, 3), np.uint8))[1], np.uint8)
    assert jpeg_size(png) is None
    assert jpeg_size(np.frombuffer(b"\xff\xd8\xff\xe0\x00", np.uint8)) is None  # cut short


def test_the_scale_is_the_largest_that_keeps_the_least_side() -> None:
    data = _jpeg(400, 300)
    assert reduction(data, ScannerConfig(reduced_decode_min_side=50)) == 8
    assert reduction(data, ScannerConfig(reduced_decode_min_side=100)) == 4
    assert reduction(data, ScannerConfig(reduced_decode_min_side=150)) == 2
    assert reduction(data, ScannerConfig(reduced_decode_min_side=250)) == 1
    off = ScannerConfig(reduced_decode=False, reduced_decode_min_side=50)
    assert reduction(data, off) == 1
    png = np.frombuffer(cv2.imencode(".png", np.zeros((300, 400, 3), np.uint8))[1], np.uint8)
    assert reduction(png, ScannerConfig(reduced_decode_min_side=50)) == 1


def test_a_reduced_photo_is_decoded_small_and_in_full_on_demand(tmp_path: Path) -> None:
    path = tmp_path / "p.jpg"
    _jpeg(400, 300).tofile(path)
    photo = read_photo(path, ScannerConfig(reduced_decode_min_side=100))
    assert photo.scale == 4 and photo.image.shape == (75, 100, 3)
    full = photo.full()
    assert full.scale == 1 and full.image.shape == (300, 400, 3)
    assert read_photo(path).scale == 1  # 400 px: the default keeps it whole


def test_errors_are_the_same_when_the_header_asks_for_a_reduced_decode(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jpg"
    head = _jpeg(4000, 3000)[:400]  # a 12 MP header, its data cut off
    head.tofile(bad)
    config = ScannerConfig(reduced_decode_min_side=100)
    assert reduction(head, config) == 8
    with pytest.raises(ScanError, match="not an image OpenCV can read"):
        read_photo(bad, config)
    with pytest.raises(ScanError, match="cannot read"):
        read_photo(tmp_path / "missing.jpg", config)


# A sheet filling a 3600 x 2700 frame: about 11.5 px/mm, 5.8 at half size. The settings below
# let the reduced decode run at that size (the defaults keep 12-megapixel photos whole).
REDUCED = ScannerConfig(reduced_decode_min_side=1500, reduced_decode_min_px_per_mm=5.0)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SimulatedPhoto, ScanResult]:
    shot = simulate(
        sheet_for("vasarely"), 11, conditions=Conditions(size=(3600, 2700), rotation=90, fill=0.95)
    )
    path = tmp_path_factory.mktemp("big") / "big.jpg"
    path.write_bytes(shot.jpeg)
    full = ScannerConfig(reduced_decode=False)
    return path, shot, scan_image(read_photo(path, full), config=full)


def test_a_large_photo_is_scanned_reduced_at_the_px_per_mm_of_its_image(
    big: tuple[Path, SimulatedPhoto, ScanResult],
) -> None:
    path, shot, full = big
    photo = read_photo(path, REDUCED)
    assert photo.scale == 2 and photo.image.shape[:2] == (1350, 1800)
    result = scan_image(photo, config=REDUCED)
    assert result.photo_scale == 2
    assert full.photo_scale == 1 and full.registration.px_per_mm > 10
    # The stated px/mm is the reduced image's: half the full photo's.
    assert result.registration.px_per_mm == pytest.approx(full.registration.px_per_mm / 2, 0.02)
    assert result.colours == full.colours == {rid: shot.colours.get(rid) for rid in full.colours}


def test_a_sheet_too_sparse_reduced_is_scanned_from_the_full_photo(
    big: tuple[Path, SimulatedPhoto, ScanResult],
) -> None:
    path, _, full = big
    sparse = ScannerConfig(reduced_decode_min_side=1500, reduced_decode_min_px_per_mm=8.0)
    photo = read_photo(path, sparse)
    assert photo.scale == 2  # decided from the header: the sheet's size is not known yet
    result = scan_image(photo, config=sparse)
    assert result.photo_scale == 1
    assert result.registration.px_per_mm == full.registration.px_per_mm
    assert result.colours == full.colours
