"""Writing files so that nothing is ever half-written: write to a temporary file in the same
folder, then rename it over the target (atomic on POSIX). A failure leaves any earlier file
with that name as it was.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from artsheets.errors import UserError

__all__ = ["atomic_write", "ensure_writable_dir"]


def ensure_writable_dir(path: Path) -> Path:
    """Create ``path`` if needed and make sure we can write there, or explain why not."""
    if path.exists() and not path.is_dir():
        raise UserError(f"output folder '{path}' is a file; give a folder with -o DIR")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(
            f"cannot create output folder '{path}': {e.strerror}; choose another folder with -o DIR"
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UserError(f"output folder '{path}' is not writable; choose another with -o DIR")
    return path


def atomic_write(path: Path, data: bytes | str) -> None:
    raw = data.encode() if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
