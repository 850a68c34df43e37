"""The disk cache of templates: what it gives back is what was built, a new key or a damaged
entry means building again, and writers racing on one entry never leave a broken one."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from artsheets.rules.core import field_cache_entries
from artsheets.scanner import diskcache
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.diskcache import DiskCache, cache_root
from artsheets.scanner.scoring import score_sheet
from artsheets.scanner.template import (
    Template,
    build_template,
    cache_name,
    forget_templates,
    keep_rules_cache,
    template_for,
)

CODE = "KLEE-1-STD-A4-U4-E"  # a standard sheet that builds quickly


@pytest.fixture
def fresh_templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Templates cached in an empty folder of this test's own, the memory cache emptied."""
    monkeypatch.setenv(diskcache.ENV, str(tmp_path))
    forget_templates()
    yield tmp_path
    forget_templates()


def _same_template(a: Template, b: Template) -> None:
    assert a.layout == b.layout
    for name in Template.__dataclass_fields__:
        va, vb = getattr(a, name), getattr(b, name)
        if isinstance(va, np.ndarray):
            assert va.dtype == vb.dtype and np.array_equal(va, vb), name
    for name, va in vars(a.masks).items():
        vb = getattr(b.masks, name)
        if isinstance(va, np.ndarray):
            assert np.array_equal(va, vb), name
        elif name == "regions":
            assert va == vb
        else:
            assert len(va) == len(vb), name


def _entry(folder: Path) -> Path:
    (entry,) = folder.glob("templates-*/*.bin")
    return entry


def test_a_template_read_back_is_the_one_built(fresh_templates: Path) -> None:
    first = template_for(CODE)
    entry = _entry(fresh_templates)
    assert entry.name == f"{cache_name(CODE, DEFAULT)}.bin"
    forget_templates()
    again = template_for(CODE)  # from the disk
    assert again is not first
    _same_template(again, build_template(CODE))


def test_a_damaged_entry_is_built_again_and_rewritten(fresh_templates: Path) -> None:
    template_for(CODE)
    entry = _entry(fresh_templates)
    whole = entry.read_bytes()
    mid = len(whole) // 2
    flipped = whole[:mid] + bytes([whole[mid] ^ 0x10]) + whole[mid + 1 :]  # in an array's bytes
    for damage in (whole[:mid], b"", whole[:-1] + bytes([whole[-1] ^ 0xFF]), flipped):
        entry.write_bytes(damage)
        forget_templates()
        _same_template(template_for(CODE), build_template(CODE))
        cached = DiskCache(fresh_templates, "templates").get(cache_name(CODE, DEFAULT))
        assert isinstance(cached, Template)


def test_boolean_arrays_come_back_as_they_were(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path, "templates", key="k" * 20)
    rng = np.random.default_rng(1)
    big = rng.random((301, 97)) > 0.5  # not a whole number of bytes
    arrays = {"big": big, "view": big[::3, 1::2], "small": big[:2, :3], "empty": big[:0]}
    cache.put("ARRAYS", arrays)
    back = cache.get("ARRAYS")
    for name, a in arrays.items():
        assert back[name].dtype == np.bool_ and back[name].shape == a.shape, name
        assert np.array_equal(back[name], a), name
    back["big"][0, 0] = not back["big"][0, 0]  # writeable, like any array


def test_an_entry_of_another_code_is_not_taken(fresh_templates: Path) -> None:
    cache = DiskCache(fresh_templates, "templates")
    cache.put("VASARELY-1-STD-A4-P4-P", "another sheet")
    cache.path("VASARELY-1-STD-A4-P4-P").rename(cache.path(CODE))
    assert cache.get(CODE) is None


def test_a_new_key_starts_a_new_folder(tmp_path: Path) -> None:
    old = DiskCache(tmp_path, "templates", key="a" * 20)
    old.put(CODE, {"built": 1})
    assert old.get(CODE) == {"built": 1}
    new = DiskCache(tmp_path, "templates", key="b" * 20)
    assert new.get(CODE) is None
    assert new.folder != old.folder


def test_the_key_follows_the_sources_and_the_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "builder.py"
    source.write_text("A = 1\n")
    monkeypatch.setattr(diskcache, "_package_files", lambda package: [source])
    key = diskcache.cache_key.__wrapped__
    first = key()
    assert key() == first and len(first) == 20
    source.write_text("A = 2\n")
    assert key() != first
    source.write_text("A = 1\n")
    assert key() == first
    monkeypatch.setattr(diskcache, "FORMAT", diskcache.FORMAT + 1)
    assert key() != first


