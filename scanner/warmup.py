"""A process's one-time set-ups, made on another core while the photo is registered.

Some OpenCV functions build tables on their first call in a process: converting float
colours to CIELAB (the colour stage's first step) took 0.15-0.29 s, and numpy imports its
masked arrays on the first interpolated percentile, 8-27 ms. (OpenCV's text drawing is set
up in each thread that draws, 18 ms of processor whatever another thread set up before: the
overlay's own thread does it, see ``overlay.py``; a set-up here spared it nothing.)
``artsheets scan PHOTO`` is a new process for every photo, so it paid them on every photo, one
after the other, against a scan of 0.3-0.4 s.

:func:`start` makes them in a thread at the start of a scan (``artsheets scan PHOTO``: once
the photo is decoded, so that the decode, which the scan waits for first, has the second core
to itself; OpenCV releases Python's lock while it works, so they run beside the registration),
with the template disk cache's key (:func:`.diskcache.cache_key`: reading and hashing the
package's sources, 5-10 ms, needed by the template's read soon after); :func:`wait` is called
before the scan's first colour conversion, so that no two threads ever build a table at once
(OpenCV's set-up is not made for that). What the tables hold does not depend on who builds
them: the readings are the same.
"""

from __future__ import annotations

import threading

import cv2
import numpy as np

__all__ = ["start", "wait"]

_lock = threading.Lock()
_thread: threading.Thread | None = None


def _set_up() -> None:
    # The template disk cache's key (the package's sources read and hashed, 5-10 ms, once a
    # process), for the template read soon after on the scan's path.
    from artsheets.scanner.diskcache import cache_key, cache_root

    if cache_root() is not None:
        cache_key()
    cv2.cvtColor(np.full((1, 1, 3), 0.5, np.float32), cv2.COLOR_LBGR2Lab)
    # numpy imports its masked arrays (8-27 ms) on the first interpolated percentile of a
    # process (``np.percentile`` asks ``np.ma.is_masked``): the blur measure's, on the scan's
    # path otherwise.
    import numpy.ma  # noqa: F401


def start() -> None:
    """Begin the set-ups in a thread (once a process; later calls do nothing)."""
    global _thread
    with _lock:
        if _thread is None:
            # Not a daemon: a process ending (a photo refused at once) waits for it, for a
            # daemon thread stopped inside OpenCV at exit aborts the process (exit 134,
            # "terminate called without an active exception").
            _thread = threading.Thread(target=_set_up, name="artsheets-warmup", daemon=False)
            _thread.start()


def wait() -> None:
    """Return once the set-ups are made (made here if :func:`start` was not called)."""
    start()
    assert _thread is not None
    _thread.join()
