"""OpenCV's one-time set-ups: made once, waited for, and the colours converted unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from artsheets.scanner import warmup

_CONVERT = """
import sys, cv2, numpy as np
from artsheets.scanner import warmup
if sys.argv[2] == "warm":
    warmup.start()
    warmup.wait()
colours = np.random.default_rng(3).random((1, 500, 3)).astype(np.float32)
np.save(sys.argv[1], cv2.cvtColor(colours, cv2.COLOR_LBGR2Lab))
"""


def test_the_set_ups_are_made_once() -> None:
    warmup.wait()  # made here if no scan started them
    made = warmup._thread
    assert made is not None and not made.is_alive()
    warmup.start()
    warmup.wait()
    assert warmup._thread is made


def test_colours_convert_the_same_after_the_set_ups(tmp_path: Path) -> None:
    for how in ("warm", "plain"):
        cmd = [sys.executable, "-c", _CONVERT, str(tmp_path / f"{how}.npy"), how]
        subprocess.run(cmd, check=True)
    assert np.array_equal(np.load(tmp_path / "warm.npy"), np.load(tmp_path / "plain.npy"))
