"""Reading traced lines that dye covers (felt tip): near-black pixels and fills' bleed."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import fit_lines

from .test_lines import BLUE, DARK_GREEN, GREEN, RED, _line, _measured

COLOURS = {1: RED, 2: BLUE, 3: GREEN, 4: DARK_GREEN}
BARE = np.ones(3)  # no trace at all: the fills and the printed line alone


def _dark_line(length: int = 40) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A red line under dye and printed black: every pixel has channels near the camera's
    black (below ``line_dark_below``), as 81-87 % of felt-tip lines' pixels do."""
    refl, dist, _ = _line(RED, (BLUE, BLUE), seed=5, length=length)
    return np.clip(refl, 0.0, 1.0) * 0.02, dist, np.full(len(refl), -1)


def test_a_line_of_near_black_pixels_states_no_colour() -> None:
    refl, dist, host = _dark_line()
    assert refl.max() < DEFAULT.line_dark_below
    fit = fit_lines(refl, np.zeros(len(refl), np.int64), dist, host, {}, COLOURS, 1)[0]
    assert fit.llr == 0.0 and fit.confidence == 0.5
    assert set(fit.loglik.values()) == {0.0}  # the run decoding gets no evidence either


def _bare_piece_and(dark: bool) -> dict:
    """A bare piece between two blue fills (line 0), on a sheet whose other line (1) is
    near black (dyed over) or not."""
    refl0, dist0, host0 = _line(BARE, (BLUE, BLUE), seed=2)
    if dark:
        refl1, dist1, host1 = _dark_line()
    else:
        refl1, dist1, _ = _line(RED, (None, None), seed=5, length=40)
        host1 = np.full(len(refl1), -1)
    refl = np.concatenate([refl0, refl1])
    owner = np.repeat([0, 1], [len(refl0), len(refl1)])
    dist = np.concatenate([dist0, dist1])
    host = np.concatenate([host0, host1])
    fills = _measured((BLUE, BLUE))
    return fit_lines(refl, owner, dist, host, fills, COLOURS, 2, fill_colours={0: 2, 1: 2})


def test_on_a_dyed_sheet_a_line_in_its_fills_colour_may_be_bare() -> None:
    """Felt-tip dye of a fill bleeds over the line beside it: a bare piece between blue
    fills shows blue, and blue is what it reads; on a sheet whose lines are dyed over, that
    reading is marked as possibly bare (the caller sends it to review)."""
    fit = _bare_piece_and(dark=True)[0]
    assert fit.color == 2 and fit.under_fill
    # On a pencil sheet (no line near black) the fit's own margin is what counts.
    assert not _bare_piece_and(dark=False)[0].under_fill
    # But on any sheet the fit says the colour is a fill's beside it (colours.py weighs that
    # with the piece's coverage).
    assert _bare_piece_and(dark=False)[0].fill_colour
