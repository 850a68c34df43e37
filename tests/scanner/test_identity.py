"""Never the wrong sheet: other sheets in the frame, a wrong --sheet, blank sheets, lost keys.

The photos with more than one sheet come from :mod:`.scenes` (the simulator's own steps);
each knows where every sheet lies in the photo, so a test sees which sheet a scan read.
"""

from __future__ import annotations

import functools
import json

import cv2
import numpy as np
import pytest

from artsheets.generator.registry import build_layout
from artsheets.scanner.errors import ScanError
from artsheets.scanner.identify import PAGE_GUESS
from artsheets.scanner.locate import sheets_in_photo
from artsheets.scanner.pipeline import ScanResult, scan_image
from artsheets.scanner.registration import marker_corners_mm, page_markers

from .scenes import Placed, Scene, compose
from .simulator import PENCILS, easy, sheet_for, simulate

SIZE = (2000, 1500)


def _on(result: ScanResult, sheet: Placed) -> float:
    """How far (photo pixels, the worst of the page's four corners) the scan's registration
    puts the page from where ``sheet`` really lies."""
    w, h = sheet.layout.page.width_mm, sheet.layout.page.height_mm
    worst = 0.0
    for corner in ((0, 0), (w, 0), (w, h), (0, h)):
        p = result.registration.photo_from_page @ np.array([corner[0], corner[1], 1.0])
        worst = max(worst, float(np.linalg.norm(p[:2] / p[2] - sheet.where(corner))))
    return worst


@functools.cache
def _between() -> Scene:
    """A Synch sheet in the middle; partly in the frame, nearer the camera (so that their
    markers are the largest of their ids), another copy of the same sheet on the right and an
    Arp sheet on the left."""
    main = easy(SIZE, fill=0.62, offset=(0.0, 0.0), rotation=4.0, curl_mm=0.0)
    right = easy(SIZE, fill=0.8, offset=(2.2, 0.3), rotation=-8.0)
    left = easy(SIZE, fill=0.8, offset=(-2.2, -0.2), rotation=6.0)
    others = [(sheet_for("synch"), right), (sheet_for("arp"), left)]
    return compose(sheet_for("synch"), main, others, seed=1)


def test_sheets_partly_in_the_frame_are_never_scanned() -> None:
    """Same game (the very same sheet code) and another game beside the photographed sheet:
    their markers, larger than its own, were once taken for them (a report for the other
    sheet, or "flatten the paper")."""
    scene = _between()
    result = scan_image(scene.image)
    main = scene.sheets[0]
    assert result.code == main.layout.sheet_code
    assert _on(result, main) < 10.0  # the photographed sheet's page, to a few pixels
    assert len(result.registration.markers_used) == 4


def test_another_sheets_larger_marker_does_not_unflatten_a_curled_sheet() -> None:
    """A curled, tilted sheet, and beside it a sheet nearer the camera showing one corner
    marker: larger than the photographed sheet's marker of that id, it was taken for it, and
    the three others (curled) fit too loosely to tell it from them: "flatten the paper"."""
    main = easy(SIZE, fill=0.6, offset=(0.3, -0.2), rotation=8.0, tilt=25.0, curl_mm=2.5)
    other = easy(SIZE, fill=0.95, offset=(-3.0, 2.2), rotation=-5.0)
    scene = compose(sheet_for("synch"), main, [(sheet_for("klee"), other)], seed=2)
    result = scan_image(scene.image)
    assert result.code == scene.sheets[0].layout.sheet_code
    assert _on(result, scene.sheets[0]) < 30.0  # within the curl (about 10 pixels a mm)


def test_two_whole_sheets_one_is_scanned_and_the_report_says_which() -> None:
    left = easy(SIZE, fill=0.55, offset=(-0.95, 0.0), rotation=-3.0, curl_mm=0.0)
    right = easy(SIZE, fill=0.5, offset=(0.95, 0.2), rotation=5.0)
    scene = compose(sheet_for("synch"), left, [(sheet_for("springer"), right)], seed=3)
    result = scan_image(scene.image)
    assert result.code == scene.sheets[0].layout.sheet_code  # the larger one
    assert _on(result, scene.sheets[0]) < 10.0
    note = next(n for n in result.notes if "sheets are in the photo" in n)
    assert scene.sheets[1].layout.sheet_code in note and "fills most of the photo" in note
    # Asked for the other one by its code, the other one is scanned.
    other = scan_image(scene.image, sheet=scene.sheets[1].layout.sheet_code)
    assert other.code == scene.sheets[1].layout.sheet_code
    assert _on(other, scene.sheets[1]) < 10.0


def _sheet_markers(H: np.ndarray, jitter: float, rng: np.random.Generator) -> list:
    out = []
    for m in page_markers(PAGE_GUESS):
        mm = marker_corners_mm(m)
        px = cv2.perspectiveTransform(mm.reshape(-1, 1, 2), H).reshape(4, 2)
        out.append((m.id, px + rng.normal(0, jitter, px.shape)))
    return out


def test_markers_of_two_sheets_are_grouped_apart_never_mixed() -> None:
    """Eight markers, two of each id, from two sheets side by side: two groups of four, each
    one sheet's, whichever order they were found in."""
    rng = np.random.default_rng(0)
    a = np.array([[4.0, 0.1, 100.0], [-0.1, 4.0, 80.0], [0, 0, 1.0]])
    b = np.array([[3.5, -0.6, 1000.0], [0.6, 3.5, 150.0], [1e-5, 0, 1.0]])
    seen = _sheet_markers(a, 0.3, rng) + _sheet_markers(b, 0.3, rng)
    for order in (list(range(8)), list(rng.permutation(8))):
        cands = [seen[k] for k in order]
        sheets = sheets_in_photo(cands, [], PAGE_GUESS, (1500, 2200))
        assert len(sheets) == 2
        for s in sheets:
            origin = {order[k] < 4 for k in s.members}
            assert len(origin) == 1 and len(s.members) == 4


