"""The ledger: every scanned game in one SQLite database, photos stored by content hash.

Layout of the data folder::

    ledger.sqlite3          games (scans), photos, corrections
    blobs/ab/abcdef...      photos and rectified sheets, named by their sha256

Why this shape: SQLite in WAL mode lets the page read while a scan is written, and survives
a killed server (a transaction is either in the file or not). A blob is written to a temporary
name and renamed before its row refers to it, so no row ever points at half a file; the same
photo uploaded twice is one blob and one photo row. Corrections are rows of their own (who,
when, before, after), and triggers refuse to update or delete them: a game's history is
appended to, never rewritten. The schema carries its version (``PRAGMA user_version``);
:data:`MIGRATIONS` brings an older file up to date when the server opens it.

Every call opens its own short-lived connection, so the ledger may be used from any thread.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from artsheets.errors import UserError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Ledger", "Scan"]

MIGRATIONS: tuple[str, ...] = (
    # 1: photos by hash, scans (one per uploaded game), corrections (append-only).
    """
    CREATE TABLE photos (
        hash TEXT PRIMARY KEY,
        bytes INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        mime TEXT NOT NULL,
        stored TEXT NOT NULL
    );
    CREATE TABLE scans (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        photo TEXT NOT NULL REFERENCES photos(hash),
        uploaded TEXT NOT NULL,
        who TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL CHECK (status IN
            ('queued', 'scanning', 'done', 'failed', 'interrupted')),
        finished TEXT,
        error TEXT,
        sheet_code TEXT,
        game TEXT,
        reading TEXT,
        sheet_image TEXT,
        current TEXT,
        seconds REAL
    );
    CREATE INDEX scans_status ON scans(status, id);
    CREATE TABLE corrections (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        scan INTEGER NOT NULL REFERENCES scans(id),
        region TEXT NOT NULL,
        before INTEGER,
        after INTEGER,
        who TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE INDEX corrections_scan ON corrections(scan, id);
    CREATE TRIGGER corrections_no_update BEFORE UPDATE ON corrections
        BEGIN SELECT RAISE(ABORT, 'corrections are never changed'); END;
    CREATE TRIGGER corrections_no_delete BEFORE DELETE ON corrections
        BEGIN SELECT RAISE(ABORT, 'corrections are never deleted'); END;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
# The game a photo already is: its latest scan that is queued, scanning or done.
_SAME_PHOTO = (
    "SELECT * FROM scans WHERE photo = ? AND status IN ('queued', 'scanning', 'done') "
    "ORDER BY id DESC LIMIT 1"
)
INTERRUPTED = "the server stopped before this scan finished; upload the photo again"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class Scan:
    """One row of ``scans``, its JSON columns decoded."""

    id: int
    photo: str
    uploaded: str
    who: str
    status: str
    finished: str | None
    error: str | None
    sheet_code: str | None
    game: str | None
    reading: dict[str, Any] | None
    sheet_image: str | None
    current: dict[str, Any] | None
    seconds: float | None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Scan:
        d = dict(row)
        for key in ("reading", "current"):
            d[key] = json.loads(d[key]) if d[key] else None
        return cls(**d)


class Ledger:
    """The database and blob store in ``folder`` (created, migrated and recovered on open)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.blobs = folder / "blobs"
        self.blobs.mkdir(parents=True, exist_ok=True)
        self.path = folder / "ledger.sqlite3"
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            self._migrate(db)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA synchronous=NORMAL")
        try:
            yield db
        finally:
            db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taken at once, so concurrent writers queue, not fail)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _migrate(self, db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise UserError(
                    f"{self.path} was written by a newer artsheets (schema {version}); "
                    "upgrade artsheets or use another --data folder"
                )
            for n in range(version, SCHEMA_VERSION):
                for statement in _statements(MIGRATIONS[n]):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version={n + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        with self._connect() as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])

    # --- blobs ----------------------------------------------------------------------------

    def blob_path(self, digest: str) -> Path:
        """Where a blob of this sha256 lives (``digest`` always comes from the database)."""
        return self.blobs / digest[:2] / digest

    def put_blob(self, data: bytes) -> str:
        """Store ``data`` under its sha256 (once) and return the hash."""
        digest = hashlib.sha256(data).hexdigest()
        path = self.blob_path(digest)
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".", suffix=".part", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        return digest

    def get_blob(self, digest: str) -> bytes:
        return self.blob_path(digest).read_bytes()

    def photo_type(self, digest: str) -> str:
        """The photo's image type, as sniffed from its content when it was stored."""
        with self._connect() as db:
            row = db.execute("SELECT mime FROM photos WHERE hash = ?", (digest,)).fetchone()
        return str(row["mime"]) if row else "application/octet-stream"

    # --- scans ----------------------------------------------------------------------------

    def add_scan(self, data: bytes, width: int, height: int, mime: str, who: str = "") -> int:
        """Store a photo (once per content) and queue a scan of it; the scan's id."""
        return self._queue(data, width, height, mime, who, reuse=False)[0]

    def queue_scan(
        self, data: bytes, width: int, height: int, mime: str, who: str = ""
    ) -> tuple[int, bool]:
        """The game of an uploaded photo and whether it is new: a photo already queued,
        scanning or done is that game (a repeat upload), else a scan is queued. The look and
        the insert are one write transaction, so two identical uploads at the same instant
        make one game."""
        return self._queue(data, width, height, mime, who, reuse=True)

    def _queue(
        self, data: bytes, width: int, height: int, mime: str, who: str, reuse: bool
    ) -> tuple[int, bool]:
        digest = self.put_blob(data)
        with self._tx() as db:
            if reuse:
                row = db.execute(_SAME_PHOTO, (digest,)).fetchone()
                if row is not None:
                    return int(row["id"]), False
            db.execute(
                "INSERT OR IGNORE INTO photos VALUES (?, ?, ?, ?, ?, ?)",
                (digest, len(data), width, height, mime, now()),
            )
            cur = db.execute(
                "INSERT INTO scans (photo, uploaded, who, status) VALUES (?, ?, ?, 'queued')",
                (digest, now(), who),
            )
            return int(cur.lastrowid or 0), True

    def scan_of_photo(self, digest: str) -> Scan | None:
        """The latest scan of this photo that is queued, scanning or done (a repeat upload
        of the same photo is that game, not a new one)."""
        with self._connect() as db:
            row = db.execute(_SAME_PHOTO, (digest,)).fetchone()
        return Scan.from_row(row) if row else None

    def get(self, scan_id: int) -> Scan | None:
        with self._connect() as db:
            row = db.execute("SELECT * FROM scans WHERE id = ?", (scan_id,)).fetchone()
        return Scan.from_row(row) if row else None

    def scans(self) -> list[Scan]:
        with self._connect() as db:
            rows = db.execute("SELECT * FROM scans ORDER BY id DESC").fetchall()
        return [Scan.from_row(r) for r in rows]

    def queue_position(self, scan_id: int) -> int:
        """How many queued scans are ahead of this one (0: next, or running)."""
        with self._connect() as db:
            row = db.execute(
                "SELECT COUNT(*) FROM scans WHERE status = 'queued' AND id < ?", (scan_id,)
            ).fetchone()
        return int(row[0])

    def start(self, scan_id: int) -> None:
        with self._tx() as db:
            db.execute("UPDATE scans SET status = 'scanning' WHERE id = ?", (scan_id,))

    def finish(
        self,
        scan_id: int,
        reading: dict[str, Any],
        current: dict[str, Any],
        sheet_image: bytes,
        seconds: float,
    ) -> None:
        digest = self.put_blob(sheet_image)
        with self._tx() as db:
            db.execute(
                "UPDATE scans SET status = 'done', finished = ?, sheet_code = ?, game = ?, "
                "reading = ?, sheet_image = ?, current = ?, seconds = ? WHERE id = ?",
                (
                    now(),
                    reading.get("sheet_code"),
                    reading.get("game"),
                    json.dumps(reading),
                    digest,
                    json.dumps(current),
                    seconds,
                    scan_id,
                ),
            )

    def fail(self, scan_id: int, message: str, seconds: float) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE scans SET status = 'failed', finished = ?, error = ?, seconds = ? "
                "WHERE id = ?",
                (now(), message, seconds, scan_id),
            )

    def recover(self) -> list[int]:
        """Scans left queued or scanning by a server that stopped: marked interrupted."""
        with self._tx() as db:
            ids = [
                int(r[0])
                for r in db.execute(
                    "SELECT id FROM scans WHERE status IN ('queued', 'scanning')"
                ).fetchall()
            ]
            db.execute(
                "UPDATE scans SET status = 'interrupted', error = ?, finished = ? "
                "WHERE status IN ('queued', 'scanning')",
                (INTERRUPTED, now()),
            )
        return ids

    # --- corrections ----------------------------------------------------------------------

    def correct(
        self,
        scan_id: int,
        region: str,
        before: int | None,
        after: int | None,
        who: str,
        current: dict[str, Any],
    ) -> None:
        """Append one correction and store the game's state scored again with it."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO corrections (scan, region, before, after, who, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (scan_id, region, before, after, who, now()),
            )
            db.execute("UPDATE scans SET current = ? WHERE id = ?", (json.dumps(current), scan_id))

    def corrections(self, scan_id: int | None = None) -> list[dict[str, Any]]:
        """Corrections in the order they were made (of one scan, or of all)."""
        sql = "SELECT * FROM corrections"
        args: tuple[int, ...] = ()
        if scan_id is not None:
            sql += " WHERE scan = ?"
            args = (scan_id,)
        with self._connect() as db:
            return [dict(r) for r in db.execute(sql + " ORDER BY id", args).fetchall()]

    def settled(self, scan_id: int) -> dict[str, int | None]:
        """Each corrected region's latest colour."""
        return {c["region"]: c["after"] for c in self.corrections(scan_id)}


def _statements(script: str) -> list[str]:
    """A migration script split into statements (triggers keep their inner ``;``)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
