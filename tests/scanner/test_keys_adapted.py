"""The colour keys adapted to the sheet's own marks (``scanner/keys.py``): a key whose
pencil marks are all duller than its swatch, next to a duller key, has its fills read as its
own once the key is learned from the sheet's sure fills; a few marks cannot move a key far;
keys without sure marks, or learned from the marks already, stay as they are."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from artsheets.scanner.colours import Palette, Reading, classify, curve_distances, style_of
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.keys import adapt_palette, mark_directions
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for


def _linear(lab: tuple[float, float, float]) -> np.ndarray:
    """Linear BGR of a CIELAB colour."""
    px = np.array(lab, np.float32).reshape(1, 1, 3)
    return cv2.cvtColor(px, cv2.COLOR_Lab2LBGR).reshape(3).astype(np.float64)


# A green and a grey-green key, as printed; pencil hatching of the green shows about half
# its swatch's chroma at its lightness, the grey-green's marks about as the swatch's.
KEYS = {1: _linear((74.0, -16.0, 10.0)), 2: _linear((71.0, -4.0, 2.0))}
GREEN = [(82.0, -7.5, 3.9), (81.0, -9.5, 5.5), (83.0, -8.0, 4.0), (80.0, -10.5, 6.0)]
DULLEST = (82.0, -5.6, 2.9)  # the dullest green mark: nearer the grey-green's curve
GREY = [(77.6, -2.3, 1.2), (78.0, -2.6, 1.3), (76.0, -2.0, 1.5)]


def _sheet(marks: list[tuple[float, float, float]]):
    """A Mondrian sheet's fills (keys left out) pencilled in ``marks``, the rest blank: the
    template, the statistics and the indices of the marked fills, in order."""
    tpl = template_for(sheet_for("mondrian").sheet_code)
    regions = tpl.masks.regions
    fills = [
        j
        for j, r in enumerate(regions)
        if style_of(r.kind, r.extra.get("role"), False, DEFAULT) is DEFAULT.fill and r.kind != "key"
    ][: len(marks)]
    mean = np.ones((len(regions), 3))
    ink = np.zeros(len(regions))
    for j, lab in zip(fills, marks, strict=True):
        mean[j] = _linear(lab)
        ink[j] = 240.0
    return tpl, region_stats(ink, mean), fills


def _palette() -> Palette:
    return Palette(colours={k: c.copy() for k, c in KEYS.items()}, source={1: "key", 2: "key"})


def _read(marks, config: ScannerConfig = DEFAULT) -> list[Reading]:
    tpl, stats, fills = _sheet(marks)
    out = classify(stats, _palette(), tpl, False, config=config)
    return [out[j] for j in fills]


def test_a_key_duller_than_its_swatch_is_read_as_its_own() -> None:
    marks = GREEN * 4 + [DULLEST] + GREY * 4
    off = _read(marks, replace(DEFAULT, keys_adapt=False))
    on = _read(marks)
    dullest = len(GREEN) * 4
    # Against the swatches the dullest green reads grey-green; against the keys the sheet's
    # sure fills show it reads green (still doubted: it lies between the two), and every
    # other mark reads as drawn, surely, the greens more surely than before.
    assert off[dullest].color == 2 and on[dullest].color == 1
    rest = on[:dullest] + on[dullest + 1 :]
    assert [rd.color for rd in rest] == [1] * dullest + [2] * len(GREY) * 4
    assert all(rd.reason is None for rd in rest)
    assert min(rd.confidence for rd in on[:dullest]) > min(rd.confidence for rd in off[:dullest])


def _adapted(marks, config: ScannerConfig = DEFAULT, palette: Palette | None = None):
    tpl, stats, _ = _sheet(marks)
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), False, config) for r in regions]
    pal = palette or _palette()
    first = classify(stats, pal, tpl, False, config=replace(config, keys_adapt=False))
    return pal, adapt_palette(pal, stats, first, styles, regions, config, curve_distances)


def _angle(a: np.ndarray, b: np.ndarray) -> float:
    """Angle between two colours' absorbance directions (radians)."""
    u, v = mark_directions(np.array([a, b]))
    return float(np.arccos(np.clip(u @ v, -1.0, 1.0)))


def test_the_swatch_holds_a_key_against_a_few_marks() -> None:
    _, many = _adapted(GREEN * 6)
    _, few = _adapted(GREEN + GREEN[1:2])
    marks = np.mean([_linear(m) for m in GREEN], axis=0)
    full = _angle(KEYS[1], marks)
    # Many marks move the key most of the way to their own direction, five less.
    assert _angle(many.colours[1], marks) < 0.5 * full
    assert 0.6 * full < _angle(few.colours[1], marks) < full
    # The key keeps its darkness at full pressure (the pressures take the marks' lightness).
    for pal in (many, few):
        assert np.isclose(np.linalg.norm(1 - pal.colours[1]), np.linalg.norm(1 - KEYS[1]))
    # A key with no sure marks stays its swatch.
    assert np.array_equal(many.colours[2], KEYS[2])


def test_too_few_marks_or_a_learned_key_stay_as_they_are() -> None:
    pal, same = _adapted(GREEN[:2])  # fewer than ``keys_least_marks``
    assert same is pal
    learned = _palette()
    learned.source = {1: "boxes", 2: "key"}
    _, kept = _adapted(GREEN * 6, palette=learned)
    assert np.array_equal(kept.colours[1], KEYS[1])
    # While a colour in play is unknown, its marks read loosely as a known key's: no key
    # learns from them.
    unknown = _palette()
    unknown.unknown = {3}
    pal, same = _adapted(GREEN * 6, palette=unknown)
    assert same is pal


def test_adaptation_off_reads_against_the_swatches() -> None:
    marks = GREEN * 4 + GREY * 4
    tpl, stats, _ = _sheet(marks)
    off = replace(DEFAULT, keys_adapt=False)
    a = classify(stats, _palette(), tpl, False, config=off)
    b = classify(stats, _palette(), tpl, False, config=replace(off, keys_prior_marks=1.0))
    assert a == b  # the key settings act only through the adaptation