def test_names_that_are_not_codes_are_hashed(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path, "templates", key="k" * 20)
    for name in ("../../etc/passwd", "a b", "x" * 300):
        assert cache.path(name).parent == cache.folder
        cache.put(name, name)
        assert cache.get(name) == name


def test_where_the_cache_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(diskcache.ENV, str(tmp_path / "mine"))
    assert cache_root() == tmp_path / "mine"
    monkeypatch.setenv(diskcache.ENV, "")
    assert cache_root() is None  # turned off
    monkeypatch.delenv(diskcache.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "artsheets"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "artsheets"


def test_turned_off_or_unwritable_it_only_builds(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    cache = DiskCache(blocker, "templates", key="k" * 20)
    cache.put(CODE, "x")  # cannot be written: no error
    assert cache.get(CODE) is None
    for value in ("", str(blocker)):
        monkeypatch.setenv(diskcache.ENV, value)
        forget_templates()
        try:
            assert template_for(CODE).layout.game == "klee"
        finally:
            forget_templates()
    assert blocker.read_text() == "not a folder"


def test_old_entries_are_pruned(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(diskcache, "MAX_ENTRIES", 8)
    cache = DiskCache(tmp_path, "templates", key="k" * 20)
    for i in range(8):
        cache.put(f"C{i}", i)
        os.utime(cache.path(f"C{i}"), (1000 + i, 1000 + i))
    cache.get("C0")  # used now: kept
    cache.put("C8", 8)
    kept = sorted(p.stem for p in cache.folder.glob("*.bin"))
    assert len(kept) == 6 and "C0" in kept and "C8" in kept and "C1" not in kept


# --- writers racing on one entry (separate processes, as a batch's workers are) ------------

_BIG = 3_000_000  # large enough that a write is not one system call


def _write_and_read(args: tuple[str, int]) -> list[int]:
    """Write the entry ``RACE`` (a value of writer ``who``) and read it, many times: what was
    read (each value's writer, or -1 for a miss); raises on anything not whole."""
    root, who = args
    cache = DiskCache(Path(root), "templates", key="r" * 20)
    seen = []
    for _ in range(15):
        cache.put("RACE", (who, np.full(_BIG, who, np.uint8)))
        got = cache.get("RACE")
        if got is None:
            seen.append(-1)
            continue
        writer, data = got
        assert data.shape == (_BIG,) and np.all(data == writer)
        seen.append(writer)
    return seen


def test_writers_racing_never_leave_a_broken_entry(tmp_path: Path) -> None:
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(4, mp_context=spawn) as pool:
        seen = [
            w
            for ws in pool.map(_write_and_read, [(str(tmp_path), i) for i in range(4)])
            for w in ws
        ]
    assert -1 not in seen  # an entry was always there, whole
    assert set(seen) <= {0, 1, 2, 3}
    cache = DiskCache(tmp_path, "templates", key="r" * 20)
    writer, data = cache.get("RACE")
    assert np.all(data == writer)
    assert [p.name for p in cache.folder.iterdir()] == ["RACE.bin"]  # no temporary files left


def test_what_the_rules_built_for_the_field_is_stored_with_the_template(
    fresh_templates: Path,
) -> None:
    code = "RINGS-1-000001-A4-P3R3N6C16-D"  # its chords take the rules a while to build
    tpl = template_for(code)
    assert tpl.rules_cache == {}
    score_sheet(tpl.layout, {}, {})
    built = field_cache_entries(tpl.layout.topology)
    assert "rings-targets" in built
    keep_rules_cache(code, tpl)
    forget_templates()
    again = template_for(code)  # another process would read this from the disk
    assert again is not tpl and again.rules_cache.keys() == built.keys()
    seeded = field_cache_entries(again.layout.topology)
    assert seeded.keys() == built.keys()
    assert all(seeded[k] == built[k] for k in built if k.startswith("rings-reach"))
    assert score_sheet(again.layout, {}, {}) == score_sheet(tpl.layout, {}, {})


def test_a_config_with_other_mask_settings_gets_its_own_template(fresh_templates: Path) -> None:
    """The region masks are built with the scan's config: a config with another mask setting
    must not be handed the default's template, from memory or from the disk."""
    wider = dataclasses.replace(DEFAULT, region_erode_mm=DEFAULT.region_erode_mm + 0.6)
    default = template_for(CODE)
    other = template_for(CODE, wider)
    assert cache_name(CODE, wider) != cache_name(CODE, DEFAULT)
    assert other is not default
    assert len(other.masks.pixels) < len(default.masks.pixels)
    forget_templates()
    assert len(template_for(CODE, wider).masks.pixels) == len(other.masks.pixels)
    assert len(list(fresh_templates.glob("templates-*/*.bin"))) == 2
