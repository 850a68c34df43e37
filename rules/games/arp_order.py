"""Arp's order of play, searched for from the colours of a finished sheet.

An Arp sheet records its game closely: every move coloured one stretch of a line, from a
point where it touches the stretch coloured just before, in the mover's colour, until the
line's end or a piece already coloured; the players move in turn; a space is filled in the
colour of the move that closed its boundary. So the colours read from a sheet either come
from some legal order of moves, or some piece was read (or coloured) otherwise. On simulated
games a piece at the end of a run changed to its neighbour's colour leaves no legal order 24
times in 25, and every sheet of eight benchmark sets read with a piece wrong (34) had none.

:func:`search_order` replays the game depth first with the colours as its guide, making the
rule engine's moves: a move is tried only if every piece it would colour has the mover's
colour, and each space it closes is filled in the mover's colour. Three cuts keep the search
small:

* a space not yet closed needs an uncoloured side in its fill's colour (its captor coloured
  the last side);
* a seam (two uncoloured pieces of a line meeting in different colours) needs a way to be
  started: whichever is coloured first did not run on into the other, so its move started
  at their vertex, from the stretch coloured just before, which passed there in the colour
  of the player before (a free move would have coloured both); so some piece of another
  line at that vertex, in that colour, must be uncoloured still, or the stretch just
  coloured must pass there (this cut took the median search on the true colours of 108
  simulated games from 55 ms to 3 ms, and those the budget left unsettled from 13 to 2);
* a position reached before is not searched again.

A search proves a colouring illegal only by trying every order, so it has a budget of
positions and says when it ran out.

Most searches of a misread sheet end where they start: a seam that nothing on the sheet
could start fails the first position, and such a search builds nothing more (13,868 of the
14,647 searches the 19 Arp tuning photos of a speed run made). The others are kept per field
(:class:`_Searched`): a caller weighing changes often asks for the same colours again (29 %
of those searches' positions), and a search's answer, with the positions it took, tells what
any budget would have given.

A caller weighing a few other colourings searches again with each one: with the colours
fixed, every cut stays sharp. :func:`search_cheapest` weighs many at once: each piece may
take any of several colours, each at a cost, and the search finds the legal order of least
summed cost (best first: the positions in order of their cost and what they still owe, a
position expanded again only when reached cheaper, bounded by a bound the caller gives; the
first finished position is the cheapest order). A seam
counts there only where its two pieces can take no colour in common, so the cut weakens
as pieces take more colours: with a hundred pieces of a sheet allowed a second colour
within one log-odds, proving that no order costs under 2 took 20,000-100,000 positions,
where a low bound, leaving most pieces one colour, took hundreds. What a position still
owes (:meth:`_Search._owed`: seams the colours read cannot start, spaces no side of which is
in their fill's colour; :meth:`_Search._pairs`: two pieces whose seam nothing can start any
more end in one colour) bounds that search from below: a move is not searched where its cost
and what the position after it owes reach the best found, and the pieces' colours are
narrowed to those that can be in an order under the bound before it starts. A bound no order
can meet is then mostly settled at the first position; with a hundred pieces holding three
or four colours under a higher bound, the search still runs long (benchmarks/RESULTS.md).
Best first expands 8-11 % fewer positions than depth first over tune48's and tune96b's Arp
sheets (depth first, :meth:`_Search.cheapest`, proves the cheapest only after every
position under the bound, and expands a position reached cheaper later again).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import accumulate

from artsheets.rules.core import field_cache
from artsheets.rules.field import Field
from artsheets.rules.games.arp import _Net
from artsheets.rules.position import OrderChoice

__all__ = ["OrderChoice", "OrderSearch", "search_cheapest", "search_order"]

SEARCH_BUDGET = 20_000  # positions visited before a search gives up (about 0.5 s)


@dataclass(frozen=True)
class OrderSearch:
    """What a search found: whether some legal order gives the colours (``legal``; None
    when the budget ran out first), the positions it ``visited``, the pieces round seams
    that nothing on the sheet could start (``starved``: no legal order colours them so), and the
    field's line ``pieces``."""

    legal: bool | None
    visited: int = 0
    starved: frozenset[str] = frozenset()
    pieces: frozenset[str] = frozenset()


