"""A felt-tip trace over its fill's dye: channels near the camera's black still measured.

Two layers of marker dye leave a channel at a hundredth of the paper's reflectance or less.
The photo's error lies in its encoded (gamma) levels, so such a channel is still measured to
a few per cent; the line fit of a full-size photo (:func:`lines.full_size_blacks`) keeps it,
where the small copy's levels (``line_dark_below``) take it as "at least this dark".
"""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import fit_lines, full_size_blacks

# Swatch reflectances (linear BGR relative to paper), as a sheet's key swatches give them.
RED = np.array([0.10, 0.08, 0.60])
BLUE = np.array([0.65, 0.20, 0.05])
GREEN = np.array([0.06, 0.30, 0.03])
DARK_GREEN = np.array([0.04, 0.13, 0.03])
COLOURS = {1: RED, 2: BLUE, 3: GREEN, 4: DARK_GREEN}


def _layer(colour: np.ndarray, amount: float) -> np.ndarray:
    return 1.0 - amount * (1.0 - colour)


def _felt_line(trace: np.ndarray, fill: np.ndarray, seed: int, n: int = 60):
    """A line traced in marker between two spaces filled in marker (the fills' dye bled over
    the band): each pixel the trace's dye over the fill's (and the printed grey on the core),
    both nearly solid; the camera's noise two levels of 255 in its encoded (gamma) values."""
    rng = np.random.default_rng(seed)
    refl, dist, host = [], [], []
    for _ in range(n):  # the printed core
        dye = _layer(trace, rng.uniform(0.9, 1.0)) * _layer(fill, rng.uniform(0.9, 1.0))
        refl.append(rng.uniform(0.35, 0.6) * dye)
        dist.append(0.1)
        host.append(-1)
    for side in (0, 1):
        for _ in range(2 * n):
            refl.append(_layer(trace, rng.uniform(0.9, 1.0)) * _layer(fill, rng.uniform(0.9, 1.0)))
            dist.append(0.5)
            host.append(side)
    encoded = np.array(refl) ** (1 / 2.4) + rng.normal(0, 2 / 255, (len(refl), 3))
    refl = np.clip(encoded, 0.0, 1.2) ** 2.4
    return refl.astype(np.float32), np.array(dist, np.float32), np.array(host)


@pytest.mark.parametrize(("trace", "want"), [(GREEN, 3), (DARK_GREEN, 4)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_felt_tip_trace_over_a_felt_fill_is_read_by_its_darkest_channels(
    trace: np.ndarray, want: int, seed: int
) -> None:
    refl, dist, host = _felt_line(trace, GREEN, seed)
    assert float((refl < DEFAULT.line_dark_below).any(axis=1).mean()) == 1.0  # all "black"
    fills = {0: _layer(GREEN, 0.95), 1: _layer(GREEN, 0.95)}
    owner = np.zeros(len(refl), np.int64)
    fit = fit_lines(refl, owner, dist, host, fills, COLOURS, 1, config=full_size_blacks(DEFAULT))
    assert fit[0].color == want
    assert fit[0].llr > 3.0
    # At the small copy's levels every channel that tells green from dark green is censored:
    # the line states next to nothing (and dark green over green reads green).
    small = fit_lines(refl, owner, dist, host, fills, COLOURS, 1, config=DEFAULT)[0]
    assert small.llr < 0.5
