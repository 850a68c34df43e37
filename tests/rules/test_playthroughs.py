"""Stored playthroughs (tests/data/playthroughs/*.json) replay to the same result.

They pin the rules' behaviour: a change that alters any legal-move list, score or outcome of
these games fails here (regenerate with ``python -m tests.rules.make_playthroughs`` only when
the change is intended).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from artsheets.generator.registry import field_from_id
from artsheets.rules.position import score_position
from artsheets.rules.record import record_from_dict

DATA = Path(__file__).resolve().parents[1] / "data" / "playthroughs"
FILES = sorted(DATA.glob("*.json"))


def test_there_are_playthroughs_for_every_game() -> None:
    games = {json.loads(p.read_text())["game"] for p in FILES}
    assert games == {
        "vasarely", "miro", "mondrian", "arp", "delaunay", "klee", "springer", "rings", "synch"
    }  # fmt: skip


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays(path: Path) -> None:
    data = json.loads(path.read_text())
    state = record_from_dict(data).replay()
    out = state.outcome()
    assert out is not None, "a stored playthrough is a finished game"
    assert out.to_dict() == data["expected"]
    assert state.record().to_dict() == {k: v for k, v in data.items() if k != "expected"}
    field = getattr(state, "board_field", state.field)  # Springer's divided spaces
    rep = score_position(field, state.options, state.sheet_colours(), state.scores())
    assert rep.ok, [c.message for c in rep.problems]


@pytest.mark.parametrize("path", [p for p in FILES if "-std" in p.stem or "-seed" in p.stem])
def test_generator_rebuilds_the_recorded_field_from_its_id(path: Path) -> None:
    """The contract between generator and rules: a sheet's field id alone gives the field."""
    data = json.loads(path.read_text())
    rebuilt = field_from_id(data["field_id"])
    assert rebuilt.to_dict() == data["field"]
