"""Springer's variations for two experienced players: a divided space and a double first turn.

- ``divide``: before play each player, player 1 first, divides one space of his choice into
  two with a drawn line. Rules see no geometry, so the move says which regions each half
  touches: ``divide space-12 space-3,~space-4,triangle-top-2/space-4,space-9``. Every region
  touching the space (neighbours sharing a side, neighbours meeting it at a corner, triangles)
  is named in one half's list or both (both where the line ends on its side); a neighbour that
  shared a side may be marked ``~`` in a half that only meets it at a corner. The two halves
  share a side. They are named ``<space>a`` and ``<space>b``.
- ``double_first``: a player's first filling turn fills two empty spaces that share a side,
  making them one space: ``space-3+space-7`` (field order). The two may share a side in his
  colour; every other rule holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.common import id_order
from artsheets.rules.core import IllegalMoveError, Move
from artsheets.rules.field import Field, symmetric_pairs

__all__ = ["apply_divide", "canonical_divides", "double_moves", "parse_double"]

DIVIDE = "divide"


def _touching(field: Field, space: str) -> dict[str, str]:
    """Regions touching ``space``: neighbour -> 'side' or 'corner', triangle -> 'triangle'."""
    out = {n: "side" for n in field.adjacent.get(space, ())}
    out.update({n: "corner" for n in field.corner.get(space, ())})
    for t, tri in field.data.get("triangles", {}).items():
        if space in tri["spaces"]:
            out[t] = "triangle"
    return out


def _parse_divide(field: Field, move: Move) -> tuple[str, list[dict[str, str]]]:
    """(space, per half: region -> relation), or IllegalMoveError naming what is wrong."""
    parts = move.split()
    if len(parts) != 3 or parts[0] != DIVIDE or parts[2].count("/") != 1:
        raise IllegalMoveError(
            f"{move}: write a division as 'divide space-12 A,B/C,D', the regions each half "
            "touches (~ before a side neighbour a half only meets at a corner)"
        )
    space = parts[1]
    if space not in field.spaces:
        raise IllegalMoveError(f"{move}: there is no space '{space}' to divide")
    touching = _touching(field, space)
    halves: list[dict[str, str]] = []
    for text in parts[2].split("/"):
        half: dict[str, str] = {}
        for item in filter(None, text.split(",")):
            corner_only = item.startswith("~")
            rid = item.lstrip("~")
            if rid not in touching:
                raise IllegalMoveError(f"{move}: {rid} does not touch {space}")
            if corner_only and touching[rid] != "side":
                raise IllegalMoveError(f"{move}: ~ marks a side neighbour; {rid} is not one")
            half[rid] = "corner" if corner_only else touching[rid]
        if not half:
            raise IllegalMoveError(f"{move}: each half touches at least one region")
        halves.append(half)
    missed = sorted(set(touching) - set(halves[0]) - set(halves[1]))
    if missed:
        raise IllegalMoveError(f"{move}: say which half touches {', '.join(missed)}")
    return space, halves


def apply_divide(field: Field, move: Move) -> Field:
    """The field with the space the move names divided in two, as the move describes."""
    space, halves = _parse_divide(field, move)
    names = (f"{space}a", f"{space}b")
    spaces = tuple(x for s in field.spaces for x in (names if s == space else (s,)))
    side = [(a, b) for a, ns in field.adjacent.items() for b in ns if space not in (a, b)]
    corner = [(a, b) for a, ns in field.corner.items() for b in ns if space not in (a, b)]
    side.append(names)
    triangles = {t: dict(v, spaces=[s for s in v["spaces"] if s != space])
                 for t, v in field.data.get("triangles", {}).items()}  # fmt: skip
    for name, half in zip(names, halves, strict=True):
        for rid, rel in half.items():
            if rel == "side":
                side.append((name, rid))
            elif rel == "corner":
                corner.append((name, rid))
            else:
                triangles[rid]["spaces"].append(name)
    attrs = {k: v for k, v in field.attrs.items() if k != space}
    for name in names:
        attrs[name] = dict(field.attrs.get(space, {}), divided_from=space)
    groups = {
        g: tuple(x for s in m for x in (names if s == space else (s,)))
        for g, m in field.groups.items()
    }
    return Field(
        game=field.game,
        field_id=field.field_id,
        spaces=spaces,
        adjacent=symmetric_pairs(side, spaces),
        corner=symmetric_pairs(corner, spaces),
        groups=groups,
        attrs=attrs,
        data={**field.data, "triangles": triangles},
    )


def canonical_divides(field: Field) -> list[Move]:
    """One division per space that touches two regions or more: its touching regions in id
    order, the first half to one half and the rest to the other. Any other split is legal
    too (there are 2^k of them); these are the ones listed."""
    order = {r: k for k, r in enumerate((*field.spaces, *field.data.get("triangles", {})))}
    out = []
    for s in field.spaces:
        regions = sorted(_touching(field, s), key=lambda r: order.get(r, len(order)))
        if len(regions) >= 2:
            mid = len(regions) // 2
            out.append(f"{DIVIDE} {s} {','.join(regions[:mid])}/{','.join(regions[mid:])}")
    return out


def parse_double(field: Field, move: Move) -> tuple[str, str] | None:
    """The two spaces of a ``space-a+space-b`` move, or None if the move is not one."""
    a, plus, b = move.partition("+")
    if not plus:
        return None
    order = id_order(field)
    if a not in order or b not in order:
        raise IllegalMoveError(f"{move}: write a double fill as space-3+space-7, two spaces")
    if order[a] >= order[b]:
        raise IllegalMoveError(f"{move}: write the spaces in field order: {b}+{a}")
    if b not in field.adjacent.get(a, ()):
        raise IllegalMoveError(f"{move}: {a} and {b} do not share a side")
    return a, b


def double_moves(field: Field, colours: Mapping[str, int], player: int) -> list[Move]:
    """Every double first fill: two empty spaces sharing a side, neither next to the
    player's colour."""
    order = id_order(field)

    def free(s: str) -> bool:
        return s not in colours and all(colours.get(n) != player for n in field.adjacent[s])

    return [
        f"{a}+{b}"
        for a in field.spaces
        if free(a)
        for b in sorted(field.adjacent.get(a, ()), key=order.__getitem__)
        if order[b] > order[a] and free(b)
    ]


def merged_pairs(options: Mapping[str, Any]) -> int:
    """How many same-colour side-sharing pairs each player may show: one with
    ``double_first``."""
    return 1 if options.get("double_first") else 0
