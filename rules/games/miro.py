"""Miro (Sid Sackson), 2-4 players: colour a self-crossing curve, capture the spaces it closes.

Rule reading (see also ``docs/rules/miro.md``):

- The curve is the cyclic list ``data["segments"]``; colouring runs along it, straight through
  crossings. Player p colours with colour p.
- Move 1 colours one segment. Move 2 colours the two segments that follow it at either end;
  this fixes the direction for the rest of the game. Move 3 colours the next three. Every
  later move colours the next 1, 2 or 3 segments from the front end. Near the end a move
  never colours more segments than remain (moves 2 and 3 then colour all that remain).
- A move that colours the last uncoloured segment around a space captures it (the captor
  colours its capture circle) and scores one point per boundary segment of the captor's
  colour. One move may capture several spaces.
- The game ends when every segment is coloured. Highest total wins. Two players each use two
  score areas (only the sheet differs). Four players may play as teams (partners opposite:
  1+3 against 2+4); team totals are the partners' sum, or with the partnership variants the
  lower (``double_lower``) or higher (``double_higher``) partner's score doubled.

Moves: the segment ids coloured, in colouring order, joined by commas, e.g.
``segment-7,segment-8``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from artsheets.rules.breaks import (
    CaptorUnlikeLastMove,
    CurveBroken,
    MarkEarly,
    NeverColoured,
    OrderBroken,
)
from artsheets.rules.common import (
    PARTNERSHIP_OPTION,
    TEAMS_OPTION,
    check_team_options,
    decide_with_teams,
)
from artsheets.rules.core import IllegalMoveError, Move, Option, OptionError, State, register
from artsheets.rules.field import Field
from artsheets.rules.games.miro_order import Order, cheapest_colouring, read_order
from artsheets.rules.position import (
    Check,
    MarkWording,
    OrderChoice,
    PositionReport,
    colour_range_checks,
    completion_mark_checks,
    tally_checks,
    uncoloured_checks,
    with_marks,
)

_CAPTURE_WORDING = MarkWording(
    unmarked="{record} is surrounded but its capture circle is empty",
    incomplete="{record}'s capture circle is coloured {owner} but its boundary is not complete "
    "({open} segments uncoloured)",
    foreign="{record} was captured by colour {owner}, which colours none of its boundary: the "
    "captor colours its last segment",
)


@register
class Miro(State):
    game = "miro"
    title = "Miro"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "number of players", choices=(2, 3, 4)),
        "teams": TEAMS_OPTION,
        "partnership": PARTNERSHIP_OPTION,
    }
    _COPY = ("seg_colour", "captured")

    def _setup(self) -> None:
        check_team_options(self.players, self.options)
        data = self.field.data
        try:
            self._segs: tuple[str, ...] = tuple(data["segments"])
            self._seg_spaces = {s: tuple(v) for s, v in data["segment_spaces"].items()}
            self._space_segs = {s: tuple(v) for s, v in data["space_segments"].items()}
        except KeyError as e:
            raise OptionError(f"a Miro field needs data[{e.args[0]!r}]") from None
        if not self._segs:
            raise OptionError("a Miro field needs at least one segment")
        self._index = {s: i for i, s in enumerate(self._segs)}
        self.seg_colour: dict[str, int] = {}
        self.captured: dict[str, int] = {}
        self.start = -1  # index of the first segment
        self.direction = 0  # +1 / -1 along data["segments"], fixed by move 2
        self.front = -1  # index of the segment coloured last at the front end
        self.moves_made = 0

    def current_player(self) -> int | None:
        return None if self._outcome else self.moves_made % self.players + 1

    def _run(self, origin: int, step: int, count: int) -> list[str]:
        n = len(self._segs)
        return [self._segs[(origin + step * k) % n] for k in range(1, count + 1)]

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        left = len(self._segs) - len(self.seg_colour)
        if self.moves_made == 0:
            return list(self._segs)
        if self.moves_made == 1:
            k = min(2, left)
            moves = [",".join(self._run(self.start, step, k)) for step in (1, -1)]
            return sorted(set(moves), key=moves.index)
        counts = [min(3, left)] if self.moves_made == 2 else range(1, min(3, left) + 1)
        return [",".join(self._run(self.front, self.direction, k)) for k in counts]

    def _rule_for(self) -> str:
        """What the current move must be, in words (for error messages)."""
        if self.moves_made == 1:
            return "move 2 colours the two segments after the first one, at either of its ends"
        nxt = self._segs[(self.front + self.direction) % len(self._segs)]
        if self.moves_made == 2:
            return f"move 3 colours the next three segments from the front end, starting {nxt}"
        return f"colour the next 1-3 segments from the front end, in order, starting {nxt}"

    def _play(self, move: Move) -> None:
        segs = move.split(",")
        for s in segs:
            if s not in self._index:
                raise IllegalMoveError(f"{move}: there is no segment '{s}' on this field")
            if s in self.seg_colour:
                raise IllegalMoveError(f"{move}: {s} is already coloured")
        if self.moves_made == 0:
            if len(segs) != 1:
                raise IllegalMoveError(f"{move}: the first move colours exactly one segment")
        elif move not in self.legal_moves():
            raise IllegalMoveError(f"{move}: {self._rule_for()}")
        player = self.moves_made % self.players + 1
        if self.moves_made == 0:
            self.start = self.front = self._index[segs[0]]
        elif self.moves_made == 1:
            n = len(self._segs)
            self.direction = 1 if self._index[segs[0]] == (self.start + 1) % n else -1
            self.front = self._index[segs[-1]]
        else:
            self.front = self._index[segs[-1]]
        for s in segs:
            self.seg_colour[s] = player
        gained = 0
        for s in segs:
            for sp in self._seg_spaces.get(s, ()):
                if sp in self.captured:
                    continue
                bound = self._space_segs[sp]
                if all(b in self.seg_colour for b in bound):
                    self.captured[sp] = player
                    gained += sum(1 for b in bound if self.seg_colour[b] == player)
        if gained:
            self._scores[player] = self._scores.get(player, 0) + gained
        self.moves_made += 1
        if len(self.seg_colour) == len(self._segs):
            self._outcome = decide_with_teams(
                self.scores(), "every segment is coloured", self.options
            )

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: segments and capture circles."""
        return with_marks(self.seg_colour, self.captured, self.field.data.get("capture_marks", {}))

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.seg_colour.items())),
            tuple(sorted(self.captured.items())),
            self.start,
            self.direction,
            self.front,
            self.moves_made,
        )

    def _describe(self) -> list[str]:
        curve = "".join(str(self.seg_colour.get(s, ".")) for s in self._segs)
        lines = [f"curve   {curve}"]
        if self.captured:
            caps = ", ".join(f"{sp}:P{p}" for sp, p in sorted(self.captured.items()))
            lines.append(f"captured {caps}")
        return lines

    @classmethod
    def cheapest_order(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        choices: Mapping[str, Mapping[int, float]],
        budget: int | None = None,
        bound: float = math.inf,
    ) -> OrderChoice:
        """The legal colouring of the curve of least cost (costing under ``bound``) where
        some segments and capture circles may take several colours (``choices``: region ->
        colour -> cost; a region given none fits no order); the others keep their ``colours``
        (an uncoloured segment fits any move, an uncoloured circle is left as it is). A
        circle counts only where its whole boundary is coloured or may be: it is in the
        colour of the move that coloured the boundary's last segment. Exact
        (:func:`.miro_order.cheapest_colouring`), so ``budget`` is not needed; ``expanded``
        counts the curve's starts and directions."""
        data = field.data
        segs: list[str] = list(data["segments"])
        index = {s: i for i, s in enumerate(segs)}
        marks: dict[str, str] = dict(data.get("capture_marks", {}))

        def options_of(rid: str) -> dict[int, float]:
            if rid in choices:
                return dict(choices[rid])
            return {} if colours.get(rid) is None else {colours[rid]: 0.0}

        costs = [options_of(s) for s in segs]
        spaces = [
            (mark, [index[b] for b in data["space_segments"].get(sp, ())])
            for sp, mark in sorted(marks.items())
        ]
        weighed = [
            (mark, bound_)
            for mark, bound_ in spaces
            if bound_ and all(costs[b] for b in bound_) and options_of(mark)
        ]
        pieces = frozenset(segs) | frozenset(marks.values())
        if any(not allowed for allowed in choices.values()):
            return OrderChoice(None, math.inf, 0, True, pieces)  # a region given no colour
        if not choices:  # the colours as read: a legal order of play, or none
            circles = [next(iter(options_of(mark))) for mark, _ in weighed]
            return _as_read(segs, costs, weighed, circles, options["players"], pieces)
        found = cheapest_colouring(
            costs,
            options["players"],
            [b for _, b in weighed],
            [options_of(mark) for mark, _ in weighed],
            bound,
        )
        if found is None:
            return OrderChoice(None, math.inf, 2 * len(segs), True, pieces)
        chosen = {s: c for s, c in zip(segs, found.segments, strict=True) if c is not None}
        chosen |= {
            mark: c for (mark, _), c in zip(weighed, found.circles, strict=True) if c is not None
        }
        return OrderChoice(chosen, found.cost, 2 * len(segs), True, pieces)

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Capture circles say who captured each space; boundary colours say for how much."""
        players = options["players"]
        data = field.data
        segs: list[str] = list(data["segments"])
        marks: dict[str, str] = dict(data.get("capture_marks", {}))
        checks: list[Check] = []
        checks += colour_range_checks(colours, segs, range(1, players + 1), "segments")
        checks += colour_range_checks(
            colours, marks.values(), range(1, players + 1), "capture circles"
        )
        checks += _unfilled_checks(field.spaces, colours)
        order = read_order([colours.get(s) for s in segs], players)
        fits = _order_colours(segs, order)
        checks += _contiguity_checks(segs, colours, fits)
        checks += _order_checks(segs, order)
        records = [(sp, marks.get(sp), bound) for sp, bound in data["space_segments"].items()]
        found, captures = completion_mark_checks(colours, records, _CAPTURE_WORDING)
        # An open boundary's segments, with the colour the order of play gives them.
        found = [
            replace(c, broken=replace(b, expected={s: fits[s] for s in b.open if s in fits}))
            if isinstance(b := c.broken, MarkEarly)
            else c
            for c in found
        ]
        captors = _captor_checks(segs, marks, data["space_segments"], colours, order)
        # Said more exactly by a captor check (which colour it should be): a circle in a
        # colour on none of its space's boundary.
        named = {c.regions[0] for c in captors}
        checks += captors + [c for c in found if c.regions[0] not in named]
        scores = {p: 0 for p in range(1, players + 1)}
        for _sp, owner, bound in captures:
            if owner in scores:
                scores[owner] += sum(1 for b in bound if colours[b] == owner)
        left = [s for s in segs if s not in colours]
        checks += uncoloured_checks(left, "segments")
        checks += tally_checks(scores, tallies)
        outcome = None if left else decide_with_teams(scores, "every segment is coloured", options)
        return PositionReport(cls.game, scores, checks, outcome)


def _as_read(
    segs: list[str],
    costs: list[dict[int, float]],
    weighed: list[tuple[str, list[int]]],
    circles: list[int],
    players: int,
    pieces: frozenset[str],
) -> OrderChoice:
    """:meth:`Miro.cheapest_order` with no choices (each region its own colour, or none):
    legal where the curve splits into legal moves (:func:`read_order`, kept for the last few
    curves) from a start that makes every weighed circle its space's captor. The same answer
    as the dynamic programming over costs, without it (most sheets asked are legal)."""
    curve = [next(iter(c), None) for c in costs]
    order = read_order(curve, players)
    n = len(segs)
    for first, step in [] if order is None or order.changes else order.starts:
        lasts = [max(b, key=lambda i: (i - first) * step % n) for _, b in weighed]
        if all(curve[last] == c for last, c in zip(lasts, circles, strict=True)):
            chosen = {s: c for s, c in zip(segs, curve, strict=True) if c is not None}
            chosen |= {m: c for (m, _), c in zip(weighed, circles, strict=True)}
            return OrderChoice(chosen, 0.0, 1, True, pieces)
    return OrderChoice(None, math.inf, 1, True, pieces)


def _contiguity_checks(
    segs: list[str], colours: Mapping[str, int], fits: Mapping[str, int]
) -> list[Check]:
    """Coloured segments always form one unbroken stretch of the curve: of the uncoloured
    stretches between its pieces, all but one (the part not yet played, the longest when
    one is longest) must be coloured, each segment in the colour every least-changed order
    of play gives it (``fits``; None when they differ)."""
    n = len(segs)
    coloured = [s in colours for s in segs]
    if all(coloured) or not any(coloured):
        return []
    starts = [i for i in range(n) if coloured[i] and not coloured[i - 1]]
    if len(starts) == 1:
        return []
    blanks = []  # the uncoloured stretches, each ending where a coloured piece starts
    for i in starts:
        run = []
        k = i - 1
        while not coloured[k % n]:
            run.append(segs[k % n])
            k -= 1
        blanks.append(run[::-1])
    longest = max(len(b) for b in blanks)
    rest = [b for b in blanks if len(b) == longest]
    gaps = tuple(s for b in blanks if len(rest) > 1 or b is not rest[0] for s in b)
    uncoloured = tuple(segs[i] for i in range(n) if not coloured[i])
    expected = {s: fits[s] for s in gaps if s in fits}
    return [
        Check(
            False,
            f"the coloured curve is broken into {len(starts)} pieces; play colours one "
            "unbroken stretch",
            [segs[i] for i in range(n) if not coloured[i] and coloured[i - 1]],
            CurveBroken(gaps, uncoloured, expected),
        )
    ]


def _unfilled_checks(spaces: Sequence[str], colours: Mapping[str, int]) -> list[Check]:
    """Miro's spaces are never filled: a capture is recorded in the space's circle."""
    return [
        Check(
            False,
            f"{sp} is coloured {colours[sp]}, but Miro's spaces are not filled in (a capture "
            "is recorded in the space's circle)",
            [sp],
            NeverColoured((sp,)),
        )
        for sp in spaces
        if sp in colours
    ]


def _order_colours(segs: list[str], order: Order | None) -> dict[str, int]:
    """Uncoloured segments to which every least-changed order of play gives one colour."""
    fits: dict[str, set[int]] = {}
    for i, c in order.blank_fits if order else ():
        fits.setdefault(segs[i], set()).add(c)
    return {seg: cs.pop() for seg, cs in fits.items() if len(cs) == 1}


def _order_checks(segs: list[str], order: Order | None) -> list[Check]:
    """The curve splits into moves of 1, 2 and 3 segments, then 1-3 each, players in turn."""
    if order is None or not order.changes:
        return []
    named = list(dict.fromkeys(segs[i] for i, _ in order.recoloured))
    return [
        Check(
            False,
            "the curve's colours do not follow the order of play (moves of 1, 2 and 3 "
            "segments, then 1-3 each, the players in turn) unless "
            f"{order.changes} segment(s) are another colour",
            named,
            OrderBroken(order.changes, tuple((segs[i], c) for i, c in order.recoloured)),
        )
    ]


def _captor_checks(
    segs: list[str],
    marks: Mapping[str, str],
    space_segs: Mapping[str, Sequence[str]],
    colours: Mapping[str, int],
    order: Order | None,
) -> list[Check]:
    """Each space was captured by the player whose move coloured the last segment around
    it: its capture circle is in that segment's colour. The curve is coloured along the
    order of play, so the last segment is the one farthest along it. The captor is known
    where every least-changed order (there may be several starts) gives the same colour to
    its last segment and none of them changes that segment."""
    if order is None or not order.starts:
        return []
    index = {s: i for i, s in enumerate(segs)}
    disputed = {segs[i] for i, _ in order.recoloured}
    n = len(segs)
    out = []
    for sp, mark in marks.items():
        owner = colours.get(mark)
        bound = [index[b] for b in space_segs.get(sp, ())]
        if owner is None or not bound or any(segs[b] not in colours for b in bound):
            continue
        # The last segment coloured around the space, by each least-changed order of play.
        lasts = {max(bound, key=lambda b: (b - first) * step % n) for first, step in order.starts}
        captors = {colours[segs[b]] for b in lasts}
        if len(captors) != 1 or owner in captors or any(segs[b] in disputed for b in lasts):
            continue
        (captor,) = captors
        named = " or ".join(segs[b] for b in sorted(lasts))
        # Both sides are pointed at: the circle, and (where every order agrees on it) the
        # last segment, whose colour makes its player the captor.
        last = [segs[b] for b in lasts] if len(lasts) == 1 else []
        out.append(
            Check(
                False,
                f"{sp}'s capture circle is coloured {owner}, but colour {captor}'s move "
                f"coloured the last segment around it ({named}, in the order of play)",
                [mark, *last],
                CaptorUnlikeLastMove(mark, owner, captor, tuple(last)),
            )
        )
    return out
