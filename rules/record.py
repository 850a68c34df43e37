"""Game records: load, replay, and the text ``artsheets replay FILE`` prints.

A record is JSON::

    {"format": "artsheets.record/1", "game": "miro", "options": {"players": 2},
     "field_id": "MIRO-1-STD-P2S109", "moves": ["segment-4", "segment-5,segment-6", ...],
     "field": {...}}

``field`` (the topology, as :meth:`Field.to_dict`) is optional: without it the caller passes a
resolver that rebuilds the field from ``field_id`` (``artsheets replay`` passes the generator's
``field_from_id``; the rules themselves never import the generator). Replaying
applies every move through the rules, so a record that replays is a legal game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from artsheets.rules.core import (
    RECORD_FORMAT,
    GameRecord,
    IllegalMoveError,
    OptionError,
    RecordError,
    State,
    game_class,
)
from artsheets.rules.field import Field

__all__ = [
    "load_record",
    "record_from_dict",
    "replay",
    "replay_command",
    "resolve_field",
    "save_record",
    "summary",
]


def record_from_dict(d: Any) -> GameRecord:
    """Check the shape of a record's data and build a :class:`GameRecord`."""
    if not isinstance(d, Mapping):
        raise RecordError("a game record is a JSON object with game, options, field_id and moves")
    fmt = d.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format '{fmt}'; expected {RECORD_FORMAT}")
    for key, kind in (("game", str), ("field_id", str), ("moves", list)):
        if not isinstance(d.get(key), kind):
            raise RecordError(f"the record needs '{key}' ({kind.__name__})")
    options = d.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("the record's 'options' must be an object")
    bad = next((m for m in d["moves"] if not isinstance(m, str)), None)
    if bad is not None:
        raise RecordError(f"every move is text; found {bad!r}")
    fld = None
    if d.get("field") is not None:
        try:
            fld = Field.from_dict(d["field"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise RecordError(f"the record's field cannot be read: {e}") from None
        if fld.field_id != d["field_id"]:
            raise RecordError(
                f"the record's field is {fld.field_id} but its field_id says {d['field_id']}"
            )
        if fld.game != d["game"]:
            raise RecordError(f"the record's field is a {fld.game} field, not {d['game']}")
    return GameRecord(d["game"], dict(options), d["field_id"], list(d["moves"]), fld)


def load_record(path: str | Path) -> GameRecord:
    """Read a record file; :class:`RecordError` says what is wrong with it."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read it ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path}: not valid JSON (line {e.lineno}: {e.msg})") from None
    return record_from_dict(data)


FieldResolver = Callable[[str], Field]


def resolve_field(game: str, field_id: str, resolve: FieldResolver | None) -> Field:
    """Rebuild a field from its id with ``resolve`` (the generator's ``field_from_id``).

    The rules know nothing of paper: rebuilding a printed field is the generator's job, so the
    caller (the CLI) passes the resolver in. Without one, a record must carry its field.
    """
    if resolve is None:
        raise RecordError(
            f"the record has no 'field' and field {field_id} cannot be rebuilt here; "
            "save the record with its field"
        )
    try:
        fld = resolve(field_id)
    except ValueError as e:  # the generator's errors carry clear messages
        raise RecordError(
            f"cannot rebuild field {field_id} from its id ({e}); add the field's topology to "
            "the record under 'field'"
        ) from None
    if fld.game != game:
        raise RecordError(f"field {field_id} is not a {game} field")
    return fld


def own_board(record: GameRecord) -> Field | None:
    """The board of a game that brings its own (the board games), when it is the board the
    record names; such records replay without the generator. None for every other game."""
    from artsheets.rules.game import get_game

    try:
        board = get_game(record.game).board(record.options)
    except OptionError:
        return None
    return board if board is not None and board.field_id == record.field_id else None


def replay(
    record: GameRecord, field: Field | None = None, resolve: FieldResolver | None = None
) -> State:
    """Play every move of ``record``; :class:`RecordError` names the first illegal move.

    The field is ``field``, else the one the record carries, else ``resolve(field_id)``."""
    try:
        cls = game_class(record.game)
    except OptionError as e:
        raise RecordError(str(e)) from None
    fld = field or record.field or own_board(record)
    fld = fld or resolve_field(record.game, record.field_id, resolve)
    if fld.field_id != record.field_id:
        raise RecordError(f"the record was played on {record.field_id}, not on {fld.field_id}")
    try:
        state = cls(fld, record.options)
    except OptionError as e:
        raise RecordError(f"bad options: {e}") from None
    for k, move in enumerate(record.moves, start=1):
        try:
            state.apply(move)
        except IllegalMoveError as e:
            raise RecordError(f"move {k} ({move!r}) is illegal: {e}") from None
    return state


def summary(state: State) -> str:
    """The text ``artsheets replay`` prints: scores and the winner (or who is to move)."""
    out = state.outcome()
    head = f"{state.title} on {state.field.field_id}, {len(state.history)} moves"
    opts = ", ".join(f"{k}={v}" for k, v in state.options.items())
    lines = [head, f"options: {opts}"]
    word = "penalties" if out is not None and out.lower_wins else "points"
    if getattr(state, "game", "") == "delaunay":
        word = "penalties"
    for p, v in state.scores().items():
        lines.append(f"  player {p}: {v} {word}")
    if out is not None:
        if out.team_scores:
            for team, v in out.team_scores.items():
                lines.append(f"  team {team}: {v} {word}")
        lines.append(f"result: {out.result()} ({out.reason})")
    else:
        lines.append(f"game not finished: player {state.current_player()} to move")
    return "\n".join(lines)


def replay_command(path: str, resolve: FieldResolver | None = None) -> str:
    """What ``artsheets replay FILE`` prints; raises :class:`RecordError` (one line) on a bad
    file or the first illegal move. ``resolve`` rebuilds a field the record does not carry."""
    return summary(replay(load_record(path), resolve=resolve))


def save_record(
    state_or_record: State | GameRecord, path: str | Path, include_field: bool = True
) -> None:
    """Write a record file (the state's moves so far, or a record)."""
    rec = state_or_record.record() if isinstance(state_or_record, State) else state_or_record
    Path(path).write_text(rec.to_json(include_field), encoding="utf-8")
