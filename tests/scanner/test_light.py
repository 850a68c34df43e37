"""The light field beside hard shadows: the strip along an edge, and a straight edge modelled
pixel by pixel."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from artsheets.scanner.colours import Reading, doubt_dark_paper
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import (
    Light,
    ShadowEdge,
    _mend_shadow_edges,
    _shadow_band,
    _shadow_line,
    censor_clipped,
    clipped_pencil,
    doubt_washed_out,
    light_field,
    paper_dips,
    reflectance,
    to_linear,
)
from artsheets.scanner.template import PX_PER_MM, template_for

from .fakes import largest_space
from .simulator import sheet_for

SUN, SHADE = 0.9, 0.45


def _page(h: int = 200, w: int = 150) -> tuple[np.ndarray, np.ndarray]:
    """(paper colour per 1 mm block, signed distance in mm from a slanted shadow edge)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    side = (xx - 60.0 - 0.3 * yy) / np.hypot(1.0, 0.3)
    small = np.where(side[..., None] > 0, SHADE, SUN) * np.ones(3, np.float32)
    return small.astype(np.float32), side


def test_the_strip_beside_a_hard_shadow_edge_is_found_and_takes_its_own_light() -> None:
    small, side = _page()
    # The coarse estimate lights the first 4 mm of the shadow like the sunlit paper.
    est = np.where(((side > 0) & (side < 4))[..., None], SUN, small).astype(np.float32)
    flat = np.ones(side.shape, bool)
    band = _shadow_band(small, flat, est, DEFAULT)
    assert band is not None
    strip = (side > 0.5) & (side < 4)
    b = DEFAULT.shadow_border_mm  # (the page's border blocks are no candidates)
    strip[:b], strip[strip.shape[0] - b :] = False, False
    assert band[strip].all() and not band[np.abs(side) > 5].any()
    mended = _mend_shadow_edges(small, flat, est, band, DEFAULT)
    assert np.allclose(mended[strip], SHADE, atol=0.02)
    far = np.abs(side) > 8
    assert np.array_equal(mended[far], est[far])


def test_a_pale_fill_is_not_taken_for_a_shadow() -> None:
    small = np.full((200, 150, 3), SUN, np.float32)
    small[80:110, 40:75] = 0.7  # a pale, smooth, neutral fill in a 30 x 35 mm space
    est = np.full_like(small, SUN)
    assert _shadow_band(small, np.ones(small.shape[:2], bool), est, DEFAULT) is None


def test_a_short_dark_strip_is_not_a_shadow_edge() -> None:
    small = np.full((200, 150, 3), SUN, np.float32)
    small[50:70, 60:63] = SHADE  # a 20 mm grey stroke, too short for a shadow's edge
    est = np.full_like(small, SUN)
    assert _shadow_band(small, np.ones(small.shape[:2], bool), est, DEFAULT) is None


def test_a_straight_edge_seen_only_in_pieces_is_found() -> None:
    """Across a densely coloured field the paper beside the edge shows only in short pieces
    (margins, blank spaces), none a long band alone; in line, they are the edge's strip."""
    small, side = _page()
    est = np.where(((side > 0) & (side < 4))[..., None], SUN, small).astype(np.float32)
    flat = np.zeros(side.shape, bool)
    for top in (20, 95, 170):  # three 12 mm windows of paper, the rest coloured
        flat[top : top + 12] = True
    band = _shadow_band(small, flat, est, DEFAULT)
    assert band is not None
    strip = flat & (side > 0.5) & (side < 3.5)
    assert band[strip].mean() > 0.8 and not band[np.abs(side) > 5].any()


