"""The scanner's parts on their own: registration, QR reading, region masks, tallies, scoring."""

from __future__ import annotations

import math
import sys
from dataclasses import replace

import cv2
import numpy as np
import pytest
import segno

from artsheets.generator.layout import PAGES, Region
from artsheets.generator.registry import build_layout
from artsheets.scanner import identify
from artsheets.scanner.colours import OUTSIDE, TICK, Reading, _out_of_frame, measure
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.errors import ScanError
from artsheets.scanner.light import Light, ShadowEdge, to_linear
from artsheets.scanner.mending import BY_THE_RULES, doubt
from artsheets.scanner.registration import marker_corners_mm, page_markers, register
from artsheets.scanner.scoring import rule_options, score_sheet
from artsheets.scanner.tallies import read_tallies
from artsheets.scanner.template import PX_PER_MM, template_for

from .fakes import region_stats
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


def test_four_markers_of_a_curled_tilted_sheet_are_all_kept() -> None:
    # Corners detected in a simulated photo (mondrian, tilt 22 degrees, paper curled): one
    # homography fits all four within 0.5 mm, yet any three put the fourth 5-13 mm away.
    corners = {
        0: [[175.3, 1131.9], [232.8, 1099.2], [265.7, 1170.6], [207.9, 1203.0]],
        1: [[1189.1, 535.8], [1266.9, 486.5], [1304.6, 569.7], [1226.5, 617.4]],
        2: [[1939.8, 2331.8], [2025.1, 2307.6], [2061.6, 2386.3], [1976.3, 2409.9]],
        3: [[899.8, 2617.8], [958.8, 2601.7], [988.0, 2665.4], [928.5, 2680.5]],
    }
    reg = register(
        {k: np.array(v, np.float32) for k, v in corners.items()}, page_markers(PAGES["a4"])
    )
    assert reg.markers_used == (0, 1, 2, 3)
    assert reg.reprojection_error_mm < 0.5


def test_two_markers_are_not_enough() -> None:
    with pytest.raises(ScanError) as info:
        register(_projected(PHOTO_FROM_PAGE, (0, 3)), page_markers(PAGES["a4"]))
    assert info.value.reason == "markers_missing"
    assert "top-right, bottom-right" in str(info.value)


@pytest.mark.parametrize("blur", [0.0, 2.5, 3.5])
def test_qr_grid_reading_survives_blur_that_defeats_the_plain_detector(blur: float) -> None:
    code = "RINGS-1-000042-A4-P3R3N6C16-U"  # a valid check character: the grid decoder checks
    matrix = np.array(segno.make(code, error="m", micro=False).matrix, np.uint8)
    step = identify.QR_MODULE_MM * identify._PPM
    n = matrix.shape[0]
    dx, dy, w, h = identify.QR_WINDOW_MM
    patch = np.full((round(h * identify._PPM), round(w * identify._PPM)), 255, np.uint8)
    x0 = round((identify.FOOT_QR.corner_mm[0] - dx) * identify._PPM) + 3  # a little off its place
    y0 = round((identify.FOOT_QR.corner_mm[1] - dy) * identify._PPM) - 2
    big = cv2.resize(255 - matrix * 255, (round(n * step),) * 2, interpolation=cv2.INTER_NEAREST)
    patch[y0 : y0 + big.shape[0], x0 : x0 + big.shape[1]] = big
    if blur:
        patch = cv2.GaussianBlur(patch, (0, 0), blur)
    bgr = cv2.cvtColor(patch, cv2.COLOR_GRAY2BGR)
    finder = (
        (identify.FOOT_QR.corner_mm[0] - dx) * identify._PPM - 0.5 + 3.5 * step,
        (identify.FOOT_QR.corner_mm[1] - dy) * identify._PPM - 0.5 + 3.5 * step,
    )
    # The patch is the photo here: its blur is round in it.
    assert identify._decode_grid(bgr, finder, 0, np.eye(2)) == code


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


def _failed(checks: list[dict]) -> dict[str, list[str]]:
    return {c["message"]: list(c["regions"]) for c in checks if not c["ok"]}


