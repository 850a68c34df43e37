"""A playing field as topology: the data every game's rules read.

A field is built once from geometry (by ``artsheets.generator``) and then reduced to plain data:
space ids, which spaces are next to each other (sharing a boundary of positive length), which
only touch at a corner, groups (Vasarely's cubes, Delaunay's sections, Rings' rounds), per-region
attributes (dots, grid cells, rectangles, triangle numbers) and a game-specific ``data`` mapping
documented in ``docs/topology.md``. Rules never see pixels or paper, only this.

The same data travels in the layout JSON under ``"topology"``, so any tool (the scanner, a test,
another program) can rebuild the :class:`Field` with :meth:`Field.from_dict`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Field", "symmetric_pairs"]


def symmetric_pairs(
    pairs: Iterable[tuple[str, str]], ids: Iterable[str]
) -> dict[str, frozenset[str]]:
    """Turn unordered pairs into a symmetric neighbour map with an entry for every id."""
    out: dict[str, set[str]] = {i: set() for i in ids}
    for a, b in pairs:
        if a == b:
            continue
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in out.items()}


@dataclass(frozen=True)
class Field:
    """The topology of one playing field.

    Attributes
    ----------
    game:
        Game name (``"vasarely"``, ``"miro"``...).
    field_id:
        Identifies the field independent of page size, e.g. ``"MIRO-1-STD"`` or
        ``"RINGS-1-000042-P3R3N6C16"``; game records store it.
    spaces:
        Ids of the regions players colour, in a stable order.
    adjacent:
        Space id -> spaces sharing a boundary of positive length ("next to").
    corner:
        Space id -> spaces that touch it only at points (corners). ``adjacent`` and ``corner``
        are disjoint; their union is "touching" (Klee, Springer chains).
    groups:
        Group id -> member space ids (cubes, sections, rounds).
    attrs:
        Region id -> attributes (``{"dots": 3}``, ``{"row": 0, "col": 4}``...).
    data:
        Game-specific topology (Miro's segment order, Arp's lines, Springer's triangles...),
        JSON-compatible; see ``docs/topology.md``.
    """

    game: str
    field_id: str
    spaces: tuple[str, ...]
    adjacent: Mapping[str, frozenset[str]] = field(default_factory=dict)
    corner: Mapping[str, frozenset[str]] = field(default_factory=dict)
    groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    attrs: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)

    def group_of(self, space: str) -> str | None:
        """The group a space belongs to, or None."""
        for gid, members in self.groups.items():
            if space in members:
                return gid
        return None

    def touching(self, space: str) -> frozenset[str]:
        """Spaces sharing an edge or a corner with ``space``."""
        return self.adjacent.get(space, frozenset()) | self.corner.get(space, frozenset())

    def to_dict(self) -> dict[str, Any]:
        """Plain, deterministic JSON-compatible data (sorted neighbour lists)."""
        return {
            "game": self.game,
            "field_id": self.field_id,
            "spaces": list(self.spaces),
            "adjacent": {s: sorted(self.adjacent.get(s, ())) for s in self.spaces},
            "corner": {s: sorted(self.corner.get(s, ())) for s in self.spaces},
            "groups": {g: list(m) for g, m in self.groups.items()},
            "attrs": {k: dict(v) for k, v in self.attrs.items()},
            "data": dict(self.data),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Field:
        spaces = tuple(d["spaces"])
        return cls(
            game=d["game"],
            field_id=d["field_id"],
            spaces=spaces,
            adjacent={k: frozenset(v) for k, v in d.get("adjacent", {}).items()},
            corner={k: frozenset(v) for k, v in d.get("corner", {}).items()},
            groups={k: tuple(v) for k, v in d.get("groups", {}).items()},
            attrs={k: dict(v) for k, v in d.get("attrs", {}).items()},
            data=dict(d.get("data", {})),
        )

    def check_symmetric(self) -> list[str]:
        """Problems with the neighbour maps (empty when adjacency is symmetric and disjoint)."""
        problems = []
        for name, rel in (("adjacent", self.adjacent), ("corner", self.corner)):
            for a, ns in rel.items():
                for b in ns:
                    if a not in rel.get(b, ()):
                        problems.append(f"{name}: {a} -> {b} has no way back")
        for a in self.spaces:
            both = self.adjacent.get(a, frozenset()) & self.corner.get(a, frozenset())
            if both:
                problems.append(f"{a} is both adjacent and corner-touching to {sorted(both)}")
        return problems