class _Board:
    """Arp's field as bit masks over its pieces, built once per field."""

    def __init__(self, field: Field) -> None:
        net = field_cache(field, "arp-net", _Net)
        self.net = net
        self.index = {p: i for i, p in enumerate(net.all_pieces)}
        self.pieces = frozenset(net.all_pieces)
        self.full = (1 << len(net.all_pieces)) - 1
        self.line_bits = {ln: [1 << self.index[p] for p in net.pieces[ln]] for ln in net.lines}
        self.space_sides = {
            sp: [self.index[s] for s in sides] for sp, sides in net.space_segs.items()
        }
        self.space_bits = {sp: sum(1 << i for i in sides) for sp, sides in self.space_sides.items()}
        # Whether no space names a side twice (then its bits are its sides', see _Search).
        self.distinct_sides = all(len(set(s)) == len(s) for s in self.space_sides.values())
        self.spaces_of = {
            self.index[p]: sps for p, sps in net.seg_spaces.items() if p in self.index
        }
        # Per line, per piece: the spaces beside it (their sides' bits, their id).
        self.beside = {
            ln: [
                [(self.space_bits[sp], sp) for sp in self.spaces_of.get(self.index[p], ())]
                for p in pcs
            ]
            for ln, pcs in net.pieces.items()
        }
        # Per line, per vertex: the moves along the other lines through it, each with the
        # bit and index of its first piece (whose colour a search looks up). Built once per
        # field: building it for every search was most of a short search's time.
        self.crossings = {
            line: [
                [
                    ((ln, i, step), 1 << q, q)
                    for ln, i in net.at[v]
                    if ln != line
                    for step, k in ((1, i), (-1, i - 1))
                    if 0 <= k < len(net.pieces[ln])
                    for q in (self.index[net.pieces[ln][k]],)
                ]
                for v in net.vertices[line]
            ]
            for line in net.lines
        }
        # Per line, where its pieces lie in ``net.all_pieces`` (the lines' pieces in turn);
        # per piece in that order, a free move's start there (:class:`_Search`).
        ends = list(accumulate((len(net.pieces[ln]) for ln in net.lines), initial=0))
        self.spans = {ln: (ends[j], ends[j + 1]) for j, ln in enumerate(net.lines)}
        self.starts = [
            (ln, k, bits[k], bits[k - 1] if k else 0)
            for ln in net.lines
            for bits in (self.line_bits[ln],)
            for k in range(len(bits))
        ]
        # Per line, all its pieces' bits (a free move takes a wholly uncoloured line).
        self.line_masks = {ln: sum(bits) for ln, bits in self.line_bits.items()}
        self.line_mask_list = list(self.line_masks.values())
        # Per vertex and line (or None): the pieces of the other lines through it that end
        # there (:meth:`_Search._at`), and per line, per vertex between two of its pieces:
        # those two pieces' indices, the vertex and the other lines' pieces there (the
        # candidates of a seam, :meth:`_Search._seams`). Per field, not per search: looking
        # them up for every search was a third of a short search's time.
        self.at_pieces: dict[tuple[str, str | None], tuple[int, ...]] = {}
        for v, through in net.at.items():
            for line in [None, *(ln for ln, _ in through)]:
                self.at_pieces[v, line] = tuple(
                    self.index[net.pieces[ln][k]]
                    for ln, i in through
                    if ln != line
                    for k in (i - 1, i)
                    if 0 <= k < len(net.pieces[ln])
                )
        self.joins = [
            (self.index[pcs[i - 1]], self.index[pcs[i]], verts[i], self.at_pieces[verts[i], ln])
            for ln in net.lines
            for pcs, verts in ((net.pieces[ln], net.vertices[ln]),)
            for i in range(1, len(pcs))
        ]
        self.searched = _Searched()

    def passing(self, stretch: tuple[str, int, int]) -> list[str]:
        """The vertices a stretch (line, first piece, last piece + 1) passes."""
        line, a, b = stretch
        return self.net.vertices[line][a : b + 1]


# A position of a search: the pieces coloured, the stretch coloured last, whose turn.
_Pos = tuple[int, tuple[str, int, int] | None, int]

# A search's key: the pieces' colours, the spaces' fills, players, stop_at_own, free_stretches.
_Key = tuple[tuple[int | None, ...], tuple[int | None, ...], int, bool, bool]


class _Searched:
    """The searches made on one field, by colours and rules (the last :data:`KEPT`): what
    one found, in how many positions, within what budget. A search is depth first in a fixed
    order, so its positions are the same whatever the budget, which only cuts them short:
    one that ended after V positions ends so for any budget of V or more, and runs out at
    any smaller budget b after b + 1 positions (as one that ran out did at its own)."""

    KEPT = 256  # the confirmation of one sheet's doubted pieces asks for about 100

    def __init__(self) -> None:
        self.found: dict[_Key, tuple[bool | None, int, int]] = {}

    def get(self, key: _Key, budget: int) -> tuple[bool | None, int] | None:
        """(legal, visited) of the search ``key`` within ``budget``, if known."""
        got = self.found.get(key)
        if got is None:
            return None
        legal, visited, spent = got
        if legal is not None and visited <= budget:
            return legal, visited
        if legal is not None or budget <= spent:
            return None, max(budget, 0) + 1
        return None  # it ran out of a smaller budget: not known

    def put(self, key: _Key, legal: bool | None, visited: int, budget: int) -> None:
        if len(self.found) >= self.KEPT:
            del self.found[next(iter(self.found))]  # the oldest
        self.found[key] = (legal, visited, budget)


class _Budget(Exception):
    """The search ran out of positions."""


