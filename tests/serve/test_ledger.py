"""The ledger on its own: many writers at once, migrations, photos stored once."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from artsheets.errors import UserError
from artsheets.serve.ledger import SCHEMA_VERSION, Ledger


def test_twenty_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    """20 uploads, each scanned and corrected, all from their own threads at once: every
    game is there with its own reading, every correction row with its own values."""
    ledger = Ledger(tmp_path)
    start = threading.Barrier(20)
    errors: list[BaseException] = []

    def phone(n: int) -> None:
        try:
            start.wait()
            scan_id = ledger.add_scan(f"photo {n}".encode() * 100, 4000, 3000, "image/jpeg")
            ledger.start(scan_id)
            reading = {"sheet_code": f"CODE-{n}", "game": "vasarely", "n": n}
            ledger.finish(scan_id, reading, reading, f"sheet {n}".encode(), 0.1)
            for k in range(3):
                ledger.correct(scan_id, f"space-{k}", None, n, f"who {n}", {"n": n, "k": k})
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    scans = ledger.scans()
    assert len(scans) == 20 and all(s.status == "done" for s in scans)
    for s in scans:
        n = s.reading["n"]  # type: ignore[index]
        assert s.sheet_code == f"CODE-{n}" and s.current == {"n": n, "k": 2}
        assert ledger.get_blob(s.photo) == f"photo {n}".encode() * 100
        rows = ledger.corrections(s.id)
        assert [(r["region"], r["after"], r["who"]) for r in rows] == [
            (f"space-{k}", n, f"who {n}") for k in range(3)
        ]
    with sqlite3.connect(ledger.path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_photo_is_stored_once_by_its_content(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path)
    a = ledger.add_scan(b"same bytes", 1000, 800, "image/jpeg")
    b = ledger.add_scan(b"same bytes", 1000, 800, "image/jpeg")
    assert ledger.get(a).photo == ledger.get(b).photo  # type: ignore[union-attr]
    assert len([p for p in (tmp_path / "blobs").rglob("*") if p.is_file()]) == 1
    with sqlite3.connect(ledger.path) as db:
        assert db.execute("SELECT COUNT(*) FROM photos").fetchone()[0] == 1


def test_migrations_bring_an_old_file_up_and_refuse_a_newer_one(tmp_path: Path) -> None:
    empty = tmp_path / "old"
    empty.mkdir()
    sqlite3.connect(empty / "ledger.sqlite3").close()  # version 0: nothing in it
    assert Ledger(empty).schema_version == SCHEMA_VERSION
    newer = tmp_path / "newer"
    newer.mkdir()
    with sqlite3.connect(newer / "ledger.sqlite3") as db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(UserError, match="newer artsheets"):
        Ledger(newer)


def test_the_same_photo_uploaded_at_once_is_one_game(tmp_path: Path) -> None:
    """Ten phones upload the same photo at the same instant: one game is queued, and every
    upload is told that game."""
    ledger = Ledger(tmp_path)
    start = threading.Barrier(10)
    answers: list[tuple[int, bool]] = []

    def phone() -> None:
        start.wait()
        answers.append(ledger.queue_scan(b"one photo" * 100, 4000, 3000, "image/jpeg"))

    threads = [threading.Thread(target=phone) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 10
    assert len({scan_id for scan_id, _ in answers}) == 1
    assert sum(new for _, new in answers) == 1
    assert len(ledger.scans()) == 1
    # A photo whose scan failed may be uploaded again as a new game.
    (scan_id, _), *_ = answers
    ledger.fail(scan_id, "too blurred", 0.1)
    assert ledger.queue_scan(b"one photo" * 100, 4000, 3000, "image/jpeg")[1] is True
