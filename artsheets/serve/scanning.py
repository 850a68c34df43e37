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
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from artsheets.serve.ledger import Ledger

__all__ = ["Scanner", "scan_photo"]

log = logging.getLogger("artsheets.serve")
SHEET_JPEG_QUALITY = 88  # the rectified sheet the review page shows and crops from
BUG_MESSAGE = (
    "the scanner failed on this photo (an error in artsheets, logged on the server); "
    "try another photo of the sheet"
)


def scan_photo(path: str) -> tuple[dict[str, Any], bytes]:
    """Read one stored photo: the scan report (the stored reading) and the rectified sheet
    as JPEG. Plain data in and out, so it runs in a worker process as well as a thread."""
    import cv2

    from artsheets.scanner.heap import keep_freed_memory
    from artsheets.scanner.pipeline import scan_file
    from artsheets.scanner.report import report_dict

    keep_freed_memory()
    result = scan_file(Path(path))
    ok, buf = cv2.imencode(".jpg", result.image, [cv2.IMWRITE_JPEG_QUALITY, SHEET_JPEG_QUALITY])
    if not ok:  # pragma: no cover - encoding an in-memory image does not fail
        raise RuntimeError("could not encode the sheet image")
    return report_dict(result), buf.tobytes()


class Scanner:
    """The pool scans are queued on."""

    def __init__(self, ledger: Ledger, workers: int = 2, processes: bool = True) -> None:
        self.ledger = ledger
        self.workers = workers
        self._dispatch = ThreadPoolExecutor(workers, thread_name_prefix="artsheets-serve")
        self._procs: Executor | None = None
        if processes:
            # spawn: a forked copy of a server with running threads may hold their locks.
            ctx = multiprocessing.get_context("spawn")
            self._procs = ProcessPoolExecutor(workers, mp_context=ctx)

    def submit(self, scan_id: int) -> None:
        self._dispatch.submit(self._run, scan_id)

    def _run(self, scan_id: int) -> None:
        from artsheets.scanner.errors import ScanError

        t0 = time.perf_counter()
        try:
            scan = self.ledger.get(scan_id)
            if scan is None or scan.status != "queued":
                return
            self.ledger.start(scan_id)
            path = str(self.ledger.blob_path(scan.photo))
            if self._procs is not None:
                report, sheet = self._procs.submit(scan_photo, path).result()
            else:
                report, sheet = scan_photo(path)
            current = {**report, "corrections": {}}
            self.ledger.finish(scan_id, report, current, sheet, time.perf_counter() - t0)
        except ScanError as e:
            self.ledger.fail(scan_id, str(e), time.perf_counter() - t0)
        except Exception:
            log.exception("scan %s failed", scan_id)
            self.ledger.fail(scan_id, BUG_MESSAGE, time.perf_counter() - t0)

    def shutdown(self) -> None:
        self._dispatch.shutdown(wait=False, cancel_futures=True)
        if self._procs is not None:
            self._procs.shutdown(wait=False, cancel_futures=True)
