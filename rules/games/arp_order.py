"""Arp's order of play, searched for from the colours of a finished sheet.

An Arp sheet records its game closely: every move coloured one stretch of a line, from a
point where it touches the stretch coloured just before, in the mover's colour, until the
line's end or a piece already coloured; the players move in turn; a space is filled in the
colour of the move that closed its boundary. So the colours read from a sheet either come
from some legal order of moves, or some piece was read (or coloured) otherwise. On simulated
games a piece at the end of a run changed to its neighbour's colour leaves no legal order 24
times in 25, and every misread sheet of eight benchmark sets (34) had none.

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

Given ``alternatives`` (pieces and another colour each may be), the search may change one of
them: it finds which single changes make the colouring legal, stopping at two (then the
colours cannot tell which). The seam cut leaves those pieces out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from artsheets.rules.core import field_cache
from artsheets.rules.field import Field
from artsheets.rules.games.arp import _Net

__all__ = ["OrderSearch", "search_order"]

SEARCH_BUDGET = 20_000  # positions visited before a search gives up (about 0.5 s)


@dataclass(frozen=True)
class OrderSearch:
    """What a search found: ``fits``, the changes with which a legal order exists (``None``:
    the colours as given; at most two are looked for); whether the search was complete
    (``exhausted``: every order tried, so an empty ``fits`` proves the colours illegal); the
    positions it ``visited``; the pieces round seams that nothing on the sheet could start
    (``starved``: a misread is likely there); and the field's line ``pieces``."""

    fits: list[tuple[str, int] | None]
    exhausted: bool
    visited: int = 0
    starved: frozenset[str] = frozenset()
    pieces: frozenset[str] = frozenset()

    @property
    def legal(self) -> bool | None:
        """Whether some legal order gives the colours as they are (None: not known)."""
        if None in self.fits:
            return True
        return False if self.exhausted else None


class _Board:
    """Arp's field as bit masks over its pieces, built once per field."""

    def __init__(self, field: Field) -> None:
        net = field_cache(field, "arp-net", _Net)
        self.net = net
        self.index = {p: i for i, p in enumerate(net.all_pieces)}
        self.full = (1 << len(net.all_pieces)) - 1
        self.line_bits = {ln: [1 << self.index[p] for p in net.pieces[ln]] for ln in net.lines}
        self.space_bits = {
            sp: sum(1 << self.index[s] for s in sides) for sp, sides in net.space_segs.items()
        }
        self.spaces_of = {
            self.index[p]: sps for p, sps in net.seg_spaces.items() if p in self.index
        }


class _Budget(Exception):
    """The search ran out of positions."""


