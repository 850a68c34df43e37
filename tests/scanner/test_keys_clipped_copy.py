"""Keys in a small, overexposed copy (``scanner/keys.py``): fills with pencil clipped at the
camera's white teach their key where the photo is a small copy and the fill spans a chroma
block or more; elsewhere (a sharp photo, a mark smaller than a block) they do not, and the
traced lines keep the keys the unclipped fills show."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Palette, _distances, classify, style_of
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.keys import adapt_palette

from .test_keys_adapted import DULLEST, GREEN, GREY, KEYS, _angle, _linear, _sheet

SMALL_PX_PER_MM = 2.5  # a messaging app's copy: under ``grey_min_px_per_mm``
FILL_PIXELS = 6000.0  # working pixels (5 a mm): 3.7 chroma blocks at 2.5 photo pixels a mm


def _clipped(marks):
    """The fills of :func:`_sheet`, large, every one with some pencil clipped (its colour
    only bounded: a little either side of its likely value)."""
    tpl, stats, fills = _sheet(marks)
    low, high = stats.mean - 0.01, stats.mean + 0.01
    stats = replace(stats, n=np.full(len(stats.n), FILL_PIXELS), low=low, high=high)
    stats = replace(stats, ink=np.where(stats.ink > 0, FILL_PIXELS, 0.0))
    assert stats.censored[fills].all()
    return tpl, stats, fills


def _palette() -> Palette:
    return Palette(colours={k: c.copy() for k, c in KEYS.items()}, source={1: "key", 2: "key"})


def _adapt(blocks: float | None) -> tuple[Palette, Palette]:
    tpl, stats, _ = _clipped(GREEN * 6)
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), False, DEFAULT) for r in regions]
    pal = _palette()
    first = classify(stats, pal, tpl, False, config=replace(DEFAULT, keys_adapt=False))
    copy = None if blocks is None else np.full(len(regions), blocks)
    return pal, adapt_palette(pal, stats, first, styles, regions, DEFAULT, _distances, copy)


def test_clipped_fills_teach_their_key_only_in_a_small_copy() -> None:
    marks = np.mean([_linear(m) for m in GREEN], axis=0)
    pal, sharp = _adapt(None)  # a sharp photo: clipped fills teach nothing
    assert sharp is pal
    pal, small_marks = _adapt(0.5)  # under a chroma block: mostly the paper's chroma
    assert small_marks is pal
    _, copy = _adapt(2.0)
    assert _angle(copy.colours[1], marks) < 0.5 * _angle(KEYS[1], marks)
    assert np.array_equal(copy.colours[2], KEYS[2])  # no sure marks of its own


def test_a_small_copys_clipped_fills_read_as_their_own_key() -> None:
    marks = GREEN * 4 + [DULLEST] + GREY * 4
    tpl, stats, fills = _clipped(marks)
    dullest = fills[len(GREEN) * 4]

    def read(grey_veto: bool) -> int | None:
        out = classify(
            stats,
            _palette(),
            tpl,
            False,
            grey_veto=grey_veto,
            config=DEFAULT,
            photo_px_per_mm=SMALL_PX_PER_MM,
        )
        return out[dullest].color

    # Read as a sharp photo's (the clipped fills do not move the green key) the dullest
    # green reads grey-green; as a small copy's, against the key its fills show, green.
    assert read(True) == 2
    assert read(False) == 1
