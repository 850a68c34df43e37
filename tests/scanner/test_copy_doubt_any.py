"""Any messaging copy's fill or key read by a small margin goes to review, its key printed
and seen, its pixels not clipped, the paper not overexposed: the copy keeps a fill's colour
as a chroma block or two."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import logodds

from .test_copy_doubt import _run as copy_doubt


# 0.825: the margin (1.55) of the Arp space the setting was measured on, read 2 for 3.
@pytest.mark.parametrize("kind", ["space", "key"])
def test_a_copys_fill_read_by_a_small_margin_goes_to_review(kind: str) -> None:
    assert logodds(0.825, math.inf) < DEFAULT.copy_fill_margin
    out = copy_doubt(0.825, source="key", overexposed=False, kind=kind)
    assert out.color == 3  # the reading is kept, only doubted
    assert out.reason is not None and "chroma block" in out.reason and "colour 4" in out.reason
    assert out.confidence <= DEFAULT.copy_doubt_confidence


@pytest.mark.parametrize(
    "kwargs",
    [
        {"confidence": 0.95},  # a margin (2.9) beyond it
        {"kind": "mark"},  # a small mark: a doubt of its own
        {"kind": "segment"},  # a traced line: read by the line fit
        {"px_per_mm": 6.0},  # not a small copy
        {"config": replace(DEFAULT, copy_fill_margin=-math.inf)},  # switched off
    ],
)
def test_left_alone(kwargs: dict) -> None:
    out = copy_doubt(**{"confidence": 0.825, "source": "key", "overexposed": False, **kwargs})
    assert out.reason is None
    assert out.confidence == kwargs.get("confidence", 0.825)
