"""A line piece left bare between fills: its band holds less of the fills' pencil than they
do (a fill stops short of its outline), while a trace lies over them and holds more."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit, fit_lines

from .test_lines import BLUE, RED, _layer, _measured

COLOURS = {1: RED, 2: BLUE}


def _piece(trace: np.ndarray | None, seed: int = 3, length: int = 20) -> tuple[np.ndarray, ...]:
    """One line between two blue fills: its printed core (grey ink, under the trace if any)
    and a strip on each side, where the fill (measured at pressure 0.75) reaches the band
    only partly (pressure 0-0.5: it stops short of the line); a trace lies over all of it."""
    rng = np.random.default_rng(seed)
    refl, dist, host = [], [], []
    for _ in range(3 * length):
        px = rng.uniform(0.35, 0.6) * np.ones(3)
        if trace is not None:
            px = px * _layer(trace, rng.uniform(0.5, 1.0))
        refl.append(px)
        dist.append(0.1)
        host.append(-1)
    for side in (0, 1):
        for _ in range(4 * length):
            px = _layer(BLUE, rng.uniform(0.0, 0.5))
            if trace is not None:
                px = px * _layer(trace, rng.uniform(0.4, 1.0))
            refl.append(px)
            dist.append(0.5)
            host.append(side)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.01, (len(refl), 3)), 0, 1.2)
    return refl, np.array(dist, np.float32), np.array(host)


def fit_between_blue_fills(
    refl: np.ndarray, dist: np.ndarray, host: np.ndarray, colours: dict = COLOURS
) -> LineFit:
    """The line fit of one piece whose pixels lie between two blue fills (spaces 0 and 1)."""
    owner = np.zeros(len(refl), np.int64)
    fills = _measured((BLUE, BLUE))
    return fit_lines(refl, owner, dist, host, fills, colours, 1, fill_colours={0: 2, 1: 2})[0]


def _fit(trace: np.ndarray | None) -> LineFit:
    return fit_between_blue_fills(*_piece(trace))


def test_a_bare_piece_holds_less_pencil_than_its_fills() -> None:
    fit = _fit(None)
    assert fit.color == 2 and fit.fill_colour  # it reads in its fills' colour...
    assert fit.fill_share is not None and fit.fill_share < DEFAULT.line_bare_share  # ...thinly


def test_a_piece_traced_over_its_fills_holds_more() -> None:
    fit = _fit(BLUE)
    assert fit.color == 2 and fit.fill_colour
    assert fit.fill_share is not None and fit.fill_share > 1.0


def test_a_piece_with_no_fill_beside_it_has_no_share() -> None:
    refl, dist, _ = _piece(RED)
    owner = np.zeros(len(refl), np.int64)
    fit = fit_lines(refl, owner, dist, np.full(len(refl), -1), {}, COLOURS, 1)[0]
    assert fit.fill_share is None


def test_one_colour_in_play_states_its_fill_share_too() -> None:
    # A sheet with one colour key has nothing to tell that colour from: the piece is read in
    # it with no runner-up, and its fill share is measured as with more colours.
    fit = fit_between_blue_fills(*_piece(None), colours={2: BLUE})
    assert fit.color == 2 and fit.runner_up is None
    assert isinstance(fit.fill_share, float) and fit.fill_share < DEFAULT.line_bare_share
