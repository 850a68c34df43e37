"""Invariants every sheet of every game must hold, on both page sizes: the JSON Schema,
regions inside the printable area, valid non-overlapping spaces, symmetric topology, the game's
own checks, a colour key per colour, and a JSON round trip."""

from __future__ import annotations

import json

import pytest

from artsheets.generator.checkfield import check_layout, schema_errors
from artsheets.generator.layout import layout_from_dict
from artsheets.generator.registry import games
from tests.conftest import sample_cases, sample_layout

CASES = [(g, s, p) for g, s in sample_cases() for p in ("a4", "letter")]


@pytest.mark.parametrize(("game", "seed", "page"), CASES)
def test_sheet_invariants(game: str, seed: int | None, page: str) -> None:
    layout = sample_layout(game, seed, page)
    doc = json.loads(layout.to_json())
    assert schema_errors(doc) == []
    failed = [c.line() for c in check_layout(layout)]
    assert all(line.startswith("PASS") for line in failed), failed
    assert layout_from_dict(doc).to_json() == layout.to_json()


@pytest.mark.parametrize(("game", "seed"), sample_cases())
def test_furniture(game: str, seed: int | None) -> None:
    layout = sample_layout(game, seed)
    spec = games()[game]
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key")
    assert keys == list(range(1, spec.colours(layout.options) + 1))
    assert [m.id for m in layout.markers] == [0, 1, 2, 3]
    assert layout.topology is not None
    parts = layout.sheet_code.split("-")  # game, version, seed, page, options, check
    assert layout.topology.field_id == "-".join(parts[:3] + parts[4:5])
    assert len(layout.topology.spaces) == sum(r.kind == "space" for r in layout.regions)


def test_schema_rejects_broken_documents() -> None:
    doc = json.loads(sample_layout(*sample_cases()[0]).to_json())
    assert schema_errors({**doc, "sheet_code": "nonsense"})
    assert schema_errors({**doc, "markers": doc["markers"][:2]})
    broken = json.loads(json.dumps(doc))
    broken["regions"][0].pop("kind")
    assert schema_errors(broken)
