"""Sheet codes: round trip, the check character, clear errors."""

from __future__ import annotations

import pytest

from artsheets.generator.registry import build_layout, games, layout_from_code
from artsheets.generator.sheetcode import SheetCode, SheetCodeError, parse_sheet_code

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_round_trip() -> None:
    code = SheetCode("rings", 1, 42, "A4", (("P", 3), ("R", 3), ("N", 6)))
    text = str(code)
    assert text.startswith("RINGS-1-000042-A4-P3R3N6-")
    assert parse_sheet_code(text) == code
    assert parse_sheet_code(" " + text.lower() + " ") == code
    std = SheetCode("miro", 1, None, "LT", ())
    assert parse_sheet_code(str(std)) == std


def test_check_character_catches_every_single_substitution_and_swap() -> None:
    text = str(SheetCode("mondrian", 1, 123456, "A4", (("P", 4), ("S", 99))))
    for i, ch in enumerate(text[:-2]):
        if ch not in ALNUM:
            continue
        for other in ALNUM:
            if other != ch:
                bad = text[:i] + other + text[i + 1 :]
                with pytest.raises(SheetCodeError):
                    parse_sheet_code(bad)
    for i in range(len(text) - 3):
        a, b = text[i], text[i + 1]
        if a != b and a in ALNUM and b in ALNUM:
            with pytest.raises(SheetCodeError):
                parse_sheet_code(text[:i] + b + a + text[i + 2 :])


@pytest.mark.parametrize("bad", ["", "hello", "MIRO-1-42-A4--X", "MIRO-1-STD-B5--X"])
def test_malformed_codes_say_what_a_code_looks_like(bad: str) -> None:
    with pytest.raises(SheetCodeError, match="sheet code"):
        parse_sheet_code(bad)


@pytest.mark.parametrize("game", list(games()))
def test_layout_rebuilds_from_its_code(game: str) -> None:
    spec = games()[game]
    seed = None if spec.standard is not None else 7
    for page in ("a4", "letter"):
        layout = build_layout(game, seed, {}, page)
        assert layout_from_code(layout.sheet_code).to_json() == layout.to_json()


def test_field_id_leaves_out_page_and_check() -> None:
    from artsheets.generator.registry import field_from_id
    from artsheets.generator.sheetcode import parse_field_id

    code = SheetCode("rings", 1, 42, "LT", (("P", 3), ("R", 3)))
    assert code.field_id() == "RINGS-1-000042-P3R3"
    assert parse_field_id(code.field_id()).field_id() == code.field_id()
    with pytest.raises(SheetCodeError, match="not a field id"):
        parse_field_id("RINGS-1-000042-A4-P3R3")
    a4 = build_layout("synch", None, {"size": 9}, "a4")
    letter = build_layout("synch", None, {"size": 9}, "letter")
    assert a4.topology.field_id == letter.topology.field_id == "SYNCH-1-STD-N9"
    assert field_from_id("SYNCH-1-STD-N9").spaces == a4.topology.spaces