@pytest.mark.parametrize("border_mm", [0, 2])
def test_a_dark_run_along_the_pages_border_is_not_taken_for_the_shadows_strip(
    border_mm: int,
) -> None:
    """Where the paper's edge lies a little inside the fitted page, a dark table shows in the
    page's last millimetre as grey paper-like blocks. A run of them beside the end of a
    strip seen only in pieces was taken for the strip (long and thin) and no edge was
    fitted; the border's blocks left out, the strip's pieces give the edge."""
    small, side = _page()
    est = np.where(((side > 0) & (side < 4))[..., None], SUN, small).astype(np.float32)
    flat = np.zeros(side.shape, bool)
    for top in (20, 95, 170):  # three 12 mm windows of paper, the rest coloured
        flat[top : top + 12] = True
    flat[-1] = True  # the page's last row of blocks ...
    small[-1, 126:151] *= 0.6  # ... beyond the strip's end, 25 mm of it over a dark table
    config = replace(DEFAULT, shadow_border_mm=border_mm)
    band = _shadow_band(small, flat, est, config)
    line = None if band is None else _shadow_line(band, small, flat, config)
    assert (line is not None) == (border_mm > 0)
    if line is not None:
        normal, offset = line
        yy, xx = np.mgrid[0 : side.shape[0], 0 : side.shape[1]]
        sunlit = xx * normal[0] + yy * normal[1] > offset
        assert np.array_equal(sunlit[np.abs(side) > 2], (side < 0)[np.abs(side) > 2])


def test_short_dark_pieces_out_of_line_are_not_a_shadow_edge() -> None:
    small = np.full((200, 150, 3), SUN, np.float32)
    for y, x in ((30, 20), (90, 110), (150, 50)):  # three 14 mm grey strokes, not in line
        small[y : y + 14, x : x + 3] = SHADE
    est = np.full_like(small, SUN)
    assert _shadow_band(small, np.ones(small.shape[:2], bool), est, DEFAULT) is None


def test_a_dark_fill_joined_onto_the_strip_does_not_bend_the_shadow_edge_off_it() -> None:
    """A dark pencil in a dim photo passes for paper: a fill of it beside the strip joins
    the strip, and the line fitted through both lies off the edge, not straight enough to
    be taken. Fitted again on the blocks near the line, it is the edge."""
    small, side = _page()
    flat = np.ones(side.shape, bool)
    band = (side > 0.5) & (side < 3.5)
    yy, xx = np.mgrid[0 : side.shape[0], 0 : side.shape[1]]
    band |= (yy >= 150) & (yy < 160) & (side >= 3.5) & (side < 16)  # the dark fill
    assert band.sum() > 0 and ((side > 5) & band).mean() > 0
    assert _shadow_line(band, small, flat, replace(DEFAULT, shadow_line_share=1.0)) is None
    line = _shadow_line(band, small, flat, DEFAULT)
    assert line is not None
    normal, offset = line
    d = xx * normal[0] + yy * normal[1] - offset  # signed distance from the fitted line
    sunlit = d > 0
    assert np.array_equal(sunlit[np.abs(side) > 2], (side < 0)[np.abs(side) > 2])


def test_light_across_an_edge_follows_its_ramp_pixel_by_pixel() -> None:
    lit = np.full((40, 30, 3), SUN, np.float32)
    shaded = np.full_like(lit, SHADE)
    grid = np.where(np.arange(30)[None, :, None] > 15, lit, shaded)  # sunlit beyond x = 15
    edge = ShadowEdge((1.0, 0.0), 15.0, 2.0, lit, shaded)  # x = 15 mm, 2 mm wide
    f = round(PX_PER_MM)
    full = Light(grid, edge).at((40 * f, 30 * f))
    x_mm = (np.arange(30 * f) + 0.5) / f - 0.5  # pixel centres in the grid's units
    expected = SHADE + (SUN - SHADE) * np.clip((x_mm - 15.0) / 2.0 + 0.5, 0, 1)
    assert np.allclose(full[100, :, 1], expected, atol=1e-4)


