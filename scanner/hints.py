"""Which other readings of a sheet would satisfy a rule it breaks: the scanner's hints.

The rule engine says what a finished position breaks, as typed rule-breaks naming the rule
and its regions (:mod:`artsheets.rules.breaks`). A sheet read from a photo may break one
because of a misread; this module turns each rule-break into the readings that would each
satisfy it: the solver's candidate changes (:mod:`artsheets.scanner.solve`) and the scan
report's check fields:

- ``could_be``: (region, colour) readings that would each do;
- ``could_be_coloured`` / ``could_be_blank``: regions that would, coloured in some colour /
  blank;
- ``must_be_coloured``: (region, colour or None) blanks no legally played sheet leaves blank
  if the check's other regions are as read, with the colour the rules give them (None: they
  cannot tell); a scanner sure of those other regions may colour them where it saw no colour
  (a pencil too faint or too grey to show on a printed line);
- ``must_be_blank``: regions read coloured that no legally played sheet colours.

One mechanism for every game: a function per rule-break type, registered with
:func:`_hints_of`, of the rule-break and the colours read (every type the rules define has
one; a check with no ``broken`` gives no hints). The tallies' checks are the scanner's own
and carry their hints from the start (:mod:`artsheets.scanner.tallies`).

>>> from artsheets.rules.breaks import SameColourNeighbours
>>> hints(SameColourNeighbours(("space-1", "space-2"), 2, (1, 2)), {}).could_be
[('space-1', 1), ('space-2', 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from artsheets.rules.breaks import (
    AreaBreaksSetup,
    CaptorUnlikeLastMove,
    CurveBroken,
    LeftOpen,
    MarkEarly,
    MarkForeign,
    MarkMissing,
    NeverColoured,
    OrderBroken,
    RareStretch,
    RuleBreak,
    SameColourNeighbours,
    TooManyOnEdge,
    Unfinished,
)
from artsheets.rules.position import Check

__all__ = ["Hints", "check_dict", "hints"]

Colours = Mapping[str, int | None]


@dataclass(frozen=True)
class Hints:
    """The readings that would satisfy one rule-break (see the module's docstring)."""

    could_be: list[tuple[str, int]] = field(default_factory=list)
    could_be_coloured: list[str] = field(default_factory=list)
    could_be_blank: list[str] = field(default_factory=list)
    must_be_coloured: list[tuple[str, int | None]] = field(default_factory=list)
    must_be_blank: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The non-empty hints, as the scan report's check fields (FORMATS.md)."""
        out: dict[str, Any] = {}
        if self.could_be:
            out["could_be"] = [[rid, colour] for rid, colour in self.could_be]
        if self.could_be_coloured:
            out["could_be_coloured"] = list(self.could_be_coloured)
        if self.could_be_blank:
            out["could_be_blank"] = list(self.could_be_blank)
        if self.must_be_coloured:
            out["must_be_coloured"] = [[rid, colour] for rid, colour in self.must_be_coloured]
        if self.must_be_blank:
            out["must_be_blank"] = list(self.must_be_blank)
        return out


_B = TypeVar("_B", bound=RuleBreak)
_HINTS: dict[type[RuleBreak], Callable[[Any, Colours], Hints]] = {}


def _hints_of(
    kind: type[_B],
) -> Callable[[Callable[[_B, Colours], Hints]], Callable[[_B, Colours], Hints]]:
    """Register the hint function of one rule-break type."""

    def register(fn: Callable[[_B, Colours], Hints]) -> Callable[[_B, Colours], Hints]:
        _HINTS[kind] = fn
        return fn

    return register


def hints(broken: RuleBreak | None, colours: Colours) -> Hints:
    """The readings that would satisfy ``broken`` in the position ``colours`` (as read)."""
    fn = None if broken is None else _HINTS.get(type(broken))
    return Hints() if fn is None else fn(broken, colours)


def check_dict(check: Check, colours: Colours) -> dict[str, Any]:
    """A rule-engine check as the scan report writes it: its fields and its hints."""
    return check.to_dict() | hints(check.broken, colours).to_dict()


def _member_colours(members: tuple[str, ...], colours: Colours) -> list[int]:
    return sorted({c for m in members if (c := colours.get(m)) is not None})


# --- rules several games share ---------------------------------------------------------------


@_hints_of(SameColourNeighbours)
def _neighbours(b: SameColourNeighbours, colours: Colours) -> Hints:
    """Either space in another colour in play."""
    return Hints(could_be=[(s, k) for s in b.spaces for k in b.in_play if k != b.colour])


@_hints_of(Unfinished)
def _unfinished(b: Unfinished, colours: Colours) -> Hints:
    """Any region left blank, coloured (a faint fill)."""
    return Hints(could_be_coloured=list(b.uncoloured))


@_hints_of(MarkMissing)
def _mark_missing(b: MarkMissing, colours: Colours) -> Hints:
    """The mark in any member's colour (the completer coloured one of them)."""
    return Hints(could_be=[(b.mark, c) for c in _member_colours(b.members, colours)])


@_hints_of(MarkEarly)
def _mark_early(b: MarkEarly, colours: Colours) -> Hints:
    """The open members coloured (each in the colour the rules give it), or the mark blank (a
    stray); if the mark is as read, no legal sheet leaves its members blank."""
    return Hints(
        could_be_coloured=list(b.open),
        could_be_blank=[b.mark],
        must_be_coloured=[(m, b.expected.get(m)) for m in b.open],
    )


@_hints_of(MarkForeign)
def _mark_foreign(b: MarkForeign, colours: Colours) -> Hints:
    """Any member in the mark's colour, or the mark in any member's colour."""
    mends = [(m, b.owner) for m in b.members]
    mends += [(b.mark, c) for c in _member_colours(b.members, colours)]
    return Hints(could_be=mends)


# --- rules of one game ---------------------------------------------------------------------


@_hints_of(NeverColoured)
def _never_coloured(b: NeverColoured, colours: Colours) -> Hints:
    """Blank, however sure the reading: no legal sheet colours them."""
    return Hints(could_be_blank=list(b.regions), must_be_blank=list(b.regions))


@_hints_of(CurveBroken)
def _curve_broken(b: CurveBroken, colours: Colours) -> Hints:
    """Miro: any uncoloured segment coloured; the gaps inside the curve must be, each in the
    colour the order of play gives it."""
    return Hints(
        could_be_coloured=list(b.uncoloured),
        must_be_coloured=[(s, b.expected.get(s)) for s in b.gaps],
    )


@_hints_of(OrderBroken)
def _order_broken(b: OrderBroken, colours: Colours) -> Hints:
    """Miro: the segments in the colours of some least-changed legal order."""
    return Hints(could_be=list(b.recoloured))


@_hints_of(CaptorUnlikeLastMove)
def _captor(b: CaptorUnlikeLastMove, colours: Colours) -> Hints:
    """Miro: the circle in the captor's colour, or the last segment in the circle's."""
    return Hints(could_be=[(b.mark, b.captor), *((s, b.owner) for s in b.last)])


@_hints_of(AreaBreaksSetup)
def _klee_area(b: AreaBreaksSetup, colours: Colours) -> Hints:
    """Klee: each (cell, colour) that alone makes the area obey the setup rules."""
    from artsheets.rules.games.klee import COLOURS, area_problem

    seq = [colours.get(cell) for cell in b.cells]
    return Hints(
        could_be=[
            (cell, c)
            for i, cell in enumerate(b.cells)
            for c in COLOURS
            if c != seq[i]
            and area_problem([*seq[:i], c, *seq[i + 1 :]], b.length, b.own_earlier, b.theirs)
            is None
        ]
    )


@_hints_of(LeftOpen)
def _left_open(b: LeftOpen, colours: Colours) -> Hints:
    """Delaunay: the space in each colour that could still fill it."""
    return Hints(could_be=[(b.space, c) for c in b.colours])


@_hints_of(TooManyOnEdge)
def _too_many_on_edge(b: TooManyOnEdge, colours: Colours) -> Hints:
    """Springer: any of them blank (a light smudge taken for a fill, most often), or in
    another player's colour (two players' keys close in a small copy)."""
    own = set(_member_colours(b.triangles, colours))
    others = sorted({c for c in colours.values() if c is not None} - own)
    return Hints(
        could_be=[(t, k) for t in b.triangles for k in others],
        could_be_blank=list(b.triangles),
    )


@_hints_of(RareStretch)
def _rare_stretch(b: RareStretch, colours: Colours) -> Hints:
    """Arp: the stretch in its neighbours' colour, as a line coloured in one stretch reads
    with a few misread pencil marks."""
    return Hints(could_be=[(p, b.side) for p in b.pieces])
