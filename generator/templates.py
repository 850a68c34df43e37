"""Frozen standard fields: JSON files in ``templates/`` that never change once released.

A standard field's geometry is stored in the field's own millimetre frame (not page
coordinates), so the same field fits A4 and Letter; ``scripts/freeze_standard.py`` writes one
from a chosen seed of the random generator, and from then on the file, not the algorithm, is
the standard field.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["load_template", "template_path", "write_template"]


def template_path(name: str) -> Path:
    return Path(str(resources.files("artsheets.templates").joinpath(f"{name}.json")))


@functools.cache
def _load_text(name: str) -> str:
    return resources.files("artsheets.templates").joinpath(f"{name}.json").read_text()


def load_template(name: str) -> Any:
    """The frozen data of ``templates/<name>.json`` (a fresh copy each call)."""
    return json.loads(_load_text(name))


def write_template(name: str, data: Any) -> Path:
    """Write ``templates/<name>.json`` deterministically (sorted keys, compact)."""
    path = template_path(name)
    path.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    _load_text.cache_clear()
    return path
