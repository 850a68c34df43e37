"""Hand-made measurements for unit tests of the reading step: the region statistics the
measurement would give, without a photo."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from artsheets.generator.layout import Layout
from artsheets.scanner import colours
from artsheets.scanner.colours import Palette, Reading, RegionStats, _reread_lines, style_of
from artsheets.scanner.config import DEFAULT, ScannerConfig, Style
from artsheets.scanner.lines import LineFit
from artsheets.scanner.regions import RegionMasks
from artsheets.scanner.template import Template, template_for

from .simulator import sheet_for


def region_stats(
    ink: np.ndarray,
    mean: np.ndarray,
    pixels: float = 240.0,
    core_n: np.ndarray | None = None,
    core_ink: np.ndarray | None = None,
) -> RegionStats:
    """Statistics of ``len(ink)`` regions of ``pixels`` measured pixels each, ``ink`` of them
    pencil of mean colour ``mean`` (linear BGR), fully seen, no traced-line pixels; with a
    core (pixels, pencil pixels) where given."""
    n = len(ink)
    return RegionStats(
        n=np.full(n, pixels),
        ink=np.asarray(ink, dtype=float),
        mean=mean,
        tint=np.zeros((n, 2)),
        seen=np.ones(n),
        line_px=np.zeros(0, np.int64),
        line_refl=np.zeros((0, 3)),
        core_n=core_n,
        core_ink=core_ink,
    )


def unmarked_sheet(game: str) -> tuple[Template, np.ndarray, np.ndarray]:
    """A game's template and its regions' measurements with nothing on them: each region's
    mean colour paper (ones, linear BGR relative to paper) and no pencil pixels, for a test
    to colour the regions it needs (then :func:`region_stats`)."""
    tpl = template_for(sheet_for(game).sheet_code)
    n = len(tpl.masks.regions)
    return tpl, np.ones((n, 3)), np.zeros(n)


def reread_one_segment(
    monkeypatch: pytest.MonkeyPatch,
    read: Reading,
    fit: LineFit,
    palette: Palette,
    along: list[list[int]],
    layout: Layout | None = None,
    small_photo: bool = False,
) -> Reading:
    """One traced segment (region 0, measured as ``read``, fitted as ``fit``; ``along``: the
    pieces it meets on its printed line) through the line step of :func:`colours.classify`."""
    monkeypatch.setattr(colours, "fit_lines", lambda *a, **k: {0: fit})
    stats = SimpleNamespace(
        line_px=np.arange(4),
        line_refl=np.full((4, 3), 0.5),
        mean=np.ones((1, 3)),
        line_unsmeared=None,
    )
    masks = SimpleNamespace(
        host=np.full(4, -1),
        owner=np.zeros(4, np.int64),
        line_mm=np.zeros(4),
        regions=[None],
        along=along,
        ids=["segment-1"],
    )
    out = _reread_lines(
        stats,
        SimpleNamespace(masks=masks, layout=layout),
        [read],
        [read],
        palette,
        15.0,
        DEFAULT,
        small_photo,
    )
    return out[0]


def one_fill(
    game: str, colour: np.ndarray, config: ScannerConfig = DEFAULT
) -> tuple[Template, list[Style], int, RegionStats]:
    """A standard sheet of ``game`` with its first fill-style region fully pencilled (240
    working pixels) in ``colour`` (linear BGR) and nothing else marked: its template, every
    region's style, that region's index and the statistics."""
    tpl = template_for(sheet_for(game).sheet_code)
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), False, config) for r in regions]
    i = next(j for j, st in enumerate(styles) if st is config.fill)
    mean = np.ones((len(regions), 3))
    mean[i] = colour
    ink = np.zeros(len(regions))
    ink[i] = 240.0
    return tpl, styles, i, region_stats(ink, mean)


def largest_space(masks: RegionMasks) -> int:
    """The index of a sheet's largest space (by its area before erosion)."""
    return int(
        np.argmax(
            [
                a if r.kind == "space" else 0
                for r, a in zip(masks.regions, masks.full_area, strict=True)
            ]
        )
    )
