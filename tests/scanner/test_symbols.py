"""A written symbol's shape says whose it is: in Move In Synch player 1 writes X, player 2
writes O, so a space's X or O is evidence of its colour beside the pencil's hue."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from artsheets.scanner.colours import (
    Palette,
    _classify_once,
    _shape_loglik,
    learn_palette,
    measure,
    style_of,
)
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import Light
from artsheets.scanner.template import PX_PER_MM, template_for

from .fakes import region_stats
from .simulator import sheet_for

KEY_1, KEY_2 = (0.30, 0.35, 0.80), (0.30, 0.50, 0.80)  # linear BGR: two close keys


def _synch() -> tuple[object, list[str]]:
    tpl = template_for(sheet_for("synch").sheet_code)
    return tpl, [r.id for r in tpl.masks.regions]


def _space(tpl: object, rid: str) -> tuple[np.ndarray, float]:
    """A space's centre (working pixels) and half its side."""
    r = next(r for r in tpl.masks.regions if r.id == rid)
    pts = np.asarray(r.polygon) * PX_PER_MM
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return (lo + hi) / 2, float((hi - lo).min()) / 2


def test_an_x_is_darker_at_its_centre_and_an_o_on_its_ring() -> None:
    """The measurement of a drawn X and a drawn O under an even grey cast (a shadow the light
    did not model darkens the whole space): the X's centre is the darker, the O's ring."""
    tpl, ids = _synch()
    img = cv2.cvtColor(tpl.gray, cv2.COLOR_GRAY2BGR)
    for rid in ("space-12", "space-13"):
        (cx, cy), half = _space(tpl, rid)
        x0, y0, x1, y1 = (int(v) for v in (cx - half, cy - half, cx + half, cy + half))
        img[y0:y1, x0:x1] = np.minimum(img[y0:y1, x0:x1], 200)  # the shadow's grey
    (cx, cy), half = _space(tpl, "space-12")
    m = 0.56 * half
    for sx in (-1, 1):
        p0 = (int(cx - m), int(cy - sx * m))
        p1 = (int(cx + m), int(cy + sx * m))
        cv2.line(img, p0, p1, (150, 90, 60), 3)
    (cx, cy), half = _space(tpl, "space-13")
    cv2.circle(img, (int(cx), int(cy)), int(0.6 * half), (150, 90, 60), 3)
    h, w = tpl.shape
    f = round(PX_PER_MM)
    light = Light(np.ones((h // f, w // f, 3), np.float32))
    stats = measure(img, light, tpl, symbols=True)
    assert stats.shape is not None
    c_x, r_x = stats.shape[ids.index("space-12")]
    c_o, r_o = stats.shape[ids.index("space-13")]
    assert c_x > r_x and r_o > c_o, (c_x, r_x, c_o, r_o)
    assert measure(img, light, tpl).shape is None  # only asked for in a symbol game


def _read(shape: tuple[float, float] | None) -> object:
    """Read one symbol space whose pencil's mean colour lies halfway between the two keys,
    with the darkening at its centre and ring ``shape`` (None: not measured)."""
    tpl, ids = _synch()
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), True) for r in regions]
    i = ids.index("space-12")
    mean = np.ones((len(regions), 3))
    mean[i] = [(a + b) / 2 for a, b in zip(KEY_1, KEY_2, strict=True)]
    ink = np.zeros(len(regions))
    ink[i] = 60.0  # a quarter of the space: strokes
    stats = region_stats(ink, mean)
    if shape is not None:
        zones = np.zeros((len(regions), 2))
        zones[i] = shape
        stats = replace(stats, shape=zones)
    palette = Palette(colours={1: np.array(KEY_1), 2: np.array(KEY_2)})
    keys = list(palette.colours)
    shape_ll = _shape_loglik(stats, keys, ("X", "O"), DEFAULT)
    return _classify_once(stats, {DEFAULT.fill: palette}, tpl, styles, None, shape_ll=shape_ll)[i]


def test_a_symbol_between_two_colours_is_read_by_its_shape() -> None:
    # Its hue alone is in doubt; an X (darker centre) is player 1's, an O player 2's.
    alone = _read(None)
    assert alone.confidence < DEFAULT.review_below
    cross, ring = _read((30.0, 8.0)), _read((1.0, 25.0))
    assert cross.color == 1 and cross.confidence >= DEFAULT.review_below
    assert ring.color == 2 and ring.confidence >= DEFAULT.review_below


def test_an_even_darkening_says_nothing_of_the_symbol() -> None:
    # A space as dark at its centre as on its ring (a blank space under a shadow's grey):
    # no log-odds either way.
    _, ids = _synch()
    n = len(ids)
    stats = replace(region_stats(np.zeros(n), np.ones((n, 3))), shape=np.full((n, 2), 12.0))
    ll = _shape_loglik(stats, [1, 2], ("X", "O"), DEFAULT)
    assert ll is not None and np.abs(ll).max() == 0.0
    # Colours that write no X or O (another game) get nothing from a shape.
    assert _shape_loglik(stats, [1, 2], (), DEFAULT) is None


def test_a_blank_key_is_learned_from_its_players_symbols() -> None:
    """Key 2 is out of the photo; player 2's Os show his colour as his score boxes would."""
    tpl, ids = _synch()
    regions = tpl.masks.regions
    n = len(regions)
    mean, ink, zones = np.ones((n, 3)), np.zeros(n), np.zeros((n, 2))
    key_1 = ids.index("key-1")
    mean[key_1], ink[key_1] = KEY_1, 240.0
    spaces = [i for i, r in enumerate(regions) if r.kind == "space"]
    for j, i in enumerate(spaces[:8]):
        x = j % 2 == 0
        mean[i], ink[i] = (KEY_1 if x else KEY_2), 60.0
        zones[i] = (30.0, 8.0) if x else (1.0, 25.0)
    stats = replace(region_stats(ink, mean), shape=zones)
    palette = learn_palette(stats, tpl, [1, 2], True, shapes=("X", "O"))
    assert palette.source == {1: "key", 2: "symbols"}
    np.testing.assert_allclose(palette.colours[2], KEY_2)
    # Without the symbols' shapes the colour is not learned from them.
    assert learn_palette(stats, tpl, [1, 2], True).source.get(2) != "symbols"