class _Search:
    """One depth-first search for a legal order giving fixed colours."""

    def __init__(
        self,
        board: _Board,
        colours: Mapping[str, int],
        players: int,
        stop_at_own: bool,
        budget: int,
        free_stretches: bool = False,
        choices: Mapping[str, Mapping[int, float]] | None = None,
    ) -> None:
        self.b = board
        self.budget = budget
        self.n = players
        self.stop_at_own = stop_at_own
        self.free_stretches = free_stretches
        # A free move takes a wholly uncoloured line while one is left (the seed's reading;
        # ``free_stretches`` is the older one).
        self.line_masks = board.line_masks
        self.colour = list(map(colours.get, board.net.all_pieces))
        # Per piece, the colours a move may give it as bits (1 << colour): its own, or
        # those ``choices`` allow, each at its cost (:meth:`cheapest`). With fixed colours,
        # built only for a search that makes moves (:meth:`prepare`): most end at their
        # first position, and building it for them made a sheet's searches a fifth slower.
        self.allowed: list[int] = []
        self.costs: list[Mapping[int, float]] | None = None
        if choices is not None:
            self.allowed = [0 if c is None else 1 << c for c in self.colour]
            self.costs = [{} for _ in self.colour]
            for piece, options in choices.items():
                i = board.index[piece]
                self.costs[i] = options
                self.allowed[i] = sum(1 << c for c in options)
        self.fill = dict(zip(board.space_bits, map(colours.get, board.space_bits), strict=True))
        self.seams = [] if stop_at_own else self._seams()
        self.seen: set[tuple[int, tuple[str, int, int] | None, int]] = set()
        # :meth:`cheapest`'s positions, each at the least cost it was reached at so far.
        self.reached: dict[tuple[int, tuple[str, int, int] | None, int], float] = {}
        self.expanded = 0  # positions expanded by :meth:`cheapest` (again when cheaper)
        self.best = math.inf  # the least cost of a legal order found by :meth:`cheapest`
        self.best_moves: list[tuple[tuple[str, int, int], int]] | None = None
        # :meth:`cheapest`'s lower bounds: (the pieces' bits, the least any legal order
        # pays for them), over pieces no two of which share a piece (:meth:`_owed`).
        self.dues: list[tuple[int, float]] = []
        self.due: dict[int, tuple[int, float]] = {}  # per piece, the owed set it is in
        self.pairs: list[tuple[int, int, str, float]] = []  # :meth:`_pairs`

    def key(self) -> _Key:
        """What the search's answer depends on, but its budget."""
        return (
            tuple(self.colour),
            tuple(self.fill.values()),
            self.n,
            self.stop_at_own,
            self.free_stretches,
        )

    def stuck_at_start(self) -> bool:
        """Whether the first position fails (:meth:`run`): some seam nothing could start."""
        return bool(self.b.full) and any(not starters for _, starters, _ in self.seams)

    def prepare(self) -> None:
        """The tables the moves need, built only for a search that makes moves."""
        board = self.b
        # Per piece, the colours it may take.
        if self.costs is None:
            self.allowed = [0 if c is None else 1 << c for c in self.colour]
            options: list[tuple[int, ...]] = [() if c is None else (c,) for c in self.colour]
        else:
            options = [tuple(_set_bits(bits)) for bits in self.allowed]
        allowed = self.allowed
        self.line_colours = {ln: allowed[a:b] for ln, (a, b) in board.spans.items()}
        # Where a free move may start, per colour: each piece, its bit and the one before's.
        self.free_starts: dict[int | None, list[tuple[str, int, int, int]]] = {}
        for start, cs in zip(board.starts, options, strict=True):
            for c in cs:
                self.free_starts.setdefault(c, []).append(start)
        # Per colour, the lines whose first piece may have it (and all their pieces' bits).
        self.first_in: dict[int | None, list[tuple[str, int]]] = {}
        for ln, (a, _) in board.spans.items():
            for c in options[a]:
                self.first_in.setdefault(c, []).append((ln, board.line_masks[ln]))
        self.beside_fills: dict[str, list[tuple[tuple[int, int | None, int], ...]]] = {}
        self.stretches: dict[tuple[int, int, int], tuple[float, tuple[tuple[int, float], ...]]] = {}
        # Per space, its sides that may be in its fill's colour: one of them closed it.
        if board.distinct_sides:  # as below, from each colour's pieces at once
            by_colour: dict[int | None, int] = {}
            for i, cs in enumerate(options):
                for c in cs:
                    by_colour[c] = by_colour.get(c, 0) | 1 << i
            self.fill_sides = {
                sp: bits & by_colour.get(self.fill[sp], 0) for sp, bits in board.space_bits.items()
            }
        else:
            self.fill_sides = {
                sp: sum(1 << i for i in sides if _has(allowed[i], self.fill[sp]))
                for sp, sides in board.space_sides.items()
            }

    def _cost_of(self, i: int, colour: int) -> float:
        """What piece ``i`` costs in ``colour`` (infinite where it may not take it)."""
        if not self.allowed[i] >> colour & 1:
            return math.inf
        assert self.costs is not None
        return self.costs[i].get(colour, 0.0)

    def _owed(self) -> list[tuple[int, float]]:
        """What every legal order must pay, at least, for some sets of pieces, the sets
        sharing no piece (so what a position still owes is the sum over those whose pieces
        are all uncoloured: :meth:`cheapest`'s admissible lower bound).

        - Two pieces of a line meeting at a vertex: either they end in one colour, or
          whichever was coloured first started at the vertex after a stretch in the colour
          of the player before, which passed there (:meth:`_seams`): some piece of another
          line ending there is in that colour. The least of those over the colours the
          pieces may take.
        - A space filled in colour f: the side coloured last, which closed it, is in f.

        A reading proven illegal mostly has seams nothing could start in the colours read:
        each costs a change, and the sum says that no order costs under a low bound before
        any move is searched, and cuts off every move that leaves such seams for later."""
        n = self.n
        groups: list[tuple[float, int]] = []
        for a, b, _vertex, around in self.b.joins:
            least = math.inf
            for x in _set_bits(self.allowed[a]):
                cx = self._cost_of(a, x)
                for y in _set_bits(self.allowed[b]):
                    paid = cx + self._cost_of(b, y)
                    if x != y and paid < least:
                        before = ((x - 2) % n + 1, (y - 2) % n + 1)
                        paid += min(
                            (self._cost_of(q, c) for q in around for c in before),
                            default=math.inf,
                        )
                    least = min(least, paid)
            if least > 0.0:
                groups.append((least, (1 << a) | (1 << b) | sum(1 << q for q in around)))
        for sp, sides in self.b.space_sides.items():
            fill = self.fill[sp]
            if fill is None or not sides:
                continue
            least = min(self._cost_of(i, fill) for i in sides)
            if least > 0.0:
                groups.append((least, self.b.space_bits[sp]))
        out: list[tuple[int, float]] = []
        used = 0
        for least, bits in sorted(groups, key=lambda g: -g[0]):
            if not bits & used:
                out.append((bits, least))
                used |= bits
        return out

    def narrow(self) -> float | None:
        """Before :meth:`cheapest` searches: what the first position owes (:meth:`_owed`),
        with each piece's colours narrowed to those that can be in an order under the bound
        (``best``), again until none is dropped: a colour costing, with what the other owed
        sets owe, the bound or more is in no such order (the sets share no piece). Fewer
        colours make more seams sharp (:meth:`_seams`) and the owed sets owe more. None
        where no order costs under the bound (a piece left no colour, a seam nothing could
        start, or the first position owing the bound)."""
        assert self.costs is not None
        while True:
            if self.stuck_at_start():
                return None
            self.prepare()
            self.dues = self._owed()
            self.due = {i: group for group in self.dues for i in _set_bits(group[0])}
            owes = self.owed(0)
            if owes >= self.best:
                return None
            dropped = False
            for i, costs in enumerate(self.costs):
                if len(costs) < 2:
                    continue
                group = self.due.get(i)
                slack = self.best - owes + (group[1] if group else 0.0)
                kept = {c: v for c, v in costs.items() if v < slack}
                if len(kept) < len(costs):
                    if not kept:
                        return None
                    self.costs[i] = kept
                    self.allowed[i] = sum(1 << c for c in kept)
                    dropped = True
            if not dropped:
                self.pairs = self._pairs()
                return owes
            self.seams = self._seams()

    def _pairs(self) -> list[tuple[int, int, str, float]]:
        """Two pieces of a line that may take a colour in common but cost something to
        (their bits, the bits of the pieces that could start their seam, the vertex, the
        least the common colour costs), sharing no piece with each other or an owed set:
        where nothing can start their seam any more (:meth:`_stuck`), they end in one
        colour, and pay for it."""
        n, used = self.n, 0
        for bits, _ in self.dues:
            used |= bits
        found = []
        for a, b, vertex, around in self.b.joins:
            both, common = (1 << a) | (1 << b), self.allowed[a] & self.allowed[b]
            if not common or both & used:
                continue
            same = min(self._cost_of(a, x) + self._cost_of(b, x) for x in _set_bits(common))
            if same <= 0.0:
                continue
            before = sum(
                1 << ((c - 2) % n + 1) for c in _set_bits(self.allowed[a] | self.allowed[b])
            )
            starters = sum(1 << q for q in around if self.allowed[q] & before)
            found.append((same, both, starters, vertex))
        out = []
        for same, both, starters, vertex in sorted(found, key=lambda p: -p[0]):
            if not both & used:
                out.append((both, starters, vertex, same))
                used |= both
        return out

    def _stuck(self, mask: int, last: tuple[str, int, int] | None) -> float:
        """What the pairs (:meth:`_pairs`) whose seam nothing can start any more still owe:
        both pieces uncoloured, every piece that could start it coloured, and the stretch
        just coloured not passing there (as :meth:`_seams_open` cuts where the two can take
        no colour in common)."""
        owed, passing = 0.0, None
        for both, starters, vertex, same in self.pairs:
            if not mask & both and not starters & ~mask:
                if passing is None:
                    passing = () if last is None else self.b.passing(last)
                if vertex not in passing:
                    owed += same
        return owed

    def owed(self, mask: int) -> float:
        """The least any legal order from ``mask`` still pays (:meth:`_owed`)."""
        return sum(least for bits, least in self.dues if not mask & bits)

    def _seams(self) -> list[tuple[int, int, str]]:
        """Where two pieces of a line meet in different colours: (their bits, the bits of
        the pieces that could have started the first of them there, the vertex).

        Whichever of the two was coloured first, its move did not run on into the other
        (uncoloured then, in another colour), so it started at their vertex: a touching move
        from the stretch coloured just before, which passed there in the colour of the
        player before (a free move colours a whole uncoloured stretch, the other piece too)."""
        if self.costs is None:
            return self._fixed_seams()
        allowed, n = self.allowed, self.n
        out = []
        for a, b, vertex, around in self.b.joins:
            ca, cb = allowed[a], allowed[b]
            if not ca or not cb or ca & cb:
                continue  # not a seam whatever colours the choices give them
            before = sum(1 << ((c - 2) % n + 1) for c in _set_bits(ca | cb))
            starters = 0
            for q in around:
                if allowed[q] & before:
                    starters |= 1 << q
            out.append(((1 << a) | (1 << b), starters, vertex))
        return out

    def _fixed_seams(self) -> list[tuple[int, int, str]]:
        """:meth:`_seams` of fixed colours (every search but :meth:`cheapest`'s, most of
        them ending at their first position: kept as quick as they were)."""
        colour, n = self.colour, self.n
        out = []
        for a, b, vertex, around in self.b.joins:
            ca, cb = colour[a], colour[b]
            if ca is None or cb is None or ca == cb:
                continue
            before = {(ca - 2) % n + 1, (cb - 2) % n + 1}
            starters = 0
            for q in around:
                if colour[q] in before:
                    starters |= 1 << q
            out.append(((1 << a) | (1 << b), starters, vertex))
        return out

    def _at(self, vertex: str, line: str | None = None) -> tuple[int, ...]:
        """The pieces of the lines through ``vertex`` (other than ``line``) that end there."""
        return self.b.at_pieces[vertex, line]

    def _seams_open(self, mask: int, last: tuple[str, int, int] | None) -> bool:
        """Whether every seam whose two pieces are both uncoloured can still be started:
        a piece that could start it is uncoloured (to be coloured just before), or the
        stretch just coloured passes there."""
        passing = None  # the stretch's vertices, looked up only for a seam in doubt
        for bits, starters, vertex in self.seams:
            if not mask & bits and not starters & ~mask:
                if passing is None:
                    passing = () if last is None else self.b.passing(last)
                if vertex not in passing:
                    return False
        return True

    def starved(self) -> int:
        """The bits of the pieces round every seam that nothing on the sheet could start:
        its two pieces and the other lines' pieces at its vertex (one of them is coloured
        otherwise than any legal order would)."""
        out = 0
        for bits, starters, vertex in self.seams:
            if not starters:
                out |= bits | sum(1 << q for q in self._at(vertex))
        return out

    # --- moves ---------------------------------------------------------------------------

    def _own_at(self, vertex: str, line: str, player: int, mask: int) -> bool:
        """A line of the player's colour passes through ``vertex`` (``stop_at_own``)."""
        return any(mask >> q & 1 and self.colour[q] == player for q in self._at(vertex, line))

    def _moves(
        self, mask: int, last: tuple[str, int, int] | None, player: int
    ) -> list[tuple[str, int, int]]:
        """The engine's legal moves whose first piece is in the mover's colour: touching the
        last stretch; free ones only if no touching move exists at all (whatever its
        colour: then the mover must take one, and no order goes on from here)."""
        out = []
        touching = False
        if last is not None:
            line, a, b = last
            allowed = self.allowed
            for crossing in self.b.crossings[line][a : b + 1]:
                for move, bit, q in crossing:
                    if not mask & bit:
                        touching = True
                        if allowed[q] >> player & 1:
                            out.append(move)
        if touching:
            return out
        net = self.b.net
        plain = not self.free_stretches and not self.stop_at_own
        if plain and self._a_line_uncoloured(mask):
            # A free move takes a wholly uncoloured line, from its start (a later piece's
            # start needs the piece before it coloured): those of the mover's colour.
            return [(ln, 0, 1) for ln, m in self.first_in.get(player, ()) if not mask & m]
        whole_only = None  # looked at only once some start's piece is uncoloured
        for ln, k, bit, before in self.free_starts.get(player, ()):
            if mask & bit:
                continue
            if whole_only is None:
                whole_only = not plain and not self.free_stretches and self._a_line_uncoloured(mask)
            if whole_only and mask & self.line_masks[ln]:
                continue
            if (
                k == 0
                or mask & before
                or (self.stop_at_own and self._own_at(net.vertices[ln][k], ln, player, mask))
            ):
                out.append((ln, k, 1))
        return out

    def _touched(self, mask: int, stretch: tuple[str, int, int]) -> bool:
        """Whether an uncoloured piece of another line touches ``stretch`` (:meth:`_moves`:
        otherwise the next move is free, and no seam waits on the stretch's vertices, whose
        other lines' pieces are all coloured)."""
        line, a, b = stretch
        for crossing in self.b.crossings[line][a : b + 1]:
            for _, bit, _ in crossing:
                if not mask & bit:
                    return True
        return False

    def _a_line_uncoloured(self, mask: int) -> bool:
        """Whether some line is wholly uncoloured (a plain loop: the hottest test of a long
        search)."""
        for m in self.b.line_mask_list:  # noqa: SIM110 (any() over a generator: 1.7x slower)
            if not mask & m:
                return True
        return False

    def _play(
        self, mask: int, line: str, i: int, step: int, player: int
    ) -> tuple[int, tuple[str, int, int]] | None:
        """The position after colouring ``line`` from vertex ``i`` going ``step`` (until
        its end or a coloured piece) in ``player``'s colour, and the stretch coloured; None
        if the colours forbid it."""
        bits, cols = self.b.line_bits[line], self.line_colours[line]
        stop_at_own = self.stop_at_own
        new = mask
        k = i if step > 0 else i - 1
        first, end = k, len(bits)
        while 0 <= k < end and not mask & bits[k]:
            if not cols[k] >> player & 1:
                return None
            new |= bits[k]
            if stop_at_own and self._own_at(
                self.b.net.vertices[line][k + 1 if step > 0 else k], line, player, mask
            ):
                k += step
                break
            k += step
        lo, hi = (first, k) if step > 0 else (k + 1, first + 1)
        rows = self.beside_fills.get(line)
        if rows is None:
            rows = self.beside_fills[line] = self._beside_fills(line)
        uncoloured = ~new
        for spaces in rows[lo:hi]:
            for sides, fill, fill_sides in spaces:
                if new & sides == sides:
                    if mask & sides != sides and fill not in (None, player):
                        return None  # closed by the mover, filled in another colour
                elif fill is not None and not fill_sides & uncoloured:
                    return None  # no side left in its fill's colour to close it
        return new, (line, lo, hi)

    def _beside_fills(self, line: str) -> list[tuple[tuple[int, int | None, int], ...]]:
        """Per piece of ``line``, the spaces beside it as :meth:`_play` weighs them: their
        sides' bits, their fill and their sides that may be in it (``fill_sides``), looked
        up once a line and search rather than at every move."""
        fill, fill_sides = self.fill, self.fill_sides
        return [
            tuple((sides, fill[sp], fill_sides[sp]) for sides, sp in spaces)
            for spaces in self.b.beside[line]
        ]

    def run(self, mask: int, last: tuple[str, int, int] | None, turn: int) -> bool:
        """Whether the game can be played on from here to the colours given."""
        if mask == self.b.full:
            return True
        key = (mask, last, turn % self.n)
        if key in self.seen:
            return False
        self.seen.add(key)
        if len(self.seen) > self.budget:
            raise _Budget
        if self.seams and not self._seams_open(mask, last):
            return False
        player = turn % self.n + 1
        for line, i, step in self._moves(mask, last, player):
            after = self._play(mask, line, i, step, player)
            if after is not None and self.run(*after, turn + 1):
                return True
        return False

    def cheapest(
        self,
        mask: int,
        last: tuple[str, int, int] | None,
        turn: int,
        spent: float,
        path: list[tuple[tuple[str, int, int], int]],
        owes: float = 0.0,
    ) -> bool:
        """Depth first with a bound: the legal orders from here, each move's pieces costing
        the colour it gives them (``costs``), keeping the cheapest found (``best``); a
        position reached again is searched again only if reached cheaper. A move is not
        searched where what it costs and what the position after it still ``owes``
        (:meth:`owed`, kept move by move) reach the best found. Returns True when the
        cheapest order can cost no less (nothing more to search: costs are never negative,
        so an order costing nothing ends it)."""
        if mask == self.b.full:
            if spent < self.best:
                self.best, self.best_moves = spent, list(path)
            return spent <= 0.0
        key = (mask, last, turn % self.n)
        known = self.reached.get(key)
        if known is not None and known <= spent:
            return False
        self.reached[key] = spent
        self.expanded += 1
        if self.expanded > self.budget:
            raise _Budget
        if self.seams and not self._seams_open(mask, last):
            return False
        if self.pairs and spent + owes + self._stuck(mask, last) >= self.best:
            return False
        player = turn % self.n + 1
        steps = self._steps(mask, last, player, spent, owes)
        steps.sort(key=lambda step: step[0])  # the cheapest first: a tight bound soon
        for cost, left, (new, stretch) in steps:
            if cost >= self.best:
                break
            if cost + left >= self.best:
                continue
            path.append((stretch, player))
            done = self.cheapest(new, stretch, turn + 1, cost, path, left)
            path.pop()
            if done:
                return True
        return False

    def _steps(
        self, mask: int, last: tuple[str, int, int] | None, player: int, spent: float, owes: float
    ) -> list[tuple[float, float, tuple[int, tuple[str, int, int]]]]:
        """The moves from a position that can be in an order cheaper than the best found:
        each with what the order costs after it, what the position after it still owes
        (:meth:`owed`, less the owed sets whose first piece it colours), and the position
        after it and the stretch it colours (:meth:`_play`)."""
        spans, stretches = self.b.spans, self.stretches
        steps = []
        for line, i, step in self._moves(mask, last, player):
            after = self._play(mask, line, i, step, player)
            if after is None:
                continue
            first = spans[line][0]
            _, lo, hi = after[1]
            key = (first + lo, first + hi, player)
            known = stretches.get(key)
            if known is None:
                known = stretches[key] = self._stretch(*key)
            price, paid = known
            cost = spent + price
            left = owes
            if paid:  # the owed sets this move colours the first piece of are paid for now
                left -= sum(least for bits, least in paid if not mask & bits)
            if cost + left < self.best:
                steps.append((cost, left, after))
        return steps

    def _stretch(self, a: int, b: int, player: int) -> tuple[float, tuple[tuple[int, float], ...]]:
        """What colouring pieces ``a`` to ``b - 1`` (over all the lines' pieces) in
        ``player``'s colour costs, summed in their order, and the owed sets among them in
        the order a set of them holds them: the same for every position a stretch is
        coloured from, so :meth:`_steps` works it out once a search (the pieces' costs and
        owed sets are fixed by then: :meth:`narrow`)."""
        costs, due = self.costs, self.due
        assert costs is not None
        price = sum(costs[k].get(player, 0.0) for k in range(a, b))
        return price, tuple({due[q] for q in range(a, b) if q in due})

    def cheapest_first(self, owes: float) -> None:
        """Best first (A*): the positions in order of what they cost so far and still owe
        (:meth:`owed` and :meth:`_stuck`, a lower bound), each expanded once unless reached
        again cheaper, until the next one's bound reaches the best found (``best``, at first
        the caller's bound). The first finished position taken is the cheapest legal order.
        The depth-first :meth:`cheapest` expands a position reached cheaper later again, and
        every position under the bound before the order it finds proves the cheapest; this
        expands only those under the cheapest order's cost, once (what a search cut short
        spent its budget on: benchmarks/RESULTS.md)."""
        n, full = self.n, self.b.full
        start: _Pos = (0, None, 0)
        # Per position reached: the least it was reached at, and from where by which move.
        came: dict[_Pos, tuple[float, _Pos | None, tuple[str, int, int] | None, int]] = {
            start: (0.0, None, None, 0)
        }
        # Among equal bounds the deepest first, then the last pushed: depth first along a
        # plateau of moves costing nothing, as :meth:`cheapest` dives.
        tie = 0
        heap: list[
            tuple[float, int, int, bool, float, float, int, tuple[str, int, int] | None, int]
        ] = [(owes, 0, 0, False, 0.0, owes, 0, None, 0)]
        while heap:
            bound, _, _, stuck_added, spent, left, mask, last, turn = heapq.heappop(heap)
            if bound >= self.best:
                return  # nothing left costs less than the best found
            key = (mask, last, turn % n)
            if came[key][0] < spent:
                continue  # reached cheaper since it was pushed
            if mask == full:
                self.best, self.best_moves = spent, self._path(came, key)
                return
            if self.seams and not self._seams_open(mask, last):
                continue
            if self.pairs and not stuck_added:
                stuck = self._stuck(mask, last)
                if stuck > 0.0:  # it owes more than it was pushed with: in its place again
                    if spent + left + stuck < self.best:
                        tie -= 1
                        heapq.heappush(
                            heap,
                            (spent + left + stuck, -turn, tie, True, spent, left, mask, last, turn),
                        )
                    continue
            self.expanded += 1
            if self.expanded > self.budget:
                raise _Budget
            player = turn % n + 1
            for cost, owes_after, (new, stretch) in self._steps(mask, last, player, spent, left):
                # Where nothing touches the stretch, the next move is free whichever it was:
                # one position (as at the start).
                held = stretch if self._touched(new, stretch) else None
                child: _Pos = (new, held, (turn + 1) % n)
                known = came.get(child)
                if known is not None and known[0] <= cost:
                    continue
                came[child] = (cost, key, stretch, player)
                tie -= 1
                heapq.heappush(
                    heap,
                    (
                        cost + owes_after,
                        -turn - 1,
                        tie,
                        False,
                        cost,
                        owes_after,
                        new,
                        held,
                        turn + 1,
                    ),
                )

    @staticmethod
    def _path(
        came: dict[_Pos, tuple[float, _Pos | None, tuple[str, int, int] | None, int]], key: _Pos
    ) -> list[tuple[tuple[str, int, int], int]]:
        """The moves that reached ``key`` (:meth:`cheapest_first`), first to last."""
        moves = []
        _, before, stretch, player = came[key]
        while before is not None and stretch is not None:
            moves.append((stretch, player))
            _, before, stretch, player = came[before]
        return moves[::-1]

    def chosen(self) -> dict[str, int] | None:
        """The colours of the cheapest legal order found (every piece's), or None."""
        if self.best_moves is None:
            return None
        net = self.b.net
        out: dict[str, int] = {}
        for (line, lo, hi), player in self.best_moves:
            out.update(dict.fromkeys(net.pieces[line][lo:hi], player))
        return out


