"""Felt-tip traces over felt-tip fills: channels at the camera's black read as censored, and
the fill across the line bled under the pixels beside it (scanner/lines.py)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import fit_lines

from .test_lines import BLUE, DARK_GREEN, GREEN, RED, _layer

COLOURS = {1: BLUE, 2: RED, 3: GREEN, 4: DARK_GREEN}  # red not first: ties go to the first


def _felt_line(trace: np.ndarray, fills: tuple[np.ndarray, np.ndarray], across: float, seed: int):
    """Pixels beside one traced line (0.5 mm off its core) between two filled spaces: the
    trace's dye over its own space's fill and, up to ``across`` of it, the fill of the space
    on the line's other side bled over (felt tip); dye laid nearly solid."""
    rng = np.random.default_rng(seed)
    refl, host = [], []
    for side in (0, 1):
        for _ in range(80):
            px = np.clip(_layer(trace, rng.uniform(1.0, 1.3)), 0.0, 1.0)
            px = px * _layer(fills[side], rng.uniform(0.9, 1.0))
            px = px * _layer(fills[1 - side], rng.uniform(0.0, across))
            refl.append(px)
            host.append(side)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.002, (len(refl), 3)), 0.0, 1.0)
    return refl, np.full(len(refl), 0.5, np.float32), np.array(host)


def _fit(refl, dist, host, fills, config=DEFAULT):
    measured = dict(enumerate(fills))
    owner = np.zeros(len(refl), np.int64)
    return fit_lines(refl, owner, dist, host, measured, COLOURS, 1, config=config)[0]


def test_a_channel_at_the_cameras_black_is_censored_not_dropped() -> None:
    """A red trace over blue fills: its green and red channels are at the camera's black,
    its blue channel not. Each pixel so still tells red from the other keys (read as
    "at least this dark" there); dropped, as near-black pixels are on the printed core, the
    line would state no colour at all."""
    fills = (BLUE, BLUE)
    refl, dist, host = _felt_line(RED, fills, across=0.0, seed=3)
    dark = refl < DEFAULT.line_dark_below
    assert dark.any(axis=1).all() and (~dark.all(axis=1)).mean() > 0.5
    fit = _fit(refl, dist, host, fills)
    assert fit.color == 2 and fit.llr > 3.0
    dropped = _fit(refl, dist, host, fills, replace(DEFAULT, line_dark_censored=False))
    assert set(dropped.loglik.values()) == {0.0}


def test_on_a_dyed_sheet_the_fill_across_the_line_lies_under_its_pixels() -> None:
    """Felt tip bleeds 0.5-1.5 mm past a space's outline, across the line's band: a red
    trace between a blue and a green fill, each side under both fills' dye, reads red when
    both fills are modelled under it; with its own space's fill alone the other's dye is
    taken for the trace's, and the darkest key wins."""
    fills = (BLUE, GREEN)
    refl, dist, host = _felt_line(RED, fills, across=1.0, seed=4)
    assert (refl < DEFAULT.line_dark_below).any(axis=1).mean() >= DEFAULT.line_dyed_share
    fit = _fit(refl, dist, host, fills)
    assert fit.color == 2 and fit.llr > 3.0
    alone = _fit(refl, dist, host, fills, replace(DEFAULT, line_bleed_across=False))
    assert alone.color != 2