@pytest.mark.parametrize("bend", [(), ((10.0, 0.0), (25.0, 6.0), (40.0, -3.0))])
def test_the_strip_found_block_by_block_is_the_strip_pixel_by_pixel(bend: tuple) -> None:
    """``Light.at`` finds the strip along an edge on blocks first; every pixel within reach
    of the edge, even of a steeply bent one, is still blended, and none beyond."""
    rng = np.random.default_rng(3)
    lit = rng.uniform(0.6, 0.9, (60, 45, 3)).astype(np.float32)
    shaded = lit * 0.5
    normal = (float(np.cos(0.4)), float(np.sin(0.4)))
    edge = ShadowEdge(normal, 20.0, 2.5, lit, shaded, bend)
    f = round(PX_PER_MM)
    h, w = 60 * f, 45 * f
    full = Light(lit, edge).at((h, w))
    gx = (np.arange(w, dtype=np.float32) + 0.5) / f - 0.5
    gy = (np.arange(h, dtype=np.float32) + 0.5) / f - 0.5
    d = edge.distance(gx[None, :], gy[:, None])
    strip = np.abs(d) < edge.width / 2 + 2.0
    plain = cv2.resize(lit, (w, h), interpolation=cv2.INTER_LINEAR)
    assert np.array_equal(full[~strip], plain[~strip])
    ys, xs = np.nonzero(strip)
    s = np.clip(d[ys, xs] / edge.width + 0.5, 0.0, 1.0)[:, None]
    shade = cv2.resize(shaded, (w, h), interpolation=cv2.INTER_LINEAR)
    expected = plain[ys, xs] * s + shade[ys, xs] * (1.0 - s)
    assert np.allclose(full[ys, xs], expected, atol=1e-5)


def _grey_photo(page: np.ndarray) -> np.ndarray:
    """A rectified photo (8-bit sRGB, three equal channels) of a grey page in linear light."""
    s = np.where(page <= 0.0031308, page * 12.92, 1.055 * page ** (1 / 2.4) - 0.055)
    return np.repeat(np.round(s * 255).astype(np.uint8)[..., None], 3, axis=2)


def _shadowed_sheet(
    width_mm: float, bend_mm: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(photo of a blank Miro sheet, rectified, with a hard straight shadow across it, bent
    ``bend_mm`` either way as on curled paper; the paper mask; the distance of each pixel
    from the edge in mm)."""
    tpl = template_for(sheet_for("miro").sheet_code)
    h, w = tpl.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) / PX_PER_MM
    d = (xs - 0.4 * ys - 60.0) / np.hypot(1.0, 0.4)  # across the whole sheet, slanted
    d -= bend_mm * np.sin(ys / 50.0)
    light = 0.5 + 0.4 * np.clip(d / width_mm + 0.5, 0.0, 1.0)
    page = to_linear(tpl.gray) * light
    return _grey_photo(page), tpl.clear > 0, d


@pytest.mark.parametrize("width_mm", [0.8, 2.5])
def test_a_blank_sheet_under_a_hard_shadow_reads_as_paper_right_up_to_its_edge(
    width_mm: float,
) -> None:
    work, clear, d = _shadowed_sheet(width_mm)
    tpl = template_for(sheet_for("miro").sheet_code)
    light = light_field(work, tpl)
    assert light.edge is not None
    refl = reflectance(work, light).mean(axis=2)
    near = clear & (np.abs(d) < 6)
    # Paper within 6 mm of the edge: relit to within a few percent of white, everywhere.
    assert np.percentile(np.abs(refl[near] - 1.0), 99) < 0.06


@pytest.mark.parametrize("bent", [True, False])
def test_a_shadow_edge_bent_by_curled_paper_is_followed_along_its_length(
    bent: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A straight shadow on curled paper: its edge, on the rectified sheet, wanders 1.5 mm
    either side of a straight line. Fitted section by section along it, the paper near it is
    relit to white (nine pixels in ten within 3%: within 0.4% on this sheet, the worst near
    the page's top, where the edge leaves it); as one straight line, a tenth of it is off by
    10% or more."""
    if not bent:
        monkeypatch.setattr("artsheets.scanner.light._bend", lambda *args: ())
    work, clear, d = _shadowed_sheet(1.0, bend_mm=1.5)
    light = light_field(work, template_for(sheet_for("miro").sheet_code))
    assert light.edge is not None and bool(light.edge.bend) == bent
    refl = reflectance(work, light).mean(axis=2)
    near = clear & (np.abs(d) < 6)
    assert (np.percentile(np.abs(refl[near] - 1.0), 90) < 0.03) == bent


def test_a_pale_fill_on_brightly_lit_paper_clipped_in_two_channels_is_not_bleached() -> None:
    """Under a cool light the camera clips bright paper in blue and green first. Such paper
    is still paper: taken for tinted (by its unclipped red) it was no candidate for the
    light, which then came from the dimmer paper far off, and a pale neutral fill in the
    bright part read as bare paper."""
    layout = sheet_for("springer")
    tpl = template_for(layout.sheet_code)
    h, w = tpl.shape
    page = to_linear(tpl.gray).astype(np.float32)
    fill = next(r for r in layout.regions if r.id == "space-40")
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(np.asarray(fill.polygon) * PX_PER_MM).astype(np.int32)], 1)
    page = np.where(mask > 0, page * 0.8, page)  # a pale grey-brown, evenly laid
    # Brightest at the top: paper clipped in blue and green there, not at the bottom.
    level = np.linspace(1.25, 0.6, h, dtype=np.float32)[:, None]
    cast = np.array([1.2, 1.0, 0.85], np.float32)  # B, G, R: a cool light
    lin = np.clip(page[..., None] * level[..., None] * cast, 0.0, 1.0)
    s = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    work = np.round(s * 255).astype(np.uint8)
    light = light_field(work, tpl)
    refl = reflectance(work, light).min(axis=2)  # a clipped channel reads as at least paper
    inside = (mask > 0) & (tpl.clear > 0)
    assert np.median(refl[inside]) < 0.9


