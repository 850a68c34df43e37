"""A trace over a fill of its own colour is credited the direction it lacks
(scanner/lines.py, ``line_own_fill_credit``)."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.lines import _own_fill, fit_lines, line_sides

CREDIT = 0.25  # the share measured (ScannerConfig.line_own_fill_credit, off by default)
LIGHT_BLUE = np.array([0.82, 0.57, 0.34])  # linear BGR relative to paper
BLUE = np.array([0.60, 0.17, 0.11])


def _layer(colour: np.ndarray, amount: float) -> np.ndarray:
    return 1.0 - amount * (1.0 - colour)


def _line(fill: np.ndarray | None, seed: int = 0, n: int = 40):
    """A light-blue trace: its printed core under a grey, and a strip on each side lying in
    a space filled ``fill`` (None: paper), the printed line's blur darkening it a little."""
    rng = np.random.default_rng(seed)
    refl, dist, host = [], [], []
    for _ in range(n):
        refl.append(rng.uniform(0.35, 0.6) * _layer(LIGHT_BLUE, rng.uniform(0.5, 1.0)))
        dist.append(0.1)
        host.append(-1)
    for side in (0, 1):
        for _ in range(2 * n):
            px = rng.uniform(0.8, 1.0) * _layer(LIGHT_BLUE, rng.uniform(0.4, 1.0))
            if fill is not None:
                px = px * _layer(fill, rng.uniform(0.5, 1.0))
            refl.append(px)
            dist.append(0.5)
            host.append(side if fill is not None else -1)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.02, (len(refl), 3)), 0, 1.2)
    return refl, np.array(dist, np.float32), np.array(host)


def _fit(fill: np.ndarray | None, credit: float):
    refl, dist, host = _line(fill)
    fills = {} if fill is None else {0: _layer(fill, 0.75), 1: _layer(fill, 0.75)}
    read = {} if fill is None else {0: 1, 1: 1}
    colours = {1: LIGHT_BLUE, 2: BLUE}
    owner = np.zeros(len(refl), np.int64)
    return fit_lines(
        refl, owner, dist, host, fills, colours, 1, fill_colours=read, own_fill_credit=credit
    )[0]


def test_a_trace_over_its_own_fill_gains_the_credit() -> None:
    plain = _fit(LIGHT_BLUE, 0.0)
    credited = _fit(LIGHT_BLUE, CREDIT)
    assert plain.color == credited.color == 1
    # The other key loses ground: its log-likelihood against the fill's colour falls.
    assert credited.loglik[2] < plain.loglik[2] - 0.5


def test_a_trace_with_no_fill_beside_it_reads_as_before() -> None:
    assert _fit(None, 0.0) == _fit(None, CREDIT)


def test_only_lines_between_fills_of_one_colour_carry_it() -> None:
    # line 0: beside it spaces 0 and 1, both filled 3 (one pixel on its core); line 1:
    # spaces 0 (3) and 2 (4); line 2: space 3, read blank.
    owner = np.array([0, 0, 0, 1, 1, 2])
    host = np.array([0, 1, -1, 0, 2, 3])
    core = np.array([False, False, True, False, False, False])
    sides = line_sides(owner, host, core)
    own = _own_fill(host, owner, {0: 3, 1: 3, 2: 4, 3: None}, sides, core)
    assert own.tolist() == [3, 3, -1, -1, -1, -1]
