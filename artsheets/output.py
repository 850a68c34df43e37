"""Writing files so that nothing is ever half-written: write to a temporary file in the same
folder, then rename it over the target (atomic on POSIX). A failure leaves any earlier file
with that name as it was.

A set of files that belong together (one sheet's PDF, SVG, PNG and layout JSON; one photo's
report and overlay) is written with :func:`atomic_write_set`: every temporary file is written
first and only then are they renamed, so a full disk leaves no mixed or half set behind.
Files get the permissions a plain ``open()`` would give (0666 less the umask), not the 0600 of
a temporary file: a print queue or a web server must be able to read them.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from artsheets.errors import UserError

__all__ = ["OutputError", "atomic_write", "atomic_write_set", "check_target", "ensure_writable_dir"]


class OutputError(UserError):
    """A file could not be written (disk full, no permission...): not a problem with the input."""


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


def check_target(path: Path) -> Path:
    """Refuse, before any work, a file name we could not write: a folder, or in a folder that
    does not exist or is not writable."""
    if path.is_dir():
        raise UserError(f"'{path}' is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise UserError(f"cannot write '{path}': folder '{folder}' does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UserError(f"cannot write '{path}': folder '{folder}' is not writable")
    return path


def _file_mode() -> int:
    """0666 less the process umask: what ``open(path, "w")`` would have created."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def atomic_write(path: Path, data: bytes | str) -> None:
    """Write one file atomically (see :func:`atomic_write_set`)."""
    atomic_write_set({path: data})


def atomic_write_set(files: Mapping[Path, bytes | str]) -> None:
    """Write every file of ``files`` or none of them.

    Each file is written in full to a temporary name beside its target; only when all of them
    are on disk are they renamed over the targets (renaming needs no space, so a full disk
    shows while writing the temporary files). On failure the temporary files are removed and
    any earlier files with the target names are left as they were; an :class:`OutputError`
    names the file and the reason.
    """
    for path in files:
        if path.is_dir():
            raise OutputError(f"cannot write '{path}': it is a folder; remove it or rename it")
    mode = _file_mode()
    temps: list[tuple[str, Path]] = []
    current = next(iter(files), Path())
    renamed = 0
    try:
        for current, data in files.items():
            raw = data.encode() if isinstance(data, str) else data
            fd, tmp = tempfile.mkstemp(
                prefix=f".{current.name}.", suffix=".part", dir=current.parent
            )
            temps.append((tmp, current))
            with os.fdopen(fd, "wb") as f:
                f.write(raw)
            os.chmod(tmp, mode)
        for tmp, current in temps:
            os.replace(tmp, current)
            renamed += 1
    except OSError as e:
        for tmp, _ in temps:
            Path(tmp).unlink(missing_ok=True)
        done = "nothing of this set was written" if not renamed else f"{renamed} were replaced"
        raise OutputError(
            f"cannot write '{current}': {e.strerror or e}; {done}; "
            "free some space or choose another folder with -o DIR"
        ) from None
    except BaseException:
        for tmp, _ in temps:
            Path(tmp).unlink(missing_ok=True)
        raise
