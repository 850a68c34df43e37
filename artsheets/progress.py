"""A small progress bar on standard error, shown only when it is a terminal or forced."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TextIO, TypeVar

__all__ = ["progress"]

T = TypeVar("T")


def progress(
    items: Iterable[T], total: int, label: str = "", stream: TextIO | None = None
) -> Iterator[T]:
    """Yield ``items`` while drawing ``[#####.....] 12/50 label`` on ``stream``.

    On a terminal the bar redraws in place; otherwise (logs, CI) it prints a line at about
    every tenth of the way, so long batches still show they are alive.
    """
    out = stream or sys.stderr
    tty = out.isatty()
    start = time.monotonic()
    step = max(1, total // 10)
    for i, item in enumerate(items, 1):
        yield item
        if total <= 1:
            continue
        if tty or i % step == 0 or i == total:
            filled = round(30 * i / total)
            eta = (time.monotonic() - start) / i * (total - i)
            line = f"[{'#' * filled}{'.' * (30 - filled)}] {i}/{total} {label} eta {eta:.0f}s"
            out.write(("\r" + line) if tty else line + "\n")
            out.flush()
    if tty and total > 1:
        out.write("\n")
