"""Every way a photo can fail says what is wrong and how to retake it, and never guesses."""

from __future__ import annotations

import functools

import cv2
import numpy as np
import pytest

from artsheets.errors import UserError
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.errors import ScanError
from artsheets.scanner.pipeline import load_photo, scan_image

from .simulator import Conditions, SimulatedPhoto, easy, sheet_for, simulate

SIZE = (2000, 1500)


@functools.cache
def _photo(**changes: object) -> SimulatedPhoto:
    return simulate(sheet_for("synch"), seed=3, conditions=easy(SIZE, **changes))


def _reason(img: np.ndarray, **kwargs: object) -> ScanError:
    with pytest.raises(ScanError) as info:
        scan_image(img, **kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, UserError)  # one line, exit 2 in the command
    assert "\n" not in str(info.value)
    return info.value


def test_a_photo_of_something_else_is_not_a_sheet() -> None:
    rng = np.random.default_rng(1)
    table = cv2.GaussianBlur(rng.integers(0, 255, (1200, 1600, 3), dtype=np.uint8), (0, 0), 3)
    cv2.putText(table, "hello", (200, 600), cv2.FONT_HERSHEY_SIMPLEX, 8, (0, 0, 0), 20)
    err = _reason(table)
    assert err.reason == "not_a_sheet"
    assert "corner markers" in str(err) and "photograph a printed sheet" in str(err)


def test_a_dark_photo_says_so() -> None:
    dark = (_photo().image.astype(np.float32) * 0.12).astype(np.uint8)
    err = _reason(dark)
    assert err.reason == "too_dark"
    assert "better light" in str(err)


def test_a_blurred_photo_says_so() -> None:
    blurred = cv2.GaussianBlur(_photo().image, (0, 0), 9)
    err = _reason(blurred)
    assert err.reason == "too_blurred"
    assert "focus" in str(err)


def test_a_slightly_soft_photo_is_too_blurred_once_edges_spread() -> None:
    # Markers still found, but lines smeared over more than half a millimetre.
    soft = cv2.GaussianBlur(_photo().image, (0, 0), 3.2)
    err = _reason(soft)
    assert err.reason == "too_blurred"
    assert "mm" in str(err)


def test_two_markers_missing_names_them() -> None:
    img = _photo().image.copy()
    # Cover the two top markers (the sheet is upright, square-on and centred).
    img[: img.shape[0] // 4] = 120
    err = _reason(img)
    assert err.reason == "markers_missing"
    assert "top-left" in str(err) and "top-right" in str(err)
    assert "whole sheet in the frame" in str(err)


def test_an_unreadable_qr_code_asks_for_the_sheet_code() -> None:
    photo = _photo()
    img = photo.image.copy()
    _cover_qr(img, photo)
    err = _reason(img)
    assert err.reason == "qr_unreadable"
    assert "--sheet" in str(err)
    # ... and with the code typed in, the sheet reads.
    result = scan_image(img, sheet=photo.layout.sheet_code.lower())
    assert result.code == photo.layout.sheet_code
    assert result.code_source == "given"


def test_a_sheet_code_that_contradicts_the_qr_code_is_refused() -> None:
    photo = _photo()
    other = "SYNCH-1-STD-A4-N8-"
    from artsheets.generator.sheetcode import check_char

    code = other[:-1] + "-" + check_char(other[:-1])
    err = _reason(photo.image, sheet=code)
    assert err.reason == "wrong_sheet"
    assert photo.layout.sheet_code in str(err)


def test_a_mistyped_sheet_code_is_refused() -> None:
    code = _photo().layout.sheet_code
    typo = code[:-1] + ("A" if code[-1] != "A" else "B")
    err = _reason(_photo().image, sheet=typo)
    assert err.reason == "bad_sheet_code"
    assert "check character" in str(err)


def test_players_out_of_range_are_refused() -> None:
    err = _reason(_photo().image, players=5)
    assert err.reason == "bad_players"


def test_a_sheet_bent_beyond_repair_is_refused() -> None:
    err = _reason(
        _photo(tilt=30.0, curl_mm=3.0).image, config=ScannerConfig(max_reprojection_mm=0.01)
    )
    assert err.reason == "not_flat"
    assert "flatten" in str(err)


def test_a_sheet_too_far_away_is_refused() -> None:
    far = simulate(sheet_for("synch"), seed=3, conditions=easy((1200, 900), fill=0.45))
    err = _reason(far.image)
    assert err.reason == "too_small"
    assert "move closer" in str(err)


def test_files_that_are_not_images(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    with pytest.raises(ScanError) as info:
        load_photo(bad)
    assert info.value.reason == "unreadable_file"
    with pytest.raises(ScanError):
        load_photo(tmp_path / "missing.jpg")


def _cover_qr(img: np.ndarray, photo: SimulatedPhoto) -> None:
    """Scribble over both QR codes, the footer's and the header's (their places found by
    projecting their corners into the photo)."""
    from artsheets.scanner.registration import detect_markers, register

    corners = detect_markers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    reg = register(corners, photo.layout.markers)
    w, h = photo.layout.page.width_mm, photo.layout.page.height_mm
    for x0, y0 in ((25, h - 26), (w - 49, 7)):
        quad = np.array([[x0, y0], [x0 + 23, y0], [x0 + 23, y0 + 22], [x0, y0 + 22]], np.float64)
        pts = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), reg.photo_from_page)
        cv2.fillPoly(img, [pts.astype(np.int32)], (90, 90, 90))


def test_conditions_random_covers_the_promised_range() -> None:
    rng = np.random.default_rng(0)
    many = [Conditions.random(rng) for _ in range(400)]
    assert max(c.tilt for c in many) == 45.0
    assert min(c.jpeg_quality for c in many) == 50
    assert any(c.crop_corner is not None for c in many)
    assert any(c.shadow > 0 for c in many)
    assert {c.white_balance for c in many} >= {(1.15, 1.0, 0.75), (0.85, 1.0, 1.2)}
    assert min(c.exposure for c in many) < 0.5


def test_a_cut_off_corner_never_takes_a_second_marker_with_it() -> None:
    """The photo condition is one corner cut off: the three other markers stay wholly in the
    frame, or (where no placement can do that) no corner is cut. A simulated Arp photo once
    lost two markers (rotation 102 degrees, tilted 29 degrees)."""
    from .simulator import PAGE_PX_PER_MM, _camera_quad, _markers_in_frame

    rng = np.random.default_rng(1)
    page = (210 * PAGE_PX_PER_MM, 297 * PAGE_PX_PER_MM)
    frame = (4000, 3000)
    cases = [c for c in (Conditions.random(rng, frame) for _ in range(2000)) if c.crop_corner]
    cases.append(
        Conditions(
            size=frame,
            rotation=102.0,
            tilt=28.7,
            tilt_axis=63.8,
            fill=0.865,
            offset=(-0.8, -0.715),
            crop_corner=2,
        )
    )
    for c in cases:
        quad = _camera_quad(page, c, frame)
        assert _markers_in_frame(quad, page, c.crop_corner, frame), c
