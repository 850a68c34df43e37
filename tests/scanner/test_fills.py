"""The coverage of fills and ticks: what is surely marked, surely blank, or in doubt."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Palette, Reading, _classify_once, style_of
from artsheets.scanner.config import DEFAULT, ScannerConfig, Style
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for

KEYS = {1: (0.30, 0.35, 0.80), 2: (0.75, 0.45, 0.25)}  # linear BGR: red, blue


def _read(
    game: str, style: Style, ink: dict[int, float], core: dict[int, tuple[float, float]] | None
) -> tuple[list[int], list[Reading]]:
    """Read the first few regions of a ``game``'s sheet marked in ``style``, each of 240
    measured pixels, ``ink`` of them pencil in colour 1 and its core (pixels, pencil) as
    given."""
    tpl = template_for(sheet_for(game).sheet_code)
    regions = tpl.masks.regions
    n = len(regions)
    styles = [style_of(r.kind, r.extra.get("role"), False) for r in regions]
    chosen = [i for i, st in enumerate(styles) if st is style][: len(ink)]
    mean = np.ones((n, 3))
    ink_px, core_n, core_ink = np.zeros(n), np.zeros(n), np.zeros(n)
    for j, i in enumerate(chosen):
        ink_px[i] = ink[j]
        mean[i] = KEYS[1]
        if core is not None:
            core_n[i], core_ink[i] = core[j]
    stats = region_stats(
        ink_px,
        mean,
        core_n=core_n if core is not None else None,
        core_ink=core_ink if core is not None else None,
    )
    palette = Palette(colours={k: np.array(c) for k, c in KEYS.items()})
    readings = _classify_once(stats, {DEFAULT.fill: palette}, tpl, styles, None)
    return chosen, readings


def test_a_hurried_scribble_reaching_the_core_is_surely_marked() -> None:
    # A third of each space covered: one scribble reaches the core (0.3 of it covered), the
    # other's pencil lies on the rim (a neighbour's felt tip, 0.08 of the core): the first
    # is read surely, the second stays in doubt.
    chosen, readings = _read(
        "springer", DEFAULT.fill, {0: 80.0, 1: 80.0}, {0: (100, 30), 1: (100, 8)}
    )
    scribble, rim = (readings[i] for i in chosen)
    assert scribble.color == 1 and scribble.reason is None
    assert scribble.confidence >= DEFAULT.review_below
    assert rim.color == 1 and rim.confidence < DEFAULT.review_below


def test_a_fill_with_no_core_to_judge_by_keeps_the_coverage_ramp() -> None:
    chosen, readings = _read("springer", DEFAULT.fill, {0: 80.0}, {0: (10, 10)})  # core too small
    assert readings[chosen[0]].confidence < DEFAULT.review_below


def test_a_faint_speck_in_a_tick_box_is_surely_blank() -> None:
    # 0.1 of a box covered (a speck, a shadow's grain): blank, surely; 0.15: blank, in doubt.
    chosen, readings = _read("mondrian", DEFAULT.tick, {0: 24.0, 1: 36.0}, None)
    assert len(chosen) == 2
    speck, smudge = (readings[i] for i in chosen)
    assert speck.color is None and speck.reason is None
    assert smudge.color is None and smudge.confidence < DEFAULT.review_below


def test_the_mark_styles_are_settings() -> None:
    config = ScannerConfig(tick=DEFAULT.fill)
    assert style_of("score_box", "point", False, config) is DEFAULT.fill
    assert style_of("score_box", "point", False) is DEFAULT.tick
