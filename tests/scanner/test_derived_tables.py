"""Tables the scan's stages make from a template alone (``template.derived``): made once,
kept with the template on disk, and taken back only when made the same way."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from artsheets.scanner import diskcache
from artsheets.scanner.colours import _box_paper, _make_box_paper, _symbol_zones
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.refine import _Pass, _template_tiles
from artsheets.scanner.template import (
    Template,
    derived,
    forget_templates,
    keep_rules_cache,
    template_for,
)

CODE = "MONDRIAN-1-STD-A4-P4S99-E"  # tally boxes: its box paper is not empty
CALLS: list[tuple[str, object]] = []


@pytest.fixture
def fresh_templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Templates cached in an empty folder of this test's own, the memory cache emptied."""
    monkeypatch.setenv(diskcache.ENV, str(tmp_path))
    forget_templates()
    CALLS.clear()
    yield tmp_path
    forget_templates()


def _counted(tpl: Template, key: int) -> np.ndarray:
    """A table that says when it is made."""
    CALLS.append((tpl.layout.sheet_code, key))
    return np.arange(key)


def _same(a: object, b: object) -> None:
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            _same(getattr(a, f.name), getattr(b, f.name))
    elif isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys()
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, tuple | list):
        assert type(a) is type(b) and len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    else:
        assert a == b


def test_a_table_is_made_once_a_template_and_again_for_other_settings(
    fresh_templates: Path,
) -> None:
    tpl = template_for(CODE)
    first = derived(tpl, 3, _counted)
    assert derived(tpl, 3, _counted) is first
    assert CALLS == [(CODE, 3)]
    assert list(derived(tpl, 5, _counted)) == [0, 1, 2, 3, 4]  # other settings: made again
    assert derived(tpl, 3, _counted) is first  # and each kept (the refinement's two passes)
    assert CALLS == [(CODE, 3), (CODE, 5)]


def test_the_tables_are_stored_with_the_template_and_read_back_equal(
    fresh_templates: Path,
) -> None:
    tpl = template_for(CODE)
    passes = [_Pass(*p) for p in DEFAULT.refine_passes]
    zones_key = (DEFAULT.symbol_centre, tuple(DEFAULT.symbol_ring))
    made = {
        "box": _box_paper(tpl, DEFAULT.box_paper_mm),
        "tiles": [derived(tpl, p, _template_tiles) for p in passes],
        "zones": derived(tpl, zones_key, _symbol_zones),
    }
    assert len(made["box"].paper) and len(made["tiles"][0][1])
    derived(tpl, 4, _counted)
    keep_rules_cache(CODE, tpl)  # after a scan: the template stored again, with its tables
    forget_templates()
    again = template_for(CODE)  # another process would read this from the disk
    assert again is not tpl
    read = {
        "box": _box_paper(again, DEFAULT.box_paper_mm),
        "tiles": [derived(again, p, _template_tiles) for p in passes],
        "zones": derived(again, zones_key, _symbol_zones),
    }
    derived(again, 4, _counted)
    assert CALLS == [(CODE, 4)]  # read back, not made again
    _same(made, read)
    # And each is what its builder makes from the template read back.
    _same(read["box"], _make_box_paper(again, DEFAULT.box_paper_mm))
    _same(read["tiles"], [_template_tiles(again, p) for p in passes])
    _same(read["zones"], _symbol_zones(again, zones_key))


def test_a_table_made_by_other_code_is_made_again(fresh_templates: Path) -> None:
    tpl = template_for(CODE)
    derived(tpl, 2, _counted)
    name = next(iter(tpl.tables))
    assert name[1] == 2
    version, value = tpl.tables[name]
    tpl.tables[name] = ("an older version of its module", value)
    keep_rules_cache(CODE, tpl)
    forget_templates()
    again = template_for(CODE)
    assert again.tables[name][0] == "an older version of its module"
    derived(again, 2, _counted)
    assert CALLS == [(CODE, 2), (CODE, 2)]
    assert again.tables[name][0] == version
