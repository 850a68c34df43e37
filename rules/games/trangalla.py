"""Trangalla (Folke Eriksson, 1966; named by Fred Horn), 2 players, 5 pieces each, one of them
a King that the opponent cannot tell from the others.

Reading (``docs/rules/trangalla.md``; the patent drawing is lost, the board reconstructed):
the board is a diamond of 25 points on a triangular lattice, rows of 1 2 3 4 5 4 3 2 1 (option
``width``: the widest row), joined by marking lines along the rows and both slants. The tips
are the goals: ``a1`` is white's home and black's target, the top tip white's target. White
(player 1) stands on rows 2 and 3 (``a2 b2 a3 b3 c3``), black on the two rows below the top
tip. Each player first names, secretly, which of his five pieces is his King (``Kb2``); white
starts. A move is a step along a line to an adjacent empty point, forward (to the next row
towards the target) or sideways (along the row), never backward; or a chain of jumps, each
over an adjacent piece (either colour) to the empty point right behind it on the line, in
any of the six directions, never landing on the starting point or twice on one point, and
ending when it reaches the target. When the move is over, every enemy soldier jumped is
turned over and joins the jumper's side; an enemy King jumped is taken off. A soldier that
reaches the target is lost; the King that reaches it wins. Both Kings taken: a draw. A
player may not make the same move more than ``repeats`` + 1 times in a game (the seed's
"not repeat a move more than twice": ``repeats=2``); a player with no move loses (ours).

Hidden information: :meth:`Trangalla.observation` is what one side knows (its own King; of
the other's pieces only which ones cannot be the King: those ever turned over), with
``player=None`` the referee's full view. Nothing a side is told (legal moves, refusals, the
public description, its observation) depends on where the other's King is; the state's text
shows the Kings only once the game is over.

Notation: ``Kb2`` (the King starts on b2: written secretly), ``b2-b3`` (a step), ``a3-c5-a7``
(jumps, every landing point in order).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from artsheets.rules.board import Board, diamond_board
from artsheets.rules.boardscore import NotFromPhotos
from artsheets.rules.boardstate import PieceScores, TurnMoves
from artsheets.rules.core import (
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Option,
    OptionError,
    State,
    Termination,
    field_cache,
)
from artsheets.rules.field import Field
from artsheets.rules.game import Game, register_game

__all__ = ["Trangalla", "TrangallaGame", "start_cells", "trangalla_board"]

NAMES = {1: "white", 2: "black"}
SYMBOL = {1: "W", 2: "B"}
KING_SYMBOL = {1: "K", 2: "k"}
# Indices into Board.rays (the hex directions): 0 along the row to the right, 1 and 2 up to
# the right and left, 3 along the row to the left, 4 and 5 down to the left and right.
FORWARD = {1: (1, 2), 2: (4, 5)}
SIDEWAYS = (0, 3)
HIDDEN = "K?"  # the other side's King placement, as a player's copy of the record shows it


def trangalla_board(width: int = 5) -> Board:
    """The reconstructed board (``docs/rules/trangalla.md``): the diamond of ``width``."""
    return diamond_board(width)


def start_cells(board: Board, player: int) -> tuple[str, ...]:
    """The five start points: the two rows next to the player's home tip."""
    rows = (2, 3) if player == 1 else (board.ranks - 1, board.ranks - 2)
    return tuple(c for c in board.cells if int(c[1:]) in rows)


