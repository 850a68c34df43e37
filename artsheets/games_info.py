"""What ``artsheets games`` shows (and ``games --json`` gives scripts): each game's players,
fields and options, with the limits that really hold.

The limits are read from the same :class:`GameSpec` that checks a ``generate`` call, and an
option whose default depends on another (Rings' rounds on the players) lists that default for
every allowed value, so the listing never promises a sheet that ``generate`` refuses.
"""

from __future__ import annotations

from typing import Any

from artsheets.generator.registry import GameSpec, SheetOption, games

__all__ = ["DEFAULT_SEED", "games_info"]

# The seed "generate all" prints for a game that has no standard field (Crossing The Rings),
# so that the printed kit is the same on every run (docs/decisions.md, "Command line").
DEFAULT_SEED = 1


def _default(spec: GameSpec, opt: SheetOption) -> int | dict[str, int]:
    """An option's default, or for a default that depends on the players, one per count."""
    if not callable(opt.default):
        return opt.default
    lo, hi = spec.players
    fixed = {o.name: o.default for o in spec.options if not callable(o.default)}
    by_players = {}
    for players in range(lo, hi + 1):
        value = opt.default({**fixed, "players": players})
        by_players[str(players)] = value
    return by_players


def default_text(value: int | dict[str, int]) -> str:
    """``6``, ``as players``, or ``by players: 2:2 ... 8:4``."""
    if isinstance(value, int):
        return str(value)
    if all(int(k) == v for k, v in value.items()):
        return "as players"
    return "by players: " + " ".join(f"{k}:{v}" for k, v in value.items())


def games_info() -> list[dict[str, Any]]:
    """Every game as plain data, in listing order (the shape ``games --json`` prints)."""
    out = []
    for spec in games().values():
        options = []
        for opt in spec.options:
            default = _default(spec, opt)
            options.append(
                {
                    "name": opt.name,
                    "low": opt.low,
                    "high": opt.high,
                    "default": default,
                    "default_text": default_text(default),
                    "help": opt.help,
                }
            )
        out.append(
            {
                "name": spec.name,
                "title": spec.title,
                "players": list(spec.players),
                "standard_field": spec.standard is not None,
                "random_fields": spec.random_fields,
                "field_version": spec.current_version if spec.random_fields else None,
                "default_seed": DEFAULT_SEED if spec.standard is None else None,
                "options": options,
            }
        )
    return out
