"""The scanner's parts on their own: registration, QR reading, region masks, tallies, scoring."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import segno

from artsheets.generator.layout import PAGES
from artsheets.generator.registry import build_layout
from artsheets.scanner import identify
from artsheets.scanner.errors import ScanError
from artsheets.scanner.registration import marker_corners_mm, page_markers, register
from artsheets.scanner.scoring import rule_options, score_sheet
from artsheets.scanner.tallies import read_tallies
from artsheets.scanner.template import PX_PER_MM, template_for

from .simulator import sheet_for


def _projected(H: np.ndarray, ids: tuple[int, ...]) -> dict[int, np.ndarray]:
    markers = {m.id: m for m in page_markers(PAGES["a4"])}
    return {
        i: cv2.perspectiveTransform(marker_corners_mm(markers[i]).reshape(-1, 1, 2), H).reshape(
            4, 2
        )
        for i in ids
    }


PHOTO_FROM_PAGE = np.array([[9.0, 1.5, 300.0], [-1.2, 8.5, 150.0], [0.0005, 0.0008, 1.0]])


def test_any_three_markers_register_exactly() -> None:
    for ids in ((0, 1, 2, 3), (0, 1, 2), (1, 2, 3), (0, 2, 3), (0, 1, 3)):
        reg = register(_projected(PHOTO_FROM_PAGE, ids), page_markers(PAGES["a4"]))
        assert reg.markers_used == ids
        assert reg.reprojection_error_px < 1e-3
        page = np.array([[10.0, 10.0], [200.0, 15.0], [105.0, 150.0], [30.0, 290.0]])
        photo = cv2.perspectiveTransform(page.reshape(-1, 1, 2), PHOTO_FROM_PAGE)
        back = cv2.perspectiveTransform(photo, reg.page_from_photo).reshape(-1, 2)
        assert np.abs(back - page).max() < 1e-3  # mm


def test_a_marker_that_disagrees_is_dropped() -> None:
    corners = _projected(PHOTO_FROM_PAGE, (0, 1, 2, 3))
    corners[2] = corners[2] + np.array([140.0, -90.0])  # a look-alike elsewhere
    reg = register(corners, page_markers(PAGES["a4"]))
    assert reg.markers_used == (0, 1, 3)
    assert reg.markers_rejected == (2,)


def test_two_markers_are_not_enough() -> None:
    with pytest.raises(ScanError) as info:
        register(_projected(PHOTO_FROM_PAGE, (0, 3)), page_markers(PAGES["a4"]))
    assert info.value.reason == "markers_missing"
    assert "top-right, bottom-right" in str(info.value)


@pytest.mark.parametrize("blur", [0.0, 2.5, 3.5])
def test_qr_grid_reading_survives_blur_that_defeats_the_plain_detector(blur: float) -> None:
    code = "RINGS-1-000042-A4-P3R3N6C16-K"
    matrix = np.array(segno.make(code, error="m", micro=False).matrix, np.uint8)
    step = identify.QR_MODULE_MM * identify._PPM
    n = matrix.shape[0]
    dx, dy, w, h = identify.QR_WINDOW_MM
    patch = np.full((round(h * identify._PPM), round(w * identify._PPM)), 255, np.uint8)
    x0 = round((identify.QR_OFFSET_MM[0] - dx) * identify._PPM) + 3  # a little off its place
    y0 = round((identify.QR_OFFSET_MM[1] - dy) * identify._PPM) - 2
    big = cv2.resize(255 - matrix * 255, (round(n * step),) * 2, interpolation=cv2.INTER_NEAREST)
    patch[y0 : y0 + big.shape[0], x0 : x0 + big.shape[1]] = big
    if blur:
        patch = cv2.GaussianBlur(patch, (0, 0), blur)
    bgr = cv2.cvtColor(patch, cv2.COLOR_GRAY2BGR)
    origin = (
        (identify.QR_OFFSET_MM[0] - dx) * identify._PPM - 0.5,
        (identify.QR_OFFSET_MM[1] - dy) * identify._PPM - 0.5,
    )
    assert identify._decode_grid(bgr, origin) == code


def test_region_masks_stay_inside_and_clear_of_print() -> None:
    layout = sheet_for("vasarely")
    tpl = template_for(layout.sheet_code)
    m = tpl.masks
    width = tpl.gray.shape[1]
    printed = tpl.printed.ravel()
    for i, r in enumerate(m.regions):
        pix = m.pixels[m.starts[i] : m.starts[i + 1]]
        assert len(pix) >= 8, r.id
        if r.polygon is not None:
            # Nothing printed is measured inside a polygon (dots, outlines, letters).
            assert not printed[pix].any(), r.id
            ys, xs = np.divmod(pix, width)
            poly = (np.asarray(r.polygon) * PX_PER_MM - 0.5).astype(np.float32)
            inside = [
                cv2.pointPolygonTest(poly, (float(x), float(y)), False) >= 0
                for x, y in zip(xs[::7], ys[::7], strict=True)
            ]
            assert all(inside), r.id


def test_segment_masks_leave_crossings_out() -> None:
    layout = sheet_for("miro")
    tpl = template_for(layout.sheet_code)
    m = tpl.masks
    owners: dict[int, int] = {}
    for i, r in enumerate(m.regions):
        if r.kind != "segment":
            continue
        for p in m.pixels[m.starts[i] : m.starts[i + 1]].tolist():
            assert p not in owners, f"{r.id} shares a pixel with {m.regions[owners[p]].id}"
            owners[p] = i


def test_tallies_count_ticked_boxes_and_say_where_they_skip() -> None:
    layout = sheet_for("vasarely")
    colours = {f"score-p1-box-{n}": 1 for n in (1, 2, 3, 5)}
    colours.update({f"score-p2-box-{n}": 2 for n in range(1, 8)})
    tallies, checks = read_tallies(layout, colours)
    assert tallies[1] == 4 and tallies[2] == 7 and tallies[3] == 0
    assert len(checks) == 1 and "left 4 empty" in checks[0]["message"]


def test_klee_tallies_are_track_positions() -> None:
    layout = sheet_for("klee")
    track = layout.topology.data["track"]
    colours = {track["1"][11]: 1, track["1"][4]: 1, track["2"][6]: 2}
    tallies, _ = read_tallies(layout, colours)
    assert tallies == {1: 12, 2: 7}


def test_scoring_goes_through_the_rule_engine() -> None:
    layout = build_layout("synch")
    assert rule_options(layout) == {"players": 2} or "players" not in rule_options(layout)
    colours = {s: 1 for s in layout.topology.spaces[:60]}
    colours.update({s: 2 for s in layout.topology.spaces[60:]})
    scoring = score_sheet(layout, colours, {1: 60, 2: 39})
    assert scoring.scores == {1: 60, 2: 40}
    assert scoring.result == "player 1 wins"
    bad = [c for c in scoring.checks if not c["ok"]]
    assert any("tallied 39" in c["message"] for c in bad)


def test_a_channel_clipped_at_the_cameras_white_is_no_evidence_of_pencil() -> None:
    from artsheets.scanner.colours import relative_to_paper

    # Paper brighter than the camera can record in blue (light 1.25), clipped at 255: it is
    # paper, not a yellowish pencil; an unclipped pixel keeps its measured reflectance.
    light = np.array([[1.25, 1.0, 0.85]] * 2, np.float32)
    srgb = np.array([[255, 255, 235], [128, 255, 235]], np.uint8)
    refl = relative_to_paper(srgb, light)
    assert refl[0, 0] == pytest.approx(1.0)
    assert refl[1, 0] == pytest.approx(0.2158 / 1.25, rel=1e-3)
    assert refl[0, 1] == pytest.approx(1.0)
