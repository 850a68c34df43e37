"""An overexposed copy's capture mark read against its keys' dulled curves (under a quarter
of a chroma block) is not doubted again for the copy's dulling: its margin allows it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.copydoubt import doubt_copy_fills
from artsheets.scanner.evidence import evidence_of

from .test_copy_doubt import _palette, _Region
from .test_dulled_marks import _read_mark

PX_PER_MM = 4.4  # the end-to-end test's photo: a Miro capture mark spans 0.23-0.25 blocks


def _doubt(kind: str, dulled: bool, config: ScannerConfig = DEFAULT) -> Reading:
    """A region read 3 (runner-up 4) by 1.8 log-odds, printed keys, its pixels not clipped,
    in an overexposed copy, after the copy's doubt."""
    rd = Reading(3, 0.86, 1.0, runner_up=4, surely_marked=True, dulled=dulled)
    readings = {"r": rd}
    doubt_copy_fills(
        readings,
        {"r": evidence_of(rd, [3, 4], config)},
        [_Region("r", kind)],
        np.array([False]),
        _palette("key"),
        PX_PER_MM,
        True,
        config,
    )
    return readings["r"]


def test_a_dulled_mark_is_left_to_its_measurement() -> None:
    assert _doubt("mark", dulled=True).reason is None
    assert _doubt("mark", dulled=True).confidence == 0.86


def test_a_mark_kept_whole_or_a_fill_still_goes_to_review() -> None:
    assert "overexposed" in (_doubt("mark", dulled=False).reason or "")
    assert "overexposed" in (_doubt("space", dulled=True).reason or "")
    on = replace(DEFAULT, copy_overexposed_dulled=True)
    assert "overexposed" in (_doubt("mark", dulled=True, config=on).reason or "")


def test_the_measurement_says_which_marks_it_read_dulled() -> None:
    assert _read_mark(2.5).dulled  # 60 photo pixels: under a quarter of a block
    assert not _read_mark(20.0).dulled  # 15 blocks: keeps its colour
