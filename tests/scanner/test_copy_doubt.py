"""A messaging copy's fill read surely on a ticks' key or clipped pixels goes to review."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pytest

from artsheets.scanner.colours import Palette, Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.copydoubt import doubt_copy_fills
from artsheets.scanner.evidence import evidence_of

COPY_PX_PER_MM = 2.5  # a messaging app's copy (under grey_min_px_per_mm)


@dataclass(frozen=True)
class _Region:
    id: str
    kind: str


def _palette(source: str) -> Palette:
    grey = np.array([0.5, 0.5, 0.5])
    return Palette(colours={3: grey, 4: grey}, source={3: source, 4: source})


def _run(
    confidence: float,
    source: str = "boxes",
    censored: bool = False,
    overexposed: bool = True,
    kind: str = "space",
    px_per_mm: float = COPY_PX_PER_MM,
    config: ScannerConfig = DEFAULT,
    reason: str | None = None,
) -> Reading:
    """A region read 3 (runner-up 4) at ``confidence`` (``reason``: already in review) in a
    copy, after the copy's doubt."""
    rd = Reading(
        color=3,
        confidence=confidence,
        coverage=1.0,
        reason=reason,
        runner_up=4,
        surely_marked=reason is None,
    )
    readings = {"space-1": rd}
    evidence = {"space-1": evidence_of(rd, [3, 4], config)}
    doubt_copy_fills(
        readings,
        evidence,
        [_Region("space-1", kind)],
        np.array([censored]),
        _palette(source),
        px_per_mm,
        overexposed,
        config,
    )
    return readings["space-1"]


def test_fill_on_a_ticks_key_goes_to_review_naming_the_runner_up() -> None:
    # 0.9: about 2.2 log-odds over the next colour, as the copies' misread fills were
    out = _run(0.9)
    assert out.color == 3  # the reading is kept, only doubted
    assert out.reason is not None and "ticks" in out.reason and "colour 4" in out.reason
    assert out.confidence <= DEFAULT.copy_doubt_confidence


def test_clipped_fill_goes_to_review() -> None:
    out = _run(0.9, source="key", censored=True)
    assert out.reason is not None and "overexposed" in out.reason


@pytest.mark.parametrize(
    "kwargs",
    [
        {"source": "key"},  # its key printed and seen, nothing clipped
        {"source": "key", "kind": "mark"},  # a small mark, nothing clipped
        {"source": "key", "censored": True, "overexposed": False},  # a pale pencil's clip
        {"px_per_mm": 6.0},  # not a small copy
        {"kind": "segment"},  # a traced line: read by the line fit
        {"kind": "mark"},  # a small mark: a doubt of its own
        {"confidence": 0.999},  # a margin well beyond the copy's doubt
        {"config": replace(DEFAULT, copy_doubt_margin=float("inf"))},  # switched off
    ],
)
def test_left_alone(kwargs: dict) -> None:
    # Not overexposed unless said: an overexposed copy doubts its sure reads by a margin
    # of its own (below); nor any copy's small margin (``copy_fill_margin``: its own file).
    config = replace(kwargs.pop("config", DEFAULT), copy_fill_margin=-float("inf"))
    out = _run(**{"confidence": 0.9, "overexposed": False, "config": config, **kwargs})
    assert out.reason is None
    assert out.confidence == kwargs.get("confidence", 0.9)