def test_a_wrong_sheet_code_for_an_unreadable_qr_is_refused() -> None:
    """The QR codes scribbled over, and --sheet naming another game's sheet or another field
    of the same game: the drawing does not match, so the scan is refused (it once scored the
    other sheet)."""
    from .test_errors import _cover_qr

    photo = simulate(sheet_for("springer"), seed=4, conditions=easy(SIZE))
    img = photo.image.copy()
    _cover_qr(img, photo)
    for wrong in (sheet_for("delaunay").sheet_code, build_layout("springer", 7).sheet_code):
        with pytest.raises(ScanError) as info:
            scan_image(img, sheet=wrong)
        assert info.value.reason == "wrong_sheet"
        assert wrong in str(info.value) and "not that of sheet" in str(info.value)
    # (The right code reads: test_errors.test_an_unreadable_qr_code_asks_for_the_sheet_code.)


def test_a_code_read_by_its_forms_alone_needs_the_drawing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where no reader decodes either QR code and the sheet code's forms give one (the
    weakest reader), the drawing must be that code's: another game's or another field's code
    is refused with the advice to type the code (it once scored that sheet); the right one
    reads."""
    from artsheets.scanner import identify

    from .test_errors import _cover_qr

    photo = simulate(sheet_for("springer"), seed=4, conditions=easy(SIZE))
    img = photo.image.copy()
    _cover_qr(img, photo)
    for wrong in (sheet_for("delaunay").sheet_code, build_layout("springer", 7).sheet_code):
        monkeypatch.setattr(identify, "_decode_by_forms", lambda grids, config, w=wrong: w)
        with pytest.raises(ScanError) as info:
            scan_image(img)
        assert info.value.reason == "qr_unreadable"
        assert wrong in str(info.value) and "--sheet" in str(info.value)
    right = photo.layout.sheet_code
    monkeypatch.setattr(identify, "_decode_by_forms", lambda grids, config: right)
    result = scan_image(img)
    assert result.code == right and result.code_source == "qr"


def test_a_blank_sheet_is_not_finished_and_fails_strict(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Only the keys coloured: once scored a 0-0 "draw" that --strict let pass."""
    layout = sheet_for("synch")
    blank = {r.id: (r.color_index if r.kind == "key" else None) for r in layout.regions}
    photo = simulate(layout, seed=5, conditions=easy(SIZE), colours=blank)
    path = tmp_path / "blank.jpg"
    path.write_bytes(photo.jpeg)
    from artsheets.cli import main

    assert main(["scan", str(path), "--no-overlay", "--strict"]) == 1
    report = json.loads((tmp_path / "blank.scan.json").read_text())
    assert report["result"] is None and report["winners"] == []
    assert any("not finished" in p and "nothing is coloured" in p for p in report["problems"])
    assert "no result: the sheet is not finished" in capsys.readouterr().out


def test_a_colour_key_that_cannot_be_read_is_named_with_its_player() -> None:
    """Key 2 blank and its pencil (a blue-violet a shade from key 1's blue) too like key 1's
    to be learned from the sheet: player 2's colour is unknown, so his regions would be
    merged into player 1's. (Purple against that blue is learned by clustering.)"""
    pencils = {1: PENCILS["blue"], 2: (85, 72, 182)}
    photo = simulate(
        sheet_for("springer"), seed=5, conditions=easy(SIZE), blank_keys=(2,), pencils=pencils
    )
    result = scan_image(photo.image)
    assert any("player 2's colour is unknown" in p for p in result.problems)
    assert result.scoring.result is None


def test_a_smooth_photo_of_no_sheet_is_not_called_blurred() -> None:
    """A plain wall, unevenly lit: no detail and no sheet. It is not a sheet, not 'too
    blurred'."""
    x = np.linspace(0, 1, 1600, dtype=np.float32)[None, :]
    wall = (120 + 90 * x + np.zeros((1200, 1), np.float32)).astype(np.uint8)
    with pytest.raises(ScanError) as info:
        scan_image(cv2.cvtColor(wall, cv2.COLOR_GRAY2BGR))
    assert info.value.reason == "not_a_sheet"


def test_qr_codes_found_in_the_photo_lie_where_the_sheet_prints_them() -> None:
    """zxing-cpp reads both of the sheet's codes from the whole photo, and their corners land
    on the footer's and the header's places: the geometry that ties codes to markers."""
    from artsheets.scanner.identify import FOOT_QR, HEAD_QR, find_qr_codes, qr_corners_mm
    from artsheets.scanner.registration import detect_markers, register

    photo = simulate(sheet_for("springer"), seed=4, conditions=easy(SIZE, rotation=160.0))
    gray = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    reg = register(detect_markers(gray), photo.layout.markers)
    found = find_qr_codes(gray)
    assert [q.text for q in found] == [photo.layout.sheet_code] * 2
    places = set()
    for q in found:
        mm = cv2.perspectiveTransform(q.corners.reshape(-1, 1, 2), reg.page_from_photo)
        for name, place in (("foot", FOOT_QR), ("head", HEAD_QR)):
            expected = qr_corners_mm(q.modules, photo.layout.page, place)
            if np.sqrt(np.mean(np.sum((mm.reshape(4, 2) - expected) ** 2, 1))) < 1.0:
                places.add(name)
    assert places == {"foot", "head"}
