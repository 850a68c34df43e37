"""A lasting cache on disk of what the scanner builds from a sheet code (its template).

Building a sheet's template means rebuilding its layout (the generator, with its geometry
library), rendering the blank sheet and deriving the region masks: 0.1-0.5 s of work, and
importing the generator's libraries costs as much again, in every ``artsheets scan`` process
and every batch worker. The result depends only on the sheet code, the scanner's config
(named in the entry's name, ``template.cache_name``) and the code and libraries that built
it, so it is kept on disk and read back.

* **What**: a pickle, boolean arrays (a third of a template's bytes) a bit a value, not
  compressed: 5-22 MB an entry, read back in 3-20 ms, where zlib's decompression alone took
  30-70 ms; its length and CRC-32 (ISA-L's) are checked before it is unpickled. (A pickle runs code
  when read: the folder must be the user's own, as the default is; entries are made 0600.)

* **Where**: ``$ARTSHEETS_CACHE_DIR`` if set (set but empty: no disk cache at all), else
  ``$XDG_CACHE_HOME/artsheets``, else ``~/.cache/artsheets``.
* **Versioned**: entries live in a folder named by :func:`cache_key`, a hash of the entry
  format, the package version, Python's version, the installed distributions beside the
  libraries that draw the sheet, and the bytes of every source file that builds a template
  (the generator and rules packages and the scanner modules named in :data:`SOURCES`). A
  change to any of them starts a new folder; folders unused for :data:`STALE_DAYS` are removed.
* **Safe**: an entry is written to a temporary file in its folder and moved into place with
  ``os.replace``, so a reader sees a whole entry or none, whatever other processes write at the
  same moment or a crash leaves. An entry that cannot be read (truncated, corrupt, another
  format, another sheet code) is ignored and built again; a cache that cannot be written (a
  read-only home, a full disk) only costs the time to build. It never fails a scan.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import math
import os
import pickle
import re
import shutil
import struct
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path
from typing import Any

# ISA-L's CRC-32 is zlib's (the same polynomial and value), eight times faster: 0.3-0.7 ms
# for a 20 MB entry against 2.8-3.2 ms (one thread, load 8).
from isal.isal_zlib import crc32

__all__ = ["ENV", "DiskCache", "cache_key", "cache_root"]

ENV = "ARTSHEETS_CACHE_DIR"
FORMAT = 2  # raise when the entry layout below changes
MAGIC = b"artsheets-cache\n"
# The packages and scanner modules whose code shapes a template (see template.py).
PACKAGES = ("artsheets.generator", "artsheets.rules")
SOURCES = ("template.py", "regions.py", "identify.py", "diskcache.py")
# Libraries whose versions shape the drawing (rasteriser, fonts, geometry, QR, arrays): the
# distributions installed beside them are part of the key.
LIBRARIES = ("numpy", "cv2", "PIL", "reportlab", "shapely", "segno")
MAX_ENTRIES = 48  # 5-15 MB each: beyond this the least recently used are removed
STALE_DAYS = 30  # a key's folder not used for this long (an older version's) is removed
_NAME = re.compile(r"[A-Z0-9][A-Z0-9-]{0,80}")


def cache_root() -> Path | None:
    """The cache folder (see the module's docstring), or None when the cache is turned off."""
    env = os.environ.get(ENV)
    if env is not None:
        return Path(env).expanduser() if env.strip() else None
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "artsheets"


def _package_files(package: str) -> list[Path]:
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return []
    out: list[Path] = []
    for folder in spec.submodule_search_locations:
        out += [
            p
            for p in Path(folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        ]
    return sorted(out)


def _library_dists() -> list[str]:
    """Names (with versions) of the distributions installed where :data:`LIBRARIES` live."""
    names: set[str] = set()
    for module in LIBRARIES:
        spec = find_spec(module)
        if spec is None or spec.origin is None:
            names.add(f"{module}:missing")
            continue
        site = Path(spec.origin).parent.parent
        try:
            names.update(n for n in os.listdir(site) if n.endswith((".dist-info", ".egg-info")))
        except OSError:
            names.add(f"{module}:{site}")
    return sorted(names)


@functools.cache
def cache_key() -> str:
    """The version of every entry this code writes (see the module's docstring): 20 hex digits."""
    from artsheets import __version__

    h = hashlib.sha256()
    h.update(f"format {FORMAT}\nartsheets {__version__}\npython {sys.version_info[:2]}\n".encode())
    h.update("\n".join(_library_dists()).encode())
    here = Path(__file__).resolve().parent
    files = [f for p in PACKAGES for f in _package_files(p)] + [here / s for s in SOURCES]
    for f in files:
        try:
            data = f.read_bytes()
        except OSError:
            data = b"?"
        h.update(f"\n{f.name} {len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()[:20]


def _unpack_bools(packed: bytes, shape: tuple[int, ...]) -> Any:
    """A boolean array stored a bit a value (see :class:`_Pickler`)."""
    import numpy as np

    count = math.prod(shape)
    return np.unpackbits(np.frombuffer(packed, np.uint8), count=count).view(bool).reshape(shape)


class _Pickler(pickle.Pickler):
    """Pickles boolean arrays (a template's masks, a third of its bytes) a bit a value."""

    def reducer_override(self, obj: Any) -> Any:
        import numpy as np  # the objects cached are numpy's, and numpy is loaded by then

        if type(obj) is np.ndarray and obj.dtype == np.bool_ and obj.size >= 4096:
            return _unpack_bools, (np.packbits(obj, axis=None).tobytes(), obj.shape)
        return NotImplemented


class DiskCache:
    """Objects stored by name under ``root/<kind>-<key>/``; see the module's docstring.

    ``get`` returns None for anything it cannot read back whole; ``put`` never raises for a
    cache that cannot be written."""

    def __init__(self, root: Path, kind: str, key: str | None = None) -> None:
        self.root = root
        self.kind = kind
        self.key = key or cache_key()
        self.folder = root / f"{kind}-{self.key}"

    def path(self, name: str) -> Path:
        """Where the entry ``name`` lives (names that are not plain codes are hashed)."""
        if not _NAME.fullmatch(name):
            name = "h" + hashlib.sha256(name.encode()).hexdigest()[:32]
        return self.folder / f"{name}.bin"

    def _header(self, name: str) -> bytes:
        return MAGIC + f"{self.key}\n{name}\n".encode()

    def get(self, name: str) -> Any | None:
        """The object stored as ``name``, or None (missing, unreadable or not whole)."""
        path = self.path(name)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        header = self._header(name)
        if not data.startswith(header) or len(data) < len(header) + 12:
            return None
        body = memoryview(data)[len(header) + 12 :]
        size, crc = struct.unpack("<QI", data[len(header) : len(header) + 12])
        if len(body) != size or crc32(body) != crc:
            return None
        try:
            obj = pickle.loads(body)
        except Exception:  # any damage to an entry means: build it again
            return None
        with contextlib.suppress(OSError):  # marks it (and its version's folder) used
            os.utime(path)
            os.utime(self.folder)
        return obj

    def put(self, name: str, obj: Any) -> None:
        """Store ``obj`` as ``name``: atomically, best effort (see the class docstring)."""
        try:
            buf = io.BytesIO()
            _Pickler(buf, protocol=5).dump(obj)
            body = buf.getbuffer()
        except Exception:  # something in it cannot be pickled: it is only not cached
            return
        data = self._header(name) + struct.pack("<QI", len(body), crc32(body))
        try:
            fresh = not self.folder.is_dir()
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".part")
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.write(body)
            os.replace(tmp, self.path(name))
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            return
        if fresh:
            self._remove_stale_folders()
        self._prune()

    def _prune(self) -> None:
        """Keep at most :data:`MAX_ENTRIES` entries, the least recently used going first; and
        remove temporary files a crash left over an hour ago."""
        now = time.time()
        try:
            for p in self.folder.glob(".tmp-*"):
                if now - p.stat().st_mtime > 3600:
                    p.unlink(missing_ok=True)
            entries = [p for p in self.folder.iterdir() if p.suffix == ".bin"]
            if len(entries) <= MAX_ENTRIES:
                return
            entries.sort(key=lambda p: p.stat().st_mtime)
            for p in entries[: len(entries) - MAX_ENTRIES * 3 // 4]:
                p.unlink(missing_ok=True)
        except OSError:
            pass

    def _remove_stale_folders(self) -> None:
        """Remove other versions' folders of this kind not used for :data:`STALE_DAYS`."""
        now = time.time()
        try:
            for p in self.root.glob(f"{self.kind}-*"):
                if p != self.folder and now - p.stat().st_mtime > STALE_DAYS * 86400:
                    shutil.rmtree(p, ignore_errors=True)
        except OSError:
            pass