def search_cheapest(
    field: Field,
    colours: Mapping[str, int],
    choices: Mapping[str, Mapping[int, float]],
    players: int,
    *,
    budget: int | None = None,
    free_stretches: bool = False,
    bound: float = math.inf,
    depth_first: bool = False,
) -> OrderChoice:
    """The legal order of play of least cost where some pieces may take any of several
    colours: ``choices`` gives, per such piece, each colour allowed with its cost (never
    negative); the other pieces and the spaces keep their ``colours``. A move may colour a
    piece in the mover's colour only if that colour is allowed for it. Within ``budget``
    positions expanded (``SEARCH_BUDGET`` by default); a search cut short proves nothing
    (``complete`` False; best first it has found no order, ``depth_first`` keeps the cheapest
    it found). Only orders costing under ``bound`` are searched: a complete search that
    finds none proves there is none. Best first (:meth:`_Search.cheapest_first`) by default;
    ``depth_first`` (:meth:`_Search.cheapest`) finds the same order at the same cost when it
    ends, in more positions.

    One search weighs every combination of the choices at once, so several pieces in
    doubt together (a stretch read in a look-alike colour throughout) are settled as one:
    trying changes one or two at a time finds no legal order when more are wrong. The seam
    cut stays sharp for two pieces whose allowed colours do not overlap; the variant
    ``stop_at_own`` (whose moves stop by the colours already given) is not searched so."""
    board = field_cache(field, "arp-board", _Board)
    budget = SEARCH_BUDGET if budget is None else budget
    s = _Search(board, colours, players, False, budget, free_stretches, choices)
    s.best = bound
    if not board.full:
        return OrderChoice({}, 0.0, 0, True, board.pieces)
    if any(not bits for bits in s.allowed):  # an uncoloured piece fits no move
        return OrderChoice(None, math.inf, 0, True, board.pieces)
    owes = s.narrow()
    if owes is None:  # no order under the bound: its first position fails, or owes it
        return OrderChoice(None, math.inf, 1, True, board.pieces)
    complete = True
    try:
        if depth_first:
            s.cheapest(0, None, 0, 0.0, [], owes)
        else:
            s.cheapest_first(owes)
    except _Budget:
        complete = False
    chosen = s.chosen()
    return OrderChoice(chosen, s.best if chosen else math.inf, s.expanded, complete, board.pieces)


