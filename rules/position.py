"""Finished-position scoring and checking: what a photo of a finished sheet says.

The scanner reads every region's colour and the players' tallies and calls
:func:`score_position`. It takes plain data only:

- ``colours``: region id -> colour index (1..k, the sheet's colour key) or None (uncoloured),
  for spaces, segments, record marks (completion boxes, capture circles, sequence cells) and
  Springer's triangles; ids as in ``docs/topology.md``. Missing ids count as uncoloured.
- ``tallies``: player -> the points (or penalties) he marked in his score area or on the
  track, or None where unreadable.

It returns a :class:`PositionReport`: the scores wherever the sheet determines them (Vasarely
via completion boxes, Miro via capture circles, Arp, Springer, Crossing The Rings, Move In
Synch), otherwise None (Mondrian, Delaunay and Klee scores depend on move order: the tallies
are the record), and checks, each ``{"ok", "message", "regions"}``: own-colour adjacency
violations, impossible records, tallies that disagree with computed scores.

>>> from tests.rules.synthetic import synch_field  # the tests' topology-only fields
>>> rep = score_position(synch_field(2), {}, {"space-1": 1, "space-2": 2, "space-3": 1})
>>> rep.scores
{1: 2, 2: 1}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from artsheets.rules.breaks import (
    MarkEarly,
    MarkForeign,
    MarkMissing,
    RuleBreak,
    SameColourNeighbours,
    Unfinished,
)
from artsheets.rules.core import Outcome, game_class, normalise_options
from artsheets.rules.field import Field

__all__ = [
    "Check",
    "OrderChoice",
    "PositionReport",
    "cheapest_order",
    "check_position",
    "order_of_play",
    "order_searcher",
    "score_position",
    "unusual_patterns",
]

Colours = Mapping[str, int | None]
Tallies = Mapping[int, int | None]


@dataclass(frozen=True)
class OrderChoice:
    """What a search among several colours a region may take found (a game's
    ``cheapest_order``: Arp's pieces, Miro's segments and capture circles): the colours of the
    cheapest legal order (``colours``, every region it may colour; None when none was found), its
    ``cost`` (the sum of the colours' costs), the positions it ``expanded``, and whether it
    ran to its end (``complete``: then no legal order among the choices costs less, and
    with ``colours`` None there is none; a search cut short proves nothing)."""

    colours: dict[str, int] | None
    cost: float = math.inf
    expanded: int = 0
    complete: bool = True
    pieces: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Check:
    """One finding: ``ok`` False means the sheet breaks a rule or disagrees with itself.

    ``regions`` are those the finding points at; ``broken`` (failed checks only, where the
    rule has more structure than its regions) the rule broken as typed data
    (:mod:`artsheets.rules.breaks`)."""

    ok: bool
    message: str
    regions: list[str] = field(default_factory=list)
    broken: RuleBreak | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "message": self.message, "regions": list(self.regions)}


@dataclass
class PositionReport:
    """Scores and checks of one position.

    ``scores`` is None when the sheet alone cannot tell them; ``outcome`` is then decided from
    the tallies if they are complete. ``details`` holds game-specific extras (Rings' scores per
    round, Springer's chains...).
    """

    game: str
    scores: dict[int, int] | None
    checks: list[Check]
    outcome: Outcome | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def problems(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "scores": None if self.scores is None else {str(k): v for k, v in self.scores.items()},
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "checks": [c.to_dict() for c in self.checks],
            "details": self.details,
        }


def score_position(
    field: Field,
    options: Mapping[str, Any] | None,
    colours: Colours,
    tallies: Tallies | None = None,
) -> PositionReport:
    """Scores and checks of a position on ``field`` played with ``options``.

    ``options`` are the game options (players, variants), resolved with the game's defaults.
    """
    cls, opts, clean = _game_inputs(field, options, colours)
    scorer = getattr(cls, "score_position", None)
    if scorer is None:  # pragma: no cover - every registered game defines one
        raise NotImplementedError(field.game)
    tallies = {int(k): v for k, v in (tallies or {}).items()}
    report: PositionReport = scorer(field, opts, clean, tallies)
    return report


def unusual_patterns(
    field: Field, options: Mapping[str, Any] | None, colours: Colours
) -> list[Check]:
    """Patterns the rules allow but played games seldom make, each as a failed :class:`Check`.

    They are not among :func:`score_position`'s checks: a sheet may honestly show one, and it
    is scored as it stands (in Arp, one line piece coloured unlike the pieces on either side
    of it: :class:`artsheets.rules.breaks.RareStretch`). A reader of photos may weigh them
    as a prior: what most played sheets show.
    A game finds them in its ``unusual_position`` classmethod; games without one find none.
    """
    cls, opts, clean = _game_inputs(field, options, colours)
    finder = getattr(cls, "unusual_position", None)
    if finder is None:
        return []
    found: list[Check] = finder(field, opts, clean)
    return found


def order_of_play(
    field: Field,
    options: Mapping[str, Any] | None,
    colours: Colours,
    budget: int | None = None,
) -> Any:
    """Whether some legal order of play colours the sheet as ``colours`` say (an
    ``OrderSearch``, within ``budget`` positions); None for games whose sheet does not record
    its order closely enough to search for it. A game searches in its ``order_of_play``
    classmethod (Arp; Miro's order is a check of its own)."""
    cls, opts, clean = _game_inputs(field, options, colours)
    search = getattr(cls, "order_of_play", None)
    return None if search is None else search(field, opts, clean, budget)


def cheapest_order(
    field: Field,
    options: Mapping[str, Any] | None,
    colours: Colours,
    choices: Mapping[str, Mapping[int, float]],
    budget: int | None = None,
    bound: float = math.inf,
) -> Any:
    """The legal order of play of least cost where some regions may take any of several
    colours (``choices``: region -> colour -> cost; the others as ``colours`` say), an
    ``OrderChoice`` within ``budget`` positions, of the orders costing under ``bound``;
    None for games whose sheet does not record its order closely enough (a game searches
    so in its ``cheapest_order`` classmethod)."""
    cls, opts, clean = _game_inputs(field, options, colours)
    search = getattr(cls, "cheapest_order", None)
    return None if search is None else search(field, opts, clean, choices, budget, bound)


def order_searcher(
    field: Field, options: Mapping[str, Any] | None, colours: Colours
) -> Callable[[Mapping[str, int | None], int | None], Any]:
    """:func:`order_of_play` of ``colours`` changed in a few regions (region -> colour, None
    for blank), for many changes of one reading: the game, its options and the coloured
    regions are worked out once. A reader trying changes asks hundreds of searches a sheet
    (Arp), and resolving the options and filtering every region's colour anew cost as much
    as the searches that end at their first position. A game's search reads the colours by
    region, so the changed regions' place in the mapping does not matter."""
    cls, opts, clean = _game_inputs(field, options, colours)
    search = getattr(cls, "order_of_play", None)

    def run(change: Mapping[str, int | None], budget: int | None = None) -> Any:
        if search is None:
            return None
        now = dict(clean)
        for rid, colour in change.items():
            if colour is None:
                now.pop(rid, None)
            else:
                now[rid] = colour
        return search(field, opts, now, budget)

    return run


def _game_inputs(
    field: Field, options: Mapping[str, Any] | None, colours: Colours
) -> tuple[type, dict[str, Any], dict[str, int]]:
    """The field's game class, its options resolved with the defaults, the coloured regions."""
    cls = game_class(field.game)
    opts = normalise_options(cls.game, cls.OPTIONS, options)
    clean = {k: v for k, v in colours.items() if v is not None}
    return cls, opts, clean


def check_position(
    field: Field,
    options: Mapping[str, Any] | None,
    colours: Colours,
    tallies: Tallies | None = None,
) -> list[Check]:
    """Only the checks of :func:`score_position`."""
    return score_position(field, options, colours, tallies).checks


# --- helpers the games share ----------------------------------------------------------------


def colour_range_checks(
    colours: Mapping[str, int], regions: Iterable[str], allowed: Iterable[int], what: str
) -> list[Check]:
    """Regions coloured with a colour not in play."""
    ok_set = set(allowed)
    bad = [r for r in regions if r in colours and colours[r] not in ok_set]
    if not bad:
        return []
    shown = ", ".join(f"{r}={colours[r]}" for r in bad[:6])
    allowed_txt = ", ".join(str(c) for c in sorted(ok_set))
    return [
        Check(False, f"{what} coloured with a colour not in play ({allowed_txt}): {shown}", bad)
    ]


def tally_checks(
    scores: Mapping[int, int] | None, tallies: Mapping[int, int | None], word: str = "points"
) -> list[Check]:
    """Compare each player's tally with the score computed from the sheet."""
    if scores is None:
        return []
    out = []
    for p in sorted(tallies):
        t = tallies[p]
        if t is None or p not in scores:
            continue
        if t != scores[p]:
            out.append(
                Check(False, f"player {p} tallied {t} {word}; the sheet shows {scores[p]}", [])
            )
        else:
            out.append(Check(True, f"player {p}'s tally of {t} {word} agrees with the sheet", []))
    return out


def adjacency_checks(
    field: Field,
    colours: Mapping[str, int],
    restrict: Iterable[int] | None,
    rule: str,
    in_play: Iterable[int] = (),
) -> list[Check]:
    """One failed check per pair of same-coloured spaces that share a boundary
    (:class:`SameColourNeighbours`, with the colours ``in_play``)."""
    from artsheets.rules.common import own_colour_conflicts

    play = tuple(in_play)
    out = []
    for a, b, c in own_colour_conflicts(field, colours, restrict):
        out.append(
            Check(
                False,
                f"{a} and {b} are next to each other, both colour {c} ({rule})",
                [a, b],
                SameColourNeighbours((a, b), c, play),
            )
        )
    if not out:
        out.append(Check(True, f"no two spaces of one colour are next to each other ({rule})", []))
    return out


def complete_tallies(tallies: Mapping[int, int | None], players: int) -> dict[int, int] | None:
    """The tallies as scores when every player's tally was read, else None."""
    if all(tallies.get(p) is not None for p in range(1, players + 1)):
        return {p: int(tallies[p]) for p in range(1, players + 1)}  # type: ignore[arg-type]
    return None


def uncoloured_checks(left: Sequence[str], what: str) -> list[Check]:
    """The failed check of a game that ends when everything is coloured (Miro's segments, Arp's
    line pieces): ``left`` lists what is still uncoloured; nothing when it is empty."""
    if not left:
        return []
    text = f"game not finished: {len(left)} {what} uncoloured"
    return [Check(False, text, list(left), Unfinished(tuple(left)))]


class MarkWording(NamedTuple):
    """How one game words the three ways a completion mark can disagree with its group.

    Each is a ``str.format`` template with ``{record}`` (the space or cube), ``{owner}`` (the
    mark's colour) and, in ``incomplete``, ``{open}`` (how many members are uncoloured).
    """

    unmarked: str  # the group is complete but its mark is not coloured
    incomplete: str  # the mark is coloured but the group is not complete
    foreign: str  # the mark's colour is on none of the group's members


def completion_mark_checks(
    colours: Mapping[str, int],
    records: Iterable[tuple[str, str | None, Sequence[str]]],
    wording: MarkWording,
) -> tuple[list[Check], list[tuple[str, int, Sequence[str]]]]:
    """Check the marks that say who completed a group of regions: Miro's capture circles (a
    space's boundary segments), Vasarely's completion boxes (a cube's spaces), Arp's filled
    spaces (the space is its own mark; its sides are the group).

    ``records`` are ``(record, mark, members)``; ``mark`` may be None where the sheet has no
    mark for it. The player who colours a group's last member colours its mark, so a mark
    needs a complete group with its colour among the members, and a complete group needs its
    mark. Returns the failed checks, in ``records`` order, and the consistent marks as
    ``(record, owner, members)`` for the game to score.
    """
    checks: list[Check] = []
    scored: list[tuple[str, int, Sequence[str]]] = []
    for record, mark, members in records:
        where = mark or record  # the region a check points at (the mark, if there is one)
        owner = colours.get(mark) if mark else None
        open_members = [m for m in members if m not in colours]
        if owner is None:
            if not open_members:
                # The captor, who coloured one of the members, colours the mark too.
                text = wording.unmarked.format(record=record)
                checks.append(Check(False, text, [where], MarkMissing(where, tuple(members))))
            continue
        if open_members:
            # The mark is only made once the group is complete.
            text = wording.incomplete.format(record=record, owner=owner, open=len(open_members))
            broken = MarkEarly(where, tuple(open_members))
            checks.append(Check(False, text, [where, *open_members], broken))
            continue
        if owner not in {colours[m] for m in members}:
            # The mark and every member are pointed at: which is off, the rule cannot tell.
            text = wording.foreign.format(record=record, owner=owner)
            broken = MarkForeign(where, owner, tuple(members))
            checks.append(Check(False, text, [where, *members], broken))
            continue
        scored.append((record, owner, members))
    return checks, scored


def with_marks(
    colours: Mapping[str, int], owners: Mapping[str, int], marks: Mapping[str, str]
) -> dict[str, int]:
    """What a photo of the sheet shows: ``colours`` plus, for each completed record (space or
    cube -> the player who completed it), its mark in that player's colour. The inverse of
    :func:`completion_mark_checks`; a record without a mark adds nothing."""
    out = dict(colours)
    out.update({marks[r]: p for r, p in owners.items() if r in marks})
    return out


def unreached(members: Sequence[str], neighbours: Callable[[str], Iterable[str]]) -> list[str]:
    """The members (in their order) that cannot be reached from the first one stepping from
    member to member through ``neighbours``; empty when they form one connected area."""
    if not members:
        return []
    inside = set(members)
    seen = {members[0]}
    stack = [members[0]]
    while stack:
        s = stack.pop()
        for n in neighbours(s):
            if n in inside and n not in seen:
                seen.add(n)
                stack.append(n)
    return [s for s in members if s not in seen]


def connected_checks(field: Field, members: list[str], what: str) -> list[Check]:
    """Each fill is next to an earlier one, so the filled spaces form one connected area
    (Mondrian's filled spaces, each Delaunay section's coloured spaces)."""
    if not members:
        return []
    apart = unreached(members, lambda s: field.adjacent.get(s, ()))
    if not apart:
        return [Check(True, f"the {what} form one connected area", [])]
    return [
        Check(
            False,
            f"the {what} are not connected: every fill must be next to an earlier one",
            apart,
        )
    ]
