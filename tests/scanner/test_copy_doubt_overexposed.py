"""An overexposed messaging copy's fills, keys and marks read by a small margin go to review,
whatever their key's source and whether or not their own pixels clipped."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import logodds

from .test_copy_doubt import _run as copy_doubt

COPY_PX_PER_MM = 2.2  # an overexposed messaging copy's scale (2.1-2.9 in seeds 2500-2599)


def _run(
    kind: str,
    confidence: float,
    overexposed: bool = True,
    px_per_mm: float = COPY_PX_PER_MM,
    config: ScannerConfig = DEFAULT,
    reason: str | None = None,
) -> Reading:
    """Keys printed and seen, the region's pixels not clipped: the copy's first clauses stay
    out."""
    return copy_doubt(
        confidence,
        source="key",
        overexposed=overexposed,
        kind=kind,
        px_per_mm=px_per_mm,
        config=config,
        reason=reason,
    )


# 0.8 and 0.89: about 1.4 and 2.1 log-odds over the next colour, the range of the sure
# misreads (spaces, a key, marks) that overexposed copies left out of review before.
@pytest.mark.parametrize("kind", ["space", "key", "mark"])
@pytest.mark.parametrize("confidence", [0.8, 0.89])
def test_sure_read_of_an_overexposed_copy_goes_to_review(kind: str, confidence: float) -> None:
    assert logodds(confidence, math.inf) < DEFAULT.copy_overexposed_margin
    out = _run(kind, confidence)
    assert out.color == 3  # the reading is kept, only doubted
    assert out.reason is not None and "overexposed" in out.reason and "colour 4" in out.reason
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
    assert _run("mark", 0.6, reason="faint").reason == "faint"
