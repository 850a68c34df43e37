"""Game records: load, replay, and the text ``artsheets replay FILE`` prints.

A record is JSON::

    {"format": "artsheets.record/1", "game": "miro", "options": {"players": 2},
     "field_id": "MIRO-1-STD-P2S109", "moves": ["segment-4", "segment-5,segment-6", ...],
     "field": {...}}

``field`` (the topology, as :meth:`Field.to_dict`) is optional: without it the caller passes a
resolver that rebuilds the field from ``field_id`` (``artsheets replay`` passes the generator's
``field_from_id``; the rules themselves never import the generator). Replaying
applies every move through the rules, so a record that replays is a legal game.

The format is documented in ``docs/formats.md`` and ``templates/record.schema.json``. The
loader checks everything a game's setup reads before the game sees it: the file's encoding
(UTF-8, with or without a byte-order mark, or UTF-16/32 with one), the record's keys and types,
and the embedded field's shape (ids, neighbour lists, groups). A game then sets itself up on the
field inside the loader, so a damaged game-specific part ends as one :class:`RecordError` too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
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
    "check_field_shape",
    "load_record",
    "record_from_dict",
    "replay",
    "replay_command",
    "resolve_field",
    "save_record",
    "summary",
]


# What a damaged field or record makes a game's setup raise; turned into a RecordError.
DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError)

FieldIdReader = Callable[[str], str]


def _id_list(value: Any, where: str, known: set[str] | None = None) -> list[str]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RecordError(f"the record's field: {where} must be a list of ids")
    for item in value:
        if not isinstance(item, str):
            raise RecordError(f"the record's field: {where} holds {item!r}, not an id")
        if known is not None and item not in known:
            raise RecordError(f"the record's field: {where} names {item!r}, not one of its spaces")
    return list(value)


def _id_map(d: Mapping[str, Any], key: str, known: set[str] | None) -> None:
    value = d.get(key, {})
    if not isinstance(value, Mapping):
        raise RecordError(f"the record's field: '{key}' must be an object")
    for k, v in value.items():
        if known is not None and k not in known:
            raise RecordError(f"the record's field: '{key}' has {k!r}, not one of its spaces")
        _id_list(v, f"'{key}' of {k!r}", known)


def check_field_shape(d: Any) -> None:
    """Raise :class:`RecordError` unless ``d`` has the shape :meth:`Field.from_dict` reads:
    text ids, neighbour lists and groups naming known spaces, objects for attrs and data."""
    if not isinstance(d, Mapping):
        raise RecordError("the record's 'field' must be an object (a field's topology)")
    for key in ("game", "field_id"):
        if not isinstance(d.get(key), str):
            raise RecordError(f"the record's field needs '{key}' (text)")
    spaces = _id_list(d.get("spaces"), "'spaces'")
    if not spaces or len(set(spaces)) != len(spaces):
        raise RecordError("the record's field: 'spaces' must list each space once")
    known = set(spaces)
    _id_map(d, "adjacent", known)
    _id_map(d, "corner", known)
    _id_map(d, "groups", None)
    for key in ("attrs", "data"):
        if not isinstance(d.get(key, {}), Mapping):
            raise RecordError(f"the record's field: '{key}' must be an object")
    if not all(isinstance(v, Mapping) for v in d.get("attrs", {}).values()):
        raise RecordError("the record's field: every entry of 'attrs' must be an object")


def _check_options(options: Any) -> dict[str, Any]:
    if not isinstance(options, Mapping):
        raise RecordError("the record's 'options' must be an object")
    for k, v in options.items():
        if not isinstance(v, (bool, int, str)) or (isinstance(v, int) and abs(v) > 10**6):
            raise RecordError(
                f"option {k!r} of the record is {v!r}; options are whole numbers, true/false "
                "or words (see the game's rules page)"
            )
    return dict(options)


def _check_game_setup(game: str, fld: Field, options: Mapping[str, Any]) -> None:
    """Let the game set itself up on the record's own field, so that a damaged game-specific
    part (Rings' rounds, Arp's lines...) is reported here, not as a crash later."""
    try:
        cls = game_class(game)
    except OptionError:
        return  # replay names the unknown game
    try:
        cls(fld, options)
    except OptionError:
        return  # replay reports bad options with the game's own words
    except DAMAGE as e:
        raise RecordError(
            f"the record's field is damaged: {game} setup failed ({type(e).__name__}: {e}); "
            "remove 'field' to replay on the printed field, or save the record again"
        ) from None


def record_from_dict(d: Any, field_id_of: FieldIdReader | None = None) -> GameRecord:
    """Check the shape of a record's data and build a :class:`GameRecord`.

    ``field_id_of`` turns what the record names as its field into a field id: the CLI passes
    the generator's, which also accepts the sheet code printed on a sheet."""
    if not isinstance(d, Mapping):
        raise RecordError("a game record is a JSON object with game, options, field_id and moves")
    fmt = d.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format '{fmt}'; expected {RECORD_FORMAT}")
    for key, kind in (("game", str), ("field_id", str), ("moves", list)):
        if not isinstance(d.get(key), kind):
            raise RecordError(f"the record needs '{key}' ({kind.__name__})")
    options = _check_options(d.get("options", {}))
    bad = next((m for m in d["moves"] if not isinstance(m, str)), None)
    if bad is not None:
        raise RecordError(f"every move is text; found {bad!r}")
    field_id = d["field_id"]
    if field_id_of is not None:
        try:
            field_id = field_id_of(field_id)
        except ValueError as e:  # a sheet code with a mistyped character
            raise RecordError(f"the record's field_id: {e}") from None
    fld = None
    if d.get("field") is not None:
        check_field_shape(d["field"])
        try:
            fld = Field.from_dict(d["field"])
        except DAMAGE as e:
            raise RecordError(f"the record's field cannot be read: {e}") from None
        if fld.field_id != field_id:
            raise RecordError(
                f"the record's field is {fld.field_id} but its field_id says {d['field_id']}"
            )
        if fld.game != d["game"]:
            raise RecordError(f"the record's field is a {fld.game} field, not {d['game']}")
        _check_game_setup(d["game"], fld, options)
    return GameRecord(d["game"], options, field_id, list(d["moves"]), fld)


