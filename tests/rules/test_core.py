"""The engine's shared API: options, errors, copies, printing, records and replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from artsheets.rules import GameRecord, IllegalMoveError, OptionError, RecordError, new_game
from artsheets.rules.common import decide
from artsheets.rules.record import (
    load_record,
    record_from_dict,
    replay,
    replay_command,
    save_record,
)
from tests.rules.synthetic import (
    arp_field,
    klee_field,
    miro_field,
    mondrian_field,
    springer_field,
    synch_field,
    vasarely_field,
)


def test_options_are_checked_with_clear_messages() -> None:
    f = miro_field(2, 3, 90)
    with pytest.raises(
        OptionError, match="unknown option 'player'; its options are: partnership, players, teams"
    ):
        new_game(f, {"player": 2})
    with pytest.raises(OptionError, match="'players' must be one of 2, 3, 4, got 5"):
        new_game(f, {"players": 5})
    with pytest.raises(OptionError, match="teams need four players"):
        new_game(f, {"players": 3, "teams": True})
    with pytest.raises(OptionError, match="partnership scoring variant needs teams"):
        new_game(f, {"players": 4, "partnership": "double_lower"})
    with pytest.raises(OptionError, match="must be true or false"):
        new_game(f, {"players": 4, "teams": "yes"})
    with pytest.raises(OptionError, match="Miro cannot be played on a 'synch' field"):
        type(new_game(f))(synch_field(3))
    assert new_game(f).options == {"players": 2, "teams": False, "partnership": "sum"}
    assert issubclass(IllegalMoveError, ValueError) and issubclass(RecordError, ValueError)


def test_copies_are_independent_and_equal() -> None:
    s = new_game(mondrian_field(1, 20, 60, 80), {"players": 3})
    s.apply(s.legal_moves()[0])
    c = s.copy()
    assert c == s and c is not s
    c.apply(c.legal_moves()[0])
    assert c != s and len(s.history) == 1
    assert len(s.colour) == 1  # type: ignore[attr-defined]


def test_states_print_readably() -> None:
    s = new_game(klee_field(4), {})
    text = str(s)
    assert text.startswith("Klee on SYNTH-KLEE-N4 (players=2, all_areas=False")
    assert "player 1 to move" in text
    assert repr(s) == "<Klee SYNTH-KLEE-N4 moves=0 to_move=1>"


def test_outcome_texts() -> None:
    assert decide({1: 3, 2: 5}, "end").result() == "player 2 wins"
    assert decide({1: 5, 2: 5}, "end").result() == "draw"
    team = decide({1: 1, 2: 4, 3: 5, 4: 1}, "end", teams=((1, 3), (2, 4)))
    assert team.result() == "team 1+3 wins" and team.team_scores == {"1+3": 6, "2+4": 5}
    assert decide({1: 1, 2: 4}, "end", lower_wins=True).winners == (1,)


def finished(seed: int = 3):
    s = new_game(vasarely_field(seed, cubes=4), {"players": 3})
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_moves()))
    return s


def test_record_saves_and_replays_to_the_identical_state(tmp_path: Path) -> None:
    s = finished()
    path = tmp_path / "game.json"
    save_record(s, path)
    again = load_record(path).replay()
    assert again == s and str(again) == str(s)
    text = replay_command(str(path))
    lines = text.splitlines()
    assert lines[0] == f"Vasarely on {s.field.field_id}, {len(s.history)} moves"
    for p, v in s.scores().items():
        assert f"  player {p}: {v} points" in lines
    assert lines[-1] == f"result: {s.outcome().result()} (all cubes completed)"  # type: ignore[union-attr]


def test_unfinished_record_says_who_is_to_move(tmp_path: Path) -> None:
    s = new_game(springer_field(4, 4), {"players": 3})
    s.apply("space-1")
    path = tmp_path / "g.json"
    save_record(s, path)
    assert replay_command(str(path)).endswith("game not finished: player 2 to move")


def test_bad_records_get_one_line_errors(tmp_path: Path) -> None:
    s = finished()
    data = s.record().to_dict()
    bad_move = dict(data, moves=[*data["moves"][:4], "space-999", *data["moves"][5:]])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad_move))
    with pytest.raises(
        RecordError, match=r"^move 5 \('space-999'\) is illegal: space-999: there is no space"
    ):
        replay_command(str(path))
    swapped = dict(data, moves=[data["moves"][1], *data["moves"][1:]])
    path.write_text(json.dumps(swapped))
    with pytest.raises(
        RecordError, match=r"^move 1 .* is illegal: .* has \d dots; this turn needs a 1-dot space"
    ):
        replay_command(str(path))
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        replay_command(str(path))
    with pytest.raises(RecordError, match="no such file"):
        replay_command(str(tmp_path / "missing.json"))
    path.write_text(json.dumps(dict(data, game="chess")))
    with pytest.raises(RecordError, match="field is a vasarely field, not chess"):
        replay_command(str(path))
    path.write_text(json.dumps(dict({k: v for k, v in data.items() if k != "field"}, game="chess")))
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay_command(str(path))
    path.write_text(json.dumps({k: v for k, v in data.items() if k != "moves"}))
    with pytest.raises(RecordError, match="needs 'moves'"):
        replay_command(str(path))
    path.write_text(json.dumps(dict(data, options={"players": 9})))
    with pytest.raises(RecordError, match=r"bad options: .*players"):
        replay_command(str(path))
    path.write_text(json.dumps(dict(data, field_id="OTHER")))
    with pytest.raises(RecordError, match="field is SYNTH-VASARELY-S3 but its field_id says OTHER"):
        replay_command(str(path))


def test_record_of_a_real_sheet_needs_only_the_field_id(tmp_path: Path) -> None:
    from artsheets.generator.registry import build_field, field_from_id

    f = build_field("synch", None, {"size": 8})
    s = new_game(f, {})
    rng = random.Random(1)
    for _ in range(30):
        s.apply(rng.choice(s.legal_moves()))
    path = tmp_path / "real.json"
    save_record(s, path, include_field=False)
    assert "field" not in json.loads(path.read_text())
    assert load_record(path).replay(f) == s
    assert replay(load_record(path), resolve=field_from_id) == s
    assert replay_command(str(path), resolve=field_from_id).endswith("to move")
    with pytest.raises(RecordError, match="cannot be rebuilt here"):
        replay_command(str(path))


def test_record_from_dict_rejects_non_text_moves() -> None:
    rec = GameRecord("synch", {}, "X", ["space-1"], synch_field(2)).to_dict()
    rec["field_id"] = rec["field"]["field_id"]
    with pytest.raises(RecordError, match="every move is text"):
        record_from_dict(dict(rec, moves=["space-1", 3]))


FIELDS = {
    "arp": lambda: arp_field(4, 7),
    "miro": lambda: miro_field(2, 3, 90),
    "springer": lambda: springer_field(4, 5),
    "synch": lambda: synch_field(3),
}


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(sorted(FIELDS)), picks=st.lists(st.integers(0, 10_000), max_size=40))
def test_any_legal_sequence_round_trips(game: str, picks: list[int]) -> None:
    """Whatever legal moves are chosen, the record replays to an equal state, copies are
    equal, and every listed move was accepted."""
    s = new_game(FIELDS[game]())
    for k in picks:
        if s.is_over():
            break
        moves = s.legal_moves()
        s.apply(moves[k % len(moves)])
    again = record_from_dict(json.loads(s.record().to_json())).replay()
    assert again == s and s.copy() == s