def test_with_all_paper_clipped_the_light_colour_is_measured_on_the_printed_ink() -> None:
    tpl = template_for(sheet_for("miro").sheet_code)
    cast = np.array([0.75, 1.0, 1.15], np.float32)  # B, G, R: a warm light
    lin = np.clip(to_linear(tpl.gray)[..., None] * 1.3 * cast, 0.0, 1.0)  # paper clipped
    s = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    light = light_field(np.round(s * 255).astype(np.uint8), tpl)
    assert light.cast_from_ink and light.clipped_channels
    colour = np.median(light.grid.reshape(-1, 3), axis=0)
    assert np.allclose(colour / colour.mean(), cast / cast.mean(), atol=0.02)


def test_a_pale_fill_clipped_in_blue_keeps_its_colour_nearer_the_truth() -> None:
    """A pale pencil fill on an overexposed photo: the camera clips blue at 0.9 of paper, so
    every pixel paler than that in blue shows 0.9. Read as paper there (to tell pencil from
    paper), the fill's mean is bluer than it is; read a little above the clip level, nearer."""
    rng = np.random.default_rng(0)
    n = 2000
    true = np.stack(
        [rng.uniform(0.8, 1.0, n), rng.uniform(0.6, 0.8, n), rng.uniform(0.7, 0.9, n)], axis=1
    ).astype(np.float32)  # B, G, R
    clip_at = 0.9
    clipped = true[:, 0] >= clip_at
    refl = true.copy()
    refl[clipped, 0] = clip_at
    srgb = np.full((n, 3), 200, np.uint8)
    srgb[clipped, 0] = 255
    blue = true[:, 0].mean()
    as_paper = censor_clipped(refl, srgb)[:, 0].mean()
    as_pencil = clipped_pencil(refl, srgb)
    assert abs(as_pencil[:, 0].mean() - blue) < 0.5 * abs(as_paper - blue)
    assert np.array_equal(as_pencil[:, 1:], refl[:, 1:])  # unclipped channels as they are
    assert (as_pencil[clipped, 0] >= clip_at).all() and (as_pencil[:, 0] <= 1.0).all()


