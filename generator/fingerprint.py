"""Golden fingerprints: hashes of a sheet's layout JSON and SVG.

Stored per game in ``tests/golden/<game>.json`` and re-checked by ``tests/test_golden.py``, so an
accidental change to a field algorithm fails CI; an intentional one adds a field version.
"""

from __future__ import annotations

import hashlib
from typing import Any

from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout
from artsheets.generator.render_svg import render_svg

__all__ = ["case_fingerprint", "fingerprint"]


def fingerprint(layout: Layout) -> dict[str, str]:
    return {
        "layout_sha256": hashlib.sha256(layout.to_json().encode()).hexdigest(),
        "svg_sha256": hashlib.sha256(render_svg(layout).encode()).hexdigest(),
    }


def case_fingerprint(case: dict[str, Any]) -> dict[str, str]:
    """Fingerprint of the sheet a stored golden case describes."""
    layout = build_layout(
        case["game"],
        case.get("seed"),
        case.get("options", {}),
        case.get("page", "a4"),
        # Cases stored before field versions were recorded are version 1.
        case.get("field_version", 1),
    )
    return fingerprint(layout)
