"""Photo -> registered sheet -> region colours -> scores via the rule engine.

``scan_file(path)`` / ``scan_image(bgr)`` return a :class:`ScanResult`; ``artsheets scan`` is
:mod:`artsheets.scanner.command`. See ``docs/scanner.md``. Names are imported lazily, so that
the command line does not load OpenCV for commands that do not scan.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["ScanError", "ScanResult", "load_photo", "scan_file", "scan_image"]

_HOMES = {
    "ScanError": "artsheets.scanner.errors",
    "ScanResult": "artsheets.scanner.pipeline",
    "load_photo": "artsheets.scanner.pipeline",
    "scan_file": "artsheets.scanner.pipeline",
    "scan_image": "artsheets.scanner.pipeline",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(name)