class _Search:
    def __init__(
        self,
        board: _Board,
        colours: Mapping[str, int],
        players: int,
        stop_at_own: bool,
        alternatives: Mapping[str, int],
        budget: int,
    ) -> None:
        self.b = board
        self.n = players
        self.stop_at_own = stop_at_own
        idx = board.index
        self.colour = [colours.get(p) for p in board.net.all_pieces]
        self.alt = {idx[p]: c for p, c in alternatives.items() if p in idx}
        self.fill = {sp: colours.get(sp) for sp in board.space_bits}
        # Per space, its sides in its fill's colour as read, and those that may become so.
        self.fill_sides = {}
        self.maybe_fill = {}
        for sp, bits in board.space_bits.items():
            q = self.fill[sp]
            sides = [i for i in range(len(self.colour)) if bits >> i & 1]
            self.fill_sides[sp] = sum(1 << i for i in sides if self.colour[i] == q)
            self.maybe_fill[sp] = sum(1 << i for i in sides if self.alt.get(i) == q)
        self.seams = [] if stop_at_own else self._seams()
        self.seen: set[tuple[int, tuple[str, int, int] | None, int, int | None]] = set()
        self.fits: list[int | None] = []
        self.budget = budget

    def _seams(self) -> list[tuple[int, int, str]]:
        """Where two pieces of a line meet in different colours: (their bits, the bits of
        the pieces that could have started the first of them there, the vertex).

        Whichever of the two was coloured first, its move did not run on into the other
        (uncoloured then, in another colour), so it started at their vertex: a touching move
        from the stretch coloured just before, which passed there in the colour of the
        player before (a free move colours a whole uncoloured stretch, the other piece too).
        Pieces that may change colour (``alternatives``) are left out."""
        net, idx, n = self.b.net, self.b.index, self.n
        out = []
        for ln in net.lines:
            pcs, verts = net.pieces[ln], net.vertices[ln]
            for i in range(1, len(pcs)):
                a, b = idx[pcs[i - 1]], idx[pcs[i]]
                ca, cb = self.colour[a], self.colour[b]
                if ca is None or cb is None or ca == cb or a in self.alt or b in self.alt:
                    continue
                before = {(ca - 2) % n + 1, (cb - 2) % n + 1}
                starters = 0
                for other, j in net.at[verts[i]]:
                    if other == ln:
                        continue
                    opcs = net.pieces[other]
                    for k in (j - 1, j):
                        if 0 <= k < len(opcs):
                            q = idx[opcs[k]]
                            if self.colour[q] in before or q in self.alt:
                                starters |= 1 << q
                out.append(((1 << a) | (1 << b), starters, verts[i]))
        return out

    def _seams_open(self, mask: int, last: tuple[str, int, int] | None) -> bool:
        """Whether every seam whose two pieces are both uncoloured can still be started:
        a piece that could start it is uncoloured (to be coloured just before), or the
        stretch just coloured passes there."""
        passing = ()
        if last is not None:
            line, a, b = last
            passing = self.b.net.vertices[line][a : b + 1]
        for bits, starters, vertex in self.seams:
            if not mask & bits and not starters & ~mask and vertex not in passing:
                return False
        return True

    def starved(self) -> int:
        """The bits of the pieces round every seam that nothing on the sheet could start:
        its two pieces and the other lines' pieces at its vertex (one of them is likely
        misread)."""
        net, idx = self.b.net, self.b.index
        out = 0
        for bits, starters, vertex in self.seams:
            if not starters:
                out |= bits
                for ln, i in net.at[vertex]:
                    for k in (i - 1, i):
                        if 0 <= k < len(net.pieces[ln]):
                            out |= 1 << idx[net.pieces[ln][k]]
        return out

    # --- colours under a change ----------------------------------------------------------

    def _colour(self, i: int, change: int | None) -> int | None:
        return self.alt[i] if i == change else self.colour[i]

    def _sides_left(self, sp: str, mask: int, change: int | None) -> bool:
        """Whether a space not yet closed still has an uncoloured side in its fill's
        colour (or one that a change still to be made could give it)."""
        sides = self.fill_sides[sp]
        if change is not None:
            bit = 1 << change
            sides = (sides & ~bit) | (bit if self.alt[change] == self.fill[sp] else 0)
        elif self.alt:
            sides |= self.maybe_fill[sp]
        return bool(sides & ~mask)

    # --- moves ---------------------------------------------------------------------------

    def _own_at(self, vertex: str, line: str, player: int, mask: int, change: int | None) -> bool:
        net, idx = self.b.net, self.b.index
        for ln, i in net.at[vertex]:
            if ln == line:
                continue
            pcs = net.pieces[ln]
            for k in (i, i - 1):
                if 0 <= k < len(pcs):
                    j = idx[pcs[k]]
                    if mask >> j & 1 and self._colour(j, change) == player:
                        return True
        return False

    def _stretch(
        self, mask: int, line: str, i: int, step: int, player: int, change: int | None
    ) -> list[int]:
        """Piece indexes (along ``line``) a move from vertex ``i`` going ``step`` colours."""
        bits = self.b.line_bits[line]
        verts = self.b.net.vertices[line]
        out = []
        k = i if step > 0 else i - 1
        while 0 <= k < len(bits) and not mask & bits[k]:
            out.append(k)
            if self.stop_at_own and self._own_at(
                verts[k + 1 if step > 0 else k], line, player, mask, change
            ):
                break
            k += step
        return out

    def _moves(
        self, mask: int, last: tuple[str, int, int] | None, player: int, change: int | None
    ) -> list[tuple[str, int, int]]:
        """The engine's legal moves: touching the last stretch, else free ones."""
        net = self.b.net
        out = []
        if last is not None:
            line, a, b = last
            for v in net.vertices[line][a : b + 1]:
                for ln, i in net.at[v]:
                    if ln == line:
                        continue
                    bits = self.b.line_bits[ln]
                    if i < len(bits) and not mask & bits[i]:
                        out.append((ln, i, 1))
                    if i > 0 and not mask & bits[i - 1]:
                        out.append((ln, i, -1))
        if out:
            return out
        for ln in net.lines:
            bits = self.b.line_bits[ln]
            verts = net.vertices[ln]
            for k, bit in enumerate(bits):
                if mask & bit:
                    continue
                if (
                    k == 0
                    or mask & bits[k - 1]
                    or (self.stop_at_own and self._own_at(verts[k], ln, player, mask, change))
                ):
                    out.append((ln, k, 1))
        return out

    def _play(
        self, mask: int, line: str, ks: list[int], player: int, change: int | None
    ) -> tuple[int, int | None] | None:
        """The position after colouring pieces ``ks`` of ``line`` in ``player``'s colour,
        and the change it took; None if the colours (with at most one change) forbid it."""
        idx, pieces = self.b.index, self.b.net.pieces[line]
        new = mask
        for k in ks:
            j = idx[pieces[k]]
            new |= 1 << j
            if self._colour(j, change) == player:
                continue
            if change is None and self.alt.get(j) == player and j not in self.fits:
                change = j  # the one change this order makes
                continue
            return None
        for k in ks:
            for sp in self.b.spaces_of.get(idx[pieces[k]], ()):
                bits = self.b.space_bits[sp]
                if new & bits == bits:
                    if mask & bits != bits and self.fill[sp] not in (None, player):
                        return None
                elif self.fill[sp] is not None and not self._sides_left(sp, new, change):
                    return None
        return new, change

    def run(self, mask: int, last: tuple[str, int, int] | None, turn: int, change: int | None):
        if change is not None and change in self.fits:
            return  # this change is known to fit already: look for another
        if mask == self.b.full:
            self.fits.append(change)
            return
        key = (mask, last, turn % self.n, change)
        if key in self.seen:
            return
        self.seen.add(key)
        if len(self.seen) > self.budget:
            raise _Budget
        if self.seams and not self._seams_open(mask, last):
            return
        player = turn % self.n + 1
        for line, i, step in self._moves(mask, last, player, change):
            ks = self._stretch(mask, line, i, step, player, change)
            after = self._play(mask, line, ks, player, change) if ks else None
            if after is None:
                continue
            lo, hi = (ks[0], ks[-1] + 1) if step > 0 else (ks[-1], ks[0] + 1)
            self.run(after[0], (line, lo, hi), turn + 1, after[1])
            if None in self.fits or len(self.fits) >= 2:
                return


def search_order(
    field: Field,
    colours: Mapping[str, int],
    players: int,
    *,
    stop_at_own: bool = False,
    alternatives: Mapping[str, int] | None = None,
    budget: int = SEARCH_BUDGET,
) -> OrderSearch:
    """Look for a legal order of play that colours the pieces and fills the spaces as
    ``colours`` say, changing at most one piece to its colour in ``alternatives``."""
    board = field_cache(field, "arp-board", _Board)
    s = _Search(board, colours, players, stop_at_own, alternatives or {}, budget)
    try:
        s.run(0, None, 0, None)
    except _Budget:
        exhausted = False
    else:
        exhausted = True
    pieces = board.net.all_pieces
    fits = [None if c is None else (pieces[c], s.alt[c]) for c in s.fits]
    bits = s.starved()
    starved = frozenset(pieces[i] for i in range(len(pieces)) if bits >> i & 1)
    return OrderSearch(fits, exhausted, len(s.seen), starved, frozenset(pieces))
