"""What a finished position breaks, as typed data: the rule (by the type) and its regions.

A failed :class:`artsheets.rules.position.Check` says in words which rule a sheet breaks and
points at regions. Where the rule has more structure than "these regions", the check also
carries one of these objects in ``Check.broken``: the regions by their part in the rule (a
group's mark and its open members, the two same-coloured neighbours) and the facts the rule
used (the colours in play, the colour the order of play gives a segment). They speak only of
positions and rules; what a reader of photos makes of them (which other readings of the
regions would satisfy the rule) is the reader's business (:mod:`artsheets.scanner.hints`).

A failed check with ``broken`` None breaks a rule that says no more than its message and
regions (a tally past the end of the track, filled spaces not all connected).

>>> SameColourNeighbours(("space-1", "space-2"), 2, (1, 2, 3)).colour
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "AreaBreaksSetup",
    "CaptorUnlikeLastMove",
    "CurveBroken",
    "LeftOpen",
    "MarkEarly",
    "MarkForeign",
    "MarkMissing",
    "NeverColoured",
    "OrderBroken",
    "RareStretch",
    "RuleBreak",
    "SameColourNeighbours",
    "TooManyOnEdge",
    "Unfinished",
]


@dataclass(frozen=True)
class RuleBreak:
    """Base of every rule-break: one rule a position breaks, with the regions it concerns."""


# --- rules several games share ---------------------------------------------------------------


@dataclass(frozen=True)
class SameColourNeighbours(RuleBreak):
    """Two neighbouring ``spaces`` share ``colour``, which the game forbids; ``in_play`` are
    the game's colours."""

    spaces: tuple[str, str]
    colour: int
    in_play: tuple[int, ...]


@dataclass(frozen=True)
class Unfinished(RuleBreak):
    """The position is not finished: the ``uncoloured`` regions are coloured in a finished
    one (Miro's segments, Arp's line pieces, a Klee sequence area, Klee's squares while the
    tallies say play went on)."""

    uncoloured: tuple[str, ...]


@dataclass(frozen=True)
class MarkMissing(RuleBreak):
    """A group (``members``) is complete but its completion ``mark`` is not coloured; the
    player who coloured one of the members colours it."""

    mark: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class MarkEarly(RuleBreak):
    """A completion ``mark`` is coloured though its group still has ``open`` (uncoloured)
    members; a mark is made only once the group is complete. ``expected`` gives some open
    members the colour the rules say they were coloured in (Miro: every least-changed order
    of play colours the segment so)."""

    mark: str
    open: tuple[str, ...]
    expected: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class MarkForeign(RuleBreak):
    """A completion ``mark`` in colour ``owner``, which is on none of its group's
    ``members``; the completer colours a member and the mark alike."""

    mark: str
    owner: int
    members: tuple[str, ...]


# --- rules of one game ---------------------------------------------------------------------


@dataclass(frozen=True)
class NeverColoured(RuleBreak):
    """``regions`` are coloured, but the game never colours them (Miro's spaces: a capture is
    recorded in the space's circle)."""

    regions: tuple[str, ...]


@dataclass(frozen=True)
class CurveBroken(RuleBreak):
    """Miro's coloured segments do not form one unbroken stretch of the curve. ``gaps`` are
    the uncoloured segments inside the coloured curve (every uncoloured stretch but the part
    not yet played), ``uncoloured`` every uncoloured segment, ``expected`` the colour every
    least-changed order of play gives a gap, where they agree."""

    gaps: tuple[str, ...]
    uncoloured: tuple[str, ...]
    expected: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class OrderBroken(RuleBreak):
    """Miro's curve does not split into legal moves unless ``changes`` segments are another
    colour; ``recoloured`` are the (segment, colour) that some least-changed legal order
    colours otherwise than the sheet (:attr:`artsheets.rules.games.miro_order.Order.recoloured`)."""

    changes: int
    recoloured: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CaptorUnlikeLastMove(RuleBreak):
    """A Miro capture ``mark`` coloured ``owner``, while colour ``captor``'s move coloured the
    last segment around its space by the order of play; ``last`` is that segment where every
    least-changed order agrees which it is (else empty)."""

    mark: str
    owner: int
    captor: int
    last: tuple[str, ...]


@dataclass(frozen=True)
class AreaBreaksSetup(RuleBreak):
    """A Klee sequence area (``cells``) whose colours break the setup rules for an area of
    ``length`` cells, given the player's ``own_earlier`` sequences and the opponent's
    ``theirs`` (what :func:`artsheets.rules.games.klee.area_problem` judges)."""

    cells: tuple[str, ...]
    length: int
    own_earlier: tuple[tuple[int, ...], ...]
    theirs: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class LeftOpen(RuleBreak):
    """A Delaunay ``space`` left empty in a played section though each of ``colours`` could
    still fill it; the game ends when none can be filled."""

    space: str
    colours: tuple[int, ...]


@dataclass(frozen=True)
class TooManyOnEdge(RuleBreak):
    """One player filled these Springer ``triangles`` on one edge; one is allowed."""

    triangles: tuple[str, ...]


@dataclass(frozen=True)
class RareStretch(RuleBreak):
    """Legal but seldom played (an unusual pattern, not a broken rule): Arp's ``pieces``, one
    to three in a row, coloured unlike the pieces either side of them, which share colour
    ``side``."""

    pieces: tuple[str, ...]
    side: int
