"""PDF, SVG and PNG are produced, parse, and agree with the layout to within 0.1 mm.

Agreement is measured, not assumed: OpenCV finds the four ArUco markers in our PNG and in the
PDF rasterised by PDFium, and their centres must sit where the layout says; the SVG's numbers
are parsed back and compared with the drawing primitives; the QR code decodes to the sheet code.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import cv2
import numpy as np
import pypdfium2
import pytest
from PIL import Image

from artsheets.generator.furniture import QR_FOOT_CORNER_MM, QR_HEAD_CORNER_MM
from artsheets.generator.layout import Circle, Layout, Path, Text
from artsheets.generator.render_pdf import render_pdf
from artsheets.generator.render_png import render_image, render_png
from artsheets.generator.render_svg import render_svg
from tests.conftest import sample_cases, sample_layout

DPI = 300
CASES = sample_cases()


def marker_centres_mm(gray: np.ndarray, dpi: int) -> dict[int, tuple[float, float]]:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params
    )
    corners, ids, _ = detector.detectMarkers(gray)
    assert ids is not None, "no marker found"
    px_to_mm = 25.4 / dpi
    # Pixel centres sit at +0.5: pixel (0, 0) covers 0..1 on the page.
    return {
        int(i): tuple(((c[0].mean(axis=0) + 0.5) * px_to_mm).tolist())
        for c, i in zip(corners, ids.ravel(), strict=True)
    }


def assert_markers_where_layout_says(layout: Layout, gray: np.ndarray) -> None:
    found = marker_centres_mm(gray, DPI)
    assert sorted(found) == [0, 1, 2, 3]
    for m in layout.markers:
        dx = found[m.id][0] - m.center[0]
        dy = found[m.id][1] - m.center[1]
        assert (dx * dx + dy * dy) ** 0.5 < 0.1, f"marker {m.id} off by ({dx:.3f}, {dy:.3f}) mm"


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_png_markers_and_qr(game: str, seed: int | None) -> None:
    layout = sample_layout(game, seed)
    img = render_image(layout, DPI)
    w, h = img.size
    assert abs(w - layout.page.width_mm / 25.4 * DPI) <= 1
    assert abs(h - layout.page.height_mm / 25.4 * DPI) <= 1
    gray = np.asarray(img.convert("L"))
    assert_markers_where_layout_says(layout, gray)
    assert qr_texts(layout, gray, DPI) == [layout.sheet_code] * 2


def qr_texts(layout: Layout, gray: np.ndarray, dpi: int) -> list[str]:
    """The footer and header QR codes' texts, each read from a 26 mm square round the place
    the furniture gives it, with a white border added (OpenCV reads two codes on a whole page
    unreliably, and a code near the crop's edge sometimes not at all)."""
    px = dpi / 25.4
    texts = []
    for marker, (dx, dy), grows in ((3, QR_FOOT_CORNER_MM, 1), (1, QR_HEAD_CORNER_MM, -1)):
        cx, cy = layout.markers[marker].center
        x0 = cx + dx - 3.0 if grows > 0 else cx + dx + 3.0 - 26.0
        y0 = cy + dy - 3.0
        crop = gray[
            round(y0 * px) : round((y0 + 26.0) * px), round(x0 * px) : round((x0 + 26.0) * px)
        ]
        crop = cv2.copyMakeBorder(crop, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)
        texts.append(cv2.QRCodeDetector().detectAndDecode(crop)[0])
    return texts


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_pdf_parses_and_agrees_with_png(game: str, seed: int | None) -> None:
    layout = sample_layout(game, seed)
    pdf = pypdfium2.PdfDocument(render_pdf(layout))
    assert len(pdf) == 1
    page = pdf[0]
    w_pt, h_pt = page.get_size()
    assert abs(w_pt - layout.page.width_mm / 25.4 * 72) < 0.01
    assert abs(h_pt - layout.page.height_mm / 25.4 * 72) < 0.01
    raster = np.asarray(page.render(scale=DPI / 72).to_pil().convert("L"))
    assert_markers_where_layout_says(layout, raster)
    # The two rasterisations agree overall: same ink in the same places.
    ours = np.asarray(render_image(layout, DPI).convert("L"), dtype=np.float32)
    theirs = raster.astype(np.float32)[: ours.shape[0], : ours.shape[1]]
    blur = (5, 5)
    diff = np.abs(cv2.blur(ours, blur) - cv2.blur(theirs, blur))
    assert float(diff.mean()) < 2.0, f"PDF and PNG differ on average by {diff.mean():.2f}/255"
    assert float((diff > 96).mean()) < 0.002


def _svg_numbers(d: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)]


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_svg_parses_and_carries_the_layout_numbers(game: str, seed: int | None) -> None:
    layout = sample_layout(game, seed)
    svg = render_svg(layout)
    root = ET.fromstring(svg)
    box = [float(v) for v in root.get("viewBox").replace(",", " ").split()]
    assert box == [0.0, 0.0, layout.page.width_mm, layout.page.height_mm]
    ns = "{http://www.w3.org/2000/svg}"
    shapes = [e for e in root.iter() if e.tag in (f"{ns}path", f"{ns}circle", f"{ns}text")]
    assert len(shapes) == len(layout.drawing)
    for elem, prim in zip(shapes, layout.drawing, strict=True):
        if isinstance(prim, Path):
            want = [v for pt in prim.points for v in pt]
            got = _svg_numbers(elem.get("d"))
            assert np.allclose(got, want, atol=0.005)
        elif isinstance(prim, Circle):
            got = [float(elem.get(k)) for k in ("cx", "cy", "r")]
            assert np.allclose(got, [*prim.center, prim.r], atol=0.005)
        elif isinstance(prim, Text):
            assert elem.text == prim.text
            assert np.allclose([float(elem.get("x")), float(elem.get("y"))], prim.pos, atol=0.005)


@pytest.mark.parametrize(("game", "seed"), CASES[:3])
def test_png_file_is_a_png_at_the_asked_dpi(game: str, seed: int | None) -> None:
    layout = sample_layout(game, seed)
    data = render_png(layout, 150)
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    assert round(img.info["dpi"][0]) == 150
    assert abs(img.size[0] - layout.page.width_mm / 25.4 * 150) <= 1


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_same_input_same_bytes(game: str, seed: int | None) -> None:
    from artsheets.generator.registry import build_layout

    a = build_layout(game, seed, {}, "a4")
    b = build_layout(game, seed, {}, "a4")
    assert a.to_json() == b.to_json()
    assert render_svg(a) == render_svg(b)
    assert render_pdf(a) == render_pdf(b)
