"""A piece between two keys stays in review where a piece it meets on its line, read surely in
its colour, favours its runner-up by its own line fit (its run along the line or the rules read
it otherwise): that piece's pixels speak for the runner-up. A met piece whose own fit favours
the reading, or the setting off, lets it leave review as before."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT

from .test_line_doubt_met_sure import BETWEEN, _after

ON = replace(DEFAULT, line_between_keys_met_own=True)


def _met(own: int) -> Reading:
    """A met piece read 3 surely, left out of review, its own fit favouring ``own``."""
    ll = {k: (0.0 if k == own else -0.4) for k in (1, 2, 3, 4)}
    return Reading(3, 0.97, 0.95, runner_up=1, loglik=ll)


def test_a_met_piece_whose_own_fit_favours_the_runner_up_keeps_it_in_review() -> None:
    assert _after(met=_met(own=1), config=ON).reason == BETWEEN
    # off: only the readings count, and they all read 3
    off = replace(ON, line_between_keys_met_own=False)
    assert _after(met=_met(own=1), config=off).reason is None


def test_a_met_piece_whose_own_fit_favours_its_reading_or_a_third_colour_vouches() -> None:
    assert _after(met=_met(own=3), config=ON).reason is None
    assert _after(met=_met(own=4), config=ON).reason is None
    out = _after(met=Reading(3, 0.97, 0.95, runner_up=1), config=ON)  # no fit measured
    assert out.reason is None
