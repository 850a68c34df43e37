"""Threads for the parts of a scan that split into independent pieces, and processes for
the photos of a batch.

OpenCV releases Python's lock while it works, so pieces of work that are mostly OpenCV calls
(matching hundreds of small tiles) run side by side on the machine's cores in threads,
without copying images to other processes. The pool is made once, on first use, and kept
for the next photo. (Where each call is short and Python's own work between calls is a
large share, threads gain nothing: drawing the overlay's thousands of outlines in two bands
at once took as long as drawing them in one.)

A batch of photos is shared among processes instead (:func:`in_processes`): most of a scan
is Python's own work between OpenCV calls, which threads cannot run side by side. Each
process scans whole photos with one thread (``in_parts`` runs in the caller, OpenCV on one
core), so that two processes on two cores do not fight over them.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["batch_processes", "cores", "in_parts", "in_processes", "one_blas_thread", "parts"]

T = TypeVar("T")
R = TypeVar("R")

# A batch worker costs about one photo's scan to start (spawn, imports, templates from the
# disk cache: 0.4-0.5 s against 0.35-0.45 s of processor time a photo), so a batch gets one
# per core only where each has at least this many photos to scan.
PHOTOS_PER_PROCESS = 4
MAX_PARTS = 4  # more threads than this gain nothing on pieces of a few milliseconds
_IN_WORKER = False  # set in a batch's worker processes


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def batch_processes(photos: int) -> int:
    """How many processes scan a batch of ``photos`` when the user does not say: one per
    core, each with at least :data:`PHOTOS_PER_PROCESS` photos."""
    return max(1, min(cores(), photos // PHOTOS_PER_PROCESS))


@functools.cache
def parts() -> int:
    """How many pieces to split work into: the cores this process may use, at most
    :data:`MAX_PARTS` (one in a batch's worker process)."""
    if _IN_WORKER:
        return 1
    return max(1, min(MAX_PARTS, cores()))


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


def one_blas_thread() -> None:
    """Keep numpy's linear algebra (OpenBLAS) on one thread, unless the user chose otherwise;
    only takes effect before numpy is first imported, and spawned workers inherit it.

    The scanner's least-squares fits are small (thousands of rows, six columns): split among
    threads they only wait for each other. On this 2-core machine one such fit (40 000 x 6)
    took 2.7 ms on one thread and 15 ms on two (7.7 ms of processor time against 1.3 ms)."""
    for var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")


def _start_worker() -> None:
    """Each batch worker: one thread for its scans, freed memory kept for its next photo,
    and its end at once (:func:`_end_worker`)."""
    global _IN_WORKER
    _IN_WORKER = True
    parts.cache_clear()
    import atexit

    import cv2

    from artsheets.scanner.heap import keep_freed_memory

    cv2.setNumThreads(1)
    keep_freed_memory()
    atexit.register(_end_worker)


def _end_worker() -> None:
    """A batch worker's end, once Python's exit has begun: its output flushed, then the
    process ended without Python's teardown. A spawned worker ends with ``sys.exit``, which
    frees every object and module one by one after its last photo (88 ms of processor after
    the work against 10 ms so, a worker's imports and four photos, 6 runs each, load 10),
    while the batch waits for it. By then its work is written (each photo's files, synchronously)
    and sent (multiprocessing flushes its queues before the exit), its threads joined (Python
    joins them before the exit handlers), and the pool reads nothing more of it (not its exit
    code: a worker lost early breaks the pool by its end, whatever the code)."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(0)


def in_processes(work: Callable[[T], R], items: Sequence[T], processes: int) -> Iterator[R]:
    """``work(item)`` for every item, in ``processes`` worker processes (here, where that is
    one or there is one item); the results in the order of ``items``, each as soon as it and
    those before it are done. ``work`` must be a module-level function (or a partial of one)
    and should catch what it can report itself: an exception ends the batch."""
    if processes <= 1 or len(items) < 2:
        yield from map(work, items)
        return
    # Fresh processes ("spawn"), not forks: a fork of a process whose OpenCV or scan threads
    # have run inherits their locks held and hangs (forked workers of a test run never
    # started). Each worker pays its imports once per batch.
    import multiprocessing  # imported here: a scan of one photo never needs it
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        min(processes, len(items)), mp_context=context, initializer=_start_worker
    ) as pool:
        yield from pool.map(work, items)
