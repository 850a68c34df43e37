"""Shortcuts taken for speed give exactly what the plain computation gives: the order search
of a reading changed in a few regions, the refinement's tiles worth matching, a shadow edge's
bend."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.light import _bend, _ramp
from artsheets.scanner.refine import _structured
from artsheets.scanner.scoring import order_search, order_searcher

from .test_mend import _arp_sheet


def test_an_order_searcher_answers_as_the_search_of_the_changed_reading() -> None:
    """Changes to colours and to blank, of pieces and of regions outside the position, with
    budgets that cut searches short: every answer equals ``order_search``'s."""
    layout, _, colours, _ = _arp_sheet()
    search = order_searcher(layout, colours, None)
    pieces = sorted(layout.topology.data["pieces"].values(), key=len)[-1]
    changes: list[dict[str, int | None]] = [{}, {"key-1": 2}]
    for k, piece in enumerate(pieces[:6]):
        changes += [{piece: (colours[piece] or 0) % 4 + 1}, {piece: None}]
        changes.append(dict.fromkeys(pieces[k : k + 3], k % 4 + 1))
    for change in changes:
        for budget in (None, 1, 50):
            want = order_search(layout, colours | change, None, budget)
            assert search(change, budget) == want, (change, budget)


def _plain(templ: np.ndarray, ys: list[int], xs: list[int], tile: int) -> np.ndarray:
    out = np.zeros((len(ys), len(xs)), bool)
    for i, y in enumerate(ys):
        for j, x in enumerate(xs):
            t = templ[y : y + tile, x : x + tile]
            out[i, j] = t.std() >= 6.0 and np.count_nonzero(t > 40) >= tile
    return out


def test_tiles_worth_matching_are_those_the_tile_by_tile_test_finds() -> None:
    """Whole-number strokes as the refinement makes them, with tiles whose spread is exactly
    the bar (6.0), just below and above it, blank, and random."""
    rng = np.random.default_rng(0)
    tile = 20
    templ = rng.integers(0, 4, (200, 260)).astype(np.float32)
    templ[10:30, 10:30] = np.where(np.indices((20, 20)).sum(0) % 2, 12.0, 0.0)  # std 6.0
    templ[10:30, 50:70] = np.where(np.indices((20, 20)).sum(0) % 2, 53.0, 41.0)  # std 6.0
    templ[50:70, 10:30] = np.where(np.indices((20, 20)).sum(0) % 2, 52.0, 41.0)  # 5.5
    templ[50:70, 50:70] = 0.0
    templ[90:200, :] = rng.integers(0, 255, (110, 260)).astype(np.float32)
    ys = [*range(0, 200 - tile, 10), 5]
    xs = [*range(0, 260 - tile, 10), 7]
    got = _structured(templ, np.array(ys, np.int64), np.array(xs, np.int64), tile)
    want = _plain(templ, ys, xs, tile)
    assert want.any() and not want.all()
    assert np.array_equal(got, want)


def _plain_bend(
    along: np.ndarray, d: np.ndarray, level: np.ndarray, width: float, config: ScannerConfig
) -> tuple[tuple[float, float], ...]:
    """The bend as it was first written: every section's pixels picked from all of them."""
    out: list[tuple[float, float]] = []
    section = config.bend_section_mm
    steps = np.arange(-config.bend_max_mm, config.bend_max_mm + 0.01, 0.1)[:, None]
    for start in np.arange(float(along.min()), float(along.max()), config.bend_step_mm):
        sel = (along >= start) & (along < start + section) & (np.abs(d) <= 4.0)
        bins = np.round(d[sel] / 0.2).astype(int)
        centres = np.unique(bins)
        if (centres < -3).sum() < 3 or (centres > 3).sum() < 3:
            continue
        profile = np.array([np.median(level[sel][bins == c]) for c in centres])
        err = ((profile[None, :] - _ramp(centres[None, :] * 0.2 - steps, width)) ** 2).sum(axis=1)
        out.append((float(start + section / 2), float(steps[int(np.argmin(err)), 0])))
    return tuple(out)


def test_a_shadow_edges_bend_is_the_one_every_section_picked_from_all_pixels_gives() -> None:
    rng = np.random.default_rng(1)
    bent = 0
    for _ in range(100):
        n = int(rng.integers(50, 20000))
        along = (rng.random(n) * rng.uniform(5, 300)).astype(rng.choice([np.float32, np.float64]))
        d = rng.normal(0, rng.uniform(0.5, 6), n)
        level = np.clip(0.5 + d / 3 + rng.normal(0, 0.2, n), 0, 1).astype(np.float32)
        width = float(rng.uniform(0.3, 4))
        got = _bend(along, d, level, width, DEFAULT)
        assert got == _plain_bend(along, d, level, width, DEFAULT)
        bent += bool(got)
    assert bent > 50  # most cases have sections to fit