class Trangalla(NotFromPhotos, TurnMoves, PieceScores, State):
    game = "trangalla"
    title = "Trangalla"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "width": Option(5, "points in the widest row of the diamond board", choices=(4, 5, 6, 7)),
        "repeats": Option(
            2, "times a player may repeat one move (played repeats + 1 times in all)", minimum=0
        ),
    }
    _COPY = ("owner", "turned", "king", "king_taken")  # and the counters in played: copy()

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        w = self.options["width"]
        if self.board.shape != "diamond" or self.board.files != w:
            raise OptionError(f"Trangalla with width={w} needs the diamond board of width {w}")
        b = self.board
        self.owner: list[int] = [0] * len(b)
        self.turned: list[bool] = [False] * len(b)  # ever turned over: never a King
        self.start = {p: tuple(b.index[c] for c in start_cells(b, p)) for p in (1, 2)}
        for p, cells in self.start.items():
            for c in cells:
                self.owner[c] = p
        self.target = {1: len(b) - 1, 2: 0}  # white aims at the top tip, black at a1
        self.king: dict[int, int | None] = {1: None, 2: None}
        self.king_taken: dict[int, bool] = {1: False, 2: False}
        self.played: dict[int, Counter[str]] = {1: Counter(), 2: Counter()}
        self.to_move = 1
        self.steps, self.jumps = field_cache(self.field, "trangalla-lines", _lines)

    def copy(self) -> State:
        new = super().copy()
        new.played = {p: Counter(c) for p, c in self.played.items()}  # type: ignore[attr-defined]
        return new

    # --- whose turn ---------------------------------------------------------------------------

    def setting_up(self) -> bool:
        """True while a side has still to name its King (before the first move)."""
        return len(self.history) < 2

    def current_player(self) -> int | None:
        if self._outcome:
            return None
        if self.setting_up():
            return len(self.history) + 1
        return self.to_move

    # --- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        if self.setting_up():
            p = len(self.history) + 1
            return [f"K{self.board.name(c)}" for c in self.start[p]]
        return list(self._turn_moves())

    def _list_moves(self) -> list[Move]:
        """Every move of the player to move (the same for the King as for a soldier), less
        the ones the repetition rule has used up."""
        me, name, owner, out = self.to_move, self.board.name, self.owner, []
        limit = self.options["repeats"] + 1
        for s in range(len(owner)):
            if owner[s] != me:
                continue
            for d in FORWARD[me] + SIDEWAYS:
                n = self.steps[s][d]
                if n is not None and not owner[n]:
                    out.append(f"{name(s)}-{name(n)}")
            for path in self._chains(s, me):
                out.append("-".join(name(c) for c in path))
        return [m for m in out if self.played[me][m] < limit]

    def _chains(self, start: int, me: int) -> list[list[int]]:
        """Every jump path from ``start`` (each prefix is a move): the moving piece has left
        ``start``; no landing on ``start`` or twice on a point; the target ends a chain."""
        owner, jumps, target = self.owner, self.jumps, self.target[me]
        out: list[list[int]] = []
        path = [start]

        def extend(at: int) -> None:
            for over, land in jumps[at]:
                if owner[over] and over != start and not owner[land] and land not in path:
                    path.append(land)
                    out.append(list(path))
                    if land != target:
                        extend(land)
                    path.pop()

        extend(start)
        return out

    def _play(self, move: Move) -> None:
        text = move.strip()
        if self.setting_up():
            self._place_king(text)
            return
        me = self.to_move
        if text[:1] in ("K", "k") and not text[1:2] == "-":
            raise IllegalMoveError(f"{text}: the Kings were chosen before the first move")
        path = self._parse_path(text)
        self._check_path(text, path, me)
        limit = self.options["repeats"] + 1
        canon = "-".join(self.board.name(c) for c in path)
        if self.played[me][canon] >= limit:
            raise IllegalMoveError(
                f"{text}: made {limit} times already; a move may not be repeated more than "
                f"{self.options['repeats']} times (N.B. 1)"
            )
        self.played[me][canon] += 1
        self._apply_path(path, me)

    def _place_king(self, text: str) -> None:
        p = len(self.history) + 1
        if "-" in text:  # a move in the notation, only not yet
            self._parse_path(text)
            raise IllegalMoveError(f"{text}: first each side names its King's start point (Kb2)")
        if not (len(text) >= 3 and text[0] in "Kk" and text[1].isalpha()):
            raise InvalidMoveError(
                f"{text}: first each side names its King's start point, e.g. Kb2"
            )
        try:
            c = self.board.cell(text[1:])
        except InvalidMoveError as e:
            raise InvalidMoveError(f"{text}: {e}; each side names its King, e.g. Kb2") from None
        if c not in self.start[p]:
            starts = " ".join(self.board.name(s) for s in self.start[p])
            raise IllegalMoveError(
                f"{text}: the King starts on one of {NAMES[p]}'s start points ({starts})"
            )
        self.king[p] = c

    def _parse_path(self, text: str) -> list[int]:
        parts = text.lower().split("-")
        if len(parts) < 2 or not all(parts):
            raise InvalidMoveError(
                f"{text}: write FROM-TO, e.g. b2-b3 (a step) or a3-c5-a7 (jumps, every landing)"
            )
        return [self.board.cell(p) for p in parts]

    def _check_path(self, text: str, path: list[int], me: int) -> None:
        """Refuse ``path`` naming the rule it breaks (nothing here depends on the Kings)."""
        b, start = self.board, path[0]
        if self.owner[start] != me:
            raise IllegalMoveError(f"{text}: no {NAMES[me]} piece on {b.name(start)}")
        first = path[1]
        if self.owner[first] or first == start:
            raise IllegalMoveError(f"{text}: {b.name(first)} is not empty")
        d = self.steps[start].index(first) if first in self.steps[start] else None
        if d is not None:
            if len(path) > 2:
                raise IllegalMoveError(f"{text}: a step is one move; jumps cannot follow it")
            if d not in FORWARD[me] + SIDEWAYS:
                raise IllegalMoveError(
                    f"{text}: a step goes forward or sideways along a line, never backward"
                )
            return
        seen = [start]
        for at, land in pairwise(path):
            over = next((o for o, lnd in self.jumps[at] if lnd == land), None)
            if over is None or not self.owner[over] or over == start:
                raise IllegalMoveError(
                    f"{text}: a step reaches a neighbouring point; a jump goes over an "
                    "adjacent piece to the point right behind it on a line"
                )
            if land == start:
                raise IllegalMoveError(f"{text}: a chain of jumps may not return to its start")
            if land in seen:
                raise IllegalMoveError(f"{text}: a chain of jumps lands on a point only once")
            if self.owner[land]:
                raise IllegalMoveError(f"{text}: {b.name(land)} is not empty")
            if at == self.target[me] and at != start:
                raise IllegalMoveError(f"{text}: a chain ends where it reaches the goal")
            seen.append(land)

    def _apply_path(self, path: list[int], me: int) -> None:
        other = 3 - me
        start, end = path[0], path[-1]
        jumped = set()
        for at, land in pairwise(path):
            over = next((o for o, lnd in self.jumps[at] if lnd == land), None)
            if over is not None and land not in self.steps[at]:
                jumped.add(over)
        moved_turned, moved_king = self.turned[start], self.king[me] == start
        self.owner[start], self.turned[start] = 0, False
        for c in sorted(jumped):
            if self.owner[c] != other:
                continue
            if self.king[other] == c:  # the single-coloured King cannot turn: it is taken
                self.owner[c], self.king[other] = 0, None
                self.king_taken[other] = True
            else:
                self.owner[c], self.turned[c] = me, True
        self.owner[end], self.turned[end] = me, moved_turned
        if moved_king:
            self.king[me] = end
        self.to_move = other
        self._new_turn()
        if end == self.target[me]:
            if moved_king:
                self._finish((me,), f"{NAMES[me]}'s King reached the goal", Termination.GOAL)
                return
            self.owner[end], self.turned[end] = 0, False  # a soldier at the goal is lost
        if self.king_taken[1] and self.king_taken[2]:
            self._finish((), "both Kings have been taken", Termination.END_OF_PLAY)
        elif not self.legal_moves():
            self._finish((me,), f"{NAMES[other]} cannot move", Termination.NO_MOVES)

    # --- what is known --------------------------------------------------------------------------

    def candidates(self, player: int) -> list[str]:
        """Where ``player``'s King may be, as the other side knows it: his pieces never turned
        over (empty once the King is taken)."""
        if self.king_taken[player]:
            return []
        b = self.board
        return [b.name(c) for c, p in enumerate(self.owner) if p == player and not self.turned[c]]

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` (1 or 2) knows, or with None everything (the referee). A side sees
        its own King, the other's only once taken or once the game is over."""
        over = self._outcome is not None
        shown = {p for p in (1, 2) if player is None or p == player or over}
        seen: dict[str, Any] = {
            "player": player,
            "to_move": self.current_player(),
            "board": self._diagram(shown),
            "kings": {NAMES[p]: self._king_text(p, p in shown) for p in (1, 2)},
            "king_candidates": {NAMES[p]: self.candidates(p) for p in (1, 2) if p not in shown},
            "history": [
                HIDDEN if i < 2 and i + 1 not in shown else m for i, m in enumerate(self.history)
            ],
        }
        if player is not None and player == self.current_player():
            seen["legal_moves"] = self.legal_moves()
        return seen

    def view(self, player: int | None) -> list[str]:
        """:meth:`observation` as text lines."""
        seen = self.observation(player)
        who = "referee" if player is None else NAMES.get(player, "spectator")
        lines = [f"{who}'s view", *seen["board"]]
        for side, text in seen["kings"].items():
            lines.append(f"{side} King: {text}")
        for side, cells in seen["king_candidates"].items():
            lines.append(f"{side} King is one of: {' '.join(cells) or '-'}")
        return lines

    def _king_text(self, p: int, shown: bool) -> str:
        if self.king_taken[p]:
            return "taken"
        if self.king[p] is None:
            return "not placed yet" if shown else "hidden"
        return self.board.name(self.king[p]) if shown else "hidden"

    def _diagram(self, shown: set[int]) -> list[str]:
        """The diamond row by row, top first: W B pieces, K k the Kings (where shown)."""
        b = self.board
        rows: dict[int, list[str]] = {}
        for i, (_, y) in enumerate(b.coords):
            p = self.owner[i]
            ch = SYMBOL.get(p, ".")
            if p and p in shown and self.king[p] == i:
                ch = KING_SYMBOL[p]
            rows.setdefault(y, []).append(ch)
        return [
            f"{y + 1:>2} " + " " * (b.files - len(rows[y])) + " ".join(rows[y])
            for y in range(b.ranks - 1, -1, -1)
        ]

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(self.owner),
            tuple(self.turned),
            tuple(sorted(self.king.items(), key=lambda kv: kv[0])),
            tuple(sorted(self.king_taken.items())),
            self.to_move,
            tuple(sorted((p, tuple(sorted(c.items()))) for p, c in self.played.items())),
        )

    def _describe(self) -> list[str]:
        """The public view while the game goes on; everything once it is over."""
        return self.view(None if self._outcome else 0)


def _lines(fld: Field) -> tuple[tuple[tuple[int | None, ...], ...], tuple[Any, ...]]:
    """Per point its neighbour in each of the six directions (None off the board), and its
    (neighbour, point behind it) pairs: the hot loop's data, built once per board."""
    rays = Board.of(fld).rays
    steps = tuple(tuple(r[0] if r else None for r in rs) for rs in rays)
    jumps = tuple(tuple((r[0], r[1]) for r in rs if len(r) > 1) for rs in rays)
    return steps, jumps


class TrangallaGame(Game):
    """Trangalla as a game object: the diamond board of the ``width`` option."""

    state_class = Trangalla

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        return _field(self.resolve_options(options)["width"])


@functools.cache
def _field(width: int) -> Field:
    """The board as the kit prints it (``generate trangalla --width W``, part 1), so that a
    record of a printed board replays without the generator."""
    return trangalla_board(width).field("trangalla", f"TRANGALLA-1-STD-K1W{width}")


GAME = register_game(TrangallaGame())