def test_a_tick_after_a_gap_and_an_untick_inside_a_run_are_named() -> None:
    layout = sheet_for("vasarely")
    colours = {f"score-p1-box-{n}": 1 for n in (1, 2, 3, 4, 5, 9)}  # 9: a shadow, say
    colours.update({f"score-p2-box-{n}": 2 for n in range(1, 21) if n != 12})  # 12: lost
    colours.update({f"score-p3-box-{n}": 3 for n in range(1, 8)})  # a clean run
    failed = _failed(read_tallies(layout, colours)[1])
    assert sorted(failed.values()) == [["score-p1-box-9"], ["score-p2-box-12"]]
    assert any("left 6-8 empty" in m for m in failed)


def test_a_gap_that_could_be_either_misread_names_both_sides() -> None:
    layout = sheet_for("vasarely")
    # Box 2 lost, or box 3 a shadow: both need one reading changed.
    colours = {"score-p1-box-1": 1, "score-p1-box-3": 1}
    failed = _failed(read_tallies(layout, colours)[1])
    assert list(failed.values()) == [["score-p1-box-2", "score-p1-box-3"]]


def test_penalty_rows_are_checked_but_not_tallied() -> None:
    layout = sheet_for("delaunay")
    colours = {"score-p2-box-7": 2}  # a lone penalty after six empty boxes
    tallies, checks = read_tallies(layout, colours)
    assert tallies == {}
    assert list(_failed(checks).values()) == [["score-p2-box-7"]]


def test_a_score_box_in_a_colour_unlike_the_rest_is_named() -> None:
    layout = sheet_for("vasarely")
    colours = {f"score-p4-box-{n}": 4 for n in range(1, 11)}
    colours.update({"score-p4-box-6": 3, "score-p4-t": 3, "score-p4-x": 4})
    tallies, checks = read_tallies(layout, colours)
    assert tallies[4] == 10  # still counted: a misread colour is still a tick
    failed = _failed(checks)
    assert list(failed.values()) == [["score-p4-box-6", "score-p4-t"]]
    assert "boxes 6, t are marked in colour 3, the rest of them in colour 4" in next(iter(failed))
    # One scorekeeper's pencil for all of player 2's boxes: nothing odd.
    keeper = {f"score-p2-box-{n}": 1 for n in range(1, 8)} | {"score-p2-t": 1}
    assert _failed(read_tallies(layout, keeper)[1]) == {}


def test_a_track_marked_in_two_places_names_both() -> None:
    layout = sheet_for("klee")
    track = layout.topology.data["track"]
    colours = {track["1"][7]: 1, track["1"][8]: 1, track["2"][2]: 2}
    tallies, checks = read_tallies(layout, colours)
    assert tallies == {1: 9, 2: 3}
    assert list(_failed(checks).values()) == [[track["1"][7], track["1"][8]]]
    # Marked along a run from the start: no doubt.
    run = {rid: 1 for rid in track["1"][:6]}
    assert _failed(read_tallies(layout, run)[1]) == {}


def test_regions_named_by_a_failed_check_go_to_review() -> None:
    readings = {
        "score-p1-box-9": Reading(1, 0.97, 0.8),
        "score-p1-box-8": Reading(None, 0.99, 0.0),
    }
    checks = [{"ok": False, "message": "a gap", "regions": ["score-p1-box-9"]}]
    doubt(readings, checks, BY_THE_RULES)
    assert readings["score-p1-box-9"].reason == "fails a check: a gap"
    assert readings["score-p1-box-9"].color == 1 and readings["score-p1-box-9"].confidence <= 0.5
    assert readings["score-p1-box-8"].reason is None


def _srgb8(linear: np.ndarray) -> np.ndarray:
    v = np.clip(linear, 0.0, 1.0)
    s = np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)
    return np.round(s * 255).astype(np.uint8)