def test_a_blank_region_lit_well_below_the_sure_paper_round_it_goes_to_review() -> None:
    """A faint fill taken for paper lights itself: its light dips below the sure paper's."""
    tpl = template_for(sheet_for("mondrian").sheet_code)
    f = round(PX_PER_MM)
    h, w = tpl.shape[0] // f, tpl.shape[1] // f
    grid = np.full((h, w, 3), 0.8, np.float32)
    regions = tpl.masks.regions
    dim = next(i for i, r in enumerate(regions) if r.kind == "space")
    lit = next(i for i, r in enumerate(regions) if r.kind == "space" and i != dim)
    x, y = (int(v) // f for v in tpl.masks.anchors[dim])
    grid[y - 2 : y + 3, x - 2 : x + 3] *= 0.7  # the faint fill, lit as paper
    readings = [Reading(None, 1.0, 0.0) for _ in regions]
    doubt_dark_paper(readings, tpl, paper_dips(Light(grid), tpl))
    assert readings[dim].reason is not None and "darker than the sure paper" in readings[dim].reason
    assert readings[dim].confidence == 0.5
    assert readings[lit].reason is None
    assert sum(r.reason is not None for r in readings) < 5  # only where the light dips
    # Across a fitted shadow edge, each side is held to its own sure paper: the shade alone
    # is no dip, the faint fill in it still is.
    shaded = grid.copy()
    shaded[:, : w // 2] *= 0.5
    edge = ShadowEdge((1.0, 0.0), w / 2, 2.0, grid, shaded)
    dips = paper_dips(Light(shaded, edge), tpl)
    assert dips is not None
    assert dips[y, x] < 0.85
    assert np.count_nonzero(dips < 0.85) <= 25


def test_a_smooth_grey_fill_is_not_taken_for_paper() -> None:
    """A large space filled in flat grey (no grain to tell it from paper, as on a noisy photo)
    is lit by the paper round the drawing, not by itself."""
    tpl = template_for(sheet_for("mondrian").sheet_code)
    masks = tpl.masks
    big = largest_space(masks)
    page = to_linear(tpl.gray) * 0.8
    inside = np.zeros(tpl.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(masks.outlines[big]).astype(np.int32)], 1)
    page[inside > 0] *= 0.7  # the fill: 30% darker than paper, perfectly smooth
    light = light_field(_grey_photo(page), tpl)
    f = round(PX_PER_MM)
    x, y = (int(v) // f for v in masks.anchors[big])
    assert light.grid[y, x].max() == pytest.approx(0.8, rel=0.05)


def _cool_overexposed(tpl: object, thumb: bool) -> np.ndarray:
    """The sheet's page under a cool light so bright that the camera clips the paper in blue
    and green (red unclipped), with a thumb (pink, unclipped) on the right margin."""
    page = to_linear(tpl.gray).astype(np.float32)  # type: ignore[attr-defined]
    cast = np.array([1.2, 1.0, 0.85], np.float32)  # B, G, R
    lin = page[..., None] * 1.02 * cast
    if thumb:
        w = page.shape[1]
        f = round(PX_PER_MM)
        lin[100 * f : 150 * f, w - 22 * f :] = np.array([0.35, 0.4, 0.55], np.float32)
    lin = np.clip(lin, 0.0, 1.0)
    s = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    return np.round(s * 255).astype(np.uint8)


def test_a_thumb_on_the_margin_of_overexposed_paper_lends_the_light_no_colour() -> None:
    """Paper clipped in blue and green says the light is at least that blue and green against
    its red. A thumb on the margin, unclipped, once passed for the only unclipped paper: the
    light took its pink cast, the paper's red was put at 1.18 and blank paper read 0.69 in
    red, coloured. Now the clipped paper's bounds keep the thumb out, and blank reads blank."""
    tpl = template_for(sheet_for("delaunay").sheet_code)
    cast = np.array([1.2, 1.0, 0.85], np.float32)
    for thumb in (False, True):
        work = _cool_overexposed(tpl, thumb)
        light = light_field(work, tpl)
        assert set(light.clipped_channels) == {"B", "G"}
        colour = np.median(light.grid[tpl.paper_small], axis=0)
        assert np.allclose(colour / colour.mean(), cast / cast.mean(), atol=0.03)
        blank = (tpl.clear > 0) & (tpl.gray > 250)
        red = reflectance(work, light)[..., 2][blank]
        assert np.median(red) > 0.95


def _bright_at_the_top(fill_id: str, fill: float) -> tuple[object, np.ndarray, np.ndarray]:
    """(template, photo, the fill's mask): a neutral light falling from 1.4 times paper at
    the top of the page to 0.7 at the bottom, so the paper is clipped white in every
    channel over the top half, and space ``fill_id`` filled with a grey ``fill`` of paper."""
    layout = sheet_for("springer")
    tpl = template_for(layout.sheet_code)
    h, w = tpl.shape
    page = to_linear(tpl.gray).astype(np.float32)
    region = next(r for r in layout.regions if r.id == fill_id)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(np.asarray(region.polygon) * PX_PER_MM).astype(np.int32)], 1)
    page = np.where(mask > 0, page * fill, page)
    level = np.linspace(1.4, 0.7, h, dtype=np.float32)[:, None, None]
    lin = np.clip(page[..., None] * level * np.ones(3, np.float32), 0.0, 1.0)
    s = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    return tpl, np.round(s * 255).astype(np.uint8), (mask > 0) & (tpl.clear > 0)


