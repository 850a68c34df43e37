"""Scans run off the request path: a bounded pool, the ledger told of every step.

Uploads are answered at once with the game's id; the scan waits its turn. ``workers``
threads dispatch queued scans; each scan runs in a worker process of the same number (a
scan is half Python, and threads would share one core's worth of Python between them), or
in the dispatching thread itself when ``processes`` is False (the tests: no process start).
A scan that ends in a :class:`~artsheets.scanner.errors.ScanError` is recorded as failed
with its message (how to retake the photo); anything else is a bug, logged, and recorded
as failed with a plain message. The position in the queue is the ledger's count of queued
scans ahead, so it is right across threads and after a restart.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

from artsheets.serve.ledger import Ledger

__all__ = ["Scanner", "scan_photo"]

log = logging.getLogger("artsheets.serve")
SHEET_JPEG_QUALITY = 88  # the rectified sheet the review page shows and crops from
SCAN_TIMEOUT = 300.0  # seconds: 20 photos queued on a busy machine take a minute or two
TIMED_OUT = "reading this photo took too long; try again, or take the photo again"
BUG_MESSAGE = (
    "the scanner failed on this photo (an error in artsheets, logged on the server); "
    "try another photo of the sheet"
)


def scan_photo(path: str) -> tuple[dict[str, Any], bytes] | str:
    """Read one stored photo: the scan report (the stored reading) and the rectified sheet
    as JPEG, or the message of the :class:`~artsheets.scanner.errors.ScanError` that says
    why it cannot be read (returned, not raised: it crosses a process boundary as data)."""
    import cv2

    from artsheets.scanner.errors import ScanError
    from artsheets.scanner.heap import keep_freed_memory
    from artsheets.scanner.pipeline import scan_file
    from artsheets.scanner.report import report_dict

    keep_freed_memory()
    try:
        result = scan_file(Path(path))
    except ScanError as e:
        return str(e)
    ok, buf = cv2.imencode(".jpg", result.image, [cv2.IMWRITE_JPEG_QUALITY, SHEET_JPEG_QUALITY])
    if not ok:  # pragma: no cover - encoding an in-memory image does not fail
        raise RuntimeError("could not encode the sheet image")
    return report_dict(result), buf.tobytes()


def _die_with_parent() -> None:
    """A worker process ends when the server does, even a server killed outright (Linux:
    the parent-death signal); elsewhere it ends when it finds its pipe closed."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)


class Scanner:
    """The pool scans are queued on."""

    def __init__(self, ledger: Ledger, workers: int = 2, processes: bool = True) -> None:
        self.ledger = ledger
        self.workers = workers
        self._dispatch = ThreadPoolExecutor(workers, thread_name_prefix="artsheets-serve")
        self._closing = False
        self._procs: Pool | None = None
        if processes:
            # spawn: a forked copy of a server with running threads may hold their locks.
            ctx = multiprocessing.get_context("spawn")
            self._procs = ctx.Pool(workers, initializer=_die_with_parent)

    def submit(self, scan_id: int) -> None:
        self._dispatch.submit(self._run, scan_id)

    def _run(self, scan_id: int) -> None:
        t0 = time.perf_counter()
        try:
            scan = self.ledger.get(scan_id)
            if scan is None or scan.status != "queued":
                return
            self.ledger.start(scan_id)
            path = str(self.ledger.blob_path(scan.photo))
            got = scan_photo(path) if self._procs is None else self._in_process(path, t0)
            if got is None:
                return  # shutting down: left 'scanning', marked interrupted at the restart
            if isinstance(got, str):
                self.ledger.fail(scan_id, got, time.perf_counter() - t0)
                return
            report, sheet = got
            current = {**report, "corrections": {}}
            self.ledger.finish(scan_id, report, current, sheet, time.perf_counter() - t0)
        except Exception:
            log.exception("scan %s failed", scan_id)
            self.ledger.fail(scan_id, BUG_MESSAGE, time.perf_counter() - t0)

    def _in_process(self, path: str, t0: float) -> tuple[dict[str, Any], bytes] | str | None:
        """``scan_photo`` in a worker process; None if the server stops meanwhile. A worker
        that died (out of memory, say) never answers: after :data:`SCAN_TIMEOUT` the scan
        is given up."""
        assert self._procs is not None
        pending = self._procs.apply_async(scan_photo, (path,))
        while not self._closing:
            try:
                return pending.get(timeout=0.25)
            except multiprocessing.TimeoutError:
                if time.perf_counter() - t0 > SCAN_TIMEOUT:
                    return TIMED_OUT
        return None

    def shutdown(self) -> None:
        self._closing = True
        self._dispatch.shutdown(wait=False, cancel_futures=True)
        if self._procs is not None:
            self._procs.terminate()  # a scan cut short stays 'scanning': interrupted at restart
            self._procs.join()
