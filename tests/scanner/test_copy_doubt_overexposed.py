"""An overexposed messaging copy's fills, keys and marks read by a small margin go to review,
whatever their key's source and whether or not their own pixels clipped."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pytest

from artsheets.scanner.colours import Palette, Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.copydoubt import doubt_copy_fills
from artsheets.scanner.evidence import evidence_of

COPY_PX_PER_MM = 2.2  # an overexposed messaging copy's scale (2.1-2.9 in seeds 2500-2599)


@dataclass(frozen=True)
class _Region:
    id: str
    kind: str


def _margin(confidence: float) -> float:
    return math.log(confidence / (1 - confidence))


def _run(
    kind: str,
    confidence: float,
    overexposed: bool = True,
    px_per_mm: float = COPY_PX_PER_MM,
    config: ScannerConfig = DEFAULT,
) -> Reading:
    grey = np.array([0.5, 0.5, 0.5])
    # Keys printed and seen, the region's pixels not clipped: the first clauses stay out.
    palette = Palette(colours={3: grey, 4: grey}, source={3: "key", 4: "key"})
    rd = Reading(color=4, confidence=confidence, coverage=1.0, runner_up=3, surely_marked=True)
    readings = {"r": rd}
    doubt_copy_fills(
        readings,
        {"r": evidence_of(rd, [3, 4], config)},
        [_Region("r", kind)],
        np.array([False]),
        palette,
        px_per_mm,
        overexposed,
        config,
    )
    return readings["r"]


# 0.8 and 0.89: about 1.4 and 2.1 log-odds over the next colour, the range of the sure
# misreads (spaces, a key, marks) that overexposed copies left out of review before.
@pytest.mark.parametrize("kind", ["space", "key", "mark"])
@pytest.mark.parametrize("confidence", [0.8, 0.89])
def test_sure_read_of_an_overexposed_copy_goes_to_review(kind: str, confidence: float) -> None:
    assert _margin(confidence) < DEFAULT.copy_overexposed_margin
    out = _run(kind, confidence)
    assert out.color == 4  # the reading is kept, only doubted
    assert out.reason is not None and "overexposed" in out.reason and "colour 3" in out.reason
    assert out.confidence <= DEFAULT.copy_doubt_confidence


@pytest.mark.parametrize(
    "kwargs",
    [
        {"overexposed": False},  # the paper not clipped
        {"confidence": 0.95},  # a margin (2.9) beyond the overexposed copy's doubt
        {"px_per_mm": 6.0},  # not a small copy
        {"kind": "segment"},  # a traced line: read by the line fit
        {"kind": "score_box"},  # a tally box: read by its coverage
        {"config": replace(DEFAULT, copy_overexposed_margin=-math.inf)},  # switched off
    ],
)
def test_left_alone(kwargs: dict) -> None:
    out = _run(**{"kind": "mark", "confidence": 0.89, **kwargs})
    assert out.reason is None
    assert out.confidence == kwargs.get("confidence", 0.89)


def test_already_doubted_keeps_its_reason() -> None:
    rd = Reading(color=4, confidence=0.6, coverage=1.0, reason="faint", runner_up=3)
    readings = {"r": rd}
    grey = np.array([0.5, 0.5, 0.5])
    doubt_copy_fills(
        readings,
        {"r": evidence_of(rd, [3, 4], DEFAULT)},
        [_Region("r", "mark")],
        np.array([False]),
        Palette(colours={3: grey, 4: grey}, source={3: "key", 4: "key"}),
        COPY_PX_PER_MM,
        True,
        DEFAULT,
    )
    assert readings["r"].reason == "faint"
