"""Arp (Sid Sackson), 2-4 players: colour straight lines from where they touch the last one.

Rule reading (see also ``docs/rules/arp.md``):

- Lines are ``data["lines"]`` (vertices in order) cut into pieces ``data["pieces"]`` between
  consecutive vertices. Player p colours with colour p.
- "The line just coloured" is the stretch coloured on the previous turn. A line touches it at
  a vertex of that stretch (its ends included) where the two lines cross or meet.
- A touching move picks such a vertex, another line through it and a direction, and colours
  that line from the vertex in that direction until its end or until the next piece is
  already coloured; the first piece must be uncoloured. A partly coloured line may be chosen
  from a touching point next to its uncoloured part.
- If no touching move exists (and on the first move) the player makes a free move: he colours
  a remaining uncoloured line, its entire length (the seed's words). Only when no line is
  wholly uncoloured any more does a free move colour a maximal run of uncoloured pieces of a
  partly coloured line, so that the game can always go on to its end (the seed is silent
  there). Option ``free_stretches``: the older reading, where a free move may colour any
  maximal uncoloured run even while whole lines remain (records made with it replay).
- Variant ``stop_at_own``: colouring also stops on reaching a vertex where a line of the
  mover's colour passes, and a free move's stretch ends there too ("may not run past it").
- Completing the boundary of a space captures it: the captor fills it with his colour and
  scores one point. One move may capture several spaces.
- The game ends when every piece is coloured. Highest total wins; four players may play as
  teams (1+3 against 2+4) with Miro's partnership scoring variants.

Moves: ``<line>@<vertex><+|->``, e.g. ``line-4@v-17+``: colour ``line-4`` from vertex
``v-17`` towards its last (``+``) or first (``-``) vertex. Free moves are written from the
stretch's end nearer the line's first vertex, with ``+``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from artsheets.rules.breaks import RareStretch
from artsheets.rules.common import (
    PARTNERSHIP_OPTION,
    TEAMS_OPTION,
    check_team_options,
    decide_with_teams,
)
from artsheets.rules.core import (
    IllegalMoveError,
    Move,
    Option,
    OptionError,
    State,
    field_cache,
    register,
)
from artsheets.rules.field import Field
from artsheets.rules.position import (
    Check,
    MarkWording,
    PositionReport,
    colour_range_checks,
    completion_mark_checks,
    tally_checks,
    uncoloured_checks,
)

_CAPTURE_WORDING = MarkWording(
    unmarked="{record} is surrounded but not filled in",
    incomplete="{record} is filled with colour {owner} but {open} of its sides are uncoloured",
    foreign="{record} is filled with colour {owner}, which colours none of its sides: the captor "
    "colours its last side",
)


class _Net:
    """Arp's field as index tables, built once per field."""

    def __init__(self, field: Field) -> None:
        data = field.data
        try:
            lines: dict[str, list[str]] = data["lines"]
            pieces: dict[str, list[str]] = data["pieces"]
            self.space_segs = {s: tuple(v) for s, v in data["space_segments"].items()}
            self.seg_spaces = {s: tuple(v) for s, v in data["segment_spaces"].items()}
        except KeyError as e:
            raise OptionError(f"an Arp field needs data[{e.args[0]!r}]") from None
        self.lines = sorted(lines, key=_natural)
        self.vertices = {ln: tuple(lines[ln]) for ln in self.lines}
        self.pieces = {ln: tuple(pieces[ln]) for ln in self.lines}
        for ln in self.lines:
            if len(self.pieces[ln]) != len(self.vertices[ln]) - 1:
                raise OptionError(f"{ln}: needs one piece between each two consecutive vertices")
        self.at: dict[str, list[tuple[str, int]]] = {}
        for ln in self.lines:
            for i, v in enumerate(self.vertices[ln]):
                self.at.setdefault(v, []).append((ln, i))
        self.piece_line = {p: ln for ln in self.lines for p in self.pieces[ln]}
        self.all_pieces = [p for ln in self.lines for p in self.pieces[ln]]


def _natural(s: str) -> tuple[str, int]:
    head, _, tail = s.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (s, -1)