def _top_space() -> str:
    """A space in the top quarter of the Springer sheet (paper white there, below)."""
    layout = sheet_for("springer")
    tpl = template_for(layout.sheet_code)
    h = tpl.shape[0]
    for r, anchor in zip(tpl.masks.regions, tpl.masks.anchors, strict=True):
        if r.id.startswith("space") and anchor[1] < 0.3 * h:
            return r.id
    raise AssertionError("no space near the top")


def test_a_fill_on_paper_white_in_every_channel_reads_as_dark_as_it_is() -> None:
    """Paper clipped in all three channels shows only "at least this bright"; divided by the
    clip level, a grey fill at 0.6 of paper there (1.4 times as bright as the clip) read
    0.85. The light's fall-off over the paper where it is not clipped says how bright."""
    tpl, work, inside = _bright_at_the_top(_top_space(), 0.6)
    light = light_field(work, tpl)
    assert light.clipped_channels
    refl = reflectance(work, light).mean(axis=2)
    assert abs(float(np.median(refl[inside])) - 0.6) < 0.06


def test_a_blank_space_where_a_pale_pencil_would_wash_out_goes_to_review() -> None:
    tpl, work, _ = _bright_at_the_top(_top_space(), 1.0)
    light = light_field(work, tpl)
    readings = [Reading(None, 0.99, 0.0) for _ in tpl.masks.regions]  # all read blank
    note = doubt_washed_out(readings, tpl, light, DEFAULT)
    assert note is None  # the brightness is measured (on the paper lower down)
    h = tpl.shape[0]
    for rd, anchor in zip(readings, tpl.masks.anchors, strict=True):
        if anchor[1] < 0.15 * h:  # 1.4-1.3 times the clip level: up to 29 % darker hides
            assert rd.confidence <= 0.5 and "overexposed" in (rd.reason or "")
        elif anchor[1] > 0.5 * h:  # not clipped
            assert rd.reason is None


@pytest.mark.parametrize("turns", [0, 2])
def test_an_edge_whose_strip_gives_its_direction_a_little_off_is_turned_onto_it(
    turns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The strip's blocks give the edge's direction; where the strip is short beside the
    edge (it crosses a field of fills) that direction can be a few degrees off, and the
    edge then lies millimetres off the line where the strip ends: further than a section
    of the bend reaches. Turned to the trend of the bend's sections, the line follows the
    edge, and the paper near it is relit to white along its whole length."""
    import artsheets.scanner.light as light_module

    work, clear, d = _shadowed_sheet(1.0)
    true_line = light_module._shadow_line

    def off_by_three_degrees(*args: object, **kwargs: object) -> tuple[np.ndarray, float] | None:
        line = true_line(*args, **kwargs)
        if line is None:
            return None
        (n0, n1), offset = line
        c, s = np.cos(np.radians(3.0)), np.sin(np.radians(3.0))
        normal = np.array([c * n0 - s * n1, s * n0 + c * n1])
        # Turned about the point of the edge at the sheet's middle height (148 mm).
        x0 = (offset - n1 * 148.0) / n0
        return normal, float(normal @ np.array([x0, 148.0]))

    monkeypatch.setattr(light_module, "_shadow_line", off_by_three_degrees)
    tpl = template_for(sheet_for("miro").sheet_code)
    light = light_field(work, tpl, config=replace(DEFAULT, edge_turns=turns))
    assert light.edge is not None
    refl = reflectance(work, light).mean(axis=2)
    near = clear & (np.abs(d) < 6)
    worst = float(np.percentile(np.abs(refl[near] - 1.0), 99))
    assert (worst < 0.06) == (turns > 0), worst