def load_record(path: str | Path, field_id_of: FieldIdReader | None = None) -> GameRecord:
    """Read a record file; :class:`RecordError` says what is wrong with it.

    JSON text is UTF-8; a UTF-8 byte-order mark (as Windows editors write) is accepted, and so
    is UTF-16 or UTF-32 with a byte-order mark (what json reads from bytes, RFC 8259 8.1)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read it ({e.strerror})") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not UTF-8 text; save the record as UTF-8") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{path}: not valid JSON (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise RecordError(f"{path}: not a game record (JSON nested too deeply)") from None
    return record_from_dict(data, field_id_of)


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


def replay(
    record: GameRecord, field: Field | None = None, resolve: FieldResolver | None = None
) -> State:
    """Play every move of ``record``; :class:`RecordError` names the first illegal move.

    The field is ``field``, else the one the record carries, else ``resolve(field_id)``."""
    try:
        cls = game_class(record.game)
    except OptionError as e:
        raise RecordError(str(e)) from None
    fld = field or record.field or resolve_field(record.game, record.field_id, resolve)
    if fld.field_id != record.field_id:
        raise RecordError(f"the record was played on {record.field_id}, not on {fld.field_id}")
    # A field that came with the record may be damaged where only a move looks: a crash there
    # is the record's fault. A field the generator rebuilt is ours: a crash there is a bug.
    damage = DAMAGE if fld is record.field else ()
    try:
        state = cls(fld, record.options)
    except OptionError as e:
        raise RecordError(f"bad options: {e}") from None
    except damage as e:
        raise RecordError(f"the record's field is damaged ({type(e).__name__}: {e})") from None
    for k, move in enumerate(record.moves, start=1):
        try:
            state.apply(move)
        except IllegalMoveError as e:
            raise RecordError(f"move {k} ({move!r}) is illegal: {e}") from None
        except damage as e:
            raise RecordError(
                f"move {k} ({move!r}) cannot be played: the record's field is damaged "
                f"({type(e).__name__}: {e})"
            ) from None
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


def replay_command(
    path: str, resolve: FieldResolver | None = None, field_id_of: FieldIdReader | None = None
) -> str:
    """What ``artsheets replay FILE`` prints; raises :class:`RecordError` (one line) on a bad
    file or the first illegal move. ``resolve`` rebuilds a field the record does not carry;
    ``field_id_of`` reads a printed sheet code where the record names its field."""
    return summary(replay(load_record(path, field_id_of), resolve=resolve))


def save_record(
    state_or_record: State | GameRecord, path: str | Path, include_field: bool = True
) -> None:
    """Write a record file (the state's moves so far, or a record)."""
    rec = state_or_record.record() if isinstance(state_or_record, State) else state_or_record
    Path(path).write_text(rec.to_json(include_field), encoding="utf-8")