@register
class Arp(State):
    game = "arp"
    title = "Arp"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "number of players", choices=(2, 3, 4)),
        "stop_at_own": Option(
            False, "variant: colouring stops at a line of your own colour", kind=bool
        ),
        "free_stretches": Option(
            False,
            "older reading: a free move may colour a leftover stretch of a partly coloured "
            "line even while whole uncoloured lines remain",
            kind=bool,
        ),
        "teams": TEAMS_OPTION,
        "partnership": PARTNERSHIP_OPTION,
    }
    _COPY = ("piece_colour", "captured")

    def _setup(self) -> None:
        check_team_options(self.players, self.options)
        self._net = field_cache(self.field, "arp-net", _Net)
        self.piece_colour: dict[str, int] = {}
        self.captured: dict[str, int] = {}
        self.last: tuple[str, int, int] | None = None  # line, first and last vertex index
        self.moves_made = 0

    def current_player(self) -> int | None:
        return None if self._outcome else self.moves_made % self.players + 1

    # --- geometry of a move -------------------------------------------------------------

    def _own_at(self, vertex: str, line: str, player: int) -> bool:
        """A line of the player's colour passes through ``vertex`` (other than ``line``)."""
        for ln, i in self._net.at[vertex]:
            if ln == line:
                continue
            pcs = self._net.pieces[ln]
            if (i < len(pcs) and self.piece_colour.get(pcs[i]) == player) or (
                i > 0 and self.piece_colour.get(pcs[i - 1]) == player
            ):
                return True
        return False

    def _stretch(self, line: str, i: int, step: int, player: int) -> list[int]:
        """Piece indexes coloured from vertex ``i`` of ``line`` going ``step`` (+1/-1)."""
        pcs = self._net.pieces[line]
        verts = self._net.vertices[line]
        out = []
        stop_own = self.options["stop_at_own"]
        k = i if step > 0 else i - 1
        while 0 <= k < len(pcs) and pcs[k] not in self.piece_colour:
            out.append(k)
            nxt = k + 1 if step > 0 else k
            if stop_own and self._own_at(verts[nxt], line, player):
                break
            k += step
        return out

    def _touching_moves(self, player: int) -> list[tuple[str, int, int]]:
        if self.last is None:
            return []
        line, a, b = self.last
        out = []
        for v in self._net.vertices[line][a : b + 1]:
            for ln, i in self._net.at[v]:
                if ln == line:
                    continue
                pcs = self._net.pieces[ln]
                if i < len(pcs) and pcs[i] not in self.piece_colour:
                    out.append((ln, i, 1))
                if i > 0 and pcs[i - 1] not in self.piece_colour:
                    out.append((ln, i, -1))
        return out

    def _free_moves(self, player: int) -> list[tuple[str, int, int]]:
        """Free moves: whole uncoloured lines, or leftover stretches when none is left.

        A stretch starts at a line's first piece or after a coloured piece (or, with
        ``stop_at_own``, where a line of the mover's colour passes).
        """
        out = []
        stop_own = self.options["stop_at_own"]
        whole_only = not self.options["free_stretches"] and self._whole_line_left()
        for ln in self._net.lines:
            pcs = self._net.pieces[ln]
            if whole_only and any(p in self.piece_colour for p in pcs):
                continue
            verts = self._net.vertices[ln]
            for k, p in enumerate(pcs):
                if p in self.piece_colour:
                    continue
                if (
                    k == 0
                    or pcs[k - 1] in self.piece_colour
                    or (stop_own and self._own_at(verts[k], ln, player))
                ):
                    out.append((ln, k, 1))
        return out

    def _whole_line_left(self) -> bool:
        """Some line has no coloured piece yet."""
        return any(
            not any(p in self.piece_colour for p in self._net.pieces[ln]) for ln in self._net.lines
        )

    def _fmt(self, m: tuple[str, int, int]) -> str:
        ln, i, step = m
        return f"{ln}@{self._net.vertices[ln][i]}{'+' if step > 0 else '-'}"

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        player = self.moves_made % self.players + 1
        moves = self._touching_moves(player) or self._free_moves(player)
        lines = self._net.lines
        rank = {ln: k for k, ln in enumerate(lines)}
        moves = sorted(set(moves), key=lambda m: (rank[m[0]], m[1], -m[2]))
        return [self._fmt(m) for m in moves]

    def _parse(self, move: Move) -> tuple[str, int, int]:
        body, sign = move[:-1], move[-1:]
        line, _, vertex = body.partition("@")
        if sign not in "+-" or not sign or not vertex:
            raise IllegalMoveError(
                f"{move}: write a move as line@vertex+ or line@vertex-, e.g. line-4@v-17+"
            )
        verts = self._net.vertices.get(line)
        if verts is None:
            raise IllegalMoveError(f"{move}: there is no line '{line}' on this field")
        if vertex not in verts:
            raise IllegalMoveError(f"{move}: {vertex} is not on {line}")
        return line, verts.index(vertex), 1 if sign == "+" else -1

    def _play(self, move: Move) -> None:
        player = self.moves_made % self.players + 1
        m = self._parse(move)
        line, i, step = m
        pcs = self._net.pieces[line]
        k = i if step > 0 else i - 1
        if not 0 <= k < len(pcs):
            raise IllegalMoveError(
                f"{move}: {line} ends at {self._net.vertices[line][i]} in that direction"
            )
        if pcs[k] in self.piece_colour:
            raise IllegalMoveError(f"{move}: {line} is already coloured there ({pcs[k]})")
        touching = self._touching_moves(player)
        if touching:
            if m not in touching:
                assert self.last is not None
                raise IllegalMoveError(
                    f"{move}: you must choose a line touching the stretch just coloured on "
                    f"{self.last[0]}, from the point where it touches"
                )
        elif m not in self._free_moves(player):
            raise IllegalMoveError(
                f"{move}: no line touches the stretch just coloured, so colour a remaining "
                "uncoloured line, its entire length (a leftover stretch only when no line is "
                "wholly uncoloured), written from its end nearer the line's start with +"
            )
        ks = self._stretch(line, i, step, player)
        for k in ks:
            self.piece_colour[pcs[k]] = player
        lo, hi = (ks[0], ks[-1] + 1) if step > 0 else (ks[-1], ks[0] + 1)
        self.last = (line, lo, hi)
        gained = 0
        for k in ks:
            for sp in self._net.seg_spaces.get(pcs[k], ()):
                if sp not in self.captured and all(
                    b in self.piece_colour for b in self._net.space_segs[sp]
                ):
                    self.captured[sp] = player
                    gained += 1
        if gained:
            self._scores[player] = self._scores.get(player, 0) + gained
        self.moves_made += 1
        if len(self.piece_colour) == len(self._net.all_pieces):
            self._outcome = decide_with_teams(self.scores(), "every line is coloured", self.options)

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: line pieces and captured (filled) spaces."""
        return {**self.piece_colour, **self.captured}

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.piece_colour.items())),
            tuple(sorted(self.captured.items())),
            self.last,
            self.moves_made,
        )

    def _describe(self) -> list[str]:
        lines = []
        for ln in self._net.lines:
            row = "".join(str(self.piece_colour.get(p, ".")) for p in self._net.pieces[ln])
            lines.append(f"  {ln:>8} {row}")
        if self.last:
            ln, a, b = self.last
            v = self._net.vertices[ln]
            lines.append(f"last stretch: {ln} from {v[a]} to {v[b]}")
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """A captured space is filled with its captor's colour: one point each."""
        players = options["players"]
        net = field_cache(field, "arp-net", _Net)
        checks: list[Check] = []
        checks += colour_range_checks(colours, net.all_pieces, range(1, players + 1), "line pieces")
        checks += colour_range_checks(colours, field.spaces, range(1, players + 1), "spaces")
        # A filled space is its own mark, its sides the group it records. A space whose sides
        # the field does not list is never reported as surrounded.
        records = [
            (sp, sp, bound)
            for sp in field.spaces
            if (bound := net.space_segs.get(sp, ())) or sp in colours
        ]
        found, captures = completion_mark_checks(colours, records, _CAPTURE_WORDING)
        checks += found
        scores = {p: 0 for p in range(1, players + 1)}
        for _sp, owner, _bound in captures:
            if owner in scores:
                scores[owner] += 1
        left = [p for p in net.all_pieces if p not in colours]
        checks += uncoloured_checks(left, "line pieces")
        checks += tally_checks(scores, tallies)
        outcome = None if left else decide_with_teams(scores, "every line is coloured", options)
        return PositionReport(cls.game, scores, checks, outcome)

    @classmethod
    def order_of_play(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        budget: int | None = None,
    ) -> Any:
        """A legal order of moves that colours the sheet so (:mod:`.arp_order`)."""
        from artsheets.rules.games.arp_order import search_order  # it builds on this module

        return search_order(
            field,
            colours,
            options["players"],
            stop_at_own=options["stop_at_own"],
            budget=budget,
            free_stretches=options.get("free_stretches", False),
        )

    @classmethod
    def cheapest_order(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        choices: Mapping[str, Mapping[int, float]],
        budget: int | None = None,
        bound: float = math.inf,
    ) -> Any:
        """The cheapest legal order (costing under ``bound``) where some pieces may take
        several colours (:func:`.arp_order.search_cheapest`); None for the variant
        ``stop_at_own``, whose moves stop by the colours already given."""
        from artsheets.rules.games.arp_order import search_cheapest  # it builds on this module

        if options["stop_at_own"]:
            return None
        return search_cheapest(
            field,
            colours,
            choices,
            options["players"],
            budget=budget,
            free_stretches=options.get("free_stretches", False),
            bound=bound,
        )

    @classmethod
    def unusual_position(
        cls, field: Field, options: Mapping[str, Any], colours: Mapping[str, int]
    ) -> list[Check]:
        """Short stretches between two coloured pieces of their line.

        One to three pieces in a row coloured unlike the pieces either side of them, which
        share a colour: the rules allow it (a stretch started inside the line and stopped
        soon at a coloured piece), but the neighbours must be coloured first and alike, then
        a move must stop within a few pieces: in 48 simulated four-player games, 19 single
        pieces, 14 pairs and 7 triples among 8,784 pieces (longer runs are common). The
        finding names the pieces and their neighbours' colour (:class:`RareStretch`).

        One or two pieces between two other colours are commoner (69 singles and 52 pairs
        in the same games): they are named too, with no more structure than their pieces."""
        net = field_cache(field, "arp-net", _Net)
        found = []
        for ln in net.lines:
            runs = _runs([colours.get(p) for p in net.pieces[ln]])
            for (side, _, end), (own, first, last), (after, _, _) in zip(
                runs, runs[1:], runs[2:], strict=False
            ):
                pieces = list(net.pieces[ln][first : last + 1])
                if own is None or side is None or after is None:
                    continue
                names = " and ".join(pieces)
                if side == after and len(pieces) <= RARE_ISLAND:
                    found.append(
                        Check(
                            False,
                            f"{names} coloured {own} between two pieces of {ln} in colour "
                            f"{side}: a stretch of {len(pieces)} there is rare",
                            [*pieces, net.pieces[ln][end], net.pieces[ln][last + 1]],
                            RareStretch(tuple(pieces), side),
                        )
                    )
                elif side != after and len(pieces) <= SHORT_WEDGE:
                    found.append(
                        Check(
                            False,
                            f"{names} coloured {own} between pieces of {ln} in colours {side} "
                            f"and {after}: a stretch of {len(pieces)} there is uncommon",
                            pieces,
                        )
                    )
        return found


RARE_ISLAND = 3  # pieces: a stretch this short between two pieces of one colour is rare
# (with 4, the readings changed for such findings on simulated photos went wrong more often
# than right)
SHORT_WEDGE = 2  # pieces: a stretch this short between two other colours gets a second look


def _runs(colours: list[int | None]) -> list[tuple[int | None, int, int]]:
    """Maximal runs of one colour along a line: (colour, first index, last index)."""
    runs: list[tuple[int | None, int, int]] = []
    for i, c in enumerate(colours):
        if runs and runs[-1][0] == c:
            runs[-1] = (c, runs[-1][1], i)
        else:
            runs.append((c, i, i))
    return runs
