"""Game records: encodings, damaged embedded fields, printed sheet codes as field ids, the
published JSON Schema and the sample record the README replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from artsheets.cli import main

ROOT = Path(__file__).parent.parent
PLAYTHROUGHS = Path(__file__).parent / "data" / "playthroughs"
SAMPLE = ROOT / "examples" / "miro-record.json"


def replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def record(name: str) -> dict[str, Any]:
    data = json.loads((PLAYTHROUGHS / name).read_text())
    data.pop("expected")
    return data


def one_line(code: int, err: str, words: str) -> None:
    assert code == 2
    assert err.startswith("artsheets: error: ") and err.count("\n") == 1, err
    assert words in err


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-32"])
def test_records_with_a_byte_order_mark_replay(
    encoding: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(json.dumps(record("synch-std.json")).encode(encoding))
    code, out, _ = replay(path, capsys)
    assert code == 0 and "result: " in out


def test_a_record_in_latin_1_is_one_line(tmp_path: Path, capsys) -> None:
    data = record("synch-std.json") | {"note": "joué"}
    path = tmp_path / "r.json"
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode("latin-1"))
    one_line(*replay(path, capsys)[::2], "not UTF-8 text; save the record as UTF-8")


def _damage(data: dict[str, Any], *path: Any, value: Any = None, delete: bool = False) -> None:
    where = data
    for step in path[:-1]:
        where = where[step]
    if delete:
        del where[path[-1]]
    else:
        where[path[-1]] = value


DAMAGED = [
    ("rings-seed7-3p.json", ("field", "data", "rounds", 0), 5, False),
    ("rings-seed7-3p.json", ("field", "data", "rounds"), None, True),
    ("springer-std-2p.json", ("field", "data", "triangles"), "x", False),
    ("miro-std-2p.json", ("field", "data", "segments"), [1, 2], False),
    ("arp-synth-3p.json", ("field", "data", "lines"), {"line-1": 3}, False),
    ("klee-std.json", ("field", "data", "area_lengths"), 7, False),
    ("delaunay-std-4p.json", ("field", "groups"), 7, False),
    ("vasarely-std-4p.json", ("field", "groups"), {"cube-1": ["nowhere"]}, False),
    ("synch-std.json", ("field", "adjacent", "space-1"), ["space-999"], False),
    ("synch-std.json", ("field", "spaces"), [], False),
    ("mondrian-std-4p-teams.json", ("field", "attrs"), [1], False),
    ("synch-std.json", ("options", "players"), [2], False),
]


@pytest.mark.parametrize(
    ("name", "path", "value", "delete"), DAMAGED, ids=[f"{d[0]}:{d[1][-1]}" for d in DAMAGED]
)
def test_a_damaged_embedded_field_is_one_line(
    name: str, path: tuple, value: Any, delete: bool, tmp_path: Path, capsys
) -> None:
    data = record(name)
    _damage(data, *path, value=value, delete=delete)
    target = tmp_path / "r.json"
    target.write_text(json.dumps(data))
    code, _, err = replay(target, capsys)
    one_line(code, err, "")


def test_replay_accepts_the_printed_sheet_code(tmp_path: Path, capsys) -> None:
    from artsheets.generator.registry import build_layout

    data = record("springer-std-2p.json")
    data.pop("field")
    code = build_layout("springer", None, {"players": 2}, "letter").sheet_code
    assert code.startswith("SPRINGER-1-STD-LT-")
    data["field_id"] = code.lower()  # typed from the sheet, any case
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    code_, out, _ = replay(path, capsys)
    assert code_ == 0 and out.startswith("Springer on SPRINGER-1-STD-P2")
    data["field_id"] = code[:-1] + ("A" if code[-1] != "A" else "B")  # mistyped
    path.write_text(json.dumps(data))
    one_line(*replay(path, capsys)[::2], "fails its check character")


def test_a_sheet_code_names_the_carried_field_too(tmp_path: Path, capsys) -> None:
    data = record("rings-seed7-3p.json")
    from artsheets.generator.registry import layout_from_code

    data["field_id"] = "RINGS-1-000007-A4-P3R3N6C16-" + "?"
    for check in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        try:
            layout_from_code(data["field_id"][:-1] + check)
        except ValueError:
            continue
        data["field_id"] = data["field_id"][:-1] + check
        break
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    code, out, _ = replay(path, capsys)
    assert code == 0 and out.startswith("Crossing The Rings on RINGS-1-000007-P3R3N6C16")


def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((ROOT / "templates" / "record.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_record_we_ship_matches_the_schema() -> None:
    validator = _validator()
    for path in [SAMPLE, *sorted(PLAYTHROUGHS.glob("*.json"))]:
        data = json.loads(path.read_text())
        data.pop("expected", None)
        assert not list(validator.iter_errors(data)), path.name


def test_the_schema_refuses_what_the_loader_refuses() -> None:
    validator = _validator()
    good = record("synch-std.json")
    for key in ("game", "field_id", "moves"):
        assert list(validator.iter_errors({k: v for k, v in good.items() if k != key}))
    assert list(validator.iter_errors(good | {"moves": [1, 2]}))
    assert list(validator.iter_errors(good | {"options": {"players": [2]}}))
    assert list(validator.iter_errors(good | {"field": good["field"] | {"spaces": []}}))


def test_the_sample_record_replays_as_the_readme_says(capsys) -> None:
    readme = (ROOT / "README.md").read_text()
    assert "artsheets replay examples/miro-record.json" in readme
    code, out, _ = replay(SAMPLE, capsys)
    assert code == 0
    assert "result: player 1 wins" in out
