"""Move In Synch, In Opposition (Leroy Quet), 2 players: two markers, one direction.

Rule reading (see also ``docs/rules/synch.md``):

- Start: player 1, then player 2, places his marker on a square (player 2 not on player 1's)
  and draws his symbol there.
- Then each "move" has a directioner and a decider; player 1 directs the first move and the
  roles swap every move.
- Standard order (``variation="decider_first"``): the decider announces ``synch`` or
  ``opposition``; then the directioner picks one of the 8 directions such that both markers
  stay on the board (the decider moving the same way, or the opposite way). If no direction
  keeps both on, the directioner picks any direction keeping himself on, and the decider
  stays put.
- Variation (``directioner_first``): the directioner picks any direction keeping himself on
  the board; then the decider picks ``synch`` or ``opposition`` among those keeping him on,
  or ``stay`` if neither does.
- After both have moved: a player who moved onto an empty square draws his symbol there,
  unless both moved onto the same empty square (then neither does). Staying put draws
  nothing.
- The game ends when every square holds a symbol, or when one player has more symbols than
  his opponent's symbols plus the empty squares. Most symbols wins; equal counts draw.

Moves: start ``space-<n>``; the decider ``synch``, ``opposition`` or ``stay``; the
directioner ``N``, ``NE``, ``E``, ``SE``, ``S``, ``SW``, ``W``, ``NW`` (N = towards row 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.common import decide, id_order
from artsheets.rules.core import IllegalMoveError, Move, Option, OptionError, State, register
from artsheets.rules.field import Field
from artsheets.rules.position import Check, PositionReport, colour_range_checks, tally_checks

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
MODES = ("synch", "opposition")


@register
class Synch(State):
    game = "synch"
    title = "Move In Synch"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "variation": Option(
            "decider_first",
            "decider_first (as written) or directioner_first (the variation)",
            choices=("decider_first", "directioner_first"),
            kind=str,
        ),
    }
    _COPY = ("symbol", "pos")

    def _setup(self) -> None:
        self._cell: dict[tuple[int, int], str] = {}
        for s in self.field.spaces:
            a = self.field.attrs.get(s, {})
            if "row" not in a or "col" not in a:
                raise OptionError(f"a Move In Synch field needs attrs['{s}'] with row and col")
            self._cell[(a["row"], a["col"])] = s
        self.symbol: dict[str, int] = {}
        self.pos: dict[int, tuple[int, int]] = {}
        self.moves_made = 0  # complete moves (both markers)
        self.pending: str | None = None  # the first half of the current move

    # --- roles --------------------------------------------------------------------------

    @property
    def directioner(self) -> int:
        return self.moves_made % 2 + 1

    @property
    def decider(self) -> int:
        return 3 - self.directioner

    def current_player(self) -> int | None:
        if self._outcome:
            return None
        if len(self.pos) < 2:
            return len(self.pos) + 1
        first_is_decider = self.options["variation"] == "decider_first"
        if (self.pending is None) == first_is_decider:
            return self.decider
        return self.directioner

    def _on(self, rc: tuple[int, int]) -> bool:
        return rc in self._cell

    @staticmethod
    def _step(rc: tuple[int, int], d: tuple[int, int], sign: int) -> tuple[int, int]:
        return rc[0] + sign * d[0], rc[1] + sign * d[1]

    def _directions(self, mode: str | None) -> list[str]:
        """Directions the directioner may pick (``mode`` known: both must stay on if they can)."""
        me, other = self.pos[self.directioner], self.pos[self.decider]
        mine = [n for n, d in DIRECTIONS.items() if self._on(self._step(me, d, 1))]
        if mode is None:
            return mine
        sign = 1 if mode == "synch" else -1
        both = [n for n in mine if self._on(self._step(other, DIRECTIONS[n], sign))]
        return both or mine

    def _modes(self, direction: str) -> list[str]:
        d = DIRECTIONS[direction]
        other = self.pos[self.decider]
        ok = [m for m in MODES if self._on(self._step(other, d, 1 if m == "synch" else -1))]
        return ok or ["stay"]

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        if len(self.pos) < 2:
            taken = {self._cell[rc] for rc in self.pos.values()}
            return [s for s in self.field.spaces if s not in taken]
        if self.options["variation"] == "decider_first":
            return list(MODES) if self.pending is None else self._directions(self.pending)
        return self._directions(None) if self.pending is None else self._modes(self.pending)

    def _play(self, move: Move) -> None:
        if len(self.pos) < 2:
            self._place(move)
            return
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(f"{move}: {self._why(move)}")
        if self.pending is None:
            self.pending = move
            return
        if self.options["variation"] == "decider_first":
            mode, direction = self.pending, move
        else:
            direction, mode = self.pending, move
        self.pending = None
        self._resolve(direction, mode)

    def _why(self, move: str) -> str:
        role = "decider" if self.current_player() == self.decider else "directioner"
        if role == "decider":
            if move not in (*MODES, "stay"):
                return "the decider says synch or opposition"
            if move == "stay":
                return (
                    "you can stay put only if neither synch nor opposition keeps you on the board"
                )
            return f"{move} would take your marker off the board"
        if move not in DIRECTIONS:
            return "the directioner names a direction: N, NE, E, SE, S, SW, W or NW"
        if not self._on(self._step(self.pos[self.directioner], DIRECTIONS[move], 1)):
            return "that direction takes your own marker off the board"
        return "a direction exists that keeps both markers on the board; pick one of those"

    def _place(self, move: str) -> None:
        order = id_order(self.field)
        if move not in order:
            raise IllegalMoveError(f"{move}: place your marker on a square, e.g. space-1")
        a = self.field.attrs[move]
        rc = (a["row"], a["col"])
        if rc in self.pos.values():
            raise IllegalMoveError(f"{move}: your opponent's marker is already there")
        player = len(self.pos) + 1
        self.pos[player] = rc
        self.symbol[move] = player
        self._scores[player] = 1

    def _resolve(self, direction: str, mode: str) -> None:
        d = DIRECTIONS[direction]
        a, b = self.directioner, self.decider
        new = {a: self._step(self.pos[a], d, 1)}
        if mode != "stay" and self._on(self._step(self.pos[b], d, 1 if mode == "synch" else -1)):
            new[b] = self._step(self.pos[b], d, 1 if mode == "synch" else -1)
        same = len(new) == 2 and new[a] == new[b]
        for p, rc in new.items():
            self.pos[p] = rc
            s = self._cell[rc]
            if s not in self.symbol and not same:
                self.symbol[s] = p
                self._scores[p] = self._scores.get(p, 0) + 1
        self.moves_made += 1
        self._check_end()

    def _check_end(self) -> None:
        empty = len(self.field.spaces) - len(self.symbol)
        s1, s2 = self._scores.get(1, 0), self._scores.get(2, 0)
        if empty == 0:
            self._outcome = decide(self.scores(), "every square holds a symbol")
        elif s1 > s2 + empty or s2 > s1 + empty:
            self._outcome = decide(self.scores(), "the leader can no longer be caught")

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: each square's symbol as its player's colour."""
        return dict(self.symbol)

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.symbol.items())),
            tuple(sorted(self.pos.items())),
            self.moves_made,
            self.pending,
        )

    def _describe(self) -> list[str]:
        rows = max(r for r, _ in self._cell) + 1
        cols = max(c for _, c in self._cell) + 1
        lines = []
        marks = {1: "X", 2: "O"}
        for r in range(rows):
            row = ""
            for c in range(cols):
                s = self._cell.get((r, c))
                ch = marks.get(self.symbol.get(s, 0), ".") if s else " "
                if self.pos.get(1) == (r, c) or self.pos.get(2) == (r, c):
                    ch = ch.lower() if ch != "." else "*"
                row += ch
            lines.append("  " + row)
        if len(self.pos) == 2:
            lines.append(
                f"directioner P{self.directioner}, decider P{self.decider}"
                + (f"; announced {self.pending}" if self.pending else "")
            )
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Squares holding each player's symbol are his score."""
        checks: list[Check] = colour_range_checks(colours, field.spaces, (1, 2), "squares")
        scores = {1: 0, 2: 0}
        for s in field.spaces:
            c = colours.get(s)
            if c in scores:
                scores[c] += 1
        empty = len(field.spaces) - scores[1] - scores[2]
        over = empty == 0 or abs(scores[1] - scores[2]) > empty
        checks += _count_checks(scores, empty)
        if not over:
            checks.append(
                Check(
                    False,
                    f"game not finished: {empty} empty squares and the trailer can still catch up",
                    [],
                )
            )
        checks += tally_checks(scores, tallies)
        outcome = decide(scores, "symbols on the grid") if over else None
        return PositionReport(cls.game, scores, checks, outcome)


def _count_checks(scores: Mapping[int, int], empty: int) -> list[Check]:
    """Counts no game reaches: each player draws his symbol on his starting square, and the
    game stops as soon as a lead passes the empty squares. One move adds at most one symbol
    each and empties at most two squares, so a final lead is at most the empty squares + 2."""
    out = [
        Check(False, f"player {p} has no symbol; each draws one where his marker starts", [])
        for p, n in sorted(scores.items())
        if n == 0
    ]
    lead = abs(scores[1] - scores[2])
    if lead > empty + 2:
        out.append(
            Check(
                False,
                f"a lead of {lead} with {empty} empty squares: the game ends as soon as a lead "
                "passes the empty squares, and one move changes it by at most one",
                [],
            )
        )
    return out
