"""Threads for the parts of a scan that split into independent pieces.

OpenCV releases Python's lock while it works, so pieces of work that are mostly OpenCV calls
(matching hundreds of small tiles) run side by side on the machine's cores in threads,
without copying images to other processes. The pool is made once, on first use, and kept
for the next photo. (Where each call is short and Python's own work between calls is a
large share, threads gain nothing: drawing the overlay's thousands of outlines in two bands
at once took as long as drawing them in one.)
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["in_parts", "parts"]

T = TypeVar("T")
R = TypeVar("R")

MAX_PARTS = 4  # more threads than this gain nothing on pieces of a few milliseconds


@functools.cache
def parts() -> int:
    """How many pieces to split work into: the cores this process may use, at most
    :data:`MAX_PARTS`."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_PARTS, cores))


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=parts(), thread_name_prefix="artsheets-scan")


def in_parts(work: Callable[[Sequence[T]], list[R]], items: Sequence[T]) -> list[R]:
    """``work(items)``, with ``items`` dealt into :func:`parts` interleaved pieces run side by
    side; the results in the order of ``items``. (Interleaved, so that costly items that lie
    together, such as the tiles of a crowded part of a page, are shared out.)"""
    n = parts()
    if n == 1 or len(items) < 2:
        return work(items)
    pieces = [items[i::n] for i in range(n)]
    done = list(_pool().map(work, pieces))
    out: list[R] = [None] * len(items)  # type: ignore[list-item]
    for i, result in enumerate(done):
        out[i::n] = result
    return out
