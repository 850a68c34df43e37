"""Every stored golden fingerprint still matches: same seed, same sheet, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from artsheets.generator.fingerprint import case_fingerprint

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    pytest.param(case, id=f"{path.stem}-{case.get('seed')}-{case.get('page', 'a4')}")
    for path in sorted(GOLDEN.glob("*.json"))
    for case in json.loads(path.read_text())["cases"]
]


def test_there_are_golden_cases() -> None:
    assert len(CASES) >= 2


@pytest.mark.parametrize("case", CASES)
def test_golden_fingerprint(case: dict) -> None:
    got = case_fingerprint(case)
    assert got["layout_sha256"] == case["layout_sha256"], "layout JSON changed for this seed"
    assert got["svg_sha256"] == case["svg_sha256"], "SVG changed for this seed"
