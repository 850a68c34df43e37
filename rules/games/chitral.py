"""Fort Chitral (late 19th century), 2 players, 18 + 18 pieces on the squares of a Go board.

Reading (``docs/rules/chitral.md``): the board is 18 x 18 squares (a 19-line Go board), the
fort the four squares around its centre point (i9 j9 i10 j10). White (player 1) fills rank 1,
black rank 18; white starts. A move is either one step to an adjacent empty square (eight
directions) or a chain of jumps, each over an adjacent own piece to the empty square right
behind it, never back to the start square. A move ending with an enemy piece between the
moved piece and another own piece on a line (orthogonal or diagonal) captures it, in every
such line at once; a piece moving between two enemies is safe. Holding all four fort squares
wins. Options: ``three_loses`` (Horn's note: reduced to three pieces loses),
``lines=orthogonal`` (capture along ranks and files only), ``quiet`` (plies without a
capture before a draw; not in the seed, so that a game always ends).

Notation: ``c1-c2`` (a step) or ``c1-e3`` (where a chain of jumps ends; the path does not
matter, captures are made only where the piece stops).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from artsheets.rules.board import Board, square_board
from artsheets.rules.boardscore import NotFromPhotos, draw_diagram
from artsheets.rules.boardstate import (
    DiagramText,
    PieceScores,
    QuietLimit,
    TurnMoves,
    quiet_option,
)
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

__all__ = ["FORT", "Chitral", "ChitralGame"]

SIZE = 18
FORT = ("i9", "j9", "i10", "j10")
NAMES = {1: "white", 2: "black"}
SYMBOL = {1: "W", 2: "B"}


class Chitral(NotFromPhotos, DiagramText, TurnMoves, PieceScores, QuietLimit, State):
    game = "chitral"
    title = "Fort Chitral"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "three_loses": Option(False, "a player reduced to three pieces loses", kind=bool),
        "lines": Option(
            "all",
            "lines a capture runs along: all (orthogonal and diagonal) or orthogonal",
            ("all", "orthogonal"),
            str,
        ),
        "quiet": quiet_option(100),
    }
    _COPY = ("stone",)

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        if self.board.shape != "square" or (self.board.files, self.board.ranks) != (SIZE, SIZE):
            raise OptionError("Fort Chitral is played on 18 x 18 squares (a Go board)")
        self.stone: list[int] = [0] * len(self.board)
        for i, (_, y) in enumerate(self.board.coords):
            self.stone[i] = 1 if y == 0 else 2 if y == SIZE - 1 else 0
        self.fort = tuple(self.board.index[c] for c in FORT)
        self.capture_dirs = 8 if self.options["lines"] == "all" else 4
        self.steps, self.jumps = field_cache(self.field, "chitral-lines", _lines)
        self.to_move = 1
        self.quiet_plies = 0

    # --- moves --------------------------------------------------------------------------------

    def destinations(self, start: int) -> list[int]:
        """Where the piece on ``start`` may go: steps, and the ends of jump chains."""
        stone, jumps, me = self.stone, self.jumps, self.stone[start]
        out = {n for n in self.steps[start] if not stone[n]}
        seen, stack = {start}, [start]
        while stack:
            for over, land in jumps[stack.pop()]:
                if stone[over] == me and not stone[land] and land not in seen:
                    seen.add(land)
                    out.add(land)
                    stack.append(land)
        return sorted(out)

    def _list_moves(self) -> dict[int, list[int]]:
        """This turn's destinations by piece (kept by TurnMoves until the next move)."""
        me = self.to_move
        return {c: self.destinations(c) for c in range(len(self.board)) if self.stone[c] == me}

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        name = self.board.name
        return [f"{name(a)}-{name(b)}" for a, ends in self._turn_moves().items() for b in ends]

    def _play(self, move: Move) -> None:
        parts = move.strip().lower().split("-")
        if len(parts) != 2 or not all(parts):
            raise InvalidMoveError(f"{move}: write FROM-TO, e.g. c1-c2 (a step) or c1-e3 (jumps)")
        a, b = (self.board.cell(p) for p in parts)
        me = self.to_move
        if self.stone[a] != me:
            raise IllegalMoveError(f"{move}: no {NAMES[me]} piece on {parts[0]}")
        if self.stone[b]:
            raise IllegalMoveError(f"{move}: {parts[1]} is not empty")
        if b not in self._turn_moves()[a]:
            raise IllegalMoveError(
                f"{move}: a piece steps to a neighbouring square or jumps over its own "
                "pieces (never an enemy), square by square in line"
            )
        self.stone[a], self.stone[b] = 0, me
        taken = self._capture(b)
        self._count_quiet(bool(taken))
        self.to_move = 3 - me
        self._new_turn()
        self._check_end(me)

    def _capture(self, at: int) -> int:
        """Enemy pieces shut in between ``at`` and another own piece: removed; how many."""
        me, taken = self.stone[at], 0
        for r in self.board.rays[at][: self.capture_dirs]:
            if len(r) > 1 and self.stone[r[0]] == 3 - me and self.stone[r[1]] == me:
                self.stone[r[0]] = 0
                taken += 1
        return taken

    def _check_end(self, mover: int) -> None:
        counts = {p: self.stone.count(p) for p in (1, 2)}
        other = 3 - mover
        if all(self.stone[c] == mover for c in self.fort):
            self._finish((mover,), f"{NAMES[mover]} holds the fort", Termination.GOAL)
        elif self.options["three_loses"] and counts[other] <= 3:
            self._finish(
                (mover,), f"{NAMES[other]} is down to {counts[other]} pieces", Termination.GOAL
            )
        elif counts[1] < 4 and counts[2] < 4:
            self._finish((), "neither player has four pieces to hold the fort", Termination.BLOCKED)
        elif not any(self._turn_moves().values()):
            self._finish((mover,), f"{NAMES[other]} cannot move", Termination.NO_MOVES)
        elif why := self._quiet_reason():
            self._finish((), why, Termination.MOVE_LIMIT)

    @property
    def owner(self) -> list[int]:
        """The stones by square, under the name PieceScores reads."""
        return self.stone

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.stone), self.to_move, self.quiet_plies)

    def diagram(self) -> str:
        return draw_diagram(self.board, [SYMBOL.get(p, ".") for p in self.stone])


def _lines(
    fld: Field,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """Per square its neighbours, and (neighbour, square behind it) per line: the hot loop's
    data, built once per board."""
    rays = Board.of(fld).rays
    steps = tuple(tuple(r[0] for r in rs if r) for rs in rays)
    jumps = tuple(tuple((r[0], r[1]) for r in rs if len(r) > 1) for rs in rays)
    return steps, jumps


class ChitralGame(Game):
    """Fort Chitral as a game object: the 18 x 18 board."""

    state_class = Chitral

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        self.resolve_options(options)
        return _field()


@functools.cache
def _field() -> Field:
    """Built once: 324 squares' adjacency takes longer to build than a random game to play."""
    return square_board(SIZE, SIZE).field("chitral", "CHITRAL-1-STD-K1")


GAME = register_game(ChitralGame())
