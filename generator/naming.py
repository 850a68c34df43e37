"""File names of printed sheets: one name per distinct sheet.

``GAME_std`` (standard field) or ``GAME_sSEED``, then every option that differs from its
default as ``_NAMEVALUE`` (``synch_std_size14``), ``_vN`` for a field version older than the
current one, and ``_letter`` for Letter pages. A default is what the option would take given the
options before it (Rings' rounds default to the players), so two different sheets never share a
name, and the same sheet always gets the same name whether its defaults were typed or not.
A board game's kit sheets other than the board are named for their part, after the game
(``parking_pieces_std`` beside the board's ``parking_std``).
"""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.registry import GameSpec

__all__ = ["sheet_name"]


def sheet_name(
    spec: GameSpec,
    seed: int | None,
    options: Mapping[str, int],
    page: str,
    field_version: int | None = None,
) -> str:
    """The base name of a sheet's files (without extension); ``options`` are resolved."""
    game = spec.name
    if options.get("part", 1) != 1:
        from artsheets.generator.boardkit import PARTS

        game += "_" + PARTS[options["part"]].split()[0]
    parts = [game, "std" if seed is None else f"s{seed}"]
    before: dict[str, int] = {}
    for opt in spec.options:
        value = options[opt.name]
        if opt.name == "part":
            continue
        default = opt.default(before) if callable(opt.default) else opt.default
        if value != default:
            parts.append(f"{opt.name}{value}")
        before[opt.name] = value
    current = spec.current_version if seed is not None else spec.standard_version
    if field_version is not None and field_version != current:
        parts.append(f"v{field_version}")
    if page != "a4":
        parts.append(page)
    return "_".join(parts)