@pytest.mark.parametrize("relit", [True, False])
def test_tally_boxes_beside_a_hard_shadow_are_measured_against_the_paper_round_them(
    relit: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shadow's sharp edge runs across a score area; the light field (as estimated, on a
    coarse grid) blurs it, so that boxes on the shadow side look darkened and a light tick on
    the lit side bleached. Measured against the paper right round them, the blank boxes
    beside the edge read blank and the tick is kept; without that, they would not be."""
    layout = sheet_for("vasarely")
    tpl = template_for(layout.sheet_code)
    h, w = tpl.shape
    # The edge runs down the gap between the 6th and 7th columns of player 1's boxes.
    shade = np.where(np.arange(w) / PX_PER_MM > 37.25, 0.5, 1.0)
    light = np.tile(shade[None, :, None] * np.array([0.8, 0.85, 0.9]), (h, 1, 1))
    page = to_linear(tpl.gray)[..., None] * np.ones(3)
    box = np.asarray(next(r.polygon for r in layout.regions if r.id == "score-p1-box-6"))
    (x0, y0), (x1, y1) = (box.min(axis=0) + 0.6) * PX_PER_MM, (box.max(axis=0) - 0.6) * PX_PER_MM
    tick = cv2.line(
        np.zeros((h, w), np.uint8), (round(x0), round(y1)), (round(x1), round(y0)), 1, 4
    )
    page *= 1 - 0.4 * tick[..., None] * (1 - np.array([0.95, 0.6, 0.35]))  # a light blue
    work = _srgb8(page * light)
    f = round(PX_PER_MM)
    coarse = cv2.resize(light.astype(np.float32), (w // f, h // f), interpolation=cv2.INTER_AREA)
    smeared = cv2.GaussianBlur(coarse, (0, 0), 3.0)
    if not relit:
        monkeypatch.setattr("artsheets.scanner.colours._relight_boxes", lambda *args: None)
    stats = measure(work, Light(smeared), tpl)
    cov = dict(zip(tpl.masks.ids, stats.coverage.tolist(), strict=True))
    # The first and last rows, which have paper beside them (inside the grid, boxes are
    # 1 mm apart: no paper clear of their outlines to go by).
    lit, shaded = ["score-p1-box-56"], ["score-p1-box-7", "score-p1-box-57"]
    blank = math.sqrt(TICK.off * TICK.on)  # below this a box reads blank
    ok = cov["score-p1-box-6"] >= TICK.on and all(cov[rid] < blank for rid in lit + shaded)
    assert ok == relit, {rid: round(cov[rid], 2) for rid in ["score-p1-box-6", *lit, *shaded]}


@pytest.mark.parametrize("kept", [True, False])
def test_boxes_across_a_fitted_shadow_edge_keep_the_sharp_light(
    kept: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shadow's edge runs through the middle of a blank box. The light field has fitted
    the edge (sharp: each side's own light, ramped over 0.3 mm), so the box reads blank; taken
    again from the paper round the box, the light would blur the edge back and the box's
    shaded half would read as grey pencil (a track box on Klee's sheets, read as a move)."""
    layout = sheet_for("vasarely")
    tpl = template_for(layout.sheet_code)
    h, w = tpl.shape
    box = np.asarray(next(r.polygon for r in layout.regions if r.id == "score-p1-box-7"))
    edge_x = float(box[:, 0].mean())  # mm
    shade = np.where(np.arange(w) / PX_PER_MM > edge_x, 0.5, 1.0)
    light = np.tile(shade[None, :, None] * np.array([0.8, 0.85, 0.9]), (h, 1, 1))
    work = _srgb8(to_linear(tpl.gray)[..., None] * light)
    f = round(PX_PER_MM)
    coarse = cv2.resize(light.astype(np.float32), (w // f, h // f), interpolation=cv2.INTER_AREA)
    lit = np.broadcast_to(np.float32([0.8, 0.85, 0.9]), coarse.shape).copy()
    # Grid units put block centres at integers: the edge at x mm is at x - 0.5.
    edge = ShadowEdge((-1.0, 0.0), -(edge_x - 0.5), 0.3, lit, 0.5 * lit)
    config = DEFAULT if kept else replace(DEFAULT, box_edge_mm=-1e9)
    stats = measure(work, Light(coarse, edge), tpl, config=config)
    cov = dict(zip(tpl.masks.ids, stats.coverage.tolist(), strict=True))
    blank = math.sqrt(TICK.off * TICK.on)  # below this a box reads blank
    assert (cov["score-p1-box-7"] < blank) == kept, round(cov["score-p1-box-7"], 2)


def test_a_dull_fill_that_reads_grey_in_a_dim_photo_is_not_taken_for_a_shadow() -> None:
    """A grey-green fill (key chroma about 7.5) read with no chroma at all: in a well lit photo
    that is a shadow's grey, unlike the key; in a dim one (paper at a quarter of the camera's
    range) JPEG rounds such small chroma away, so grey says nothing of the colour."""
    from artsheets.scanner.colours import _grey_unlike

    key = cv2.cvtColor(np.float32([[[68.9, -6.6, 3.6]]]), cv2.COLOR_Lab2LBGR)[0, 0]
    grey = np.float32([78.8, -1.2, 0.8])
    assert _grey_unlike(grey, key, fill=True, paper_level=0.9)
    assert not _grey_unlike(grey, key, fill=True, paper_level=0.25)


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
    from artsheets.scanner.light import relative_to_paper

    # Paper brighter than the camera can record in blue (light 1.25), clipped at 255: it is
    # paper, not a yellowish pencil; an unclipped pixel keeps its measured reflectance.
    light = np.array([[1.25, 1.0, 0.85]] * 2, np.float32)
    srgb = np.array([[255, 255, 235], [128, 255, 235]], np.uint8)
    refl = relative_to_paper(srgb, light)
    assert refl[0, 0] == pytest.approx(1.0)
    assert refl[1, 0] == pytest.approx(0.2158 / 1.25, rel=1e-3)
    assert refl[0, 1] == pytest.approx(1.0)


def test_regions_out_of_the_frame_that_the_sheet_says_are_coloured() -> None:
    """Keys in play are coloured before play; a total box is written when every other
    player's total in the photo is. Both stay with no confidence, for review; a key not in
    play, and totals where another player's is blank, stay blank."""

    def box(p: int, role: str) -> Region:
        return Region(f"score-p{p}-{role[0]}", "score_box", player=p, extra={"role": role})

    regions = [
        Region("key-1", "key", color_index=1),
        Region("key-3", "key", color_index=3),
        box(1, "total"),
        box(2, "total"),
        box(3, "total"),
        box(1, "initials"),
        box(2, "initials"),
    ]
    unseen = Reading(None, 0.0, 0.0, OUTSIDE)
    out = [unseen, unseen, Reading(1, 0.9, 0.5), unseen, Reading(3, 0.95, 0.5), unseen]
    out.append(Reading(None, 0.99, 0.0))  # player 2's initials: blank
    _out_of_frame(out, regions, in_play={1, 2})
    assert [rd.color for rd in out] == [1, None, 1, 2, 3, None, None]
    assert all(out[i].confidence == 0.0 and out[i].reason == OUTSIDE for i in (0, 1, 3, 5))


def test_freed_memory_is_kept_where_the_c_library_is_glibc() -> None:
    import platform

    from artsheets.scanner.heap import keep_freed_memory

    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert keep_freed_memory() is glibc


def test_a_tint_hardly_darker_than_paper_is_read_blank_for_review_not_as_pencil() -> None:
    """Pencil darkens paper. Light the white balance missed (overexposed paper, clipped in
    two channels) can leave blank spaces tinted, their "pencil" pixels two units below paper
    and yellowish: nothing like the faintest stroke of any key. Such a space is read blank,
    for review; one as tinted and darker than the faintest stroke is read in its colour."""
    from artsheets.scanner.cielab import lab
    from artsheets.scanner.colours import (
        FILL,
        Palette,
        _classify_once,
        style_of,
    )

    tpl = template_for(sheet_for("springer").sheet_code)
    regions = tpl.masks.regions
    keys = {1: (0.45, 0.42, 0.62), 2: (0.42, 0.40, 0.40)}  # linear BGR: pink, warm grey
    palette = Palette(colours={k: np.array(c) for k, c in keys.items()})
    tinted = cv2.cvtColor(np.float32([[[97.9, -3.6, 12.7]]]), cv2.COLOR_Lab2LBGR)[0, 0]
    faint_grey = 1.0 - 0.4 * (1.0 - palette.colours[2])  # grey pencil, lightly pressed
    assert 100 - lab(faint_grey[None])[0, 0] > 6  # darker than the faintest stroke's half
    n = len(regions)
    spaces = [i for i, r in enumerate(regions) if r.kind == "space"][:2]
    mean = np.ones((n, 3))
    mean[spaces] = tinted, faint_grey
    ink = np.zeros(n)
    ink[spaces] = 30.0
    stats = region_stats(ink, mean)
    styles = [style_of(r.kind, r.extra.get("role"), False) for r in regions]
    assert styles[spaces[0]] is FILL
    readings = _classify_once(stats, {FILL: palette}, tpl, styles, None)
    first, second = (readings[i] for i in spaces)
    assert first.color is None and "colour cast" in first.reason and first.confidence < 0.9
    assert second.color == 2