def search_order(
    field: Field,
    colours: Mapping[str, int],
    players: int,
    *,
    stop_at_own: bool = False,
    budget: int | None = None,
    free_stretches: bool = False,
) -> OrderSearch:
    """Look for a legal order of play that colours the pieces and fills the spaces as
    ``colours`` say (uncoloured pieces fit no move: a finished sheet has none), visiting
    at most ``budget`` positions (``SEARCH_BUDGET`` by default)."""
    board = field_cache(field, "arp-board", _Board)
    budget = SEARCH_BUDGET if budget is None else budget
    s = _Search(board, colours, players, stop_at_own, budget, free_stretches)
    legal: bool | None
    if s.stuck_at_start():  # as run() would end: its first position seen, then refused
        legal, visited = (False if budget >= 1 else None), 1
    else:
        key = s.key()
        known = board.searched.get(key, budget)
        if known is not None:
            legal, visited = known
        else:
            s.prepare()
            try:
                legal = s.run(0, None, 0)
            except _Budget:
                legal = None
            visited = len(s.seen)
            board.searched.put(key, legal, visited, budget)
    pieces = board.net.all_pieces
    bits = s.starved()  # most often none: then no piece need be looked at
    starved = frozenset(pieces[i] for i in _set_bits(bits))
    return OrderSearch(legal, visited, starved, board.pieces)


def _has(bits: int, colour: int | None) -> bool:
    """Whether the colour (None: none) is among the colours ``bits`` allows."""
    return colour is not None and bool(bits >> colour & 1)


def _set_bits(bits: int) -> list[int]:
    """The indices of the bits set in ``bits``, lowest first (a few of hundreds of pieces:
    looking at each piece's bit was most of a search that ends at its first position)."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out
